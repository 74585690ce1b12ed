package acbl

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/formats/textfile"
	"github.com/bridgereport/bridgereport/engine/scoring"
)

// ReadRecap reads an ACBLscore text report of a matchpointed pairs
// session, plain or inside the <pre> of ACBLscore's HTML: the header
// (event, club, date, movement, top, average), each section's ranking
// ("Section A North-South", then a row per pair: number, percentage,
// score, ranks in each strat, masterpoints such as 1.80(A), names), and
// the board-by-board results, in either of the two reports clubs post:
// "RESULTS OF BOARD n" travellers (scores under N-S or E-W, the two
// matchpoints, the pairs as A5-Adams-Baker vs A4-Clark-Davis), or a
// recap per pair ("Pair 5" then rows of boards, opponents, scores and
// matchpoints, across or down). AVE, AVE+, AVE- and A5050-style scores
// are artificial; PASS is a passed-out board; NP (not played) and LATE
// lines are no result. The matchpoints are ACBLscore's, one a result
// beaten.
func ReadRecap(name string, r io.Reader) (*scoring.Session, error) {
	data, err := textfile.ReadAll(name, r)
	if err != nil {
		return nil, err
	}
	data, nuls := textfile.DropNUL(data)
	data = textfile.UTF8(textfile.DropEOF(data))
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &engine.ParseError{File: name, Err: errors.New("empty file: want an ACBLscore report")}
	}
	lines := textfile.Lines(data)
	if isHTML(string(data)) {
		lines = stripHTML(lines)
	}
	// A page break (form feed, or vertical tab) takes no column on the
	// printed page: left in, one leading a row would end the ranking there
	// and shift the row's columns.
	for i, l := range lines {
		if strings.ContainsAny(l, "\f\v") {
			lines[i] = pageBreaks.Replace(l)
		}
	}
	rd := &recapReader{name: name, s: &scoring.Session{Name: name, Format: "acblscore recap", Scale: scoring.ScaleACBL},
		pairs: map[scoring.PairKey]int{}, boards: map[boardKey]int{}, lines: map[lineKey]*gridLine{}, expected: map[string]int{}}
	if nuls > 0 {
		rd.s.Warn(name, 0, "nul", "%d NUL byte(s) in the text, left out", nuls)
	}
	rd.read(lines)
	return rd.finish()
}

// recapReader holds what has been read of a recap so far.
type recapReader struct {
	name string
	s    *scoring.Session

	// section and dir are where the report is: the last "Section A
	// North-South" heading.
	section, dir string
	// pairs indexes s.Pairs by section, direction and number.
	pairs map[scoring.PairKey]int
	// boards notes where each (section, board) traveller was printed, so
	// that a report printed twice is read once.
	boards map[boardKey]int
	// lines are the results a recap grid gives, one per board and table,
	// filled from the NS pair's row and the EW pair's row.
	lines     map[lineKey]*gridLine
	lineOrder []lineKey
	// unmatched are grid results without an opponent, matched by score
	// at the end.
	unmatched []gridEntry
	// twice is the first line of a second copy of the report.
	twice int
	// header lines before the first ranking, traveller or recap.
	header   []string
	inBody   bool
	lastLine int
	// expected is the number of boards each section's ranking says it
	// was scored on ("Scores after 24 boards"), to tell a report cut off
	// or leaving boards out; "" is a ranking before any section heading.
	expected map[string]int
	// noSeats counts Howell recap results printed without seats.
	noSeats int
}

type boardKey struct {
	section string
	board   int
}

type lineKey struct {
	section string
	board   int
	ns, ew  int
}

// gridLine is one result as a recap grid gives it, from either side.
type gridLine struct {
	line             int
	score            int
	hasScore         bool
	art              [2]string // AVE+… as printed for NS and EW
	mp               [2]float64
	mpText           [2]string
	hasMP            [2]bool
	passed, fromBoth bool
}

// gridEntry is a pair's result on a board without its opponent.
type gridEntry struct {
	section, dir string
	pair, board  int
	score        int
	art          string
	mp           float64
	mpText       string
	hasMP        bool
	line         int
}

var pageBreaks = strings.NewReplacer("\f", "", "\v", "")

var (
	reBoardHead         = regexp.MustCompile(`(?i)^\s*RESULTS\s+OF\s+BOARD\s+(\d+)\b(.*)$`)
	reBoardHeadAnywhere = regexp.MustCompile(`(?im)^\s*RESULTS\s+OF\s+BOARD\s+\d+`)
	reSection           = regexp.MustCompile(`(?i:\bsection)\s+([A-Z0-9]{1,3})\b`)
	reScoresAfter       = regexp.MustCompile(`(?i)scores\s+after\s+(\d+)\s+boards?`)
	reTop               = regexp.MustCompile(`(?i)\btop\b\s*(?:on\s+a\s+board|of)?\s*[:=]?\s*(\d+(?:\.\d+)?)`)
	reAverage           = regexp.MustCompile(`(?i)\baverage\b\s*[:=]?\s*(\d+(?:\.\d+)?)`)
	reMovement          = regexp.MustCompile(`(?i)\b(mitchell|howell|web|barometer|bump mitchell|rover)\b`)
	reDate              = regexp.MustCompile(`(?i)\b((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}/\d{1,2}/\d{2,4}|\d{4}-\d{2}-\d{2})\b`)
	rePairLine          = regexp.MustCompile(`(?i)^\s*pair\s+([A-Z]{0,2}\d{1,4})\b(.*)$`)
	reAward             = regexp.MustCompile(`^(\d+\.\d+)(?:\(([A-Za-z]{1,3})\))?$`)
	reAwardBare         = regexp.MustCompile(`^(\d*\.\d+)([A-Za-z]{1,3})$`) // .80A, 0.80A
	reRank              = regexp.MustCompile(`^\d{1,4}(?:/\d{1,4}|=|T)?$`)
)

// read walks the report line by line.
func (rd *recapReader) read(lines []string) {
	rd.lastLine = len(lines)
	for i := 0; i < len(lines); i++ {
		text := expandTabs(strings.TrimRight(lines[i], " \f\v"))
		trimmed := strings.TrimSpace(text)
		if trimmed == "" {
			continue
		}
		if m := reBoardHead.FindStringSubmatch(text); m != nil {
			rd.inBody = true
			if sm := reSection.FindStringSubmatch(m[2]); sm != nil {
				rd.section = sm[1]
			}
			n, _ := strconv.Atoi(m[1])
			i = rd.board(lines, i, n) - 1
			continue
		}
		if m := rePairLine.FindStringSubmatch(text); m != nil && rd.inBody || m != nil && isGridStart(lines, i+1) {
			rd.inBody = true
			i = rd.pairRecap(lines, i, m[1], m[2]) - 1
			continue
		}
		if sm := reSection.FindStringSubmatch(text); sm != nil && !isRankingHeader(text) {
			rd.inBody = true
			rd.section = sm[1]
			rd.dir = ""
			if dm := reDirection.FindString(text); dm != "" {
				rd.dir = direction(dm)
			}
			rd.headerFigures(text)
			continue
		}
		if isRankingHeader(text) {
			rd.inBody = true
			i = rd.ranking(lines, i+1) - 1
			continue
		}
		if !rd.inBody {
			rd.header = append(rd.header, trimmed)
			rd.headerFigures(text)
			continue
		}
		rd.headerFigures(text)
	}
}

// headerFigures reads what a header line states: the date, the movement,
// the top, the average.
func (rd *recapReader) headerFigures(text string) {
	s := rd.s
	if s.Date == "" {
		if m := reDate.FindString(text); m != "" {
			s.Date = m
		}
	}
	if s.Movement == "" {
		if m := reMovement.FindString(text); m != "" {
			s.Movement = strings.ToUpper(m[:1]) + strings.ToLower(m[1:])
		}
	}
	if m := reTop.FindStringSubmatch(text); m != nil && s.Top == 0 {
		s.Top, _ = strconv.ParseFloat(m[1], 64)
	}
	if b := reScoresAfter.FindStringSubmatch(text); b != nil {
		rd.expected[rd.section], _ = strconv.Atoi(b[1])
	}
	if m := reAverage.FindStringSubmatch(text); m != nil && s.Average == 0 {
		avg, _ := strconv.ParseFloat(m[1], 64)
		// "Scores after 24 boards  Average: 84.0" is the session's average.
		if b := reScoresAfter.FindStringSubmatch(text); b != nil {
			if n, _ := strconv.Atoi(b[1]); n > 0 {
				avg /= float64(n)
			}
		}
		s.Average = avg
	}
}

// isRankingHeader tells the column heading of a ranking: Pair, Pct (or
// Percent, %) and Score.
func isRankingHeader(text string) bool {
	l := strings.ToLower(text)
	return strings.Contains(l, "pair") && strings.Contains(l, "score") &&
		(strings.Contains(l, "pct") || strings.Contains(l, "percent") || strings.Contains(l, "%"))
}

// ranking reads the rows of a ranking from line index i; it returns the
// index of the first line after them.
func (rd *recapReader) ranking(lines []string, i int) int {
	head := expandTabs(lines[i-1])
	scoreFirst := strings.Index(strings.ToLower(head), "score") < pctIndex(head)
	var stratCols []token // the strat letters under "Rank"
	rows := 0
	for ; i < len(lines); i++ {
		ln := i + 1
		text := expandTabs(strings.TrimRight(lines[i], " "))
		trimmed := strings.TrimSpace(text)
		if trimmed == "" {
			if rows > 0 && !rd.rowFollows(lines, i+1, scoreFirst, stratCols) {
				return i + 1
			}
			continue
		}
		if isStratHeader(trimmed) {
			stratCols = tokens(text)
			continue
		}
		row, unread, ok := rd.rankingRow(text, ln, scoreFirst, stratCols)
		if !ok {
			return i
		}
		rows++
		if rd.addPair(row) {
			// Warned here, not where the row is read: a row is read again
			// to peek past a blank line, and a report printed twice has
			// every row twice.
			for _, u := range unread {
				rd.s.Warn(rd.name, ln, "award", "pair %s: %q does not read as masterpoints (such as 1.20(A)): left out",
					scoring.PairLabel(row.Section, row.Number, row.Direction), u)
			}
		}
	}
	return i
}

// rowFollows tells whether the next line that is not blank, from line
// index i, is another row of the ranking: a report printed double-spaced,
// or with a page break inside a ranking, has blank lines between its
// rows, and ending the ranking there would lose every pair after it.
func (rd *recapReader) rowFollows(lines []string, i int, scoreFirst bool, stratCols []token) bool {
	for ; i < len(lines); i++ {
		text := expandTabs(strings.TrimRight(lines[i], " \f\v"))
		if strings.TrimSpace(text) == "" {
			continue
		}
		_, _, ok := rd.rankingRow(text, i+1, scoreFirst, stratCols)
		return ok
	}
	return false
}

func pctIndex(head string) int {
	l := strings.ToLower(head)
	best := -1
	for _, w := range []string{"pct", "percent", "%"} {
		if j := strings.Index(l, w); j >= 0 && (best < 0 || j < best) {
			best = j
		}
	}
	return best
}

// isStratHeader tells the line of strat letters under a ranking heading:
// "A   B   C" (and again for the overall ranks).
func isStratHeader(trimmed string) bool {
	fs := strings.Fields(trimmed)
	if len(fs) == 0 {
		return false
	}
	for _, f := range fs {
		if len(f) != 1 || f[0] < 'A' || f[0] > 'Z' {
			return false
		}
	}
	return true
}

// rankingRow reads a row of a ranking: pair, (strat,) percentage, score
// (or score, percentage), ranks, awards, names.
// unread are the tokens before the names that read as neither (a
// misprinted award).
func (rd *recapReader) rankingRow(text string, ln int, scoreFirst bool, stratCols []token) (scoring.SessionPair, []string, bool) {
	toks := tokens(text)
	var unread []string
	p := scoring.SessionPair{Section: rd.section, Direction: rd.dir, Line: ln}
	if len(toks) < 3 {
		return p, nil, false
	}
	sec, n, _, ok := pairID(toks[0].s)
	if !ok {
		return p, nil, false
	}
	if sec != "" {
		p.Section = sec
	}
	p.Number = n
	k := 1
	if len(toks[k].s) == 1 && toks[k].s[0] >= 'A' && toks[k].s[0] <= 'Z' {
		p.Strat = toks[k].s
		k++
	}
	if k+1 >= len(toks) {
		return p, nil, false
	}
	a, _, ok1 := number(toks[k].s)
	b, _, ok2 := number(toks[k+1].s)
	if !ok1 || !ok2 {
		return p, nil, false
	}
	pctText, totText := toks[k].s, toks[k+1].s
	if scoreFirst || (a > 100 && b <= 100) {
		a, b = b, a
		pctText, totText = totText, pctText
	}
	p.Percent, p.PercentText, p.HasPercent = a, strings.TrimSuffix(pctText, "%"), true
	p.Total, p.TotalText, p.HasTotal = b, totText, true
	k += 2
	for ; k < len(toks); k++ {
		t := toks[k]
		if m := reAward.FindStringSubmatch(t.s); m != nil && strings.Contains(t.s, "(") {
			pts, _ := strconv.ParseFloat(m[1], 64)
			p.Awards = append(p.Awards, scoring.Award{Points: pts, Reason: m[2]})
			continue
		}
		if m := reAward.FindStringSubmatch(t.s); m != nil && k+1 < len(toks) && strings.HasPrefix(toks[k+1].s, "(") {
			pts, _ := strconv.ParseFloat(m[1], 64)
			p.Awards = append(p.Awards, scoring.Award{Points: pts, Reason: strings.Trim(toks[k+1].s, "()")})
			k++
			continue
		}
		if reRank.MatchString(t.s) {
			if p.Place == "" {
				p.Place = t.s
			}
			p.StratRanks = append(p.StratRanks, scoring.StratRank{Strat: stratAt(stratCols, t), Rank: t.s})
			continue
		}
		if _, _, ok := number(t.s); ok { // a handicap or adjustment column
			continue
		}
		if m := reAwardBare.FindStringSubmatch(t.s); m != nil {
			pts, _ := strconv.ParseFloat(m[1], 64)
			p.Awards = append(p.Awards, scoring.Award{Points: pts, Reason: m[2]})
			continue
		}
		if notAName(t.s) {
			// Names do not start with a figure: glued to them, a misprinted
			// award would be a player's name, and the award lost unsaid.
			unread = append(unread, t.s)
			continue
		}
		p.Names = textfile.Names(strings.TrimSpace(string([]rune(text)[t.start:])), "-")
		break
	}
	return p, unread, true
}

// notAName tells a token that cannot start the names: a figure, or a
// figure's parenthesis.
func notAName(s string) bool {
	r := s[0]
	return r >= '0' && r <= '9' || r == '(' || r == '.' && len(s) > 1 && s[1] >= '0' && s[1] <= '9'
}

// stratAt is the strat letter whose column is nearest the token.
func stratAt(cols []token, t token) string {
	best, bestD := "", math.MaxInt
	for _, c := range cols {
		d := abs((c.start + c.end) - (t.start + t.end))
		if d < bestD {
			best, bestD = c.s, d
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// addPair adds a ranking row, once: a report printed twice lists every
// pair twice.
// It tells whether the row was added.
func (rd *recapReader) addPair(p scoring.SessionPair) bool {
	k := scoring.PairKey{Section: p.Section, Dir: p.Direction, Number: p.Number}
	if prev, ok := rd.pairs[k]; ok {
		q := rd.s.Pairs[prev]
		if q.PercentText == p.PercentText && q.TotalText == p.TotalText {
			rd.printedTwice(p.Line)
			return false
		}
		rd.s.Warn(rd.name, p.Line, "twice", "pair %s is ranked again with %s%% (first on line %d with %s%%): the first is kept",
			scoring.PairLabel(p.Section, p.Number, p.Direction), p.PercentText, q.Line, q.PercentText)
		return false
	}
	rd.pairs[k] = len(rd.s.Pairs)
	rd.s.Pairs = append(rd.s.Pairs, p)
	return true
}

// printedTwice notes, once, that the report is printed a second time.
func (rd *recapReader) printedTwice(ln int) {
	if rd.twice == 0 {
		rd.twice = ln
		rd.s.Warn(rd.name, ln, "twice", "the report is printed a second time from here: read once")
	}
}

// board reads a "RESULTS OF BOARD n" traveller from line index i (the
// heading); it returns the index of the first line after it.
func (rd *recapReader) board(lines []string, i, n int) int {
	start := i + 1
	bk := boardKey{rd.section, n}
	var nsCol, ewCol int // the end columns of the N-S and E-W score headings
	type pending struct {
		l       scoring.TravellerLine
		end     int // end column of a lone score
		art     string
		decided bool
	}
	var got []pending
	i++
	for ; i < len(lines); i++ {
		ln := i + 1
		text := expandTabs(strings.TrimRight(lines[i], " "))
		trimmed := strings.TrimSpace(text)
		if trimmed == "" {
			continue
		}
		if reBoardHead.MatchString(text) || isRankingHeader(text) || rePairLine.MatchString(text) ||
			reSection.MatchString(text) && !strings.Contains(strings.ToUpper(trimmed), " VS") {
			break
		}
		if strings.HasPrefix(trimmed, "---") || strings.HasPrefix(trimmed, "===") {
			continue
		}
		up := strings.ToUpper(text)
		if ns := strings.Index(up, "N-S"); ns >= 0 && !strings.Contains(up, " VS") {
			if ew := strings.Index(up, "E-W"); ew > ns {
				nsCol, ewCol = ns+3, ew+3
			}
			continue
		}
		if strings.Contains(up, "SCORE") || strings.Contains(up, "MATCHPOINT") || strings.Contains(up, "NAMES") {
			continue
		}
		l, end, art, err := rd.boardLine(text, ln)
		if err != nil {
			rd.s.Warn(rd.name, ln, "line", "board %d: %v; the line is left out", n, err)
			continue
		}
		if l == nil {
			continue // not played
		}
		got = append(got, pending{l: *l, end: end, art: art, decided: end < 0})
	}
	// Lone scores go under N-S or E-W by their column: the headings' when
	// printed, else the two columns the scores themselves fall in.
	if nsCol == 0 {
		var ends []int
		for _, p := range got {
			if !p.decided && !slices.Contains(ends, p.end) {
				ends = append(ends, p.end)
			}
		}
		slices.Sort(ends)
		if len(ends) >= 2 {
			nsCol, ewCol = ends[0], ends[len(ends)-1]
		}
	}
	if _, ok := rd.boards[bk]; ok {
		rd.printedTwice(start)
		return i
	}
	rd.boards[bk] = start
	for _, p := range got {
		l := p.l
		if !p.decided {
			ew := nsCol > 0 && abs(p.end-ewCol) < abs(p.end-nsCol)
			if p.art != "" {
				a := artificial(p.art, ew)
				l.Artificial = &a
			} else if ew {
				l.Score = -l.Score
			}
		}
		rd.s.AddLine(n, start, l)
	}
	return i
}

// boardLine reads a traveller line: scores, matchpoints and the two
// pairs. A nil line with no error is a board not played (NP, LATE). end is
// the column where a lone score ends (-1 when the line says its side), art
// a lone artificial score to place by its column.
func (rd *recapReader) boardLine(text string, ln int) (l *scoring.TravellerLine, end int, art string, err error) {
	toks := tokens(text)
	tl := scoring.TravellerLine{Section: rd.section, Line: ln}
	// The pairs: "A5-Adams-Baker vs A4-Clark-Davis", or the last two
	// numbers.
	var rest []token
	vs := -1
	for k, t := range toks {
		if strings.EqualFold(strings.TrimSuffix(t.s, "."), "vs") || strings.EqualFold(t.s, "v") {
			vs = k
			break
		}
	}
	var nsTok, ewTok token
	switch {
	case vs > 0 && vs+1 < len(toks):
		// The NS pair is the nearest word before "vs" that reads as one:
		// a surname with a space (A5-Van Dyke-Smith) spans two words.
		k := vs - 1
		for k > 0 {
			if _, _, _, ok := pairID(toks[k].s); ok {
				break
			}
			k--
		}
		nsTok, ewTok = toks[k], toks[vs+1]
		rest = toks[:k]
	case len(toks) >= 2:
		nsTok, ewTok = toks[len(toks)-2], toks[len(toks)-1]
		rest = toks[:len(toks)-2]
	default:
		return nil, 0, "", fmt.Errorf("%q: want scores, matchpoints and two pairs", clip(strings.TrimSpace(text)))
	}
	nsSec, ns, _, ok1 := pairID(nsTok.s)
	ewSec, ew, _, ok2 := pairID(ewTok.s)
	if !ok1 || !ok2 {
		return nil, 0, "", fmt.Errorf("%q: want the two pairs at the end (5 4, or A5-Name vs A4-Name)", clip(strings.TrimSpace(text)))
	}
	if nsSec != "" {
		tl.Section = nsSec
	}
	if ewSec != "" && ewSec != tl.Section {
		return nil, 0, "", fmt.Errorf("NS pair %s and EW pair %s are in different sections", nsTok.s, ewTok.s)
	}
	tl.NS, tl.EW = ns, ew
	// The matchpoints: the last two decimals.
	if len(rest) >= 2 && strings.Contains(rest[len(rest)-1].s, ".") && strings.Contains(rest[len(rest)-2].s, ".") {
		a, da, okA := number(rest[len(rest)-2].s)
		b, db, okB := number(rest[len(rest)-1].s)
		if okA && okB {
			tl.NSMP, tl.EWMP, tl.HasMP = a, b, true
			tl.NSMPText, tl.EWMPText = rest[len(rest)-2].s, rest[len(rest)-1].s
			tl.MPDecimals = max(da, db)
			rest = rest[:len(rest)-2]
		}
	}
	// The scores, contract and declarer.
	var scores []token
	var arts []token
	end = -1
	for _, t := range rest {
		u := strings.ToUpper(t.s)
		switch {
		case u == "NP" || u == "LATE" || u == "N/P" || u == "NOTPLAYED":
			return nil, 0, "", nil
		case u == "PASS" || u == "PASSED" || u == "P/O" || u == "PO":
			tl.Contract = "PASS"
			tl.Score = 0
			scores = append(scores, token{"0", -1, -1})
		case isArtificial(u):
			arts = append(arts, t)
		default:
			if v, ok := integer(t.s); ok {
				if v%10 != 0 || v < -7600 || v > 7600 {
					return nil, 0, "", fmt.Errorf("score %s is not a bridge score", t.s)
				}
				scores = append(scores, t)
				continue
			}
			if _, ok := scoring.ParseContract(t.s); ok {
				tl.Contract = t.s
				continue
			}
			if d := strings.ToUpper(t.s); d == "N" || d == "S" || d == "E" || d == "W" {
				tl.Declarer = d
				continue
			}
			return nil, 0, "", fmt.Errorf("%q is not a score", clip(t.s))
		}
	}
	switch {
	case len(arts) == 2:
		a := artificial(arts[0].s, false)
		b := artificial(arts[1].s, true)
		a.EW, a.Text = b.EW, arts[0].s+" "+arts[1].s
		tl.Artificial = &a
	case len(arts) == 1 && len(scores) == 0:
		art, end = arts[0].s, arts[0].end
	case len(arts) == 1:
		return nil, 0, "", fmt.Errorf("both a score and %s", arts[0].s)
	case len(scores) == 2:
		// Both columns printed: the NS score and EW's, one the negation of
		// the other (or 0 beside a passed out board).
		a, _ := integer(scores[0].s)
		b, _ := integer(scores[1].s)
		if a != 0 && b != 0 && a != -b {
			return nil, 0, "", fmt.Errorf("N-S %d and E-W %d: want one score, or one the negation of the other", a, b)
		}
		tl.Score = a
		if a == 0 {
			tl.Score = -b
		}
	case len(scores) == 1:
		v, _ := integer(scores[0].s)
		tl.Score = v
		end = scores[0].end
		if v < 0 || scores[0].end < 0 {
			end = -1 // a signed score is the NS score
		}
	case len(scores) == 0:
		return nil, 0, "", fmt.Errorf("no score")
	default:
		return nil, 0, "", fmt.Errorf("%d scores on one line", len(scores))
	}
	return &tl, end, art, nil
}

// isArtificial tells ACBLscore's artificial scores: AVE, AVE+, AVE-, A+,
// A-, A=, AVG±, and A5050-style splits.
func isArtificial(u string) bool {
	_, ok := scoring.ParseArtificial(u)
	return ok
}

// artificial reads an artificial score printed for one side (ew: under
// E-W); the other side gets the complement (AVE+ against AVE-), as
// ACBLscore awards when it prints one.
func artificial(text string, ew bool) scoring.Artificial {
	a, _ := scoring.ParseArtificial(text)
	u := strings.ToUpper(strings.TrimSpace(text))
	if !strings.HasPrefix(u, "A5") && !strings.HasPrefix(u, "A6") && !strings.HasPrefix(u, "A4") && !strings.HasPrefix(u, "A3") && !strings.HasPrefix(u, "A7") {
		// A side's own average: AVE+ is 60 % to that side, 40 % to the other.
		own := a.NS
		a.NS, a.EW = own, 100-own
		if ew {
			a.NS, a.EW = 100-own, own
		}
	}
	a.Text = strings.TrimSpace(text)
	return a
}

// boardsOf counts the boards with a result in the section.
func boardsOf(s *scoring.Session, section string) int {
	n := 0
	for _, b := range s.Boards {
		for _, l := range b.Lines {
			if l.Section == section {
				n++
				break
			}
		}
	}
	return n
}

// finish builds the session: the grid's results, the header, the
// checks.
func (rd *recapReader) finish() (*scoring.Session, error) {
	s := rd.s
	rd.flushGrid()
	rd.readHeader()
	// Each section against its own ranking: a section whose header states
	// more boards than it has results is not hidden by a later section's
	// header (checking only the last one did).
	secs := slices.Sorted(maps.Keys(rd.expected))
	for _, sec := range secs {
		want := rd.expected[sec]
		n := len(s.Boards)
		if sec != "" {
			n = boardsOf(s, sec)
		}
		where := ""
		if len(secs) > 1 && sec != "" {
			where = "section " + sec + ": "
		}
		switch {
		case want > 0 && n > 0 && n < want:
			s.Warn(rd.name, rd.lastLine, "truncated", "%sthe report gives results for %d of the %d boards its ranking was scored on: the file is cut off, or leaves boards out", where, n, want)
		case want > 0 && n > want:
			// A ranking printed before the last rounds, or one that left
			// boards out: its figures are not those of every board read.
			s.Warn(rd.name, rd.lastLine, "boards", "%sthe report gives results for %d boards, and its ranking was scored on %d: the ranking leaves some out, and the figures recomputed from all %d will differ from it", where, n, want, n)
		}
	}
	if len(s.Boards) == 0 {
		if len(s.Pairs) > 0 {
			return nil, &engine.ParseError{File: rd.name, Err: errors.New("a ranking but no board-by-board results (neither RESULTS OF BOARD nor a recap per pair): nothing to recompute")}
		}
		return nil, &engine.ParseError{File: rd.name, Err: errors.New("not an ACBLscore report: no ranking (Pair, Pct, Score), no RESULTS OF BOARD, no recap per pair")}
	}
	rd.pairsFromBoards()
	if err := s.Finish(rd.name); err != nil {
		return nil, err
	}
	return s, nil
}

// readHeader takes the event and the club from the header's first lines:
// the event on the first, the club on the next (before two spaces, after
// which ACBLscore prints the session).
func (rd *recapReader) readHeader() {
	s := rd.s
	var text []string
	for _, h := range rd.header {
		if reDate.MatchString(h) && len(reDate.FindString(h)) >= len(h)-2 {
			continue
		}
		text = append(text, h)
	}
	if len(text) > 0 {
		s.Event = strings.Join(strings.Fields(text[0]), " ")
	}
	if len(text) > 1 {
		club := strings.Split(strings.TrimSpace(text[1]), "  ")[0]
		s.Club = strings.TrimSpace(club)
	}
}

// pairsFromBoards lists the pairs a traveller names that no ranking
// lists (a recap cut off before its ranking, a pair the ranking left
// out), with the direction the travellers give when the ranking numbers
// each direction.
func (rd *recapReader) pairsFromBoards() {
	s := rd.s
	if len(s.Pairs) == 0 {
		return // Finish lists them from the travellers
	}
	byDir := false
	for _, p := range s.Pairs {
		byDir = byDir || p.Direction != ""
	}
	for _, b := range s.Boards {
		for _, l := range b.Lines {
			for _, side := range []struct {
				n   int
				dir string
			}{{l.NS, "NS"}, {l.EW, "EW"}} {
				k := scoring.PairKey{Section: l.Section, Number: side.n}
				if byDir {
					k.Dir = side.dir
				}
				if _, ok := rd.pairs[k]; ok {
					continue
				}
				rd.pairs[k] = len(s.Pairs)
				s.Pairs = append(s.Pairs, scoring.SessionPair{Section: k.Section, Number: k.Number, Direction: k.Dir, Line: l.Line})
				s.Warn(rd.name, l.Line, "pair", "board %d: pair %s is in no ranking of the report", b.Number, scoring.PairLabel(k.Section, k.Number, k.Dir))
			}
		}
	}
}

// IsRecap reports whether text (its first KiB suffice, more is better)
// reads as an ACBLscore report: a RESULTS OF BOARD heading, or a ranking
// heading (Pair, Pct, Score) under a "Section" line, or a pair recap.
func IsRecap(text []byte) bool {
	head := string(bytes.ReplaceAll(text[:min(len(text), 64<<10)], []byte{0}, nil))
	if reBoardHeadAnywhere.MatchString(head) {
		return true
	}
	lines := textfile.Lines([]byte(head))
	section, ranking := false, false
	for i, l := range lines {
		section = section || reSection.MatchString(l) && reDirection.MatchString(l) || reScoresAfter.MatchString(l)
		ranking = ranking || isRankingHeader(l)
		if rePairLine.MatchString(l) && isGridStart(lines, i+1) {
			return true
		}
	}
	return section && ranking
}
