package handicap

import (
	"fmt"
	"math"
	"math/big"
	"testing"
)

// exactCDF returns P(X ≤ k) for k = 0..n, X ~ Binomial(n, ½), from exact
// integers, each correctly rounded.
func exactCDF(n int) []float64 {
	cdf := make([]float64, n+1)
	den := new(big.Int).Lsh(big.NewInt(1), uint(n))
	sum, c := new(big.Int), big.NewInt(1)
	for k := 0; k <= n; k++ {
		if k > 0 {
			c.Mul(c, big.NewInt(int64(n-k+1)))
			c.Quo(c, big.NewInt(int64(k)))
		}
		sum.Add(sum, c)
		cdf[k], _ = new(big.Rat).SetFrac(sum, den).Float64()
	}
	return cdf
}

// TestSeedOutcomes checks the tails of the seed's six outcomes (seed 002).
// The exact values are sums of binomial coefficients over 2^n; the
// seed quotes only the first, "about 1 %": it is 801330506737399 / 2^56 =
// 0.011121 (1.11 %).
func TestSeedOutcomes(t *testing.T) {
	tests := []struct {
		k, n             int
		atMost, atLeast  float64 // exact, to 10 significant figures
		in50, in90, in98 bool
	}{
		{19, 56, 0.01112069474, 0.9947725908, false, false, true},
		{34, 87, 0.02650155651, 0.9842909449, false, false, true},
		{44, 88, 0.5424067476, 0.5424067476, true, true, true},
		{39, 80, 0.4555360606, 0.6312228455, true, true, true},
		{83, 168, 0.4692667027, 0.5914767555, true, true, true},
		{6, 12, 0.6127929688, 0.6127929688, true, true, true},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%d of %d", tc.k, tc.n), func(t *testing.T) {
			lo, hi := BinomialTails(tc.n, tc.k)
			if math.Abs(lo-tc.atMost) > 1e-9*tc.atMost || math.Abs(hi-tc.atLeast) > 1e-9*tc.atLeast {
				t.Errorf("P(X ≤ k) = %.10g, P(X ≥ k) = %.10g; want %.10g and %.10g", lo, hi, tc.atMost, tc.atLeast)
			}
			for _, b := range []struct {
				mass float64
				want bool
			}{{0.5, tc.in50}, {0.9, tc.in90}, {0.98, tc.in98}} {
				if got := FairBand(tc.n, b.mass).Contains(tc.k); got != b.want {
					t.Errorf("inside the %v band: %v, want %v", b.mass, got, b.want)
				}
			}
		})
	}
	// The seed reads 19 of 56 as "about 1 %".
	if lo, _ := BinomialTails(56, 19); math.Round(lo*100) != 1 {
		t.Errorf("P(X ≤ 19 | 56) = %v is not about 1 %%", lo)
	}
}

func TestBinomialTailsExact(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 10, 57, 200, 1075, 3000} {
		t.Run(fmt.Sprint("n=", n), func(t *testing.T) {
			cdf := exactCDF(n)
			for k := 0; k <= n; k++ {
				lo, hi := BinomialTails(n, k)
				for _, c := range []struct {
					got, want float64
					what      string
				}{
					{lo, cdf[k], "P(X ≤ k)"},
					{hi, cdf[n-k], "P(X ≥ k)"},
				} {
					// 1e-12 relative; tails below the smallest normal float
					// (2.2e-308) lose digits to underflow, and only need
					// to be tiny.
					if math.Abs(c.got-c.want) > 1e-12*c.want && !(c.want < 1e-300 && c.got < 1e-300) {
						t.Fatalf("%s for k=%d: %.17g, exact %.17g", c.what, k, c.got, c.want)
					}
				}
			}
		})
	}
}

// TestBinomialTailsLarge checks the log-gamma terms used above exactMaxN
// against the exact ones at exactMaxN, and a tail beyond it.
func TestBinomialTailsLarge(t *testing.T) {
	n := exactMaxN
	for _, k := range []int{0, 9000, 9800, 9930, 10000, 10070, 10500, 20000} {
		exact, logGamma := lowerTail(n, k, true), lowerTail(n, k, false)
		if math.Abs(exact-logGamma) > 1e-9*exact {
			t.Errorf("n=%d k=%d: log-gamma %.17g, exact %.17g", n, k, logGamma, exact)
		}
	}
	// The 98 % band at 10⁶ matches is about 500000 ± 2.326·500.
	if b := FairBand(MaxBinomialN, 0.98); b.Lo < 498830 || b.Lo > 498840 || b.Coverage < 0.98 {
		t.Errorf("n=10⁶: %+v", b)
	}
}

func TestFairBandTie(t *testing.T) {
	// P(X ≤ 0 | n=2) = ¼ is exactly the lower allowance of the 50 % band:
	// the convention excludes it, leaving {1}, which holds exactly ½.
	b := FairBand(2, 0.5)
	if b.Lo != 1 || b.Hi != 1 || b.Coverage != 0.5 {
		t.Errorf("got %+v, want 1..1 covering 0.5", b)
	}
	if b := FairBand(0, 0.9); b.Lo != 0 || b.Hi != 0 || b.Coverage != 1 {
		t.Errorf("n=0: got %+v", b)
	}
}

func TestFairBandProperties(t *testing.T) {
	const maxN = 400
	masses := []float64{0.5, 0.9, 0.98}
	bands := make([][]Band, len(masses))
	for i, m := range masses {
		bands[i] = FairBands(maxN, m)
	}
	for i, m := range masses {
		t.Run(fmt.Sprint(m), func(t *testing.T) {
			tail := (1 - m) / 2
			for j, b := range bands[i] {
				n := j + 1
				cdf := exactCDF(n)
				if b.N != n || b.Lo+b.Hi != n || b.Lo > b.Hi {
					t.Fatalf("n=%d: band %+v is not symmetric about n/2", n, b)
				}
				below := 0.0 // P(X < Lo), exactly
				if b.Lo > 0 {
					below = cdf[b.Lo-1]
				}
				if cov := 1 - 2*below; cov < m-1e-12 || math.Abs(cov-b.Coverage) > 1e-12 {
					t.Fatalf("n=%d: coverage %v (reported %v) under %v", n, cov, b.Coverage, m)
				}
				// The band is the narrowest of the convention: one step
				// in would exclude more than the allowance.
				if cdf[b.Lo] <= tail && 2*b.Lo < n {
					t.Fatalf("n=%d: band %d..%d could be narrower", n, b.Lo, b.Hi)
				}
				if j > 0 {
					p := bands[i][j-1]
					if b.Lo < p.Lo || b.Hi < p.Hi {
						t.Fatalf("n=%d: band %d..%d moved back from %d..%d", n, b.Lo, b.Hi, p.Lo, p.Hi)
					}
				}
				if j > 1 {
					if p := bands[i][j-2]; b.Hi-b.Lo < p.Hi-p.Lo {
						t.Fatalf("n=%d: band %d..%d narrower than %d..%d at n−2", n, b.Lo, b.Hi, p.Lo, p.Hi)
					}
				}
				if i > 0 {
					if in := bands[i-1][j]; b.Lo > in.Lo || b.Hi < in.Hi {
						t.Fatalf("n=%d: %v band %d..%d does not hold the %v band %d..%d", n, m, b.Lo, b.Hi, masses[i-1], in.Lo, in.Hi)
					}
				}
			}
		})
	}
	// The bands widen like √n: at 400 matches the 90 % band is 184..216.
	if b := bands[1][399]; b.Lo != 184 || b.Hi != 216 {
		t.Errorf("n=400, 90 %%: %d..%d", b.Lo, b.Hi)
	}
}
