package optimize

import (
	"context"
	"math"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// sameEncounters fails unless b only re-orients tables of a: the same pairs
// meet at the same table on the same board group.
func sameEncounters(t *testing.T, a, b *movement.Movement) {
	t.Helper()
	if a.Pairs != b.Pairs || a.Tables != b.Tables || a.Rounds != b.Rounds || a.Groups != b.Groups {
		t.Fatal("optimised movement has another size")
	}
	for r := range a.Schedule {
		for tb, x := range a.Schedule[r] {
			y := b.Schedule[r][tb]
			if x.Group != y.Group || min(x.NS, x.EW) != min(y.NS, y.EW) || max(x.NS, x.EW) != max(y.NS, y.EW) {
				t.Fatalf("round %d table %d: %v became %v", r+1, tb+1, x, y)
			}
		}
	}
}

// checkSwitched fails unless res.Switched lists exactly the re-oriented tables.
func checkSwitched(t *testing.T, in *movement.Movement, res *Result) {
	t.Helper()
	var want []TablePos
	for r, row := range in.Schedule {
		for tb, x := range row {
			if !x.Empty() && x.NS != res.Movement.Schedule[r][tb].NS {
				want = append(want, TablePos{r + 1, tb + 1})
			}
		}
	}
	if !slices.Equal(want, res.Switched) {
		t.Fatalf("Switched = %v, the movements differ at %v", res.Switched, want)
	}
}

func roundQf(x float64) float64 { return math.Round(x*100) / 100 }

// TestOptimizeScrambledMitchells: from the unswitched Mitchells, default
// settings reach the best values of seed 004's scrambled-Mitchell table.
func TestOptimizeScrambledMitchells(t *testing.T) {
	tests := []struct {
		name   string
		tables int
		best   float64
	}{
		{"M5", 5, 74.68}, {"RM6", 6, 84.00}, {"M7", 7, 92.00}, {"RM8", 8, 91.38},
		{"M9", 9, 93.90}, {"RM10", 10, 93.80}, {"M11", 11, 93.41}, {"RM12", 12, 94.00},
		{"M13", 13, 93.96}, {"RM14", 14, 94.77}, {"M15", 15, 95.49},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var m *movement.Movement
			if tc.tables%2 == 1 {
				m, _ = movement.Mitchell(tc.tables)
			} else {
				m, _ = movement.RelayMitchell(tc.tables)
			}
			res, err := Search(context.Background(), m, Settings{Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			sameEncounters(t, m, res.Movement)
			checkSwitched(t, m, res)
			if got := roundQf(res.After.Qf); got < tc.best {
				t.Errorf("Qf %.2f, published best %.2f", got, tc.best)
			}
			if got := roundQf(res.Before.Qf); got > 49 {
				t.Errorf("Qf before %.2f: the unswitched Mitchell is below 49", got)
			}
			t.Logf("Qf %.2f → %.2f, Qf1av %.2f, %d switched, %d iterations, proven %v", res.Before.Qf, res.After.Qf, res.VacancyAfter.Av, len(res.Switched), res.Iterations, res.Proven)
		})
	}
}

// TestOptimizeCorpus covers the balans output example and the superperfect
// 8-pair Howell.
func TestOptimizeCorpus(t *testing.T) {
	howell := mustCorpus(t, "NBBR/7ronden/8p7rperfectH.txt")
	// Switching table 2 in every round keeps Qf = 100 but drops Qf1av to 60.
	spoilt := howell.Clone()
	for r := 1; r <= howell.Rounds; r++ {
		spoilt.Switch(r, 2)
	}
	tests := []struct {
		name              string
		m                 *movement.Movement
		set               Settings
		before, qf, qf1av float64
		proven            bool
	}{
		{"expanded14 round 1 and table 1 fixed", mustCorpus(t, "14p8rexpandedM_from_outputexample.txt"),
			Settings{Seed: 1, FixRounds: []int{1}, FixTables: []int{1}}, 54.88, 82.46, -1, false},
		{"howell8 back to superperfect", spoilt, Settings{Seed: 1}, 100, 100, 100, true},
		{"howell8 annealed", spoilt, Settings{Seed: 1, ExhaustiveBits: -1}, 100, 100, 100, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Search(context.Background(), tc.m, tc.set)
			if err != nil {
				t.Fatal(err)
			}
			sameEncounters(t, tc.m, res.Movement)
			checkSwitched(t, tc.m, res)
			if roundQf(res.Before.Qf) != tc.before {
				t.Errorf("Qf before %.2f, want %.2f", res.Before.Qf, tc.before)
			}
			if roundQf(res.After.Qf) < tc.qf {
				t.Errorf("Qf %.2f, want %.2f", res.After.Qf, tc.qf)
			}
			if tc.qf1av >= 0 && roundQf(res.VacancyAfter.Av) < tc.qf1av {
				t.Errorf("Qf1av %.2f (before %.2f), want %.2f", res.VacancyAfter.Av, res.VacancyBefore.Av, tc.qf1av)
			}
			if res.Proven != tc.proven {
				t.Errorf("proven %v, want %v (stop %s)", res.Proven, tc.proven, res.Stop)
			}
			t.Logf("Qf %.2f → %.2f, Qf1av %.2f → %.2f, stop %s, %d iterations", res.Before.Qf, res.After.Qf, res.VacancyBefore.Av, res.VacancyAfter.Av, res.Stop, res.Iterations)
		})
	}
}

// TestOptimizeDeterministic: the result does not depend on GOMAXPROCS.
func TestOptimizeDeterministic(t *testing.T) {
	m, _ := movement.Mitchell(11)
	spoilt := mustCorpus(t, "NBBR/7ronden/8p7rperfectH.txt")
	for name, tc := range map[string]struct {
		m   *movement.Movement
		set Settings
	}{
		"anneal":     {m, Settings{Seed: 7, Iterations: 100_000, Restarts: 6}},
		"slow":       {m, Settings{Seed: 7, Iterations: 100_000, Restarts: 3, Cooling: Cooling{Mode: ModeSlow}}},
		"exhaustive": {spoilt, Settings{FixRounds: []int{1}}},
	} {
		t.Run(name, func(t *testing.T) {
			var results []*Result
			for _, procs := range []int{1, 4} {
				old := runtime.GOMAXPROCS(procs)
				res, err := Search(context.Background(), tc.m, tc.set)
				runtime.GOMAXPROCS(old)
				if err != nil {
					t.Fatal(err)
				}
				results = append(results, res)
			}
			a, b := results[0], results[1]
			if !a.Movement.Equal(b.Movement) || a.Iterations != b.Iterations || a.After.SS != b.After.SS || !slices.Equal(a.Switched, b.Switched) {
				t.Fatalf("GOMAXPROCS 1 and 4 differ: SS %d/%d, iterations %d/%d", a.After.SS, b.After.SS, a.Iterations, b.Iterations)
			}
		})
	}
}

// TestOptimizeConstraints: fixed rounds, tables, pairs and first positions
// are never switched, by annealing or by exhaustive search.
func TestOptimizeConstraints(t *testing.T) {
	m9, _ := movement.Mitchell(9)
	exp := mustCorpus(t, "14p8rexpandedM_from_outputexample.txt")
	h8 := mustCorpus(t, "NBBR/7ronden/8p7rperfectH.txt")
	for r := 1; r <= h8.Rounds; r++ {
		h8.Switch(r, 3) // Qf1av 60: something to improve
	}
	tests := []struct {
		name string
		m    *movement.Movement
		set  Settings
	}{
		{"rounds", m9, Settings{FixRounds: []int{2, 5}}},
		{"tables", m9, Settings{FixTables: []int{1, 9}}},
		{"pairs", exp, Settings{FixPairs: []int{14, 3}}},
		{"first", exp, Settings{FixFirst: 5, FixRounds: []int{8}}},
		{"exhaustive", h8, Settings{FixPairs: []int{8}, FixFirst: 3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.set.Seed, tc.set.Iterations, tc.set.Restarts = 3, 200_000, 4
			res, err := Search(context.Background(), tc.m, tc.set)
			if err != nil {
				t.Fatal(err)
			}
			sameEncounters(t, tc.m, res.Movement)
			checkSwitched(t, tc.m, res)
			for _, p := range res.Switched {
				tb := tc.m.Schedule[p.Round-1][p.Table-1]
				if slices.Contains(tc.set.FixRounds, p.Round) || slices.Contains(tc.set.FixTables, p.Table) ||
					slices.Contains(tc.set.FixPairs, tb.NS) || slices.Contains(tc.set.FixPairs, tb.EW) ||
					p.Round == 1 && p.Table <= tc.set.FixFirst {
					t.Errorf("fixed table switched: round %d table %d", p.Round, p.Table)
				}
			}
			if len(res.Switched) == 0 {
				t.Error("nothing switched: the test proves nothing")
			}
		})
	}
}

// TestOptimizeExhaustiveAgreesWithBruteForce compares the proven optimum
// with every orientation ranked by ComputeBalance and ComputeVacancy.
func TestOptimizeExhaustiveAgreesWithBruteForce(t *testing.T) {
	m3, _ := movement.Mitchell(3)
	rm4, _ := movement.RelayMitchell(4)
	cases := map[string]struct {
		m   *movement.Movement
		set Settings
	}{
		"mitchell3":                        {m3, Settings{}},
		"relay4":                           {rm4, Settings{}},
		"relay4 table 2 fixed":             {rm4, Settings{FixTables: []int{2}}},
		"relay4 av-then-max":               {rm4, Settings{Vacancy: VacancyAvThenMax}},
		"relay4 table 2 fixed av-then-max": {rm4, Settings{FixTables: []int{2}, Vacancy: VacancyAvThenMax}},
		"relay4 weights 0:1":               {rm4, Settings{Weights: Weights{0, 1}}},
		"relay4 weights 1:0":               {rm4, Settings{Weights: Weights{1, 0}}},
		"mitchell3 weights 1:3":            {m3, Settings{Weights: Weights{1, 3}}},
		"mitchell3 vacancy off":            {m3, Settings{Vacancy: VacancyOff}},
		"relay4 vacancy off":               {rm4, Settings{Vacancy: VacancyOff}},
		"relay4 table 2 fixed vacancy off": {rm4, Settings{FixTables: []int{2}, Vacancy: VacancyOff}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			res, err := Search(context.Background(), tc.m, tc.set)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Proven || !res.Exhaustive {
				t.Fatalf("proven %v exhaustive %v", res.Proven, res.Exhaustive)
			}
			best := bruteForce(t, tc.m, tc.set)
			if tc.set.Vacancy == VacancyOff {
				// Vacancy figures are not ranked: only SS and d4 are determined.
				if res.After.SS != best.ss || math.Abs(res.After.D4-best.d4) > 1e-9 {
					t.Fatalf("exhaustive SS %d d4 %v, brute force %d %v", res.After.SS, res.After.D4, best.ss, best.d4)
				}
				return
			}
			if res.After.SS != best.ss || math.Abs(res.VacancyAfter.Av-best.av) > 1e-9 || math.Abs(res.VacancyAfter.Max-best.max) > 1e-9 {
				t.Fatalf("exhaustive SS %d Qf1av %v Qf1max %v, brute force %d %v %v", res.After.SS, res.VacancyAfter.Av, res.VacancyAfter.Max, best.ss, best.av, best.max)
			}
		})
	}
}

// bruteFigures are the ranked figures of the best orientation brute force finds.
type bruteFigures struct {
	ss      int64
	av, max float64
	d4      float64
}

// bruteForce ranks every orientation of the tables not fixed by set, from
// ComputeBalance and ComputeVacancy alone. With the vacancy quality ranked
// it stops at the vacancy keys; with it off it ranks d4 after SS.
func bruteForce(t *testing.T, m *movement.Movement, set Settings) bruteFigures {
	var free []TablePos
	for r, row := range m.Schedule {
		for tb := range row {
			if !slices.Contains(set.FixTables, tb+1) && !slices.Contains(set.FixRounds, r+1) {
				free = append(free, TablePos{r + 1, tb + 1})
			}
		}
	}
	best := bruteFigures{ss: math.MaxInt64}
	for code := 0; code < 1<<len(free); code++ {
		c := m.Clone()
		for b, p := range free {
			if code>>b&1 == 1 {
				c.Switch(p.Round, p.Table)
			}
		}
		bal := movement.ComputeBalance(c)
		ss := bal.SS
		if ss > best.ss {
			continue
		}
		if set.Vacancy == VacancyOff {
			if ss < best.ss || !set.NoD4 && bal.D4 < best.d4 {
				best = bruteFigures{ss: ss, d4: bal.D4}
			}
			continue
		}
		v, err := movement.ComputeVacancy(c)
		if err != nil {
			t.Fatal(err)
		}
		if !set.AbsentRange.all() {
			v.Av, v.Max = rangeVacancy(t, c, set.AbsentRange)
		}
		var better bool
		switch w := set.Weights.orDefault(); {
		case ss < best.ss:
			better = true
		case set.Vacancy == VacancyAvThenMax:
			better = v.Av > best.av || v.Av == best.av && v.Max > best.max
		default:
			better = w.Max*v.Max+w.Av*v.Av > w.Max*best.max+w.Av*best.av
		}
		if better {
			best = bruteFigures{ss: ss, av: v.Av, max: v.Max, d4: bal.D4}
		}
	}
	return best
}

// TestOptimizeStops: a cancelled context or the time budget returns the best
// found so far, promptly and without error.
func TestOptimizeStops(t *testing.T) {
	m, _ := movement.Mitchell(15)
	t.Run("cancelled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(50*time.Millisecond, cancel)
		start := time.Now()
		res, err := Search(ctx, m, Settings{Iterations: MaxIterations})
		if err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("took %v after cancel", d)
		}
		if res.Stop != StopCancelled || res.Proven || res.After.Qf <= res.Before.Qf {
			t.Errorf("stop %s, proven %v, Qf %.2f → %.2f", res.Stop, res.Proven, res.Before.Qf, res.After.Qf)
		}
		sameEncounters(t, m, res.Movement)
	})
	t.Run("cancelled exhaustive", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		res, err := Search(ctx, m, Settings{FixRounds: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}, FixTables: []int{1, 2, 3}})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Exhaustive || res.Proven || res.Stop != StopCancelled {
			t.Errorf("exhaustive %v proven %v stop %s", res.Exhaustive, res.Proven, res.Stop)
		}
	})
	t.Run("time", func(t *testing.T) {
		var calls atomic.Int32
		res, err := Search(context.Background(), m, Settings{Iterations: 1 << 40, Time: 100 * time.Millisecond,
			Progress: func(Progress) { calls.Add(1) }, ProgressEvery: 10 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if res.Stop != StopTime {
			t.Errorf("stop %s, want time", res.Stop)
		}
		if calls.Load() == 0 {
			t.Error("progress never called")
		}
	})
}

// TestOptimizeSettingsErrors: bad settings give an error, not a panic.
func TestOptimizeSettingsErrors(t *testing.T) {
	m, _ := movement.Mitchell(5)
	for name, set := range map[string]Settings{
		"round 0":     {FixRounds: []int{0}},
		"round 6":     {FixRounds: []int{6}},
		"table 9":     {FixTables: []int{9}},
		"pair 11":     {FixPairs: []int{11}},
		"first 6":     {FixFirst: 6},
		"iterations":  {Iterations: -1},
		"mode":        {Cooling: Cooling{Mode: 7}},
		"target":      {TargetQf: 101},
		"restarts":    {Restarts: -2},
		"time budget": {Time: -time.Second},
	} {
		if _, err := Search(context.Background(), m, set); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
