package handicap

import (
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"
)

// If handicaps are fair, the lower-ranked team wins each match with
// probability ½, so its wins in n matches follow Binomial(n, ½), the count
// of heads in n tosses of a coin (seed 002). Everything here is for that
// distribution only.

// MaxBinomialN bounds the number of matches the tails and bands are asked
// about; far beyond any league, and where log-gamma still gives the largest
// term to about 1e-8.
const MaxBinomialN = 1_000_000

// exactMaxN is the largest n whose terms come from exact integers; above it
// they come from log-gamma (about 1e-11 relative at 20 000, 1e-8 at 10⁶).
const exactMaxN = 20_000

// BinomialTails returns P(X ≤ k) and P(X ≥ k) for X ~ Binomial(n, ½).
// Each tail is summed from its far end, where the terms fall away, from the
// largest term C(n, k)/2ⁿ taken from exact integers, so both tails are
// accurate to about 1e-13 relative for n up to 20 000, tails far below
// 1e-300 included. It panics unless 0 ≤ k ≤ n ≤ MaxBinomialN.
func BinomialTails(n, k int) (atMost, atLeast float64) {
	if n < 0 || k < 0 || k > n || n > MaxBinomialN {
		panic(fmt.Sprintf("handicap: binomial tail of k=%d in n=%d", k, n))
	}
	// By symmetry P(X ≥ k) = P(X ≤ n−k).
	return lowerTail(n, k, n <= exactMaxN), lowerTail(n, n-k, n <= exactMaxN)
}

// lowerTail returns P(X ≤ k) for X ~ Binomial(n, ½), 0 ≤ k ≤ n, with the
// largest term exact or from log-gamma.
func lowerTail(n, k int, exact bool) float64 {
	if 2*k >= n {
		// The upper side is the small one: sum it and subtract, so that
		// the sum itself never cancels.
		if k == n {
			return 1
		}
		return 1 - smallTail(n, n-k-1, exact)
	}
	return smallTail(n, k, exact)
}

// smallTail returns P(X ≤ k) for k < n/2, where the terms fall away from k:
// pmf(k)·(1 + r₁ + r₁r₂ + …) with rᵢ the ratio of successive terms, each
// below (k+1)/(n−k) < 1, so the series is summed without cancellation.
func smallTail(n, k int, exact bool) float64 {
	sum, term := 1.0, 1.0
	for i := k; i > 0; i-- {
		term *= float64(i) / float64(n-i+1) // pmf(i−1)/pmf(i)
		sum += term
		if term < sum*1e-17 {
			break
		}
	}
	if !exact {
		return math.Exp(logPMF(n, k) + math.Log(sum))
	}
	// pmf(k)·sum in big.Float, whose exponent does not underflow, so the
	// one rounding to float64 is the last step.
	p := new(big.Float).SetInt(new(big.Int).Binomial(int64(n), int64(k)))
	p.SetMantExp(p, -n)
	p.Mul(p, big.NewFloat(sum))
	f, _ := p.Float64()
	return f
}

// logPMF is log P(X = k) for X ~ Binomial(n, ½), from log-gamma.
func logPMF(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c - float64(n)*math.Ln2
}

// Band is the range of wins Lo..Hi (inclusive) that holds the middle Mass
// of the outcomes of N fair matches.
//
// Counts are discrete, so a band rarely holds exactly its nominal mass. The
// convention is the equal-tailed, conservative one: Lo is the smallest count
// with P(X < Lo) ≤ (1−Mass)/2, and Hi = N − Lo by symmetry, so each excluded
// tail holds at most half of 1−Mass and Coverage = P(Lo ≤ X ≤ Hi) is at
// least Mass. A tail exactly equal to (1−Mass)/2 is excluded. With this
// convention Lo and Hi never decrease as N grows, and the width Hi−Lo never
// shrinks from N to N+2 (from N to N+1 it may, by one, as the parity of N
// changes).
type Band struct {
	N, Lo, Hi int
	Mass      float64 // the nominal mass, e.g. 0.9
	Coverage  float64 // P(Lo ≤ X ≤ Hi), at least Mass
}

// Contains reports whether k wins lie inside the band.
func (b Band) Contains(k int) bool { return b.Lo <= k && k <= b.Hi }

// FairBand returns the band holding the middle mass of the outcomes of n
// fair matches. It panics unless 0 ≤ n ≤ MaxBinomialN and 0 < mass < 1.
func FairBand(n int, mass float64) Band {
	if n < 0 || n > MaxBinomialN || !(mass > 0 && mass < 1) {
		panic(fmt.Sprintf("handicap: band of mass %v for n=%d", mass, n))
	}
	// P(X ≤ k) ≤ allowance holds for k up to Lo−1 and fails from Lo on;
	// P(X ≤ n/2) ≥ ½ exceeds every allowance, so Lo ≤ n/2.
	lo := sort.Search(n/2+1, func(k int) bool { return !tailWithin(n, k, mass) })
	b := Band{N: n, Lo: lo, Hi: n - lo, Mass: mass, Coverage: 1}
	if lo > 0 {
		b.Coverage = 1 - 2*lowerTail(n, lo-1, n <= exactMaxN)
	}
	return b
}

// FairBands returns the bands of the given mass for n = 1..maxN matches,
// the lines of the seed's fairness figures.
func FairBands(maxN int, mass float64) []Band {
	bands := make([]Band, 0, max(maxN, 0))
	for n := 1; n <= maxN; n++ {
		bands = append(bands, FairBand(n, mass))
	}
	return bands
}

// tailWithin reports whether P(X ≤ k) ≤ (1−mass)/2. The tail is found from
// log-gamma, which is quick; only when it is too close to the allowance for
// that to tell does it decide exactly (for n up to exactMaxN): the tail is a
// dyadic rational and the mass is taken as the decimal it prints as (0.9,
// not the nearest binary fraction), so ties such as P(X ≤ 0 | n=2) = ¼ for
// the 50 % band fall the same way on every machine.
func tailWithin(n, k int, mass float64) bool {
	tail := (1 - mass) / 2
	cdf := lowerTail(n, k, false)
	if math.Abs(cdf-tail) > 1e-7*tail || n > exactMaxN {
		return cdf <= tail
	}
	sum := new(big.Int)
	c := big.NewInt(1) // C(n, i)
	for i := 0; i <= k; i++ {
		if i > 0 {
			c.Mul(c, big.NewInt(int64(n-i+1)))
			c.Quo(c, big.NewInt(int64(i)))
		}
		sum.Add(sum, c)
	}
	exact := new(big.Rat).SetFrac(sum, new(big.Int).Lsh(big.NewInt(1), uint(n)))
	m, ok := new(big.Rat).SetString(strconv.FormatFloat(mass, 'g', -1, 64))
	if !ok {
		return cdf <= tail
	}
	half := new(big.Rat).Sub(big.NewRat(1, 1), m)
	half.Quo(half, big.NewRat(2, 1))
	return exact.Cmp(half) <= 0
}
