package scoring

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// near compares a float with a published figure at its printed precision.
func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

// seed003Freqs is seed 003's board 1: 16 results.
var seed003Freqs = []Frequency{{Score: 450, Count: 2}, {Score: 420, Count: 4}, {Score: 400, Count: 3}, {Score: 170, Count: 6}, {Score: -50, Count: 1}}

func expand(freqs []Frequency) []int {
	var scores []int
	for _, f := range freqs {
		for range f.Count {
			scores = append(scores, f.Score)
		}
	}
	return scores
}

func TestMatchpointsSeed003(t *testing.T) {
	// Seed 003's first table, on a 15 top (ACBL scale), and the same on
	// the WBF scale (a 30 top).
	want := map[int]float64{450: 14.5, 420: 11.5, 400: 8, 170: 3.5, -50: 0}
	scores := expand(seed003Freqs)
	for _, s := range []Scale{ScaleACBL, ScaleWBF} {
		t.Run(s.String(), func(t *testing.T) {
			mp := make([]float64, len(scores))
			Matchpoints(mp, scores, s)
			if top := s.Top(len(scores)); top != 15*s.beat() {
				t.Errorf("top %v", top)
			}
			for i, x := range scores {
				if w := want[x] * s.beat(); mp[i] != w {
					t.Errorf("%+d: %v MP, want %v", x, mp[i], w)
				}
			}
		})
	}
}

func TestMatchpointsSum(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for k := 1; k <= 30; k++ {
		scores := make([]int, k)
		for i := range scores {
			scores[i] = 10 * rng.IntN(8) // few values, so many ties
		}
		mp := make([]float64, k)
		for _, s := range []Scale{ScaleWBF, ScaleACBL} {
			t.Run(fmt.Sprintf("%v/k=%d", s, k), func(t *testing.T) {
				Matchpoints(mp, scores, s)
				sum := 0.0
				for _, x := range mp {
					sum += x
				}
				// Each of the k(k−1)/2 comparisons hands out one beat.
				if want := s.beat() * float64(k*(k-1)) / 2; sum != want {
					t.Errorf("sum %v, want %v", sum, want)
				}
			})
		}
	}
}

func TestNeubergSeed001(t *testing.T) {
	// Seed 001: board played 6 times, 7 expected; 4 and 9 MP of 10.
	tests := []struct {
		mp, want, rounded float64
	}{
		{4, 4.8333, 4.8},
		{9, 10.6667, 10.7},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.mp), func(t *testing.T) {
			got := Neuberg(tc.mp, 6, 7, ScaleWBF)
			if !near(got, tc.want, 0.00005) {
				t.Errorf("Neuberg = %.4f, want %.4f", got, tc.want)
			}
			if r := RoundTo(got, 0.1); r != tc.rounded {
				t.Errorf("rounded %v, want %v", r, tc.rounded)
			}
		})
	}
	if top := ScaleWBF.Top(7); top != 12 {
		t.Errorf("full top %v, want 12", top)
	}
}

func TestNeubergProperties(t *testing.T) {
	for _, s := range []Scale{ScaleWBF, ScaleACBL} {
		for e := 2; e <= 15; e++ {
			for a := 1; a <= e; a++ {
				t.Run(fmt.Sprintf("%v/A=%d/E=%d", s, a, e), func(t *testing.T) {
					top := s.Top(a)
					for half := 0.0; half <= 2*top; half++ {
						mp := half / 2
						ns, ew := Neuberg(mp, a, e, s), Neuberg(top-mp, a, e, s)
						if a == e && !near(ns, mp, 1e-12) {
							t.Errorf("A = E: %v becomes %v", mp, ns)
						}
						// NS and EW adjusted still share the full-board top.
						if !near(ns+ew, s.Top(e), 1e-9) {
							t.Errorf("%v + %v ≠ %v", ns, ew, s.Top(e))
						}
						if s == ScaleACBL {
							// The ACBL formula is the WBF one at half scale.
							if w := Neuberg(2*mp, a, e, ScaleWBF) / 2; !near(ns, w, 1e-9) {
								t.Errorf("ACBL %v, half WBF %v", ns, w)
							}
						}
					}
				})
			}
		}
	}
}

func TestRoundTo(t *testing.T) {
	tests := []struct{ x, step, want float64 }{
		{4.8333, 0.1, 4.8},
		{10.6667, 0.1, 10.7},
		{2.25, 0.1, 2.3},
		{-2.25, 0.1, -2.3},
		{0.15, 0.1, 0.2},
		{548.1818, 0.1, 548.2},
		{4.8333, 0.01, 4.83},
		{7.5, 1, 8},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.x, "/", tc.step), func(t *testing.T) {
			if got := RoundTo(tc.x, tc.step); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestParseScaleAndRounding(t *testing.T) {
	for _, s := range []Scale{ScaleWBF, ScaleACBL} {
		if got, err := ParseScale(s.String()); err != nil || got != s {
			t.Errorf("ParseScale(%q) = %v, %v", s, got, err)
		}
	}
	for _, p := range []RoundPolicy{RoundTotals, RoundEachBoard, RoundNone} {
		if got, err := ParseRoundPolicy(p.String()); err != nil || got != p {
			t.Errorf("ParseRoundPolicy(%q) = %v, %v", p, got, err)
		}
	}
	if _, err := ParseScale("ebu"); err == nil {
		t.Error("ebu accepted")
	}
	if _, err := ParseRoundPolicy("half"); err == nil {
		t.Error("half accepted")
	}
}
