package movement

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A pair arriving late or leaving early changes the movement as played.
// Three spec modifiers say how (see Spec), applied after the arrow switches
// and before absent and phantom:
//
//	rover=2:2+3:4+4:6     an extra pair, numbered one above the movement's
//	                      pairs, takes pair 2's seat in round 2, pair 4's in
//	                      round 3, pair 6's in round 4 (the displaced pair
//	                      sits out that round); in rounds not listed the
//	                      extra pair sits out
//	appendix=2:9+3:12     an extra pair sits at a table added after the
//	                      last, and plays pair 9 there in round 2 on the
//	                      boards of pair 9's table (pair 9's opponent sits
//	                      out, pair 9's table is empty), pair 12 in round 3
//	miss=16:1-1+3:7-9     pair 16 misses round 1, pair 3 rounds 7 to 9: its
//	                      tables are empty then, its opponents sit out
//
// A rover or appendix pair's seats keep the displaced seat's direction
// (appendix: the direction of the opponent it replaces).

// RoundPair is one round's entry of a rover or appendix list: in Round the
// extra pair replaces or meets Pair.
type RoundPair struct{ Round, Pair int }

// PairRounds is one entry of a miss list: Pair misses rounds From to To.
type PairRounds struct{ Pair, From, To int }

// parseRoundPairs parses "2:5+3:9".
func parseRoundPairs(val string) ([]RoundPair, error) {
	var out []RoundPair
	for _, f := range strings.Split(val, "+") {
		a, b, ok := strings.Cut(f, ":")
		r, errR := strconv.Atoi(a)
		p, errP := strconv.Atoi(b)
		if !ok || errR != nil || errP != nil || r < 1 || p < 1 {
			return nil, fmt.Errorf("%q is not round:pair (2:5), items joined by +", f)
		}
		if slices.ContainsFunc(out, func(x RoundPair) bool { return x.Round == r }) {
			return nil, fmt.Errorf("round %d is given twice", r)
		}
		out = append(out, RoundPair{r, p})
	}
	slices.SortFunc(out, func(x, y RoundPair) int { return x.Round - y.Round })
	return out, nil
}

// parseMiss parses "16:1-1+3:7-9".
func parseMiss(val string) ([]PairRounds, error) {
	var out []PairRounds
	for _, f := range strings.Split(val, "+") {
		a, b, ok := strings.Cut(f, ":")
		from, to, ok2 := strings.Cut(b, "-")
		p, errP := strconv.Atoi(a)
		x, errX := strconv.Atoi(from)
		y, errY := strconv.Atoi(to)
		if !ok || !ok2 || errP != nil || errX != nil || errY != nil || p < 1 || x < 1 || y < x {
			return nil, fmt.Errorf("%q is not pair:first-last (16:1-1), items joined by +", f)
		}
		out = append(out, PairRounds{p, x, y})
	}
	return out, nil
}

func roundPairsText(l []RoundPair) string {
	parts := make([]string, len(l))
	for i, x := range l {
		parts[i] = fmt.Sprintf("%d:%d", x.Round, x.Pair)
	}
	return strings.Join(parts, "+")
}

func missText(l []PairRounds) string {
	parts := make([]string, len(l))
	for i, x := range l {
		parts[i] = fmt.Sprintf("%d:%d-%d", x.Pair, x.From, x.To)
	}
	return strings.Join(parts, "+")
}

// seatsOf lists the table positions (0-based) where pair p sits in round r
// (0-based): one, or two at a split table.
func (m *Movement) seatsOf(r, p int) []int {
	var out []int
	for t, tb := range m.Schedule[r] {
		if tb.NS == p || tb.EW == p {
			out = append(out, t)
		}
	}
	return out
}

// WithRover returns m with an extra pair, m.Pairs+1, that takes the seat of
// the listed pair in each listed round; the displaced pair sits out.
func (m *Movement) WithRover(list []RoundPair) (*Movement, error) {
	c := m.Clone()
	c.Pairs++
	if len(c.Sections) > 0 {
		return nil, fmt.Errorf("rover: a movement in sections: give the rover to one section's spec")
	}
	x := c.Pairs
	for _, e := range list {
		if e.Round > m.Rounds || e.Pair > m.Pairs {
			return nil, fmt.Errorf("rover: %d:%d: round or pair outside 1..%d, 1..%d", e.Round, e.Pair, m.Rounds, m.Pairs)
		}
		seats := m.seatsOf(e.Round-1, e.Pair)
		if len(seats) == 0 {
			return nil, fmt.Errorf("rover: pair %d does not play in round %d: the rover cannot take its seat", e.Pair, e.Round)
		}
		for _, t := range seats {
			tb := &c.Schedule[e.Round-1][t]
			if tb.NS == e.Pair {
				tb.NS = x
			} else {
				tb.EW = x
			}
		}
	}
	return c, nil
}

// WithAppendix returns m with an extra pair, m.Pairs+1, at a table added
// after the last: in each listed round it plays the listed pair there on
// the board group of that pair's table, whose other pair sits out.
func (m *Movement) WithAppendix(list []RoundPair) (*Movement, error) {
	if len(m.Sections) > 0 {
		return nil, fmt.Errorf("appendix: a movement in sections: give the appendix table to one section's spec")
	}
	c := New(m.Pairs+1, m.Tables+1, m.Rounds, m.Groups)
	c.NumericGroups = m.NumericGroups
	for r, row := range m.Schedule {
		copy(c.Schedule[r], row)
	}
	x := c.Pairs
	for _, e := range list {
		if e.Round > m.Rounds || e.Pair > m.Pairs {
			return nil, fmt.Errorf("appendix: %d:%d: round or pair outside 1..%d, 1..%d", e.Round, e.Pair, m.Rounds, m.Pairs)
		}
		seats := m.seatsOf(e.Round-1, e.Pair)
		switch len(seats) {
		case 0:
			return nil, fmt.Errorf("appendix: pair %d does not play in round %d", e.Pair, e.Round)
		case 1:
		default:
			return nil, fmt.Errorf("appendix: pair %d plays two board groups in round %d (a split table): the appendix table plays one", e.Pair, e.Round)
		}
		t := seats[0]
		tb := m.Schedule[e.Round-1][t]
		app := Table{NS: e.Pair, EW: x, Group: tb.Group}
		if tb.EW == e.Pair {
			app = Table{NS: x, EW: e.Pair, Group: tb.Group}
		}
		c.Schedule[e.Round-1][t] = Table{Group: -1}
		c.Schedule[e.Round-1][m.Tables] = app
	}
	return c, nil
}

// Missing returns m with each listed pair missing its rounds: its tables
// are empty then and its opponents sit out. The pairs keep their numbers.
func (m *Movement) Missing(list []PairRounds) (*Movement, error) {
	c := m.Clone()
	for _, e := range list {
		if e.Pair > m.Pairs || e.To > m.Rounds {
			return nil, fmt.Errorf("miss: %d:%d-%d: pair or round outside 1..%d, 1..%d", e.Pair, e.From, e.To, m.Pairs, m.Rounds)
		}
		for r := e.From - 1; r < e.To; r++ {
			for t, tb := range c.Schedule[r] {
				if tb.NS == e.Pair || tb.EW == e.Pair {
					c.Schedule[r][t] = Table{Group: -1}
				}
			}
		}
	}
	return c, nil
}

// JoinLate returns m with pair v missing rounds 1 to after and numbered
// last: a half table's absent pair (WithoutPair numbers the others as
// played) that arrives after round after and takes its seats from then on.
// Every other pair keeps the number it has in m.WithoutPair(v).
func (m *Movement) JoinLate(v, after int) (*Movement, error) {
	if v < 1 || v > m.Pairs {
		return nil, fmt.Errorf("join: absent pair %d is outside 1..%d", v, m.Pairs)
	}
	if after < 1 || after >= m.Rounds {
		return nil, fmt.Errorf("join: after round %d: want 1 to %d (the movement has %d rounds)", after, m.Rounds-1, m.Rounds)
	}
	c, err := m.Missing([]PairRounds{{v, 1, after}})
	if err != nil {
		return nil, err
	}
	perm := make([]int, m.Pairs)
	for p := 1; p <= m.Pairs; p++ {
		switch {
		case p == v:
			perm[p-1] = m.Pairs
		case p > v:
			perm[p-1] = p - 1
		default:
			perm[p-1] = p
		}
	}
	return c.Renumber(perm)
}
