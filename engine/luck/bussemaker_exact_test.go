package luck

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// mustSpec builds a movement from a one-line spec such as "mitchell:4,switch=2".
func mustSpec(t testing.TB, spec string) *movement.Movement {
	t.Helper()
	s, err := movement.ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.Build()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// forPerms calls f with every permutation of 0..n-1 (Heap's order).
func forPerms(n int, f func([]int)) {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	c := make([]int, n)
	f(p)
	for i := 1; i < n; {
		if c[i] < i {
			j := 0
			if i%2 == 1 {
				j = c[i]
			}
			p[j], p[i] = p[i], p[j]
			f(p)
			c[i]++
			i = 1
		} else {
			c[i] = 0
			i++
		}
	}
}

// bruteCounts scores every numbering with the float scorer and counts, per
// entrant, its totals and the (first place, length) of its run of equal
// totals: the oracle of the reduced enumeration, in the same integers.
func bruteCounts(t *testing.T, m *movement.Movement, strengths []float64) (hist, place []int64) {
	t.Helper()
	sc, err := newScorer(m)
	if err != nil {
		t.Fatal(err)
	}
	P := m.Pairs
	hist, place = make([]int64, P*exactHistStride), make([]int64, P*P*P)
	s := make([]float64, P)
	v, c, tot := make([]float64, sc.maxK), make([]int32, sc.maxK), make([]int32, P)
	forPerms(P, func(perm []int) {
		for p, e := range perm {
			s[p] = strengths[e]
		}
		sc.matchpoints(s, v, c, tot)
		for p, e := range perm {
			gt, eq := 0, 0
			for _, u := range tot {
				if u > tot[p] {
					gt++
				} else if u == tot[p] {
					eq++
				}
			}
			hist[e*exactHistStride+int(tot[p])]++
			place[(e*P+gt)*P+eq-1]++
		}
	})
	return hist, place
}

// reducedCounts runs the reduced enumeration whatever the field's size and
// returns its counts scaled to every numbering.
func reducedCounts(t *testing.T, m *movement.Movement, strengths []float64) (*ExactPlan, []int64, []int64) {
	t.Helper()
	set := Settings{Strengths: strengths}
	sc, nb, s, err := prepare(m, set)
	if err != nil {
		t.Fatal(err)
	}
	plan, ts, keep, ok := exactPlan(sc, nb, s, RandomTies)
	if !ok {
		t.Fatalf("no reduction: %s", plan.Reason)
	}
	run := &bussRun{sc: sc, nb: nb, strengths: s, exact: true}
	er, sum, err := largeCounts(context.Background(), run, plan, ts, keep, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range sum.hist {
		sum.hist[i] *= er.used
	}
	for i := range sum.place {
		sum.place[i] *= er.used
	}
	return plan, sum.hist, sum.place
}

// TestReducedMatchesBruteForce: the enumeration reduced by symmetry, tables
// and Gray order counts every total and every place exactly as scoring every
// numbering does, on Mitchells with and without switched rounds and with
// strengths that do and do not allow the reversal.
func TestReducedMatchesBruteForce(t *testing.T) {
	type tc struct {
		spec      string
		strengths []float64
		reversal  bool
	}
	cases := []tc{
		{"mitchell:3", nil, true},
		{"mitchell:3", []float64{1, 2, 2, 3, 7, 9}, false},
		{"mitchell:3,switch=2", nil, true},
		{"mitchell:3,switch=3", nil, true},
		{"mitchell:3,switch=2", []float64{1, 1, 2, 4, 4, 9}, false},
		{"mitchell:3,switch=2", []float64{1, 1, 2, 2, 3, 3}, true},
	}
	if !testing.Short() {
		// 10! numberings each, scored one by one: seconds.
		cases = append(cases,
			tc{"mitchell:5,switch=2", nil, true},
			tc{"mitchell:5", nil, true},
			tc{"mitchell:5,switch=2+3", nil, true},
			tc{"mitchell:5,switch=3", []float64{1, 2, 2, 3, 5, 5, 6, 10, 11, 11}, false},
		)
	}
	for _, c := range cases {
		t.Run(c.spec, func(t *testing.T) {
			m := mustSpec(t, c.spec)
			s := c.strengths
			if s == nil {
				s = make([]float64, m.Pairs)
				for i := range s {
					s[i] = float64(i + 1)
				}
			}
			plan, hist, place := reducedCounts(t, m, s)
			if plan.Reversal != c.reversal {
				t.Errorf("reversal %v, want %v", plan.Reversal, c.reversal)
			}
			wh, wp := bruteCounts(t, m, s)
			if !slices.Equal(hist, wh) {
				t.Errorf("totals counted differently from brute force")
			}
			if !slices.Equal(place, wp) {
				t.Errorf("places counted differently from brute force")
			}
			n := int64(math.Round(math.Gamma(float64(m.Pairs) + 1)))
			f := int64(1)
			if plan.Reversal {
				f = 2
			}
			if plan.Evaluated*int64(plan.Used)*f != n {
				t.Errorf("evaluated %d × symmetry %d × %d ≠ %d numberings", plan.Evaluated, plan.Used, f, n)
			}
			t.Logf("%s: symmetry %d (used %d), reversal %v, %d of %d numberings scored", c.spec, plan.Symmetry, plan.Used, plan.Reversal, plan.Evaluated, n)
		})
	}
}

// TestReducedResultMatchesExact: the figures of the reduced run equal those
// of the one-by-one enumeration to rounding.
func TestReducedResultMatchesExact(t *testing.T) {
	for _, spec := range []string{"mitchell:3,switch=2", "mitchell:3,switch=2+3"} {
		m := mustSpec(t, spec)
		want, err := Bussemaker(context.Background(), m, Settings{Method: Exact})
		if err != nil {
			t.Fatal(err)
		}
		sc, nb, s, err := prepare(m, Settings{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := bussemakerLarge(context.Background(), sc, nb, s, Settings{})
		if err != nil {
			t.Fatal(err)
		}
		if got.Samples != want.Samples || !got.Exact {
			t.Errorf("%s: %d numberings (exact %v), want %d", spec, got.Samples, got.Exact, want.Samples)
		}
		close := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
		for j := range want.RankProbability {
			for e := range want.RankProbability[j] {
				if !close(got.RankProbability[j][e], want.RankProbability[j][e]) {
					t.Errorf("%s: place %d entrant %d: %v, want %v", spec, j+1, e+1, got.RankProbability[j][e], want.RankProbability[j][e])
				}
			}
		}
		for e, w := range want.Spread {
			g := got.Spread[e]
			if !close(g.Avg, w.Avg) || !close(g.Sd, w.Sd) || !close(g.Min, w.Min) || !close(g.Max, w.Max) {
				t.Errorf("%s: entrant %d spread %+v, want %+v", spec, e+1, g, w)
			}
		}
		if !close(got.Qd, want.Qd) || !close(got.Sigma, want.Sigma) {
			t.Errorf("%s: Qd %v σ %v, want %v %v", spec, got.Qd, got.Sigma, want.Qd, want.Sigma)
		}
	}
}

// TestAutomorphisms: every automorphism found keeps every pair's
// percentage under random strengths, they form a group, and on small
// movements the search finds exactly the maps that a test of every
// permutation finds.
func TestAutomorphisms(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, spec := range []string{"mitchell:3", "mitchell:3,switch=2", "mitchell:3,switch=2+3", "howell:4", "mitchell:5,switch=2", "mitchell:7,switch=2", "mitchell:7,switch=2+3"} {
		m := mustSpec(t, spec)
		group, complete := Automorphisms(m)
		if !complete {
			t.Fatalf("%s: search gave up", spec)
		}
		P := m.Pairs
		s := make([]float64, P)
		for i := range s {
			s[i] = float64(rng.IntN(2 * P))
		}
		base, err := Percentages(m, s)
		if err != nil {
			t.Fatal(err)
		}
		key := func(a Automorphism) string { return string(rune(b2i(a.Flip))) + string(intsToRunes(a.Perm)) }
		seen := map[string]bool{}
		for _, a := range group {
			seen[key(a)] = true
			moved := make([]float64, P)
			for p := range P {
				moved[a.Perm[p]] = s[p]
			}
			got, err := Percentages(m, moved)
			if err != nil {
				t.Fatal(err)
			}
			for p := range P {
				if got[a.Perm[p]] != base[p] {
					t.Fatalf("%s: automorphism %v (flip %v) changes pair %d's percentage", spec, a.Perm, a.Flip, p+1)
				}
			}
		}
		for _, a := range group {
			for _, b := range group {
				c := Automorphism{Perm: make([]int, P), Flip: a.Flip != b.Flip}
				for p := range P {
					c.Perm[p] = a.Perm[b.Perm[p]]
				}
				if !seen[key(c)] {
					t.Fatalf("%s: the automorphisms are not closed under composition", spec)
				}
			}
		}
		if P <= 8 {
			sc, _ := newScorer(m)
			want := 0
			id := make([]int, P)
			for i := range id {
				id[i] = i
			}
			ref := structureKey(sc, id, false)
			for _, flip := range []bool{false, true} {
				forPerms(P, func(perm []int) {
					if structureKey(sc, perm, flip) == ref {
						want++
					}
				})
			}
			if want != len(group) {
				t.Errorf("%s: %d automorphisms, every permutation tried finds %d", spec, len(group), want)
			}
		}
		t.Logf("%s: automorphism group of order %d", spec, len(group))
	}
}

func intsToRunes(p []int) []rune {
	r := make([]rune, len(p))
	for i, x := range p {
		r[i] = rune(x + 'A')
	}
	return r
}

// structureKey is the movement's board groups, as sets of plays, after
// renaming the pairs by perm (and turning every play around if flip).
func structureKey(sc *scorer, perm []int, flip bool) string {
	var groups []string
	for g := range sc.top {
		var plays []string
		for i := sc.start[g]; i < sc.start[g+1]; i++ {
			a, b := perm[sc.ns[i]], perm[sc.ew[i]]
			if flip {
				a, b = b, a
			}
			plays = append(plays, string(rune('A'+a))+string(rune('A'+b)))
		}
		slices.Sort(plays)
		groups = append(groups, joinStrings(plays))
	}
	slices.Sort(groups)
	return joinStrings(groups)
}

func joinStrings(x []string) string {
	s := ""
	for _, y := range x {
		s += y + "|"
	}
	return s
}

// TestExactLargeSameWhateverCores: the reduced run gives the same result,
// to the bit, on one core and on all of them, and through Bussemaker.
func TestExactLargeSameWhateverCores(t *testing.T) {
	m := mustSpec(t, "mitchell:3,switch=2")
	sc, nb, s, err := prepare(m, Settings{})
	if err != nil {
		t.Fatal(err)
	}
	var results []*Result
	for _, cores := range []int{1, 2, 4} {
		old := runtime.GOMAXPROCS(cores)
		r, err := bussemakerLarge(context.Background(), sc, nb, s, Settings{})
		runtime.GOMAXPROCS(old)
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, r)
	}
	for _, r := range results[1:] {
		if !reflect.DeepEqual(r, results[0]) {
			t.Fatalf("results differ with the number of cores")
		}
	}
}

// TestExactLargeBudgetAndCancel: a run beyond the budget is refused with a
// message naming the counts, and a cancelled run stops with the context's
// error.
func TestExactLargeBudgetAndCancel(t *testing.T) {
	m := mustSpec(t, "mitchell:7,switch=2")
	plan, err := PlanExact(m, Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if plan.Reason != "" || plan.Used < 2 || !plan.Reversal {
		t.Fatalf("plan %+v: want a reduction by symmetry and reversal", plan)
	}
	defer func(b int64) { MaxExactReduced = b }(MaxExactReduced)
	MaxExactReduced = plan.Evaluated - 1
	_, err = Bussemaker(context.Background(), m, Settings{Method: Exact})
	if !errors.Is(err, ErrTooManyNumberings) || !strings.Contains(err.Error(), "87178291200 numberings") ||
		!strings.Contains(err.Error(), fmt.Sprint(plan.Evaluated)) {
		t.Errorf("over budget: %v", err)
	}
	MaxExactReduced = plan.Evaluated
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err = Bussemaker(ctx, m, Settings{Method: Exact})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("cancelled run: %v", err)
	}
	// A field without two sides says why it cannot be reduced.
	_, err = Bussemaker(context.Background(), mustSpec(t, "howell:14"), Settings{Method: Exact})
	if !errors.Is(err, ErrTooManyNumberings) || !strings.Contains(err.Error(), "two-sided") {
		t.Errorf("howell: %v", err)
	}
}

// TestExactLargeAgreesWithSampling: the reduced exact run of a 10-pair
// Mitchell and ten million sampled numberings agree within sampling error,
// entry by entry and in Qd.
func TestExactLargeAgreesWithSampling(t *testing.T) {
	if testing.Short() {
		t.Skip("samples ten million numberings")
	}
	m := mustSpec(t, "mitchell:5,switch=2+3")
	sc, nb, s, err := prepare(m, Settings{})
	if err != nil {
		t.Fatal(err)
	}
	exact, err := bussemakerLarge(context.Background(), sc, nb, s, Settings{})
	if err != nil {
		t.Fatal(err)
	}
	const n = 10_000_000
	smp, err := Bussemaker(context.Background(), m, Settings{Method: Sample, Samples: n, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	se := func(x float64) float64 {
		p := max(x/100, 1.0/n)
		return 100 * math.Sqrt(p*(1-p)/n)
	}
	for j, row := range exact.RankProbability {
		for e, x := range row {
			if z := math.Abs(smp.RankProbability[j][e]-x) / se(x); z > 5 {
				t.Errorf("place %d entrant %d: exact %.4f, sampled %.4f (%.1f standard errors)", j+1, e+1, x, smp.RankProbability[j][e], z)
			}
		}
	}
	var qdSE float64
	for e := range exact.Spread {
		qdSE += se(exact.RankProbability[e][e]) / float64(len(exact.Spread))
	}
	if math.Abs(exact.Qd-smp.Qd) > 5*qdSE {
		t.Errorf("Qd exact %.4f, sampled %.4f: more than 5 standard errors (%.4f)", exact.Qd, smp.Qd, qdSE)
	}
}
