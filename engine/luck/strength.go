package luck

import (
	"fmt"
	"math"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// The scoring models (seeds 000 and 004) give every pair a strength; lower is
// stronger. On a board where pair ns sits NS against pair ew the NS score is
// 100 × (strength[ew] − strength[ns]), and every board is matchpointed
// against the other results of its board group: 2 per result beaten, 1 per
// tie, a top of 2(k−1) for k results. A pair's percentage is its matchpoints
// over the maximum for the boards it played. The factor 100 cannot change a
// matchpoint, so the code compares strength differences.

// scorer matchpoints a movement under strength vectors. It keeps the plays
// of every board group in flat arrays, so scoring one strength vector reads
// no maps and allocates nothing.
type scorer struct {
	pairs int
	// start[g]..start[g+1]-1 index the plays of the g-th compared board
	// group (groups played at least twice; a board played once has no
	// matchpoints to give).
	start []int
	// ns[i], ew[i] are the 0-based pairs of play i.
	ns, ew []int
	// top[g] is 2(k−1), the top of group g.
	top []int32
	// maxK is the largest number of plays of a group.
	maxK int
	// max[p] is the matchpoint maximum of pair p over the boards it played.
	max []int32
}

// newScorer collects the plays of m. Every pair must play at least one
// board group that is played more than once, or it has no percentage.
func newScorer(m *movement.Movement) (*scorer, error) {
	if m.Pairs < 2 {
		return nil, fmt.Errorf("movement has %d pairs: nothing to compare", m.Pairs)
	}
	sc := &scorer{pairs: m.Pairs, start: []int{0}, max: make([]int32, m.Pairs)}
	for _, g := range movement.GroupPlays(m) {
		k := len(g)
		if k < 2 {
			continue
		}
		top := int32(2 * (k - 1))
		for _, pl := range g {
			sc.ns = append(sc.ns, pl.NS)
			sc.ew = append(sc.ew, pl.EW)
			sc.max[pl.NS] += top
			sc.max[pl.EW] += top
		}
		sc.start = append(sc.start, len(sc.ns))
		sc.top = append(sc.top, top)
		sc.maxK = max(sc.maxK, k)
	}
	for p, mx := range sc.max {
		if mx == 0 {
			return nil, fmt.Errorf("pair %d plays no board that is compared with another result, so it has no percentage", p+1)
		}
	}
	return sc, nil
}

// matchpoints writes into tot[p] the matchpoints of pair p when pair p has
// strength s[p]. v and c are scratch of length at least maxK.
func (sc *scorer) matchpoints(s []float64, v []float64, c []int32, tot []int32) {
	clear(tot)
	for g, top := range sc.top {
		a, b := sc.start[g], sc.start[g+1]
		ns, ew := sc.ns[a:b], sc.ew[a:b]
		vals, mp := v[:len(ns)], c[:len(ns)]
		// mp[j] starts at k−1, what a result gets when all results tie, and
		// moves by ±1 per result that is lower or higher: 2 per lower
		// result, 1 per equal one. Each unordered pair is compared once.
		k1 := int32(len(ns) - 1)
		for j := range ns {
			vals[j] = s[ew[j]] - s[ns[j]]
			mp[j] = k1
		}
		for j, x := range vals {
			m := mp[j]
			for l := j + 1; l < len(vals); l++ {
				y := vals[l]
				d := b2i(x > y) - b2i(x < y)
				m += d
				mp[l] -= d
			}
			tot[ns[j]] += m
			tot[ew[j]] += top - m
		}
	}
}

// percent is pair p's percentage for tot matchpoints. The division is
// correctly rounded, so equal fractions give equal floats and ties survive.
func (sc *scorer) percent(p int, tot int32) float64 {
	return float64(100*int64(tot)) / float64(sc.max[p])
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// checkStrengths validates a strength vector for a movement of P pairs.
func checkStrengths(s []float64, pairs int) error {
	if len(s) != pairs {
		return fmt.Errorf("%d strengths given for %d pairs", len(s), pairs)
	}
	for i, x := range s {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("strength %d is %v, not a number", i+1, x)
		}
	}
	return nil
}

// Percentages returns the percentage of every pair (index p-1 for pair p)
// when pair p has strength strengths[p-1] and every board is scored by
// strength difference.
func Percentages(m *movement.Movement, strengths []float64) ([]float64, error) {
	if err := checkStrengths(strengths, m.Pairs); err != nil {
		return nil, err
	}
	sc, err := newScorer(m)
	if err != nil {
		return nil, err
	}
	tot := make([]int32, m.Pairs)
	sc.matchpoints(strengths, make([]float64, sc.maxK), make([]int32, sc.maxK), tot)
	pct := make([]float64, m.Pairs)
	for p, t := range tot {
		pct[p] = sc.percent(p, t)
	}
	return pct, nil
}
