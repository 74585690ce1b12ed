package catalogue

import (
	"fmt"
	"slices"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// Change is the movement as played when one pair misses some rounds: a
// pair arriving late, or leaving early. Its opponents in those rounds sit
// out, and the board groups of those tables are not played then, so the
// groups are played unequal numbers of times (Uniform false): the balance
// is then computed with each group's own h, as movement.ComputeBalance
// does, the measure the director can compare.
type Change struct {
	// Pair is the pair that misses Rounds (1-based).
	Pair   int
	Rounds []int
	// Movement is the movement with the pair's tables empty in Rounds.
	Movement *movement.Movement
	// SitOut are the pairs that sit out because of it, round by round.
	SitOut [][]int
	// Qf and Qf1av are the balance of Movement.
	Qf, Qf1av float64
	Uniform   bool
}

// Missing returns, for every pair of m, the movement with that pair
// missing the given rounds (1-based), best first: the higher Qf, then the
// higher Qf1av, then the lower pair number.
func Missing(m *movement.Movement, rounds []int) ([]Change, error) {
	for _, r := range rounds {
		if r < 1 || r > m.Rounds {
			return nil, fmt.Errorf("round %d is outside 1..%d", r, m.Rounds)
		}
	}
	var out []Change
	for p := 1; p <= m.Pairs; p++ {
		c := Change{Pair: p, Rounds: rounds, Movement: m.Clone()}
		for _, r := range rounds {
			var out []int
			row := c.Movement.Schedule[r-1]
			for t, tb := range row {
				if tb.NS != p && tb.EW != p {
					continue
				}
				opp := tb.NS + tb.EW - p
				if !slices.Contains(out, opp) {
					out = append(out, opp)
				}
				row[t] = movement.Table{Group: -1}
			}
			c.SitOut = append(c.SitOut, out)
		}
		b := movement.ComputeBalance(c.Movement)
		c.Qf, c.Uniform = b.Qf, b.Uniform
		if v, err := movement.ComputeVacancy(c.Movement); err == nil {
			c.Qf1av = v.Av
		}
		out = append(out, c)
	}
	slices.SortStableFunc(out, func(a, b Change) int {
		switch {
		case a.Qf != b.Qf:
			if a.Qf > b.Qf {
				return -1
			}
			return 1
		case a.Qf1av != b.Qf1av:
			if a.Qf1av > b.Qf1av {
				return -1
			}
			return 1
		}
		return a.Pair - b.Pair
	})
	return out, nil
}
