package luck

import (
	"context"
	"math"
	"testing"
)

func TestTieRuleText(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want TieRule
		err  bool
	}{
		{"random", RandomTies, false},
		{"First", FirstTies, false},
		{"best", 0, true},
	} {
		t.Run(tc.in, func(t *testing.T) {
			var r TieRule
			err := r.UnmarshalText([]byte(tc.in))
			if (err != nil) != tc.err || r != tc.want {
				t.Fatalf("UnmarshalText(%q) = %v, %v; want %v (error %v)", tc.in, r, err, tc.want, tc.err)
			}
			if !tc.err {
				if b, _ := r.MarshalText(); string(b) != tc.want.String() {
					t.Errorf("MarshalText = %q", b)
				}
			}
		})
	}
}

// TestBussemakerFirstTies checks the rule before version 5.8 of the seed's
// program: tied entrants finish in the order of their numbers. With
// strengths 1 1 2 2 2 2 2 2 on the superperfect Howell every numbering ties
// the two strong pairs and the six weak ones, so the old rule puts every
// entrant in its ideal place, where random ties share the places evenly.
func TestBussemakerFirstTies(t *testing.T) {
	m := howell8(t)
	two := []float64{1, 1, 2, 2, 2, 2, 2, 2}
	for _, tc := range []struct {
		name      string
		strengths []float64
		ties      TieRule
		method    Method
		p11, qd   float64 // P(entrant 1 first) and Qd, in percent
	}{
		{"two strong, first, exact", two, FirstTies, Exact, 100, 100},
		{"two strong, first, sampled", two, FirstTies, Sample, 100, 100},
		{"two strong, random, exact", two, RandomTies, Exact, 50, (50 + 50 + 6*100.0/6) / 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Bussemaker(context.Background(), m, Settings{Strengths: tc.strengths, Ties: tc.ties, Method: tc.method, Samples: 20000, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if got := r.RankProbability[0][0]; math.Abs(got-tc.p11) > 0.005 {
				t.Errorf("P(entrant 1 first) = %.2f, want %.2f", got, tc.p11)
			}
			if math.Abs(r.Qd-tc.qd) > 0.005 {
				t.Errorf("Qd = %.2f, want %.2f", r.Qd, tc.qd)
			}
		})
	}

	// Strengths 1..8: the old rule only moves tied places, towards the
	// stronger entrant, so entrant 1 finishes first at least as often, and
	// every entrant's places still add up to 100 %.
	random, err := Bussemaker(context.Background(), m, Settings{Method: Exact})
	if err != nil {
		t.Fatal(err)
	}
	first, err := Bussemaker(context.Background(), m, Settings{Method: Exact, Ties: FirstTies})
	if err != nil {
		t.Fatal(err)
	}
	if first.RankProbability[0][0] < random.RankProbability[0][0] {
		t.Errorf("P(entrant 1 first): first ties %.2f < random ties %.2f", first.RankProbability[0][0], random.RankProbability[0][0])
	}
	for e := range 8 {
		sum := 0.0
		for j := range 8 {
			sum += first.RankProbability[j][e]
		}
		if math.Abs(sum-100) > 1e-9 {
			t.Errorf("entrant %d: places add up to %v", e+1, sum)
		}
		if first.Spread[e] != random.Spread[e] {
			t.Errorf("entrant %d: the tie rule changed the percentages: %v, %v", e+1, first.Spread[e], random.Spread[e])
		}
	}
	if _, err := Bussemaker(context.Background(), m, Settings{Ties: 7}); err == nil {
		t.Error("tie rule 7: no error")
	}
}
