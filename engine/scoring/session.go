package scoring

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
)

// BoardResult is one play of a board in a pairs session.
type BoardResult struct {
	Board int `json:"-"`     // a board's results are listed under it
	NS    int `json:"ns"`    // the NS pair
	EW    int `json:"ew"`    // the EW pair
	Score int `json:"score"` // the NS score
	// Line is where the result was read; 0 when it was not read from a file.
	Line int `json:"-"`
}

// SessionSettings controls ScoreSession. The zero value scores on the WBF
// scale, expects every board as often as the most-played one, and rounds
// the totals to 0.1.
type SessionSettings struct {
	// Expected is how many times each board should have been played; zero
	// means the most times any board was played.
	Expected int
	// Scale is the matchpoint scale (ScaleDefault: WBF).
	Scale Scale
	// Round says where matchpoints are rounded.
	Round RoundPolicy
	// Step is what rounding rounds to, 1/n for a whole n; zero means 0.1.
	Step float64
}

// ScoredResult is a result with its matchpoints.
type ScoredResult struct {
	BoardResult
	// NSMP and EWMP are the raw matchpoints, out of the board's own top.
	NSMP float64 `json:"ns_mp"`
	EWMP float64 `json:"ew_mp"`
	// NSAdjusted and EWAdjusted are Neuberg-adjusted to the expected number
	// of results (rounded when the policy rounds each board).
	NSAdjusted float64 `json:"ns_adjusted"`
	EWAdjusted float64 `json:"ew_adjusted"`
}

// BoardScore is one board of a session, matchpointed.
type BoardScore struct {
	Board int
	// Top is the raw top on the board: Scale.Top(len(Results)).
	Top     float64
	Results []ScoredResult
}

// PairScore is one pair's session total.
type PairScore struct {
	// Rank orders the pairs by Percent, which is the order of MP when all
	// pairs played the same number of boards; equal percents share a rank.
	Rank   int `json:"rank"`
	Pair   int `json:"pair"`
	Boards int `json:"boards"`
	// MP is the Neuberg-adjusted total under the rounding policy, out of Top,
	// the full-board top (Scale.Top(Expected)) summed over the pair's boards.
	MP  float64 `json:"mp"`
	Top float64 `json:"top"`
	// Percent is 100·MP/Top, from the rounded MP when totals are rounded.
	Percent float64 `json:"percent"`
	// RawMP and RawTop add up matchpoints as scored, without Neuberg.
	RawMP      float64 `json:"raw_mp"`
	RawTop     float64 `json:"raw_top"`
	RawPercent float64 `json:"raw_percent"`
}

// SessionScore is a matchpointed pairs session.
type SessionScore struct {
	Settings SessionSettings // with defaults filled in
	Boards   []BoardScore    // by board number
	Pairs    []PairScore     // by rank, then pair number
}

// ScoreSession matchpoints every board of a session, adjusts boards played
// fewer than the expected number of times with the Neuberg formula, and
// totals each pair's score under the rounding policy.
func ScoreSession(results []BoardResult, set SessionSettings) (*SessionScore, error) {
	if len(results) == 0 {
		return nil, errors.New("no results")
	}
	if i, err := checkResults(results); err != nil {
		return nil, fmt.Errorf("result %d: %w", i+1, err)
	}
	byBoard := map[int][]BoardResult{}
	most := 0
	for _, r := range results {
		byBoard[r.Board] = append(byBoard[r.Board], r)
		most = max(most, len(byBoard[r.Board]))
	}
	if set.Expected == 0 {
		set.Expected = most
	}
	if set.Expected < most {
		return nil, fmt.Errorf("expected %d results a board, but a board was played %d times", set.Expected, most)
	}
	if set.Expected < 2 {
		return nil, errors.New("every board was played once; there is nothing to compare")
	}
	if set.Step == 0 {
		set.Step = 0.1
	}
	set.Scale = set.Scale.or(ScaleWBF)
	if inv := 1 / set.Step; !(set.Step > 0) || math.Abs(inv-math.Round(inv)) > 1e-9 {
		return nil, fmt.Errorf("rounding step %v: want 1, 0.5, 0.1, 0.01 or another 1/n", set.Step)
	}

	out := &SessionScore{Settings: set}
	type total struct {
		boards          int
		mp, raw, rawTop float64
	}
	totals := map[int]*total{}
	add := func(pair int, raw, adj, rawTop float64) {
		t := totals[pair]
		if t == nil {
			t = &total{}
			totals[pair] = t
		}
		t.boards++
		t.raw += raw
		t.mp += adj
		t.rawTop += rawTop
	}
	boards := make([]int, 0, len(byBoard))
	for b := range byBoard {
		boards = append(boards, b)
	}
	slices.Sort(boards)
	top := set.Scale.Top(set.Expected)
	for _, b := range boards {
		rs := byBoard[b]
		scores := make([]int, len(rs))
		for i, r := range rs {
			scores[i] = r.Score
		}
		mps := make([]float64, len(rs))
		Matchpoints(mps, scores, set.Scale)
		bs := BoardScore{Board: b, Top: set.Scale.Top(len(rs)), Results: make([]ScoredResult, len(rs))}
		for i, r := range rs {
			sr := ScoredResult{BoardResult: r, NSMP: mps[i], EWMP: bs.Top - mps[i]}
			sr.NSAdjusted = Neuberg(sr.NSMP, len(rs), set.Expected, set.Scale)
			sr.EWAdjusted = Neuberg(sr.EWMP, len(rs), set.Expected, set.Scale)
			if set.Round == RoundEachBoard {
				sr.NSAdjusted = RoundTo(sr.NSAdjusted, set.Step)
				sr.EWAdjusted = RoundTo(sr.EWAdjusted, set.Step)
			}
			add(r.NS, sr.NSMP, sr.NSAdjusted, bs.Top)
			add(r.EW, sr.EWMP, sr.EWAdjusted, bs.Top)
			bs.Results[i] = sr
		}
		out.Boards = append(out.Boards, bs)
	}

	for pair, t := range totals {
		ps := PairScore{Pair: pair, Boards: t.boards, MP: t.mp, Top: top * float64(t.boards), RawMP: t.raw, RawTop: t.rawTop}
		if set.Round != RoundNone {
			// Under RoundEachBoard this only removes the drift of adding
			// decimal fractions in binary.
			ps.MP = RoundTo(ps.MP, set.Step)
		}
		ps.Percent = 100 * ps.MP / ps.Top
		if ps.RawTop > 0 {
			ps.RawPercent = 100 * ps.RawMP / ps.RawTop
		}
		out.Pairs = append(out.Pairs, ps)
	}
	// Percents of equal totals over equal tops are computed alike, so the
	// tolerance only absorbs drift in unrounded totals.
	same := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(a)) }
	slices.SortFunc(out.Pairs, func(a, b PairScore) int {
		if !same(a.Percent, b.Percent) {
			return cmp.Compare(b.Percent, a.Percent)
		}
		return cmp.Compare(a.Pair, b.Pair)
	})
	for i := range out.Pairs {
		out.Pairs[i].Rank = i + 1
		if i > 0 && same(out.Pairs[i].Percent, out.Pairs[i-1].Percent) {
			out.Pairs[i].Rank = out.Pairs[i-1].Rank
		}
	}
	return out, nil
}

// checkResults finds the first result that cannot be part of a session and
// returns its index with the reason.
func checkResults(results []BoardResult) (int, error) {
	var c ResultChecker
	for i, r := range results {
		if err := c.Check(r); err != nil {
			return i, err
		}
	}
	return 0, nil
}

// Bounds of a session's numbers: the largest bridge score is 7600 (13
// down, redoubled, vulnerable); boards and pairs beyond these are typing
// mistakes, not sessions.
const (
	MaxScore = 7600
	MaxBoard = 99999
	MaxPair  = 999999
)

// ResultChecker checks results one at a time, so that a reader can stop at
// the first bad line.
type ResultChecker struct {
	seen map[[2]int]BoardResult // board and pair → the result where the pair played it
}

// Check checks r against the results before it.
func (c *ResultChecker) Check(r BoardResult) error {
	switch {
	case r.Board < 1:
		return fmt.Errorf("board %d: want a board number from 1", r.Board)
	case r.NS < 1:
		return fmt.Errorf("ns %d: want a pair number from 1", r.NS)
	case r.EW < 1:
		return fmt.Errorf("ew %d: want a pair number from 1", r.EW)
	case r.NS == r.EW:
		return fmt.Errorf("board %d: pair %d cannot sit both NS and EW", r.Board, r.NS)
	case r.Board > MaxBoard:
		return fmt.Errorf("board %d: board numbers go up to %d", r.Board, MaxBoard)
	case r.NS > MaxPair || r.EW > MaxPair:
		return fmt.Errorf("board %d: pair %d: pair numbers go up to %d", r.Board, max(r.NS, r.EW), MaxPair)
	case r.Score > MaxScore || r.Score < -MaxScore:
		return fmt.Errorf("board %d: score %d: no bridge score is beyond ±%d", r.Board, r.Score, MaxScore)
	}
	if c.seen == nil {
		c.seen = map[[2]int]BoardResult{}
	}
	for _, p := range []int{r.NS, r.EW} {
		if prev, ok := c.seen[[2]int{r.Board, p}]; ok {
			where := ""
			if prev.Line > 0 {
				where = fmt.Sprintf(" (line %d)", prev.Line)
			}
			return fmt.Errorf("board %d: pair %d already played it%s", r.Board, p, where)
		}
	}
	c.seen[[2]int{r.Board, r.NS}] = r
	c.seen[[2]int{r.Board, r.EW}] = r
	return nil
}
