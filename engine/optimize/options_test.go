package optimize

import (
	"context"
	"errors"
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"

	"github.com/bridgereport/bridgereport/engine"
)

func mustSearch(t *testing.T, m *movement.Movement, set Settings) *Result {
	t.Helper()
	res, err := Search(context.Background(), m, set)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func mustFixers(t *testing.T, text string) *Fixers {
	t.Helper()
	f, err := ParseFixers("fixers.txt", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestOptimizeOnlyAndGroups: each option that fixes tables leaves exactly
// its tables alone: a fixed board group keeps its tables' orientation, and
// with an Only setting only its round, table, pair or group changes.
func TestOptimizeOnlyAndGroups(t *testing.T) {
	m9, _ := movement.Mitchell(9)
	exp := mustCorpus(t, "14p8rexpandedM_from_outputexample.txt")
	grid := strings.Repeat("111111111\n", 1) + strings.Repeat("100000000\n", 8) // round 1 and table 1
	type pos = func(round, table int, tb movement.Table) bool
	tests := []struct {
		name string
		m    *movement.Movement
		set  Settings
		may  pos // may this table be switched?
	}{
		{"fix groups A and C", m9, Settings{FixGroups: []Group{1, 3}},
			func(_, _ int, tb movement.Table) bool { return tb.Group != 0 && tb.Group != 2 }},
		{"only round 3", m9, Settings{OnlyRound: 3}, func(r, _ int, _ movement.Table) bool { return r == 3 }},
		{"only table 4", m9, Settings{OnlyTable: 4}, func(_, tb int, _ movement.Table) bool { return tb == 4 }},
		{"only pair 14", exp, Settings{OnlyPair: 14}, func(_, _ int, tb movement.Table) bool { return tb.NS == 14 || tb.EW == 14 }},
		{"only group B", m9, Settings{OnlyGroup: 2}, func(_, _ int, tb movement.Table) bool { return tb.Group == 1 }},
		{"only round 2, table 5 fixed", m9, Settings{OnlyRound: 2, FixTables: []int{5}},
			func(r, tb int, _ movement.Table) bool { return r == 2 && tb != 5 }},
		{"only round 2 and only table 5", m9, Settings{OnlyRound: 2, OnlyTable: 5},
			func(r, tb int, _ movement.Table) bool { return r == 2 && tb == 5 }},
		{"fixers: round 1 and table 1", m9, Settings{Fixers: mustFixers(t, grid)},
			func(r, tb int, _ movement.Table) bool { return r != 1 && tb != 1 }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.set.Seed, tc.set.Iterations, tc.set.Restarts = 3, 100_000, 2
			res := mustSearch(t, tc.m, tc.set)
			sameEncounters(t, tc.m, res.Movement)
			checkSwitched(t, tc.m, res)
			for _, p := range res.Switched {
				if !tc.may(p.Round, p.Table, tc.m.Schedule[p.Round-1][p.Table-1]) {
					t.Errorf("fixed table switched: round %d table %d", p.Round, p.Table)
				}
			}
			if len(res.Switched) == 0 && res.After.SS == res.Before.SS {
				t.Error("nothing switched: the test proves nothing")
			}
		})
	}
}

// TestOptimizeFixersMatchFixRoundsAndTables: a fixers file marking round 1
// and table 1 searches exactly as fixing round 1 and table 1 (the balans
// output example, 54.88 → 82.46).
func TestOptimizeFixersMatchFixRoundsAndTables(t *testing.T) {
	exp := mustCorpus(t, "14p8rexpandedM_from_outputexample.txt")
	grid := "# the balans output example: -r1 -t1\n1111111\n" + strings.Repeat("1 0 0 0 0 0 0\n", 7)
	a := mustSearch(t, exp, Settings{Seed: 1, Iterations: 300_000, Restarts: 4, Fixers: mustFixers(t, grid)})
	b := mustSearch(t, exp, Settings{Seed: 1, Iterations: 300_000, Restarts: 4, FixRounds: []int{1}, FixTables: []int{1}})
	if !a.Movement.Equal(b.Movement) || a.FreeBits != b.FreeBits {
		t.Fatalf("fixers and -r1 -t1 differ: Qf %.2f/%.2f, free bits %d/%d", a.After.Qf, b.After.Qf, a.FreeBits, b.FreeBits)
	}
	if roundQf(a.Before.Qf) != 54.88 || roundQf(a.After.Qf) < 82.46 {
		t.Errorf("Qf %.2f → %.2f, balans 54.88 → 82.46", a.Before.Qf, a.After.Qf)
	}
}

// TestOptimizeStationaryColumn is seed 004's example for fixing a column:
// in the 14-pair 6-round movement pair 14 always sits at table 7; keeping
// table 7 as it is keeps the pair in one direction without losing balance.
func TestOptimizeStationaryColumn(t *testing.T) {
	m := mustCorpus(t, "NBBR/6ronden/14p6rTeamS.txt")
	for r := range m.Rounds {
		if tb := m.Schedule[r][6]; tb.EW != 14 {
			t.Fatalf("round %d: table 7 is %d-%d, want pair 14 EW", r+1, tb.NS, tb.EW)
		}
	}
	set := Settings{Seed: 1, Iterations: 200_000, Restarts: 4}
	free := mustSearch(t, m, set)
	set.FixTables = []int{7}
	fixed := mustSearch(t, m, set)
	for r := range m.Rounds {
		if tb := fixed.Movement.Schedule[r][6]; tb.EW != 14 {
			t.Errorf("round %d: pair 14 moved to NS", r+1)
		}
	}
	if fixed.After.SS != free.After.SS {
		t.Errorf("table 7 fixed: Qf %.2f, free %.2f", fixed.After.Qf, free.After.Qf)
	}
	if roundQf(fixed.After.Qf) < 70.41 {
		t.Errorf("Qf %.2f, the published movement has 70.41", fixed.After.Qf)
	}
	t.Logf("Qf %.2f → %.2f with table 7 fixed, %.2f free", fixed.Before.Qf, fixed.After.Qf, free.After.Qf)
}

// TestOptimizeAbsent: with a pair absent the search optimises the movement
// without it, exactly as searching that movement would, and leaves the
// absent pair's tables as they are.
func TestOptimizeAbsent(t *testing.T) {
	m5, _ := movement.Mitchell(5)
	rm4, _ := movement.RelayMitchell(4)
	for _, tc := range []struct {
		name   string
		m      *movement.Movement
		absent int
		set    Settings
	}{
		{"mitchell5 without 10", m5, 10, Settings{}},
		{"mitchell5 without 3", m5, 3, Settings{}},
		{"mitchell5 without 7, pair 9 fixed", m5, 7, Settings{FixPairs: []int{9}}},
		{"relay4 without 1, annealed", rm4, 1, Settings{ExhaustiveBits: -1, Iterations: 50_000, Restarts: 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			set := tc.set
			set.Absent = tc.absent
			res := mustSearch(t, tc.m, set)
			sameEncounters(t, tc.m, res.Movement)
			checkSwitched(t, tc.m, res)
			for _, p := range res.Switched {
				if tb := tc.m.Schedule[p.Round-1][p.Table-1]; tb.NS == tc.absent || tb.EW == tc.absent {
					t.Errorf("the absent pair's table switched: round %d table %d", p.Round, p.Table)
				}
			}
			without, _ := tc.m.WithoutPair(tc.absent)
			got, _ := res.Movement.WithoutPair(tc.absent)
			if b := movement.ComputeBalance(got); b.SS != res.After.SS {
				t.Errorf("After.SS %d, the movement without pair %d has %d", res.After.SS, tc.absent, b.SS)
			}
			// The same search on the movement without the pair: pair
			// numbers above the absent one are one lower there.
			ref := tc.set
			ref.FixPairs = nil
			for _, p := range tc.set.FixPairs {
				ref.FixPairs = append(ref.FixPairs, p-btoi(p > tc.absent))
			}
			want := mustSearch(t, without, ref)
			if !want.Movement.Equal(got) || res.Proven != want.Proven {
				t.Errorf("Qf %.2f Qf1av %.2f, searching the movement without the pair: %.2f %.2f",
					res.After.Qf, res.VacancyAfter.Av, want.After.Qf, want.VacancyAfter.Av)
			}
			plain := mustSearch(t, tc.m, tc.set)
			plainWithout, _ := plain.Movement.WithoutPair(tc.absent)
			if b := movement.ComputeBalance(plainWithout); b.SS < res.After.SS {
				t.Errorf("optimising for the full field leaves SS %d without pair %d, below the %d optimised for", b.SS, tc.absent, res.After.SS)
			}
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestOptimizeAbsentRange: the vacancy terms rank only the absences in the
// range; a brute force over every orientation agrees.
func TestOptimizeAbsentRange(t *testing.T) {
	rm4, _ := movement.RelayMitchell(4)
	m3, _ := movement.Mitchell(3)
	for name, tc := range map[string]struct {
		m   *movement.Movement
		set Settings
	}{
		"relay4 pairs 5-8":              {rm4, Settings{AbsentRange: PairRange{5, 8}}},
		"relay4 pair 8":                 {rm4, Settings{AbsentRange: PairRange{8, 8}}},
		"relay4 pairs 1-4, av-then-max": {rm4, Settings{AbsentRange: PairRange{1, 4}, Vacancy: VacancyAvThenMax}},
		"mitchell3 pairs 2-3":           {m3, Settings{AbsentRange: PairRange{2, 3}}},
	} {
		t.Run(name, func(t *testing.T) {
			res := mustSearch(t, tc.m, tc.set)
			if !res.Exhaustive {
				t.Fatal("not exhaustive")
			}
			best := bruteForce(t, tc.m, tc.set)
			av, mx := rangeVacancy(t, res.Movement, tc.set.AbsentRange)
			if res.After.SS != best.ss || math.Abs(av-best.av) > 1e-9 || math.Abs(mx-best.max) > 1e-9 {
				t.Fatalf("SS %d, Qf1av %v, Qf1max %v over the range; brute force %d %v %v", res.After.SS, av, mx, best.ss, best.av, best.max)
			}
		})
	}
}

// rangeVacancy is Qf1av (pooled) and Qf1max over the absences of the pairs
// in r, recomputed from scratch.
func rangeVacancy(t *testing.T, m *movement.Movement, r PairRange) (av, mx float64) {
	t.Helper()
	var sumS, sumSS, n int64
	n1 := int64((m.Pairs - 1) * (m.Pairs - 2) / 2)
	for p := 1; p <= m.Pairs; p++ {
		if !r.contains(p) {
			continue
		}
		w, err := m.WithoutPair(p)
		if err != nil {
			t.Fatal(err)
		}
		b := movement.ComputeBalance(w)
		sumS, sumSS, n = sumS+b.S, sumSS+b.SS, n+1
		mx = max(mx, movement.QualityFactor(b.S, b.SS, n1))
	}
	return movement.QualityFactor(sumS, sumSS, n*n1), mx
}

// TestOptimizeRenumber: renumbering the pairs renames them in the result,
// and mapped back it is the search of the movement as numbered; pair
// settings name the new numbers.
func TestOptimizeRenumber(t *testing.T) {
	m7, _ := movement.Mitchell(7)
	perm := []int{14, 2, 9, 4, 5, 13, 7, 8, 3, 10, 11, 12, 6, 1}
	inv := movement.InversePermutation(perm)
	for name, tc := range map[string]struct {
		plain, renumbered Settings
	}{
		"annealed":          {Settings{}, Settings{}},
		"pair 1 fixed":      {Settings{FixPairs: []int{1}}, Settings{FixPairs: []int{14}}},
		"pair 3 absent":     {Settings{Absent: 3}, Settings{Absent: 9}},
		"only pair 6":       {Settings{OnlyPair: 6}, Settings{OnlyPair: 13}},
		"absent range 1-14": {Settings{AbsentRange: PairRange{1, 14}}, Settings{AbsentRange: PairRange{1, 14}}},
	} {
		t.Run(name, func(t *testing.T) {
			for _, s := range []*Settings{&tc.plain, &tc.renumbered} {
				s.Seed, s.Iterations, s.Restarts = 5, 60_000, 2
			}
			tc.renumbered.Renumber = perm
			a := mustSearch(t, m7, tc.plain)
			b := mustSearch(t, m7, tc.renumbered)
			if b.Movement.Schedule[0][0].NS != perm[a.Movement.Schedule[0][0].NS-1] && b.Movement.Schedule[0][0].EW != perm[a.Movement.Schedule[0][0].NS-1] {
				t.Error("the result is not in the new numbering")
			}
			back, err := b.Movement.Renumber(inv)
			if err != nil {
				t.Fatal(err)
			}
			if !back.Equal(a.Movement) || a.After.SS != b.After.SS || !slices.Equal(a.Switched, b.Switched) {
				t.Errorf("renumbered and mapped back differs: SS %d/%d, switched %v/%v", a.After.SS, b.After.SS, a.Switched, b.Switched)
			}
		})
	}
}

// TestOptimizeNoD4: without d4 the ranking ends at the vacancy quality: the
// same Qf and vacancy quality, and a d4 no better.
func TestOptimizeNoD4(t *testing.T) {
	rm4, _ := movement.RelayMitchell(4)
	m5, _ := movement.Mitchell(5)
	for name, m := range map[string]*movement.Movement{"relay4": rm4, "mitchell5": m5} {
		t.Run(name, func(t *testing.T) {
			with := mustSearch(t, m, Settings{})
			without := mustSearch(t, m, Settings{NoD4: true})
			if with.After.SS != without.After.SS || with.VacancyAfter.Av != without.VacancyAfter.Av || with.VacancyAfter.Max != without.VacancyAfter.Max {
				t.Fatalf("Qf or vacancy differ: %.2f/%.2f, %.2f/%.2f", with.After.Qf, without.After.Qf, with.VacancyAfter.Av, without.VacancyAfter.Av)
			}
			if without.After.D4 < with.After.D4-1e-12 {
				t.Errorf("d4 %.4f without ranking it, %.4f with", without.After.D4, with.After.D4)
			}
		})
	}
	s := NewSwitchState(m5)
	if o := newObjectiveEval(s, ranking{noD4: true}).eval(s); o.m4 != 0 {
		t.Errorf("m4 %v without d4", o.m4)
	}
}

// TestOptimizeRandomize: a random start changes where annealing starts, not
// a proven optimum, and is the same for a seed whatever GOMAXPROCS.
func TestOptimizeRandomize(t *testing.T) {
	m9, _ := movement.Mitchell(9)
	one := Settings{Seed: 2, Iterations: 1, Restarts: 1, ExhaustiveBits: -1}
	plain := mustSearch(t, m9, one)
	one.Randomize = true
	random := mustSearch(t, m9, one)
	if len(plain.Switched) > 1 || len(random.Switched) < 10 {
		t.Errorf("after one trial: %d tables switched from the input, %d from a random start", len(plain.Switched), len(random.Switched))
	}
	one.Seed = 3
	if other := mustSearch(t, m9, one); slices.Equal(other.Switched, random.Switched) {
		t.Error("seeds 2 and 3 start alike")
	}

	howell := mustCorpus(t, "NBBR/7ronden/8p7rperfectH.txt")
	spoilt := howell.Clone()
	for r := 1; r <= howell.Rounds; r++ {
		spoilt.Switch(r, 2)
	}
	for _, ex := range []int{0, -1} {
		res := mustSearch(t, spoilt, Settings{Seed: 1, Randomize: true, ExhaustiveBits: ex})
		if !res.Proven || res.After.Qf != 100 || res.VacancyAfter.Av != 100 {
			t.Errorf("exhaustive bits %d: Qf %.2f Qf1av %.2f proven %v: want the superperfect 100, 100", ex, res.After.Qf, res.VacancyAfter.Av, res.Proven)
		}
	}

	var results []*Result
	for _, procs := range []int{1, 3} {
		old := runtime.GOMAXPROCS(procs)
		results = append(results, mustSearch(t, m9, Settings{Seed: 4, Iterations: 20_000, Restarts: 4, Randomize: true}))
		runtime.GOMAXPROCS(old)
	}
	if !results[0].Movement.Equal(results[1].Movement) {
		t.Error("GOMAXPROCS 1 and 3 differ")
	}
}

// TestOptimizeCooling: the cooling's temperatures steer the search, the
// same way on every run.
func TestOptimizeCooling(t *testing.T) {
	m, _ := movement.Mitchell(13)
	coolings := []Cooling{{}, {Mode: ModeFast, C1: 0.2, C2: 3}, {Mode: ModeSlow}, {Mode: ModeSlow, C1: 3, C2: 0.5}}
	var runs []*Result
	for _, c := range coolings {
		set := Settings{Seed: 9, Iterations: 30_000, Restarts: 2, Cooling: c}
		a, b := mustSearch(t, m, set), mustSearch(t, m, set)
		if !a.Movement.Equal(b.Movement) || a.Iterations != b.Iterations {
			t.Errorf("%v: two runs differ", c)
		}
		runs = append(runs, a)
	}
	distinct := 0
	for i := range runs {
		if !slices.ContainsFunc(runs[:i], func(r *Result) bool { return r.Movement.Equal(runs[i].Movement) }) {
			distinct++
		}
	}
	if distinct < 3 {
		t.Errorf("%d distinct results of %d coolings", distinct, len(coolings))
	}
	// The default temperatures are those the schedule used before they
	// could be set.
	if lo, hi := (Cooling{}).temps(); lo != 0.05 || hi != 1 {
		t.Errorf("fast defaults %v %v", lo, hi)
	}
	if a, b := (Cooling{Mode: ModeSlow}).temps(); a != 1 || b != 0.05 {
		t.Errorf("slow defaults %v %v", a, b)
	}
}

// TestOptimizeWeightsChangeTheRanking is what adopting balans's weights
// changes: on the 4-table relay Mitchell the proven optimum of the default
// 2·Qf1max + Qf1av gives up a little Qf1av for a much better Qf1max.
func TestOptimizeWeightsChangeTheRanking(t *testing.T) {
	rm4, _ := movement.RelayMitchell(4)
	tests := []struct {
		name        string
		set         Settings
		qf1av, qmax float64
	}{
		{"default 2:1", Settings{}, 52.63, 62.50},
		{"weights 2:1", Settings{Weights: Weights{2, 1}}, 52.63, 62.50},
		{"av-then-max", Settings{Vacancy: VacancyAvThenMax}, 53.57, 53.57},
		{"weights 0:1", Settings{Weights: Weights{0, 1}}, 53.57, 53.57},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := mustSearch(t, rm4, tc.set)
			if !res.Proven {
				t.Fatal("not proven")
			}
			if roundQf(res.VacancyAfter.Av) != tc.qf1av || roundQf(res.VacancyAfter.Max) != tc.qmax {
				t.Errorf("Qf1av %.2f Qf1max %.2f, want %.2f %.2f", res.VacancyAfter.Av, res.VacancyAfter.Max, tc.qf1av, tc.qmax)
			}
		})
	}
}

// TestOptionsText: the text forms of the settings, read and written.
func TestOptionsText(t *testing.T) {
	type textVar interface {
		UnmarshalText([]byte) error
		MarshalText() ([]byte, error)
	}
	tests := []struct {
		in, out string // out "" : an error
		v       func() textVar
	}{
		{"fast", "fast", func() textVar { return new(Cooling) }},
		{"SLOW", "slow", func() textVar { return new(Cooling) }},
		{"1:2:0.01", "slow:2:0.01", func() textVar { return new(Cooling) }},
		{"0:0.1:2", "fast:0.1:2", func() textVar { return new(Cooling) }},
		{"fast:0.01", "fast:0.01", func() textVar { return new(Cooling) }},
		{"fast:2", "", func() textVar { return new(Cooling) }}, // coldest above the default hottest
		{"fast:0.5:0.1", "", func() textVar { return new(Cooling) }},
		{"slow:-1", "", func() textVar { return new(Cooling) }},
		{"2", "", func() textVar { return new(Cooling) }},
		{"fast:1:2:3", "", func() textVar { return new(Cooling) }},
		{"weighted", "weighted", func() textVar { return new(Vacancy) }},
		{"av-then-max", "av-then-max", func() textVar { return new(Vacancy) }},
		{"Off", "off", func() textVar { return new(Vacancy) }},
		{"max", "", func() textVar { return new(Vacancy) }},
		{"none", "", func() textVar { return new(Vacancy) }},
		{"2:1", "2:1", func() textVar { return new(Weights) }},
		{"0:1", "0:1", func() textVar { return new(Weights) }},
		{"1.5 : 0.5", "1.5:0.5", func() textVar { return new(Weights) }},
		{"0:0", "", func() textVar { return new(Weights) }},
		{"-1:2", "", func() textVar { return new(Weights) }},
		{"2", "", func() textVar { return new(Weights) }},
		{"C", "C", func() textVar { return new(Group) }},
		{"3", "C", func() textVar { return new(Group) }},
		{"b", "b", func() textVar { return new(Group) }},
		{"60", "60", func() textVar { return new(Group) }},
		{"0", "", func() textVar { return new(Group) }},
		{"AB", "", func() textVar { return new(Group) }},
		{"4-8", "4-8", func() textVar { return new(PairRange) }},
		{"14", "14-14", func() textVar { return new(PairRange) }},
		{"8-4", "", func() textVar { return new(PairRange) }},
		{"0-3", "", func() textVar { return new(PairRange) }},
	}
	for _, tc := range tests {
		v := tc.v()
		err := v.UnmarshalText([]byte(tc.in))
		if tc.out == "" {
			if err == nil {
				t.Errorf("%T %q: no error", v, tc.in)
			}
			continue
		}
		if err != nil {
			t.Errorf("%T %q: %v", v, tc.in, err)
			continue
		}
		if out, _ := v.MarshalText(); string(out) != tc.out {
			t.Errorf("%T %q reads back as %q, want %q", v, tc.in, out, tc.out)
		}
	}
}

// TestParseFixers: the format, and errors that name file and line.
func TestParseFixers(t *testing.T) {
	m, _ := movement.Mitchell(3) // 3 rounds, 3 tables
	tests := []struct {
		name, text string
		want       [][]bool
		err        string
	}{
		{"plain", "111\n100\n100\n", [][]bool{{true, true, true}, {true, false, false}, {true, false, false}}, ""},
		{"spaces and comments", "# fixers\n1 1 1  # round 1\n\n0 0 0\r\n0 1 0\n", [][]bool{{true, true, true}, {false, false, false}, {false, true, false}}, ""},
		{"old mac line ends", "111\r100\r100\r", [][]bool{{true, true, true}, {true, false, false}, {true, false, false}}, ""},
		{"mixed line ends", "# fixers\r111\r\n100\n100\r", [][]bool{{true, true, true}, {true, false, false}, {true, false, false}}, ""},
		{"bad digit after lone CRs", "111\r102\r", nil, "fixers.txt:2:3: want 0 (free) or 1 (fixed), got '2'"},
		{"bad digit", "111\n102\n", nil, "fixers.txt:2:3: want 0 (free) or 1 (fixed), got '2'"},
		{"empty", "# nothing\n", nil, "fixers.txt: no rounds"},
		{"short row", "111\n10\n100\n", nil, "fixers.txt:2: round 2: 2 tables, the movement has 3"},
		{"extra round", "111\n100\n100\n000\n", nil, "fixers.txt:4: fixers for 4 round(s), the movement has 3"},
		{"missing round", "111\n100\n", nil, "fixers.txt: fixers for 2 round(s), the movement has 3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ParseFixers("fixers.txt", strings.NewReader(tc.text))
			if err == nil {
				err = (&Settings{Fixers: f}).Validate(m)
			}
			if tc.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				var pe *engine.ParseError
				if !errors.As(err, &pe) {
					t.Errorf("%T is not a *engine.ParseError", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.EqualFunc(f.Fixed, tc.want, slices.Equal) {
				t.Errorf("fixed %v, want %v", f.Fixed, tc.want)
			}
		})
	}
}

// FuzzParseFixers: parsing never panics, and every error names the file.
func FuzzParseFixers(f *testing.F) {
	for _, s := range []string{"111\n100\n", "1 0 1 # c\n", "", "12\n", "\n\n0\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		fx, err := ParseFixers("f.txt", strings.NewReader(text))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.txt") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		if len(fx.Fixed) == 0 || len(fx.Lines) != len(fx.Fixed) {
			t.Fatalf("%d rounds, %d lines", len(fx.Fixed), len(fx.Lines))
		}
	})
}

// TestOptionSettingsErrors: bad option values are errors, not panics.
func TestOptionSettingsErrors(t *testing.T) {
	m, _ := movement.Mitchell(5)
	for name, set := range map[string]Settings{
		"group 6":             {FixGroups: []Group{6}},
		"only round 6":        {OnlyRound: 6},
		"only table -1":       {OnlyTable: -1},
		"only pair 11":        {OnlyPair: 11},
		"only group 7":        {OnlyGroup: 7},
		"absent 11":           {Absent: 11},
		"absent range 3-12":   {AbsentRange: PairRange{3, 12}},
		"absent range = pair": {Absent: 4, AbsentRange: PairRange{4, 4}},
		"renumber short":      {Renumber: []int{1, 2, 3}},
		"renumber twice":      {Renumber: []int{1, 1, 3, 4, 5, 6, 7, 8, 9, 10}},
		"weights":             {Weights: Weights{-1, 1}},
		"vacancy":             {Vacancy: 5},
		"absent range, off":   {Vacancy: VacancyOff, AbsentRange: PairRange{1, 4}},
		"cooling":             {Cooling: Cooling{C1: 2, C2: 1}},
		"cooling negative":    {Cooling: Cooling{Mode: ModeSlow, C1: -1}},
	} {
		if _, err := Search(context.Background(), m, set); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
