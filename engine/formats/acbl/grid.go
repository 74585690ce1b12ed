package acbl

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/engine/formats/textfile"
	"github.com/bridgereport/bridgereport/engine/scoring"
)

// A recap per pair prints, after a "Pair 5 N-S Ann Archer - Bob Baker"
// line, the pair's boards either across, one row per kind:
//
//	Board    1     2     3
//	Vs       4     4     2
//	Score  420   -50  AVE+
//	MPs   4.50  1.00  3.60
//
// or down, one row per board under a heading (Bd Vs Score MPs). Scores
// and matchpoints are the pair's own: an EW pair's +50 is NS's -50.

// rowKind is what a row of a recap grid holds.
type rowKind int

const (
	rowNone rowKind = iota
	rowBoard
	rowVs
	rowScore
	rowMP
	rowSeat
)

// rowLabel reads a row's label: Board, Vs, Score, MPs, Seat (with or
// without a colon).
func rowLabel(s string) rowKind {
	switch strings.ToUpper(strings.TrimSuffix(s, ":")) {
	case "BOARD", "BOARDS", "BD", "BDS", "BRD":
		return rowBoard
	case "VS", "VS.", "OPP", "OPPS", "OPPONENT", "OPPONENTS", "AGAINST":
		return rowVs
	case "SCORE", "SCORES", "RESULT", "RESULTS", "NET":
		return rowScore
	case "MP", "MPS", "MPTS", "MATCHPOINTS", "MATCHPTS", "PTS", "POINTS":
		return rowMP
	case "SEAT", "DIR", "SAT", "DIRECTION":
		return rowSeat
	}
	return rowNone
}

// isGridStart tells whether the line at index i starts a recap grid: a
// row labelled Board (across), or a heading naming a board and a score
// (down).
func isGridStart(lines []string, i int) bool {
	for ; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		if t == "" {
			continue
		}
		fs := strings.Fields(t)
		return rowLabel(fs[0]) == rowBoard
	}
	return false
}

// pairRecap reads the recap of one pair from line index i (its "Pair"
// line); it returns the index of the first line after it.
func (rd *recapReader) pairRecap(lines []string, i int, id, rest string) int {
	ln := i + 1
	sec, num, _, _ := pairID(id)
	if sec == "" {
		sec = rd.section
		if m := reSection.FindStringSubmatch(rest); m != nil {
			sec = m[1]
		}
	}
	dir := rd.dir
	if m := reDirection.FindString(rest); m != "" {
		dir = direction(m)
	}
	p := scoring.SessionPair{Section: sec, Number: num, Direction: dir, Line: ln}
	names := reSection.ReplaceAllString(reDirection.ReplaceAllString(rest, " "), " ")
	var words []string
	for _, w := range strings.Fields(names) {
		if _, _, ok := number(w); ok {
			if strings.HasSuffix(w, "%") && !p.HasPercent {
				p.Percent, _, _ = number(w)
				p.PercentText, p.HasPercent = strings.TrimSuffix(w, "%"), true
			}
			continue
		}
		words = append(words, w)
	}
	p.Names = textfile.Names(strings.Join(words, " "), "-")
	k := scoring.PairKey{Section: sec, Dir: dir, Number: num}
	if j, ok := rd.pairs[k]; ok {
		if len(rd.s.Pairs[j].Names) == 0 {
			rd.s.Pairs[j].Names = p.Names
		}
	} else {
		rd.addPair(p)
	}
	i++
	var cols []token // board columns (across) or the heading (down)
	var boards []int
	var vs, seat []string
	var scoreCells, mpCells []string
	down := false
	var head []token
	flush := func() {
		for c, b := range boards {
			e := gridEntry{section: sec, dir: dir, pair: num, board: b, line: ln}
			cell := func(cells []string) string {
				if c < len(cells) {
					return cells[c]
				}
				return ""
			}
			opp, st := cell(vs), cell(seat)
			rd.gridEntry(e, opp, st, cell(scoreCells), cell(mpCells))
		}
		boards, vs, seat, scoreCells, mpCells = nil, nil, nil, nil, nil
	}
	for ; i < len(lines); i++ {
		text := expandTabs(strings.TrimRight(lines[i], " "))
		trimmed := strings.TrimSpace(text)
		if trimmed == "" {
			continue
		}
		if rePairLine.MatchString(text) || reBoardHead.MatchString(text) || isRankingHeader(text) || reSection.MatchString(text) {
			break
		}
		toks := tokens(text)
		kind := rowLabel(toks[0].s)
		if down {
			if _, ok := integer(toks[0].s); !ok {
				break
			}
			rd.downRow(text, head, sec, dir, num, i+1)
			continue
		}
		if kind == rowBoard && len(toks) > 1 && isHeading(toks[1:]) {
			down, head = true, toks
			continue
		}
		switch kind {
		case rowBoard:
			flush()
			cols = toks[1:]
			for _, t := range cols {
				b, ok := integer(t.s)
				if !ok || b < 1 {
					rd.s.Warn(rd.name, i+1, "line", "pair %s: board %q is not a board number; the row is left out", scoring.PairLabel(sec, num, dir), clip(t.s))
					cols = nil
					break
				}
				boards = append(boards, b)
			}
			ln = i + 1
		case rowVs:
			vs = alignCells(cols, toks[1:])
		case rowSeat:
			seat = alignCells(cols, toks[1:])
		case rowScore:
			scoreCells = alignCells(cols, toks[1:])
		case rowMP:
			mpCells = alignCells(cols, toks[1:])
		default:
			flush()
			return i
		}
	}
	flush()
	return i
}

// isHeading tells a heading of a recap printed down: its words are row
// labels (Bd Vs Score MPs).
func isHeading(toks []token) bool {
	n := 0
	for _, t := range toks {
		if rowLabel(t.s) != rowNone {
			n++
		}
	}
	return n >= 2
}

// alignCells puts each cell of a row under the board column it ends
// nearest to (numbers are printed right-aligned, a missing cell is a gap).
func alignCells(cols []token, cells []token) []string {
	out := make([]string, len(cols))
	for _, c := range cells {
		best, bestD := -1, 1<<30
		for k, col := range cols {
			if d := abs(c.end - col.end); d < bestD {
				best, bestD = k, d
			}
		}
		if best >= 0 {
			if out[best] != "" {
				out[best] += " "
			}
			out[best] += c.s
		}
	}
	return out
}

// downRow reads a row of a recap printed down, by the heading's columns.
func (rd *recapReader) downRow(text string, head []token, sec, dir string, num, ln int) {
	cols := make([]token, len(head))
	copy(cols, head)
	cells := alignCells(cols, tokens(text))
	var board int
	var opp, st, score, mp string
	for k, h := range head {
		switch rowLabel(h.s) {
		case rowBoard:
			board, _ = integer(cells[k])
		case rowVs:
			opp = cells[k]
		case rowSeat:
			st = cells[k]
		case rowScore:
			score = cells[k]
		case rowMP:
			mp = cells[k]
		}
	}
	if board < 1 {
		rd.s.Warn(rd.name, ln, "line", "pair %s: %q has no board number; the row is left out", scoring.PairLabel(sec, num, dir), clip(strings.TrimSpace(text)))
		return
	}
	rd.gridEntry(gridEntry{section: sec, dir: dir, pair: num, board: board, line: ln}, opp, st, score, mp)
}

// gridEntry reads one cell of a pair's recap: its opponent, seat, score
// and matchpoints on a board.
func (rd *recapReader) gridEntry(e gridEntry, opp, seat, score, mp string) {
	label := scoring.PairLabel(e.section, e.pair, e.dir)
	u := strings.ToUpper(strings.TrimSpace(score))
	switch {
	case u == "" && mp == "":
		return // the pair did not play the board (a sit-out)
	case u == "NP" || u == "LATE" || u == "N/P" || u == "-":
		return
	case u == "PASS" || u == "PASSED" || u == "P/O":
		e.score = 0
	case isArtificial(u):
		e.art = strings.TrimSpace(score)
	default:
		v, ok := integer(u)
		if !ok || v%10 != 0 {
			rd.s.Warn(rd.name, e.line, "line", "pair %s, board %d: score %q is not a score; left out", label, e.board, clip(score))
			return
		}
		e.score = v
	}
	if mp = strings.TrimSpace(mp); mp != "" {
		v, _, ok := number(mp)
		if !ok {
			rd.s.Warn(rd.name, e.line, "line", "pair %s, board %d: matchpoints %q are not a number; left out", label, e.board, clip(mp))
		} else {
			e.mp, e.mpText, e.hasMP = v, mp, true
		}
	}
	switch st := strings.ToUpper(strings.TrimSpace(seat)); st {
	case "N", "S", "NS", "N-S":
		e.dir = "NS"
	case "E", "W", "EW", "E-W":
		e.dir = "EW"
	}
	opp = strings.TrimSpace(opp)
	if opp == "" {
		rd.unmatched = append(rd.unmatched, e)
		return
	}
	osec, onum, _, ok := pairID(strings.TrimLeft(strings.TrimRight(opp, "NSEW"), "NSEW"))
	if !ok {
		rd.s.Warn(rd.name, e.line, "line", "pair %s, board %d: opponent %q is not a pair; left out", label, e.board, clip(opp))
		return
	}
	if osec == "" {
		osec = e.section
	}
	if osec != e.section {
		rd.s.Warn(rd.name, e.line, "line", "pair %s, board %d: opponent %s is in another section; left out", label, e.board, opp)
		return
	}
	rd.placeEntry(e, onum)
}

// placeEntry files a pair's result against a known opponent as the NS or
// EW side of one traveller line.
func (rd *recapReader) placeEntry(e gridEntry, opp int) {
	ewSide := e.dir == "EW"
	if e.dir == "" { // a Howell recap without seats: the lower number NS
		ewSide = e.pair > opp
		rd.noSeats++
	}
	k := lineKey{e.section, e.board, e.pair, opp}
	if ewSide {
		k = lineKey{e.section, e.board, opp, e.pair}
	}
	g := rd.lines[k]
	if g == nil {
		g = &gridLine{line: e.line}
		rd.lines[k] = g
		rd.lineOrder = append(rd.lineOrder, k)
	}
	side := 0
	if ewSide {
		side = 1
	}
	if e.art != "" {
		g.art[side] = e.art
	} else {
		nsScore := e.score
		if ewSide {
			nsScore = -e.score
		}
		if g.hasScore && g.score != nsScore {
			rd.s.Warn(rd.name, e.line, "score", "board %d: pair %s's recap gives NS %+d, its opponent's %+d (line %d): the first is kept",
				e.board, scoring.PairLabel(e.section, e.pair, e.dir), nsScore, g.score, g.line)
		} else {
			g.score, g.hasScore = nsScore, true
		}
	}
	if e.hasMP {
		g.mp[side], g.mpText[side], g.hasMP[side] = e.mp, e.mpText, true
	}
}

// flushGrid matches the results printed without an opponent by their
// scores (NS +420 against EW −420 on the same board: any matching gives
// the same matchpoints), then writes every grid result as a traveller
// line.
func (rd *recapReader) flushGrid() {
	if len(rd.unmatched) > 0 {
		rd.matchByScore()
	}
	if rd.noSeats > 0 {
		rd.s.Warn(rd.name, 0, "seats", "the recap prints no seats for %d result(s): the lower-numbered pair is taken as NS", rd.noSeats)
	}
	slices.SortStableFunc(rd.lineOrder, func(a, b lineKey) int {
		return cmp.Or(cmp.Compare(a.section, b.section), cmp.Compare(a.board, b.board), cmp.Compare(a.ns, b.ns))
	})
	for _, k := range rd.lineOrder {
		g := rd.lines[k]
		l := scoring.TravellerLine{Section: k.section, NS: k.ns, EW: k.ew, Line: g.line, Score: g.score}
		switch {
		case g.art[0] != "" || g.art[1] != "":
			a := artificial(cmp.Or(g.art[0], g.art[1]), g.art[0] == "")
			if g.art[0] != "" && g.art[1] != "" {
				b := artificial(g.art[1], true)
				a.EW, a.Text = b.EW, g.art[0]+" "+g.art[1]
			}
			l.Artificial = &a
		case !g.hasScore:
			continue
		}
		if g.hasMP[0] && g.hasMP[1] {
			l.NSMP, l.EWMP, l.HasMP = g.mp[0], g.mp[1], true
			l.NSMPText, l.EWMPText = g.mpText[0], g.mpText[1]
			l.MPDecimals = max(decimals(g.mpText[0]), decimals(g.mpText[1]))
		}
		if _, ok := rd.boards[boardKey{k.section, k.board}]; ok {
			continue // also printed as a RESULTS OF BOARD traveller, read there
		}
		rd.s.AddLine(k.board, g.line, l)
	}
}

func decimals(s string) int {
	if i := strings.IndexByte(s, '.'); i >= 0 {
		return len(s) - i - 1
	}
	return 0
}

// matchByScore pairs the NS and EW results of a board printed without
// opponents: equal and opposite scores, in the order printed.
func (rd *recapReader) matchByScore() {
	type bk struct {
		section string
		board   int
	}
	by := map[bk][]gridEntry{}
	var order []bk
	for _, e := range rd.unmatched {
		k := bk{e.section, e.board}
		if _, ok := by[k]; !ok {
			order = append(order, k)
		}
		by[k] = append(by[k], e)
	}
	left := 0
	for _, k := range order {
		var ns, ew []gridEntry
		for _, e := range by[k] {
			if e.dir == "EW" {
				ew = append(ew, e)
			} else {
				ns = append(ns, e)
			}
		}
		used := make([]bool, len(ew))
		for _, a := range ns {
			found := false
			for j, b := range ew {
				if used[j] {
					continue
				}
				same := a.art == "" && b.art == "" && a.score == -b.score || a.art != "" && b.art != ""
				if same {
					used[j], found = true, true
					rd.placeEntry(a, b.pair)
					rd.placeEntry(b, a.pair)
					break
				}
			}
			if !found {
				left++
			}
		}
		for j := range ew {
			if !used[j] {
				left++
			}
		}
	}
	rd.s.Warn(rd.name, 0, "opponents", "the recap prints no opponents: NS and EW results of each board are paired by their scores (the matchpoints do not depend on it; the movement rebuilt from it may not be the one played)%s",
		map[bool]string{true: fmt.Sprintf("; %d result(s) found no partner and are left out", left), false: ""}[left > 0])
}
