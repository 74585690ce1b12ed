package movement

import (
	"fmt"
	"slices"
)

// Multisession movements (seed 004, "Multisession movements"): a fixed
// field plays several sessions, each with its own boards.
//
// When every pair plays every board group once, the balance depends only on,
// per group, which pairs meet on it and in which direction each sits (see
// Perfect). So the tables of each group can be played in a round of their
// own, every table of the round playing that group, without changing Qf: a
// barometer movement. A barometer movement splits into sessions of any
// lengths, since no group crosses a round. The price is board copies: all
// P/2 tables play a round's group at once, so each group needs P/2 copies.

// Barometer returns m with one round per board group: round k seats the
// tables that play group k, in reading order and with their orientation, and
// every table of the round plays group k. Qf and every figure of the score
// matrix are unchanged. Qo counts meetings per group then, so it changes
// only for a movement with split tables (a pair meeting on two groups in one
// round meets twice). Every pair must play every group exactly once.
func Barometer(m *Movement) (*Movement, error) {
	if m.Pairs%2 == 1 {
		return nil, fmt.Errorf("barometer: %d pairs: every pair must play every board group, which needs an even number of pairs", m.Pairs)
	}
	T := m.Pairs / 2
	plays := GroupPlays(m)
	out := New(m.Pairs, T, m.Groups, m.Groups)
	out.NumericGroups = true
	for g, tables := range plays {
		seen := make([]bool, m.Pairs)
		for _, p := range tables {
			for _, x := range []int{p.NS, p.EW} {
				if seen[x] {
					return nil, fmt.Errorf("barometer: pair %d plays board group %s twice: every pair must play every group exactly once", x+1, m.GroupLabel(g))
				}
				seen[x] = true
			}
		}
		if i := slices.Index(seen, false); i >= 0 {
			return nil, fmt.Errorf("barometer: pair %d does not play board group %s: every pair must play every group exactly once", i+1, m.GroupLabel(g))
		}
		for t, p := range tables {
			out.Schedule[g][t] = Table{NS: p.NS + 1, EW: p.EW + 1, Group: g}
		}
	}
	return out, nil
}

// Base names the cycle a multisession movement repeats.
type Base string

// Bases of Multisession.
const (
	// BaseHowell repeats the rounds of Howell(P), the round-robin circle,
	// each round a barometer group of its own.
	BaseHowell Base = "howell"
	// BasePerfect repeats the board groups of Perfect(P, P−1, 1) made
	// barometer rounds: P − 1 rounds for 4, 8, 12, 16, 20, 24, ... pairs,
	// 2(P − 1) (each pair meeting twice) for 6, 10, 14, 18, ... pairs.
	BasePerfect Base = "perfect"
)

// Multisession returns a barometer movement of pairs pairs whose sessions
// have the given numbers of rounds. Its rounds are those of the base cycle,
// repeated and cut after the last round of the last session; round k plays
// board group k. Arrow switches (the optimiser) improve its balance; SessionRounds
// and SessionSpans split it into its sessions.
func Multisession(pairs int, sessions []int, base Base) (*Movement, error) {
	if err := checkSessions(sessions); err != nil {
		return nil, err
	}
	cycle, err := multisessionCycle(pairs, base)
	if err != nil {
		return nil, err
	}
	return repeatCycle(cycle, sessions)
}

// MultisessionStarter is Multisession with the cyclic 1-factorisation of
// CyclicRounds(pairs, starter) as its cycle.
func MultisessionStarter(pairs int, sessions []int, starter [][2]int) (*Movement, error) {
	if err := checkSessions(sessions); err != nil {
		return nil, err
	}
	cycle, err := CyclicRounds(pairs, starter)
	if err != nil {
		return nil, fmt.Errorf("multisession: %w", err)
	}
	return repeatCycle(cycle, sessions)
}

// checkSessions checks the session lengths of a multisession movement.
func checkSessions(sessions []int) error {
	rounds := 0
	for _, k := range sessions {
		if k < 1 {
			return fmt.Errorf("multisession: a session of %d rounds", k)
		}
		rounds += k
	}
	if len(sessions) == 0 {
		return fmt.Errorf("multisession: no sessions")
	}
	if rounds > MaxRounds {
		return fmt.Errorf("multisession: %d rounds is more than the engine handles", rounds)
	}
	return nil
}

// repeatCycle repeats the rounds of cycle, cut after the last session;
// round k plays board group k.
func repeatCycle(cycle *Movement, sessions []int) (*Movement, error) {
	pairs, rounds := cycle.Pairs, 0
	for _, k := range sessions {
		rounds += k
	}
	m := New(pairs, pairs/2, rounds, rounds)
	m.NumericGroups = true
	for r := range rounds {
		for t, tb := range cycle.Schedule[r%cycle.Rounds] {
			tb.Group = r
			m.Schedule[r][t] = tb
		}
	}
	return m, nil
}

// multisessionCycle returns the base cycle as a barometer movement.
func multisessionCycle(pairs int, base Base) (*Movement, error) {
	switch base {
	case BaseHowell, "":
		h, err := Howell(pairs)
		if err != nil {
			return nil, fmt.Errorf("multisession: %w", err)
		}
		for r, row := range h.Schedule {
			for t := range row {
				row[t].Group = r
			}
		}
		return h, nil
	case BasePerfect:
		p, err := Perfect(pairs, pairs-1, 1)
		if err != nil {
			return nil, fmt.Errorf("multisession: base perfect: %w", err)
		}
		return Barometer(p)
	}
	return nil, fmt.Errorf("multisession: base %q: want howell or perfect", base)
}

// CyclicRounds returns the cyclic 1-factorisation of K_pairs that a starter
// generates, one round per 1-factor, as a barometer movement: with n =
// pairs − 1 (odd), element x of Z_n is pair x + 1 and ∞ is pair pairs.
// Round r (from 0) seats ∞ (NS) against r, then x+r (NS) against y+r for
// each starter pair x-y. The starter must split Z_n \ {0} into pairs whose
// differences ±(x − y) cover Z_n \ {0} once; then every two pairs meet
// exactly once. The directions repeat with the rounds, so a starter fixes
// the balance without the optimiser: the score of pairs p, q depends on the
// directions' correlations between rounds. The round-robin circle of Howell
// is the starter {i, n − i}.
func CyclicRounds(pairs int, starter [][2]int) (*Movement, error) {
	if pairs < 4 || pairs%2 == 1 || pairs > MaxPairs {
		return nil, fmt.Errorf("starter: %d pairs: want an even number from 4", pairs)
	}
	n := pairs - 1
	if len(starter) != n/2 {
		return nil, fmt.Errorf("starter: %d pairs of elements, want %d", len(starter), n/2)
	}
	used, diff := make([]bool, n), make([]bool, n)
	for _, e := range starter {
		x, y := e[0], e[1]
		if x < 1 || x >= n || y < 1 || y >= n || x == y {
			return nil, fmt.Errorf("starter: %d-%d: elements must differ and lie in 1..%d", x, y, n-1)
		}
		if used[x] || used[y] {
			return nil, fmt.Errorf("starter: %d-%d: an element is used twice", x, y)
		}
		d := mod(x-y, n)
		if diff[d] || diff[n-d] {
			return nil, fmt.Errorf("starter: %d-%d: difference ±%d is used twice", x, y, min(d, n-d))
		}
		used[x], used[y], diff[d], diff[n-d] = true, true, true, true
	}
	m := New(pairs, pairs/2, n, n)
	m.NumericGroups = true
	for r := range n {
		m.Schedule[r][0] = Table{NS: pairs, EW: r + 1, Group: r}
		for i, e := range starter {
			m.Schedule[r][i+1] = Table{NS: mod(e[0]+r, n) + 1, EW: mod(e[1]+r, n) + 1, Group: r}
		}
	}
	return m, nil
}
