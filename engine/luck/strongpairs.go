package luck

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// OneStrongPair returns the percentage of every pair (index p-1 for pair p)
// when pair strong beats everybody and every other result is equal (the
// "one strong pair" model of seed 004): the strong pair has strength 1, all
// others strength 2.
func OneStrongPair(m *movement.Movement, strong int) ([]float64, error) {
	if strong < 1 || strong > m.Pairs {
		return nil, fmt.Errorf("strong pair %d is outside 1..%d", strong, m.Pairs)
	}
	s := make([]float64, m.Pairs)
	for p := range s {
		s[p] = 2
	}
	s[strong-1] = 1
	return Percentages(m, s)
}

// PercentCount is one value of a distribution of percentages and how often
// it occurs.
type PercentCount struct {
	Percent float64
	Count   int
}

// TwoStrongResult is the spread of the weak pairs' percentages in the "two
// strong pairs" model, over all C(P,2) choices of the strong pairs.
type TwoStrongResult struct {
	// Choices is C(P,2), the number of ways to pick the strong pairs.
	Choices int
	// Min, Max, Mode, Mean and Sd describe all Choices × (P−2) weak percentages;
	// Mode is the most frequent value (the lowest of them on a tie) and Sd
	// the population standard deviation.
	Min, Max, Mode, Mean, Sd float64
	// Distribution lists every distinct weak percentage, ascending, with
	// its count; the counts add up to Choices × (P−2).
	Distribution []PercentCount
}

// TwoStrongPairs runs the "two strong pairs" model: for every
// choice of two pairs, they have strength 1 and all others strength 2. The
// percentages are exact fractions, so equal values are counted together.
func TwoStrongPairs(m *movement.Movement) (*TwoStrongResult, error) {
	P := m.Pairs
	if P < 3 {
		return nil, fmt.Errorf("two strong pairs need a third pair; the movement has %d pairs", P)
	}
	sc, err := newScorer(m)
	if err != nil {
		return nil, err
	}
	// A weak percentage is the fraction tot/max; key it reduced.
	type frac struct{ num, den int32 }
	counts := map[frac]int{}
	s := make([]float64, P)
	v, c := make([]float64, sc.maxK), make([]int32, sc.maxK)
	tot := make([]int32, P)
	res := &TwoStrongResult{Choices: P * (P - 1) / 2}
	for a := 0; a < P; a++ {
		for b := a + 1; b < P; b++ {
			for p := range s {
				s[p] = 2
			}
			s[a], s[b] = 1, 1
			sc.matchpoints(s, v, c, tot)
			for p, t := range tot {
				if p == a || p == b {
					continue
				}
				g := gcd32(t, sc.max[p])
				counts[frac{t / g, sc.max[p] / g}]++
			}
		}
	}
	n, sum, sumsq := 0, 0.0, 0.0
	for f, c := range counts {
		x := float64(100*int64(f.num)) / float64(f.den)
		res.Distribution = append(res.Distribution, PercentCount{x, c})
	}
	slices.SortFunc(res.Distribution, func(x, y PercentCount) int { return cmp.Compare(x.Percent, y.Percent) })
	best := 0
	for _, d := range res.Distribution {
		n += d.Count
		sum += float64(d.Count) * d.Percent
		if d.Count > best {
			best, res.Mode = d.Count, d.Percent
		}
	}
	res.Mean = sum / float64(n)
	for _, d := range res.Distribution {
		sumsq += float64(d.Count) * (d.Percent - res.Mean) * (d.Percent - res.Mean)
	}
	res.Sd = math.Sqrt(sumsq / float64(n))
	res.Min = res.Distribution[0].Percent
	res.Max = res.Distribution[len(res.Distribution)-1].Percent
	return res, nil
}

func gcd32(a, b int32) int32 {
	for b != 0 {
		a, b = b, a%b
	}
	if a == 0 {
		return 1
	}
	return a
}
