// Package nzscorer reads the XML results file of NZ Bridge's Scorer, the
// scoring program of most New Zealand clubs: one session a file,
// <session club=… date=… scoring_type="MP"> with its sections, each with
// its pairs (number, direction, names, the file's total, percentage,
// place and handicap) and its <board_results> of <result tab bd rnd ns ew
// …> lines (score, contract, declarer, tricks, each side's matchpoints).
// Scorer stores a phantom's result as -9999 and may store matchpoints in
// tenths; both are read as such. The reader accepts the attribute names'
// common spellings (bd or board, rnd or round, nsmp or ns_mp, …), reads
// only the io.Reader it is given, at most textfile.MaxBytes, and names
// the line of every error and warning.
package nzscorer

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/formats/textfile"
	"github.com/bridgereport/bridgereport/engine/scoring"
)

// Phantom is the score (or pair number) Scorer stores for a phantom
// pair's sit-out: no result.
const Phantom = -9999

// IsSession reports whether the text's root element is Scorer's
// <session> (after an XML declaration and comments).
func IsSession(head []byte) bool {
	head, _ = textfile.DropNUL(head)
	d := xml.NewDecoder(bytes.NewReader(textfile.UTF8(head)))
	d.Strict = false
	d.CharsetReader = charsetReader
	for {
		tok, err := d.RawToken()
		if err != nil {
			return false
		}
		if se, ok := tok.(xml.StartElement); ok {
			n := strings.ToLower(se.Name.Local)
			return n == "session" || n == "sessions"
		}
	}
}

// charsetReader accepts every declared charset: Read has made the bytes
// UTF-8 already.
func charsetReader(_ string, in io.Reader) (io.Reader, error) { return in, nil }

// attrs is an element's attributes by lower-case name.
type attrs map[string]string

// get returns the first attribute present of several spellings.
func (a attrs) get(names ...string) (string, bool) {
	for _, n := range names {
		if v, ok := a[n]; ok {
			return strings.TrimSpace(v), true
		}
	}
	return "", false
}

// Attribute spellings, by what they hold.
var (
	attrTable   = []string{"tab", "table"}
	attrBoard   = []string{"bd", "board", "brd"}
	attrRound   = []string{"rnd", "round"}
	attrNS      = []string{"ns", "nspair", "ns_pair", "pairns"}
	attrEW      = []string{"ew", "ewpair", "ew_pair", "pairew"}
	attrScore   = []string{"score", "nsscore", "ns_score", "scorens"}
	attrEWScore = []string{"ewscore", "ew_score", "scoreew"}
	attrNSMP    = []string{"nsmp", "ns_mp", "mpns", "nsmps", "ns_mps"}
	attrEWMP    = []string{"ewmp", "ew_mp", "mpew", "ewmps", "ew_mps"}
	attrNSAdj   = []string{"nsadj", "ns_adj", "adjns"}
	attrEWAdj   = []string{"ewadj", "ew_adj", "adjew"}
	attrSection = []string{"section", "sec", "sect"}
	attrNumber  = []string{"no", "num", "number", "pair", "pairno", "id"}
	attrNames   = []string{"names", "name", "players"}
)

type reader struct {
	name string
	s    *scoring.Session
	// section is the <section> the reader is in.
	section string
	// pair is the <pair> being read (its players are its children).
	pair     *scoring.SessionPair
	sessions int
	// mp holds the raw matchpoints of each line, to tell tenths at the
	// end.
	mp       []rawMP
	phantoms int
	// inPlayer is set inside a <player> whose name is its text.
	inPlayer bool
}

type rawMP struct {
	board, line int
	section     string
	ns, ew      float64
}

// Read reads a Scorer XML results file.
func Read(name string, r io.Reader) (*scoring.Session, error) {
	data, err := textfile.ReadAll(name, r)
	if err != nil {
		return nil, err
	}
	data, nuls := textfile.DropNUL(data)
	data = textfile.DropEOF(bytes.TrimPrefix(data, []byte("\uFEFF")))
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &engine.ParseError{File: name, Err: errors.New("empty file: want a Scorer <session> XML file")}
	}
	rd := &reader{name: name, s: &scoring.Session{Name: name, Format: "nz scorer"}}
	if nuls > 0 {
		rd.s.Warn(name, 0, "nul", "%d NUL byte(s) in the file, left out", nuls)
	}
	// Text that is valid UTF-8 is UTF-8 whatever the declaration says
	// (Latin-1 accents are almost never valid UTF-8); anything else is
	// read as Windows-1252, declared or not.
	data = textfile.LF(textfile.UTF8(data))
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = false
	d.Entity = xml.HTMLEntity
	d.CharsetReader = charsetReader
	depth := 0
	root := ""
	for {
		line, _ := d.InputPos()
		tok, err := d.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				line = se.Line
			}
			if rd.sessions > 0 && len(rd.s.Boards) > 0 {
				rd.s.Warn(name, line, "truncated", "the XML breaks off here (%v): what follows is missing", err)
				break
			}
			return nil, &engine.ParseError{File: name, Line: line, Err: fmt.Errorf("XML: %v", err)}
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			if depth > 32 {
				return nil, &engine.ParseError{File: name, Line: line, Err: errors.New("elements nested more than 32 deep")}
			}
			el := strings.ToLower(t.Name.Local)
			if root == "" {
				root = el
				if el != "session" && el != "sessions" {
					return nil, &engine.ParseError{File: name, Line: line, Err: fmt.Errorf("root element <%s>: not a Scorer results file (want <session>)", engine.Clip(t.Name.Local))}
				}
			}
			a := attrs{}
			for _, at := range t.Attr {
				a[strings.ToLower(at.Name.Local)] = at.Value
			}
			if err := rd.start(el, a, line); err != nil {
				return nil, err
			}
		case xml.EndElement:
			depth--
			switch strings.ToLower(t.Name.Local) {
			case "section":
				rd.section = ""
			case "pair":
				rd.endPair()
			}
		case xml.CharData:
			if rd.pair != nil && len(bytes.TrimSpace(t)) > 0 && rd.inPlayer {
				rd.pair.Names = append(rd.pair.Names, strings.Join(strings.Fields(string(t)), " "))
			}
		}
		if _, ok := tok.(xml.EndElement); ok {
			rd.inPlayer = false
		}
	}
	return rd.finish()
}

func (rd *reader) fail(line int, format string, args ...any) error {
	return &engine.ParseError{File: rd.name, Line: line, Err: fmt.Errorf(format, args...)}
}

// start handles an element's start.
func (rd *reader) start(el string, a attrs, line int) error {
	s := rd.s
	switch el {
	case "session":
		rd.sessions++
		if rd.sessions > 1 {
			s.Warn(rd.name, line, "session", "a second <session> in one file: only the first is read")
			return nil
		}
		if t, ok := a.get("scoring_type", "scoringtype", "scoring", "type"); ok && !strings.EqualFold(t, "MP") && !strings.Contains(strings.ToUpper(t), "MATCH") {
			return rd.fail(line, "scoring_type %q: only matchpointed sessions (MP) are read", engine.Clip(t))
		}
		s.Club, _ = a.get("club", "clubname", "club_name")
		s.Date, _ = a.get("date", "session_date", "sessiondate")
		s.Event, _ = a.get("name", "event", "title", "description")
		s.Movement, _ = a.get("movement", "move")
		if v, ok := a.get("top"); ok {
			s.Top, _ = strconv.ParseFloat(v, 64)
		}
	case "section":
		rd.section, _ = a.get("name", "letter", "id", "section")
		if v, ok := a.get("movement"); ok && s.Movement == "" {
			s.Movement = v
		}
	case "pair":
		if rd.sessions > 1 {
			return nil
		}
		return rd.startPair(a, line)
	case "player":
		if rd.pair != nil {
			if n, ok := a.get("name", "names"); ok && n != "" {
				rd.pair.Names = append(rd.pair.Names, n)
			} else {
				rd.inPlayer = true
			}
			if id, ok := a.get("id", "number", "nzb", "membership"); ok {
				rd.pair.PlayerIDs = append(rd.pair.PlayerIDs, id)
			}
		}
	case "result":
		if rd.sessions > 1 {
			return nil
		}
		return rd.result(a, line)
	}
	return nil
}

func (rd *reader) startPair(a attrs, line int) error {
	p := scoring.SessionPair{Section: rd.section, Line: line}
	if v, ok := a.get(attrSection...); ok && v != "" {
		p.Section = v
	}
	v, ok := a.get(attrNumber...)
	if !ok {
		return rd.fail(line, "<pair> without a number (no=…)")
	}
	n, err := strconv.Atoi(v)
	if n == Phantom {
		return nil
	}
	if err != nil || n < 1 || n > 9999 {
		return rd.fail(line, "pair number %q: want a number from 1", engine.Clip(v))
	}
	p.Number = n
	if d, ok := a.get("dir", "direction", "seat", "line"); ok {
		switch strings.ToUpper(strings.NewReplacer("-", "", "/", "").Replace(d)) {
		case "NS", "N":
			p.Direction = "NS"
		case "EW", "E":
			p.Direction = "EW"
		}
	}
	if names, ok := a.get(attrNames...); ok {
		p.Names = splitNames(names)
	}
	for _, k := range []string{"player1", "player2", "name1", "name2"} {
		if v, ok := a[k]; ok && strings.TrimSpace(v) != "" {
			p.Names = append(p.Names, strings.TrimSpace(v))
		}
	}
	if v, ok := a.get("pct", "percent", "percentage", "score_pct"); ok && v != "" {
		f, err := strconv.ParseFloat(strings.TrimSuffix(v, "%"), 64)
		if err != nil {
			return rd.fail(line, "pair %d: percentage %q is not a number", n, engine.Clip(v))
		}
		p.Percent, p.PercentText, p.HasPercent = f, strings.TrimSuffix(v, "%"), true
	}
	if v, ok := a.get("mp", "mps", "total", "totalmp", "total_mp"); ok && v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return rd.fail(line, "pair %d: total %q is not a number", n, engine.Clip(v))
		}
		p.Total, p.TotalText, p.HasTotal = f, v, true
	}
	p.Place, _ = a.get("place", "pos", "position", "rank")
	if v, ok := a.get("handicap", "hcp", "hcap"); ok && v != "" {
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			p.Handicap, p.HasHandicap = f, true
		} else {
			rd.s.Warn(rd.name, line, "handicap", "pair %d: handicap %q is not a number", n, engine.Clip(v))
		}
	}
	rd.pair = &p
	return nil
}

func (rd *reader) endPair() {
	if rd.pair == nil {
		return
	}
	rd.s.Pairs = append(rd.s.Pairs, *rd.pair)
	rd.pair = nil
}

// intAttr reads a whole-number attribute.
func intAttr(a attrs, names []string) (int, string, bool, error) {
	v, ok := a.get(names...)
	if !ok || v == "" {
		return 0, v, false, nil
	}
	n, err := strconv.Atoi(strings.TrimPrefix(v, "+"))
	if err != nil {
		f, ferr := strconv.ParseFloat(v, 64)
		if ferr != nil || f != math.Trunc(f) || math.Abs(f) > math.MaxInt32 {
			return 0, v, true, fmt.Errorf("%q is not a whole number", engine.Clip(v))
		}
		n = int(f)
	}
	return n, v, true, nil
}

// result reads one <result> line.
func (rd *reader) result(a attrs, line int) error {
	s := rd.s
	l := scoring.TravellerLine{Section: rd.section, Line: line}
	if v, ok := a.get(attrSection...); ok && v != "" {
		l.Section = v
	}
	board, _, ok, err := intAttr(a, attrBoard)
	if err != nil || !ok || board < 1 {
		return rd.fail(line, "<result> board (bd=…): want a board number from 1")
	}
	var ns, ew int
	for _, side := range []struct {
		names []string
		dst   *int
		what  string
	}{{attrNS, &ns, "ns"}, {attrEW, &ew, "ew"}} {
		n, v, ok, err := intAttr(a, side.names)
		switch {
		case err != nil || !ok:
			return rd.fail(line, "board %d: %s pair %q: want a pair number", board, side.what, engine.Clip(v))
		case n == Phantom:
			rd.phantoms++
			return nil // a phantom's sit-out
		case n < 1:
			return rd.fail(line, "board %d: %s pair %d: want a pair number from 1", board, side.what, n)
		}
		*side.dst = n
	}
	l.NS, l.EW = ns, ew
	l.Round, _, _, _ = intAttr(a, attrRound)
	l.Table, _, _, _ = intAttr(a, attrTable)
	l.Contract, _ = a.get("contract", "con", "cont")
	l.Declarer, _ = a.get("by", "dec", "declarer", "decl")
	if t, v, ok, err := intAttr(a, []string{"tricks", "made", "tricks_made"}); ok {
		if err != nil || t < 0 || t > 13 {
			s.Warn(rd.name, line, "tricks", "board %d, pairs %d v %d: tricks %q: want 0 to 13", board, ns, ew, engine.Clip(v))
		} else {
			l.Tricks, l.HasTricks = t, true
		}
	}
	score, scoreText, hasScore, scoreErr := intAttr(a, attrScore)
	// An empty nsadj="" (a writer that puts every attribute on every
	// line) is no adjustment.
	nsAdj, _ := a.get(attrNSAdj...)
	ewAdj, _ := a.get(attrEWAdj...)
	hasNSAdj, hasEWAdj := nsAdj != "", ewAdj != ""
	switch {
	case hasScore && score == Phantom:
		rd.phantoms++
		return nil
	case hasNSAdj || hasEWAdj:
		art := scoring.Artificial{NS: 50, EW: 50, Text: strings.TrimSpace(nsAdj + " " + ewAdj)}
		for _, side := range []struct {
			v   string
			dst *float64
		}{{nsAdj, &art.NS}, {ewAdj, &art.EW}} {
			if side.v == "" {
				continue
			}
			f, err := strconv.ParseFloat(strings.TrimSuffix(side.v, "%"), 64)
			if err != nil || f < 0 || f > 100 {
				return rd.fail(line, "board %d: adjusted score %q: want a percentage of the top", board, engine.Clip(side.v))
			}
			*side.dst = f
		}
		if !hasEWAdj {
			art.EW = 100 - art.NS
		}
		if !hasNSAdj {
			art.NS = 100 - art.EW
		}
		l.Artificial = &art
	case scoreErr != nil:
		if art, ok := scoring.ParseArtificial(scoreText); ok {
			l.Artificial = &art
			break
		}
		return rd.fail(line, "board %d: score %s", board, scoreErr)
	case hasScore:
		l.Score = score
	default:
		if v, _, ok, err := intAttr(a, attrEWScore); ok && err == nil {
			l.Score = -v
			if v == Phantom {
				rd.phantoms++
				return nil
			}
			break
		}
		return rd.fail(line, "board %d, pairs %d v %d: no score", board, ns, ew)
	}
	if l.Artificial == nil && (l.Score > scoring.MaxScore || l.Score < -scoring.MaxScore) {
		return rd.fail(line, "board %d: score %d: no bridge score is beyond ±%d", board, l.Score, scoring.MaxScore)
	}
	nsMP, nsOK := a.get(attrNSMP...)
	ewMP, ewOK := a.get(attrEWMP...)
	if nsOK && ewOK && nsMP != "" && ewMP != "" {
		x, err1 := strconv.ParseFloat(nsMP, 64)
		y, err2 := strconv.ParseFloat(ewMP, 64)
		if err1 != nil || err2 != nil {
			return rd.fail(line, "board %d: matchpoints %q and %q: want numbers", board, engine.Clip(nsMP), engine.Clip(ewMP))
		}
		l.NSMP, l.EWMP, l.HasMP = x, y, true
		l.NSMPText, l.EWMPText = nsMP, ewMP
		l.MPDecimals = max(decimals(nsMP), decimals(ewMP))
		rd.mp = append(rd.mp, rawMP{board: board, line: line, section: l.Section, ns: x, ew: y})
	}
	s.AddLine(board, line, l)
	return nil
}

func decimals(s string) int {
	if i := strings.IndexByte(s, '.'); i >= 0 {
		return len(s) - i - 1
	}
	return 0
}

// finish tells tenths, then builds the session.
func (rd *reader) finish() (*scoring.Session, error) {
	s := rd.s
	rd.endPair()
	if rd.sessions == 0 {
		return nil, rd.fail(0, "no <session> element: not a Scorer XML results file")
	}
	if len(s.Boards) == 0 {
		return nil, rd.fail(0, "no <result> lines: the session has no board results to analyse")
	}
	if rd.tenths() {
		for bi := range s.Boards {
			for li := range s.Boards[bi].Lines {
				l := &s.Boards[bi].Lines[li]
				if l.HasMP {
					l.NSMP, l.EWMP = l.NSMP/10, l.EWMP/10
					l.NSMPText, l.EWMPText = strconv.FormatFloat(l.NSMP, 'f', l.MPDecimals+1, 64), strconv.FormatFloat(l.EWMP, 'f', l.MPDecimals+1, 64)
					l.MPDecimals++
				}
			}
		}
		for i := range s.Pairs {
			p := &s.Pairs[i]
			if p.HasTotal && !strings.Contains(p.TotalText, ".") {
				p.Total /= 10
				p.TotalText = strconv.FormatFloat(p.Total, 'f', 1, 64)
			}
		}
	}
	if err := s.Finish(rd.name); err != nil {
		return nil, err
	}
	return s, nil
}

// tenths tells matchpoints stored in tenths: whole numbers whose NS and
// EW sum is ten times a top the board can have (k−1 or 2(k−1) for k
// results, or the section's most k) on most lines.
func (rd *reader) tenths() bool {
	type bk struct {
		section string
		board   int
	}
	count, most := map[bk]int{}, map[string]int{}
	for _, b := range rd.s.Boards {
		for _, l := range b.Lines {
			count[bk{l.Section, b.Number}]++
		}
	}
	for k, n := range count {
		most[k.section] = max(most[k.section], n)
	}
	units, tenths := 0, 0
	for _, m := range rd.mp {
		if m.ns != math.Trunc(m.ns) || m.ew != math.Trunc(m.ew) {
			return false
		}
		sum := m.ns + m.ew
		for _, k := range []int{count[bk{m.section, m.board}], most[m.section]} {
			for _, top := range []float64{float64(k - 1), float64(2 * (k - 1))} {
				switch {
				case top <= 0:
				case sum == top:
					units++
				case sum == 10*top:
					tenths++
				}
			}
		}
	}
	return tenths > units
}

// splitNames splits "Ann Archer & Bob Baker" (or " - ", " / ", " and ").
func splitNames(s string) []string {
	for _, sep := range []string{" & ", " - ", " / ", " and ", "&", ";"} {
		if strings.Contains(s, sep) {
			var out []string
			for _, n := range strings.Split(s, sep) {
				if n = strings.Join(strings.Fields(n), " "); n != "" {
					out = append(out, n)
				}
			}
			return out
		}
	}
	if s = strings.Join(strings.Fields(s), " "); s != "" {
		return []string{s}
	}
	return nil
}
