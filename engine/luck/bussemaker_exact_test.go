package luck

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
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
// returns its counts scaled to every numbering, and the number of
// numberings they cover by the plan's classes of choices and symmetry.
func reducedCounts(t *testing.T, m *movement.Movement, strengths []float64) (plan *ExactPlan, hist, place []int64, covered int64) {
	t.Helper()
	set := Settings{Strengths: strengths}
	sc, nb, s := mustPrepare(t, m, set)
	plan, ts, sym, ok := exactPlan(sc, nb, s, RandomTies)
	if !ok {
		t.Fatalf("no reduction: %s", plan.Reason)
	}
	run := &bussRun{sc: sc, nb: nb, strengths: s, exact: true}
	er, sum, err := largeCounts(context.Background(), run, plan, ts, sym, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range sum.hist {
		sum.hist[i] *= er.used
	}
	for i := range sum.place {
		sum.place[i] *= er.used
	}
	choices := reducedChoices(m.Pairs, ts.n, plan.Reversal, sym.swap)
	for _, c := range choices {
		covered += (c.same + c.mirrored) * plan.Evaluated / int64(len(choices)) * sym.sideOrder
	}
	return plan, sum.hist, sum.place, covered
}

// reducedCase is a two-sided field for the reduced enumeration's tests.
type reducedCase struct {
	name      string
	m         *movement.Movement
	strengths []float64 // nil: 1..P
}

// reducedCases are the two-sided fields of the tests of the reduced
// enumeration: Mitchells and relay Mitchells with and without switched
// rounds and single switched tables, every two-sided library movement of
// at most maxPairs pairs with round 2 or one table switched, and strengths
// that do and do not allow the reversal.
func reducedCases(t *testing.T, maxPairs int) []reducedCase {
	return fieldCases(t, maxPairs, []specCase{
		{"mitchell:3", nil},
		{"mitchell:3", []float64{1, 2, 2, 3, 7, 9}},
		{"mitchell:3,switch=2", nil},
		{"mitchell:3,switch=3", nil},
		{"mitchell:3,switch=2", []float64{1, 1, 2, 4, 4, 9}},
		{"mitchell:3,switch=2", []float64{1, 1, 2, 2, 3, 3}},
		{"mitchell:3,switch=r2t1", nil},
		{"relay-mitchell:4", nil},
		{"relay-mitchell:4,switch=2", nil},
		{"relay-mitchell:4,switch=r1t2", []float64{1, 2, 3, 4, 6, 7, 8, 9}},
		{"mitchell:5,switch=2", nil},
		{"mitchell:5", nil},
		{"mitchell:5,switch=2+3", nil},
		{"mitchell:5,switch=3", []float64{1, 2, 2, 3, 5, 5, 6, 10, 11, 11}},
		{"mitchell:5,switch=r4t2.5", nil},
	}, func(m *movement.Movement) bool {
		sc, _ := newScorer(m)
		ts, _ := sc.splitSides()
		return ts != nil
	})
}

// specCase is a generated field and its strengths (nil: 1..P).
type specCase struct {
	spec string
	s    []float64
}

// fieldCases are the fields of up to maxPairs pairs among specs, then
// every library field of up to maxPairs pairs that keep accepts, in name
// order, with two switched variants: round 2 switched whole, and table 1
// of round 1.
func fieldCases(t *testing.T, maxPairs int, specs []specCase, keep func(*movement.Movement) bool) []reducedCase {
	t.Helper()
	var cases []reducedCase
	add := func(name string, m *movement.Movement, s []float64) {
		if m.Pairs <= maxPairs {
			cases = append(cases, reducedCase{name, m, s})
		}
	}
	for _, c := range specs {
		add(c.spec, mustSpec(t, c.spec), c.s)
	}
	lib := libraryUpTo(t, maxPairs)
	for _, name := range slices.Sorted(maps.Keys(lib)) {
		m := lib[name]
		if !keep(m) {
			continue
		}
		add(name, m, nil)
		if m.Rounds >= 2 {
			r2 := m.Clone()
			for tab := 1; tab <= r2.Tables; tab++ {
				r2.Switch(2, tab)
			}
			add(name+",switch=2", r2, nil)
		}
		t1 := m.Clone()
		t1.Switch(1, 1)
		add(name+",switch=r1t1", t1, nil)
	}
	return cases
}

// TestReducedMatchesBruteForce: the enumeration of one numbering per orbit
// of the symmetry (with tables and Gray order) counts every total and every
// place exactly as scoring every numbering does, on every two-sided field
// of reducedCases: up to 8 pairs, 10 with -exhaustive (10! numberings
// each, scored one by one: seconds).
func TestReducedMatchesBruteForce(t *testing.T) {
	maxPairs := 8
	if *exhaustive {
		maxPairs = 10
	}
	kernels := []bool{false}
	if useRegKernel {
		kernels = []bool{true, false}
	}
	defer func(was bool) { useRegKernel = was }(useRegKernel)
	for _, c := range reducedCases(t, maxPairs) {
		t.Run(c.name, func(t *testing.T) {
			s := c.strengths
			if s == nil {
				s = make([]float64, c.m.Pairs)
				for i := range s {
					s[i] = float64(i + 1)
				}
			}
			wh, wp := bruteCounts(t, c.m, s)
			var plan *ExactPlan
			var covered int64
			for _, reg := range kernels {
				useRegKernel = reg
				var hist, place []int64
				plan, hist, place, covered = reducedCounts(t, c.m, s)
				if !slices.Equal(hist, wh) {
					t.Errorf("register kernel %v: totals counted differently from brute force", reg)
				}
				if !slices.Equal(place, wp) {
					t.Errorf("register kernel %v: places counted differently from brute force", reg)
				}
			}
			if n := int64(math.Round(math.Gamma(float64(c.m.Pairs) + 1))); covered != n {
				t.Errorf("the choices and symmetry cover %d numberings, not %d", covered, n)
			}
			t.Logf("symmetry %d (used %d), reversal %v, %d of %s numberings scored", plan.Symmetry, plan.Used, plan.Reversal, plan.Evaluated, plan.Numberings)
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
		sc, nb, s := mustPrepare(t, m, Settings{})
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

// TestExactLargeSameWhateverCores: the reduced run gives the same result,
// to the bit, on one core and on all of them, and through Bussemaker.
func TestExactLargeSameWhateverCores(t *testing.T) {
	m := mustSpec(t, "mitchell:3,switch=2")
	sc, nb, s := mustPrepare(t, m, Settings{})
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
	est, err := EstimateExact(m, Settings{})
	if err != nil {
		t.Fatal(err)
	}
	defer func(b float64) { MaxExactCPU = b }(MaxExactCPU)
	MaxExactCPU = est.CPUSeconds * 0.99
	_, err = Bussemaker(context.Background(), m, Settings{Method: Exact})
	if !errors.Is(err, ErrTooManyNumberings) || !errors.Is(err, ErrOverBudget) || !strings.Contains(err.Error(), "87178291200 numberings") ||
		!strings.Contains(err.Error(), fmt.Sprint(plan.Evaluated)) || !strings.Contains(err.Error(), "CPU-seconds; sample instead") {
		t.Errorf("over budget: %v", err)
	}
	MaxExactCPU = est.CPUSeconds
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err = Bussemaker(ctx, m, Settings{Method: Exact})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("cancelled run: %v", err)
	}
	// A field without two sides is enumerated by orbits, at its own rate:
	// the 14-pair Howell's 15 CPU-hours are refused; one whose pairs'
	// maxima differ says why it cannot be reduced.
	MaxExactCPU = 3600
	_, err = Bussemaker(context.Background(), mustSpec(t, "howell:14"), Settings{Method: Exact})
	if !errors.Is(err, ErrTooManyNumberings) || !strings.Contains(err.Error(), "hours of CPU, more than the budget of 1 CPU-hour") {
		t.Errorf("howell: %v", err)
	}
	_, err = Bussemaker(context.Background(), mustSpec(t, "mitchell:7,absent=14"), Settings{Method: Exact})
	if !errors.Is(err, ErrTooManyNumberings) || !strings.Contains(err.Error(), "two sides") || !strings.Contains(err.Error(), "maxima differ") {
		t.Errorf("mitchell with an absent pair: %v", err)
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
	sc, nb, s := mustPrepare(t, m, Settings{})
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
