// Package pbn reads the results tables of PBN, the Portable Bridge
// Notation (its ScoreTable and TotalScoreTable), into a scoring.Session:
// the pairs, the travellers and the file's own figures. It reads only the
// io.Reader it is given, at most textfile.MaxBytes.
package pbn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/formats/textfile"
	"github.com/bridgereport/bridgereport/engine/scoring"
)

// pbnTable is a table tag's column specification: the column names (the
// width and alignment hints after a backslash dropped) and the index of each.
type pbnTable struct {
	kind  string // "ScoreTable" or "TotalScoreTable"
	cols  []string
	width []int // the width hint of each column, 0 when none
	index map[string]int
	line  int
}

func newPBNTable(kind, spec string, line int) *pbnTable {
	t := &pbnTable{kind: kind, index: map[string]int{}, line: line}
	for _, c := range strings.Split(spec, ";") {
		c = strings.TrimSpace(c)
		w := 0
		if i := strings.IndexByte(c, '\\'); i >= 0 {
			for _, r := range c[i+1:] {
				if r < '0' || r > '9' || w > 1000 {
					break
				}
				w = 10*w + int(r-'0')
			}
			c = c[:i]
		}
		t.width = append(t.width, w)
		t.index[strings.ToLower(c)] = len(t.cols)
		t.cols = append(t.cols, c)
	}
	return t
}

// get returns the value of the first of the named columns the table has.
func (t *pbnTable) get(row []string, names ...string) (string, bool) {
	for _, n := range names {
		if i, ok := t.index[strings.ToLower(n)]; ok {
			v := row[i]
			if v == "-" {
				return "", true
			}
			return v, true
		}
	}
	return "", false
}

// Read reads the results of a matchpointed pairs session from a PBN file
// (Portable Bridge Notation 2.1, section 4's tables): a [ScoreTable "…"]
// per board, with columns such as PairId_NS, PairId_EW, Score_NS, Score_EW,
// MP_NS, MP_EW, Contract, Declarer, Round, Table, Section (width hints like
// PairId_NS\2R are ignored, "-" is an empty entry, artificial scores A+, A-,
// A5050, 40% are read from the score or contract column), and a
// [TotalScoreTable "…"] with each pair's rank, total, percentage and names.
// Games without a ScoreTable (hand records) are skipped. It reads r only,
// at most 16 MiB; every error is a *engine.ParseError naming the line.
func Read(name string, r io.Reader) (*scoring.Session, error) {
	data, err := textfile.Read(name, r)
	if err != nil {
		return nil, err
	}
	fail := func(line int, format string, args ...any) error {
		return &engine.ParseError{File: name, Line: line, Err: fmt.Errorf(format, args...)}
	}
	first := bytes.TrimLeft(data, " \t\r\n")
	if len(first) == 0 {
		return nil, fail(0, "empty file: want a PBN file with [ScoreTable] results")
	}
	if first[0] == '[' {
		if next := bytes.TrimLeft(first[1:], " \t\r\n"); len(next) > 0 && (next[0] == '{' || next[0] == '[' || next[0] == ']') {
			// A JSON array, such as the movement records of a Bridgemate
			// export, is none of PBN's [Tag "value"].
			return nil, fail(1+bytes.Count(data[:len(data)-len(first)], []byte("\n")), "JSON, not a PBN file: score reads results files (USEBIO, PBN, Scorer XML, ACBLscore); a movement's Bridgemate records are read by balance, optimize and simulate")
		}
	}
	if first[0] != '%' && first[0] != '[' && first[0] != ';' && first[0] != '{' {
		return nil, fail(1+bytes.Count(data[:len(data)-len(first)], []byte("\n")), "not a PBN file: it starts with neither %% nor a [Tag \"value\"]")
	}
	s := &scoring.Session{Name: name, Format: "pbn"}
	var check scoring.LineChecker
	var table *pbnTable
	board, boardLine := 0, 0
	section := ""
	tags := 0
	inComment, commentLine := false, 0
	swallowed := 0 // the first tag line inside the open comment
	vul, hasVul := scoring.VulNone, false
	lines := strings.Split(string(data), "\n")
	for i, raw := range lines {
		line := i + 1
		raw = strings.TrimSuffix(raw, "\r")
		if !inComment && strings.HasPrefix(strings.TrimLeft(raw, " \t"), "%") {
			continue // an escape line: % in the first column
		}
		wasOpen := inComment
		c := uncomment(raw, inComment)
		inComment = c.open
		if wasOpen && c.allComment && swallowed == 0 {
			if t := strings.TrimSpace(raw); strings.HasPrefix(t, "[") {
				if _, err := parsePBNTags(t); err == nil {
					swallowed = line
				}
			}
		}
		if wasOpen && c.closed && swallowed > 0 {
			s.Warn(name, commentLine, "comment", "the { comment } opened here runs to line %d and hides the tags from line %d on: a } is missing", line, swallowed)
		}
		if c.opened {
			commentLine, swallowed = line, 0
		}
		text := strings.TrimSpace(c.text)
		if text == "" && (c.hadComment || wasOpen) {
			continue // a line of comment only, which ends no table
		}
		raw = c.text
		switch {
		case text == "":
			table = nil // an empty line ends a game, and its table
			continue
		case strings.HasPrefix(text, "["):
			pairs, err := parsePBNTags(text)
			if err != nil {
				return nil, fail(line, "%v", err)
			}
			for _, p := range pairs {
				tag, value := p.name, p.value
				tags++
				table = nil
				switch strings.ToLower(tag) {
				case "event":
					if s.Event == "" {
						s.Event = value
					}
				case "board":
					if value == "#" || value == "" {
						continue // the previous game's board, or none
					}
					b, err := textfile.PairNumber("Board", value)
					if err != nil {
						return nil, fail(line, "%v", strings.Replace(err.Error(), "pair number", "board number", 1))
					}
					board, boardLine, hasVul = b, line, false
				case "section":
					section = value
				case "date":
					if s.Date == "" && value != "#" && !strings.Contains(value, "?") {
						s.Date = value
					}
				case "vulnerable":
					if v, ok := parseVulnerableTag(value); ok {
						vul, hasVul = v, true
					} else if value != "#" {
						s.Warn(name, line, "vulnerable", "[Vulnerable %q]: want None, NS, EW or All", engine.Clip(value))
					}
				case "scoretable", "totalscoretable":
					if value == "#" {
						return nil, fail(line, "[%s \"#\"]: a table must spell out its columns", tag)
					}
					table = newPBNTable(tag, value, line)
					if strings.EqualFold(tag, "ScoreTable") {
						_, ns := table.index["pairid_ns"]
						_, ew := table.index["pairid_ew"]
						if !ns || !ew {
							return nil, fail(line, "[ScoreTable] without PairId_NS and PairId_EW columns: not a pairs traveller")
						}
						_, mp := table.index["mp_ns"]
						_, imp := table.index["imp_ns"]
						if imp && !mp {
							return nil, fail(line, "[ScoreTable] with IMP_NS and no MP_NS: only matchpointed sessions are read")
						}
						if board == 0 {
							return nil, fail(line, "[ScoreTable] before any [Board] tag")
						}
					} else if _, ok := table.index["pairid"]; !ok {
						return nil, fail(line, "[TotalScoreTable] without a PairId column")
					}
				}
			}
			continue
		}
		if table == nil {
			continue // the text of an auction, play or note section
		}
		row, err := pbnTokens(text)
		if (err != nil || len(row) != len(table.cols)) && table.hasNames() {
			// Some writers leave names with spaces unquoted and rely on the
			// width hints: read the row by the widths instead.
			if byWidth, ok := table.byWidth(raw); ok {
				row, err = byWidth, nil
			}
		}
		if err != nil {
			return nil, fail(line, "%v", err)
		}
		if len(row) != len(table.cols) {
			return nil, fail(line, "%s row has %d entries for the %d columns of line %d (%s)", table.kind, len(row), len(table.cols), table.line, engine.Clip(strings.Join(table.cols, ";")))
		}
		if strings.EqualFold(table.kind, "TotalScoreTable") {
			p, err := pbnTotalRow(table, row, section, line)
			if err != nil {
				return nil, fail(line, "%v", err)
			}
			s.Pairs = append(s.Pairs, p)
			continue
		}
		l, err := pbnScoreRow(table, row, section, board, line)
		if err != nil {
			return nil, fail(line, "board %d: %v", board, err)
		}
		if l == nil {
			continue
		}
		if err := check.Check(board, *l); err != nil {
			return nil, fail(line, "%v", err)
		}
		b := s.AddLine(board, boardLine, *l)
		if hasVul {
			b.Vul, b.HasVul = vul, true
		}
	}
	if inComment {
		return nil, fail(commentLine, "file ends inside the { comment } that starts here")
	}
	if tags == 0 {
		return nil, fail(0, "no [Tag \"value\"] at all: not a PBN file")
	}
	if len(s.Boards) == 0 {
		return nil, fail(0, "no [ScoreTable] rows: the file has no results to analyse (a hand record only?)")
	}
	if err := s.Finish(name); err != nil {
		return nil, err
	}
	return s, nil
}

// commented is a line with PBN's comments made spaces.
type commented struct {
	text       string // the line, each character of a comment a space
	hadComment bool   // the line holds some comment
	opened     bool   // a { comment } opens on the line and runs past its end
	closed     bool   // a { comment } open before the line closes on it
	allComment bool   // the whole line is inside a { comment } open before it
	open       bool   // the line ends inside a { comment }
}

// uncomment blanks the comments of a line (PBN 2.1 §3.8): from a ; to the
// end of the line, and from a { to the next }, which may be lines later
// (open says the line starts inside one). A ; or { inside a quoted string
// (a tag's value, a name in a table) is text. Each character of a comment
// becomes a space, so that the columns of a table row read by its width
// hints stay where they were.
func uncomment(line string, open bool) commented {
	c := commented{open: open, allComment: open}
	var b strings.Builder
	quoted := false
	for i, r := range line {
		switch {
		case c.open:
			b.WriteByte(' ')
			if r == '}' {
				c.open, c.allComment = false, false
				if !c.opened {
					c.closed = true
				}
				c.opened = false
			}
		case quoted:
			b.WriteRune(r)
			if r == '"' && !escaped(line, i) { // \" is a quote in the string
				quoted = false
			}
		case r == '"':
			quoted = true
			b.WriteRune(r)
		case r == ';':
			c.hadComment = true
			b.WriteString(strings.Repeat(" ", utf8.RuneCountInString(line[i:])))
			c.text = b.String()
			return c
		case r == '{':
			c.hadComment, c.open, c.opened = true, true, true
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	if open && !c.allComment {
		c.hadComment = true
	}
	c.text = b.String()
	return c
}

// escaped reports whether the byte at i of a quoted string follows an odd
// number of backslashes.
func escaped(s string, i int) bool {
	n := 0
	for j := i - 1; j >= 0 && s[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}

// hasNames reports whether the table has a column of names, the only
// entries that hold spaces.
func (t *pbnTable) hasNames() bool {
	for _, c := range t.cols {
		if strings.Contains(strings.ToLower(c), "name") {
			return true
		}
	}
	return false
}

// byWidth cuts a row into columns by the width hints, which count
// characters (not bytes: "Zoë" is 3 wide), one space between columns, the
// last column taking the rest; ok is false when a column but the last has
// no width or the row is too short.
func (t *pbnTable) byWidth(line string) ([]string, bool) {
	text := []rune(line)
	var row []string
	pos := 0
	for i, w := range t.width {
		if i == len(t.width)-1 {
			if pos > len(text) {
				return nil, false
			}
			row = append(row, strings.Trim(strings.TrimSpace(string(text[pos:])), `"`))
			break
		}
		if w == 0 || pos+w > len(text) {
			return nil, false
		}
		row = append(row, strings.Trim(strings.TrimSpace(string(text[pos:pos+w])), `"`))
		pos += w + 1
	}
	return row, true
}

// tagPair is a [Name "value"] of a PBN file.
type tagPair struct{ name, value string }

// parsePBNTag reads a line that must be one `[Name "value"]`.
func parsePBNTag(text string) (tag, value string, err error) {
	pairs, err := parsePBNTags(text)
	if err != nil {
		return "", "", err
	}
	if len(pairs) != 1 {
		return "", "", errors.New(`want one [Name "value"] on the line`)
	}
	return pairs[0].name, pairs[0].value, nil
}

// parsePBNTags reads the tag pairs of a line, comments blanked: one
// `[Name "value"]` as export files write it, or several side by side
// (`[Dealer "N"][Vulnerable "None"]`), which import files may. The value
// is a PBN string: \" is a quote and \\ a backslash in it, and a ] in it
// is text.
func parsePBNTags(text string) ([]tagPair, error) {
	var out []tagPair
	rest := strings.TrimSpace(text)
	for rest != "" {
		body, ok := strings.CutPrefix(rest, "[")
		if !ok {
			return nil, fmt.Errorf(`%q after the tag %s: want another [Name "value"] or nothing`, engine.Clip(rest), out[len(out)-1].name)
		}
		body = strings.TrimLeft(body, " \t")
		n := strings.IndexAny(body, " \t\"]")
		if n <= 0 {
			return nil, errors.New(`tag: want [Name "value"]`)
		}
		tag := body[:n]
		body = strings.TrimLeft(body[n:], " \t")
		if !strings.HasPrefix(body, `"`) {
			return nil, fmt.Errorf(`tag %q: want [Name "value"]`, engine.Clip(tag))
		}
		var v strings.Builder
		i := 1
		for ; i < len(body) && body[i] != '"'; i++ {
			if body[i] == '\\' && i+1 < len(body) && (body[i+1] == '"' || body[i+1] == '\\') {
				i++
			}
			v.WriteByte(body[i])
		}
		if i >= len(body) {
			return nil, fmt.Errorf(`tag %q: its value's closing quote is missing: want [Name "value"]`, engine.Clip(tag))
		}
		body = strings.TrimLeft(body[i+1:], " \t")
		if !strings.HasPrefix(body, "]") {
			return nil, fmt.Errorf(`tag %q: want [Name "value"], with a ] after the value`, engine.Clip(tag))
		}
		out = append(out, tagPair{tag, v.String()})
		rest = strings.TrimLeft(body[1:], " \t")
	}
	return out, nil
}

// pbnTokens splits a table row into its entries: words separated by
// spaces, or strings in double quotes (which may hold spaces, \" and \\).
func pbnTokens(text string) ([]string, error) {
	var out []string
	for i := 0; i < len(text); {
		switch c := text[i]; {
		case c == ' ' || c == '\t':
			i++
		case c == '"':
			var b strings.Builder
			j := i + 1
			for ; j < len(text) && text[j] != '"'; j++ {
				if text[j] == '\\' && j+1 < len(text) {
					j++
				}
				b.WriteByte(text[j])
			}
			if j >= len(text) {
				return nil, errors.New("a quoted entry is not closed")
			}
			out = append(out, b.String())
			i = j + 1
		default:
			j := i
			for j < len(text) && text[j] != ' ' && text[j] != '\t' {
				j++
			}
			out = append(out, text[i:j])
			i = j
		}
	}
	return out, nil
}

// pbnScoreRow reads one traveller line; nil when the row records a table
// that did not play the board.
func pbnScoreRow(t *pbnTable, row []string, section string, board, line int) (*scoring.TravellerLine, error) {
	l := &scoring.TravellerLine{Section: section, Line: line}
	if v, ok := t.get(row, "Section"); ok && v != "" {
		l.Section = v
	}
	ns, _ := t.get(row, "PairId_NS")
	ew, _ := t.get(row, "PairId_EW")
	nsSec, ns := sectionPrefix(ns)
	ewSec, ew := sectionPrefix(ew)
	if nsSec != ewSec {
		return nil, fmt.Errorf("PairId_NS %s and PairId_EW %s are in different sections", engine.Clip(nsSec+ns), engine.Clip(ewSec+ew))
	}
	if nsSec != "" {
		l.Section = nsSec
	}
	var err error
	if l.NS, err = textfile.PairNumber("PairId_NS", ns); err != nil {
		return nil, err
	}
	if l.EW, err = textfile.PairNumber("PairId_EW", ew); err != nil {
		return nil, err
	}
	l.Contract, _ = t.get(row, "Contract")
	l.Declarer, _ = t.get(row, "Declarer")
	if v, ok := t.get(row, "Round"); ok && v != "" {
		if l.Round, err = textfile.PairNumber("Round", v); err != nil {
			return nil, errors.New(strings.Replace(err.Error(), "pair number", "round number", 1))
		}
	}
	if v, ok := t.get(row, "Table"); ok && v != "" {
		if l.Table, err = textfile.PairNumber("Table", v); err != nil {
			return nil, errors.New(strings.Replace(err.Error(), "pair number", "table number", 1))
		}
	}
	if v, ok := t.get(row, "Result"); ok && v != "" {
		if n, err := strconv.Atoi(v); err == nil && n >= 0 && n <= 13 {
			l.Tricks, l.HasTricks = n, true
		}
	}
	nsScore, _ := t.get(row, "Score_NS")
	ewScore, _ := t.get(row, "Score_EW")
	switch {
	case isArtificial(nsScore) && isArtificial(ewScore):
		// PBN 2.1: each score column is from its own side's point of
		// view, so "A+" "A+" gives both sides average-plus.
		a, _ := scoring.ParseArtificial(nsScore)
		b, _ := scoring.ParseArtificial(ewScore)
		a.EW, a.Text = b.NS, nsScore+" "+ewScore
		l.Artificial = &a
	case isArtificial(nsScore):
		a, _ := scoring.ParseArtificial(nsScore)
		l.Artificial = &a
	case isArtificial(ewScore):
		a, _ := scoring.ParseArtificial(ewScore)
		a.NS, a.EW = a.EW, a.NS // written from EW's side
		l.Artificial = &a
	case nsScore == "" && ewScore == "" && isArtificial(l.Contract):
		a, _ := scoring.ParseArtificial(l.Contract)
		l.Artificial = &a
	case nsScore != "":
		if l.Score, err = textfile.Score(nsScore); err != nil {
			return nil, err
		}
		if ewScore != "" {
			if e, err := textfile.Score(ewScore); err != nil {
				return nil, err
			} else if e != -l.Score && e != 0 && l.Score != 0 {
				return nil, fmt.Errorf("Score_NS %s and Score_EW %s disagree", nsScore, ewScore)
			}
		}
	case ewScore != "":
		e, err := textfile.Score(ewScore)
		if err != nil {
			return nil, err
		}
		l.Score = -e
	case scoring.IsPass(l.Contract):
		l.Score = 0 // passed out, scores left empty
	default:
		return nil, fmt.Errorf("pairs %d v %d: no score (Score_NS and Score_EW are both empty)", l.NS, l.EW)
	}
	mpNS, hasNS := t.get(row, "MP_NS", "MatchPoints_NS")
	mpEW, hasEW := t.get(row, "MP_EW", "MatchPoints_EW")
	if hasNS && mpNS != "" {
		var d int
		if l.NSMP, d, err = textfile.Number("MP_NS", mpNS); err != nil {
			return nil, err
		}
		l.HasMP, l.MPDecimals, l.NSMPText = true, d, mpNS
		if hasEW && mpEW != "" {
			if l.EWMP, d, err = textfile.Number("MP_EW", mpEW); err != nil {
				return nil, err
			}
			l.EWMPText = mpEW
			l.MPDecimals = max(l.MPDecimals, d)
		} else {
			return nil, errors.New("MP_NS without MP_EW")
		}
	}
	return l, nil
}

func isArtificial(s string) bool {
	_, ok := scoring.ParseArtificial(s)
	return ok
}

// pbnTotalRow reads one pair of a TotalScoreTable.
func pbnTotalRow(t *pbnTable, row []string, section string, line int) (scoring.SessionPair, error) {
	p := scoring.SessionPair{Section: section, Line: line}
	if v, ok := t.get(row, "Section"); ok && v != "" {
		p.Section = v
	}
	id, _ := t.get(row, "PairId")
	if sec, n := sectionPrefix(id); sec != "" {
		p.Section, id = sec, n
	}
	var err error
	if p.Number, err = textfile.PairNumber("PairId", id); err != nil {
		return p, err
	}
	p.Direction, _ = t.get(row, "Direction")
	p.Direction = strings.ToUpper(strings.ReplaceAll(p.Direction, "-", ""))
	if v, ok := t.get(row, "TotalPercentage", "Percentage_Total", "Percentage"); ok && v != "" {
		if p.Percent, _, err = textfile.Number("TotalPercentage", v); err != nil {
			return p, err
		}
		p.PercentText, p.HasPercent = v, true
	}
	if v, ok := t.get(row, "TotalScoreMP", "TotalMP", "MP_Total", "TotalScore", "TotalMatchPoints"); ok && v != "" {
		if p.Total, _, err = textfile.Number("TotalScoreMP", v); err != nil {
			return p, err
		}
		p.TotalText, p.HasTotal = v, true
	}
	p.Place, _ = t.get(row, "Rank", "Place")
	if v, ok := t.get(row, "Names"); ok {
		p.Names = textfile.Names(v)
	} else {
		for _, c := range []string{"Name1", "Name2"} {
			if v, ok := t.get(row, c); ok && v != "" {
				p.Names = append(p.Names, v)
			}
		}
	}
	return p, nil
}

// sectionPrefix splits a pair id written with its section, such as A12,
// into the section and the number; an id without letters is returned as
// it is.
func sectionPrefix(id string) (section, number string) {
	i := 0
	for i < len(id) && (id[i] >= 'A' && id[i] <= 'Z' || id[i] >= 'a' && id[i] <= 'z') {
		i++
	}
	if i == 0 || i == len(id) || i > 3 {
		return "", id
	}
	for _, c := range id[i:] {
		if c < '0' || c > '9' {
			return "", id
		}
	}
	return id[:i], id[i:]
}

// parseVulnerableTag reads PBN's [Vulnerable] values: None, Love, -, NS,
// EW, All, Both.
func parseVulnerableTag(s string) (scoring.Vulnerability, bool) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "NONE", "LOVE", "-", "":
		return scoring.VulNone, true
	case "NS", "N-S", "N/S":
		return scoring.VulNS, true
	case "EW", "E-W", "E/W":
		return scoring.VulEW, true
	case "ALL", "BOTH", "B":
		return scoring.VulBoth, true
	}
	return scoring.VulNone, false
}
