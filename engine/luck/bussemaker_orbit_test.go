package luck

import (
	"context"
	"flag"
	"math"
	"slices"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// orbitCounts runs the enumeration by orbits of any field and returns its
// counts scaled to every numbering, in rows of exactHistStride as
// bruteCounts writes them; ok is false when the field has no such
// enumeration.
func orbitCounts(t *testing.T, m *movement.Movement, strengths []float64) (plan *ExactPlan, hist, place []int64, ok bool) {
	t.Helper()
	sc, nb, s := mustPrepare(t, m, Settings{Strengths: strengths})
	plan, levels, why := orbitPlan(sc, nb, RandomTies)
	if why != "" {
		return plan, nil, nil, false
	}
	of := newOrbitField(sc, nb, s, levels, plan)
	sum, err := of.counts(context.Background(), 0, of.chunks(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if sum.n != plan.Evaluated {
		t.Errorf("%d numberings scored, %d planned", sum.n, plan.Evaluated)
	}
	P := m.Pairs
	hist = make([]int64, P*exactHistStride)
	for e := range P {
		for t2 := range sum.stride {
			hist[e*exactHistStride+t2] = sum.hist[e*sum.stride+t2] * of.order
		}
	}
	place = slices.Clone(sum.place)
	for i := range place {
		place[i] *= of.order
	}
	return plan, hist, place, true
}

// orbitCases are the fields of the tests of the enumeration by orbits:
// every library movement of at most maxPairs pairs, as it is, with round 2
// switched and with one table switched, and some generated ones with
// strengths that tie.
func orbitCases(t *testing.T, maxPairs int) []reducedCase {
	return fieldCases(t, maxPairs, []specCase{
		{"howell:4", nil},
		{"howell:8", []float64{1, 1, 2, 9, 9, 9, 10, 12}},
		{"mitchell:3,switch=2", nil},
		{"skip-mitchell:4", nil},
		{"howell:10", []float64{1, 2, 2, 3, 3, 3, 4, 4, 5, 7}},
	}, func(*movement.Movement) bool { return true })
}

// exhaustive adds the library's fields of 9 and 10 pairs to the brute-force
// comparisons of the orbit and the reduced enumerations: over a hundred
// fields and their switched variants, nearly four CPU-minutes. make test
// runs it after go test ./..., whose budget it would take whole.
var exhaustive = flag.Bool("exhaustive", false, "compare the orbit and reduced enumerations with brute force on the library's fields of 9 and 10 pairs too (minutes)")

// TestOrbitMatchesBruteForce: the enumeration of one numbering per orbit of
// the movement's automorphism group counts every total and every place as
// scoring every numbering does, on every library movement of up to 8 pairs
// (and their switched variants); with -exhaustive also of 9 and 10
// pairs, whose figures are compared with the exact run that scores every
// numbering (Gray blocks), to 1e-9. Fields whose pairs have different
// matchpoint maxima have no such enumeration, and are counted.
func TestOrbitMatchesBruteForce(t *testing.T) {
	maxPairs := 8
	if *exhaustive {
		maxPairs = 10
	}
	skipped, checked := 0, 0
	for _, c := range orbitCases(t, maxPairs) {
		t.Run(c.name, func(t *testing.T) {
			s := c.strengths
			if s == nil {
				s = make([]float64, c.m.Pairs)
				for i := range s {
					s[i] = float64(i + 1)
				}
			}
			if c.m.Pairs <= 8 {
				plan, hist, place, ok := orbitCounts(t, c.m, s)
				if !ok {
					skipped++
					t.Skipf("no enumeration by orbits: %s", plan.Reason)
				}
				checked++
				wh, wp := bruteCounts(t, c.m, s)
				if !slices.Equal(hist, wh) {
					t.Errorf("totals counted differently from brute force")
				}
				if !slices.Equal(place, wp) {
					t.Errorf("places counted differently from brute force")
				}
				t.Logf("symmetry %d, %d of %s numberings scored", plan.Symmetry, plan.Evaluated, plan.Numberings)
				return
			}
			sc, nb, s2, err := prepare(c.m, Settings{Strengths: s})
			if err != nil {
				t.Fatal(err)
			}
			plan, levels, why := orbitPlan(sc, nb, RandomTies)
			if why != "" {
				skipped++
				t.Skipf("no enumeration by orbits: %s", why)
			}
			checked++
			run := &bussRun{sc: sc, nb: nb, strengths: s2, seed: 0, exact: true}
			got, err := bussemakerOrbit(context.Background(), run, plan, levels, nil)
			if err != nil {
				t.Fatal(err)
			}
			want, err := Bussemaker(context.Background(), c.m, Settings{Strengths: s, Method: Exact})
			if err != nil {
				t.Fatal(err)
			}
			sameFigures(t, got, want, 1e-9)
			t.Logf("symmetry %d, %d of %s numberings scored", plan.Symmetry, plan.Evaluated, plan.Numberings)
		})
	}
	t.Logf("%d fields checked, %d without an enumeration by orbits", checked, skipped)
}

// sameFigures compares two results' figures within tol.
func sameFigures(t *testing.T, got, want *Result, tol float64) {
	t.Helper()
	close := func(a, b float64) bool { return math.Abs(a-b) <= tol }
	for j := range want.RankProbability {
		for e := range want.RankProbability[j] {
			if !close(got.RankProbability[j][e], want.RankProbability[j][e]) {
				t.Fatalf("place %d entrant %d: %v, want %v", j+1, e+1, got.RankProbability[j][e], want.RankProbability[j][e])
			}
		}
	}
	for e, w := range want.Spread {
		g := got.Spread[e]
		if !close(g.Avg, w.Avg) || !close(g.Sd, w.Sd) || !close(g.Min, w.Min) || !close(g.Max, w.Max) {
			t.Fatalf("entrant %d spread %+v, want %+v", e+1, g, w)
		}
	}
	if !close(got.Qd, want.Qd) || !close(got.Sigma, want.Sigma) || got.Samples != want.Samples {
		t.Fatalf("Qd %v σ %v over %d, want %v %v over %d", got.Qd, got.Sigma, got.Samples, want.Qd, want.Sigma, want.Samples)
	}
}

// TestOrbitMatchesReduced: on a 12-pair two-sided field, the enumeration
// by orbits (12!/144 numberings, each scored whole) and the reduced one
// (by sides, classes of choices and the strength reversal) count alike:
// the same figures to the bit.
func TestOrbitMatchesReduced(t *testing.T) {
	if testing.Short() {
		t.Skip("two exact runs of 12 pairs")
	}
	m := mustSpec(t, "relay-mitchell:6")
	sc, nb, s := mustPrepare(t, m, Settings{})
	plan, levels, why := orbitPlan(sc, nb, RandomTies)
	if why != "" {
		t.Fatal(why)
	}
	run := &bussRun{sc: sc, nb: nb, strengths: s, exact: true}
	got, err := bussemakerOrbit(context.Background(), run, plan, levels, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Bussemaker(context.Background(), m, Settings{Method: Exact})
	if err != nil {
		t.Fatal(err)
	}
	if want.Evaluated == got.Evaluated {
		t.Fatalf("both runs scored %d numberings: the reduced one did not run", got.Evaluated)
	}
	sameFigures(t, got, want, 0)
	t.Logf("orbits: %d numberings scored; by sides: %d", got.Evaluated, want.Evaluated)
}

// TestOrbitAgreesWithSampling: the run by orbits of a 12-pair movement that
// is not two-sided (through Bussemaker) and four million sampled
// numberings agree within sampling error, entry by entry.
func TestOrbitAgreesWithSampling(t *testing.T) {
	if testing.Short() {
		t.Skip("samples four million numberings")
	}
	m := mustCorpus(t, "NBBR/NBB/N055_Onvolledig_Mitchell_6_6")
	exact, err := Bussemaker(context.Background(), m, Settings{Method: Exact})
	if err != nil {
		t.Fatal(err)
	}
	if !exact.Exact || exact.SymmetryUsed < 2 || exact.Evaluated*int64(exact.SymmetryUsed) != exact.Samples {
		t.Fatalf("not a run by orbits: %d of %d numberings scored, symmetry %d", exact.Evaluated, exact.Samples, exact.SymmetryUsed)
	}
	const n = 4_000_000
	smp, err := Bussemaker(context.Background(), m, Settings{Method: Sample, Samples: n, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	for j, row := range exact.RankProbability {
		for e, x := range row {
			p := max(x/100, 1.0/n)
			if z := math.Abs(smp.RankProbability[j][e]-x) / (100 * math.Sqrt(p*(1-p)/n)); z > 5 {
				t.Errorf("place %d entrant %d: exact %.4f, sampled %.4f (%.1f standard errors)", j+1, e+1, x, smp.RankProbability[j][e], z)
			}
		}
	}
}
