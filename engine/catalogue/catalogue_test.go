package catalogue

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"slices"
	"sync"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// quick keeps the property tests fast; the published figures get the budget
// they need.
var quick = Settings{Iterations: 5_000, Restarts: 1, Samples: 2_000}

// forOnce is For computed once per test binary for each field size and
// settings: TestForProperties and TestRecommendationFits read the same
// quick candidates. The tests only read what it returns.
func forOnce(t *testing.T, pairs int, set Settings) []Candidate {
	t.Helper()
	key := fmt.Sprintf("%d %#v", pairs, set)
	f, _ := forRuns.LoadOrStore(key, sync.OnceValues(func() ([]Candidate, error) {
		return For(context.Background(), pairs, set)
	}))
	cs, err := f.(func() ([]Candidate, error))()
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

var forRuns sync.Map // "pairs settings" → func() ([]Candidate, error)

func TestForProperties(t *testing.T) {
	for n := MinPairs; n <= MaxPairs; n++ {
		t.Run(fmt.Sprintf("%d pairs", n), func(t *testing.T) {
			if testing.Short() && n%5 != 0 {
				t.Skip("short")
			}
			t.Parallel()
			cs := forOnce(t, n, quick)
			if len(cs) < 2 {
				t.Fatalf("%d candidates", len(cs))
			}
			families := map[string]bool{}
			for _, c := range cs {
				families[c.Spec.Family] = true
				if c.Movement.Pairs != n || c.Facts.Pairs != n {
					t.Errorf("%s: %d pairs", c.Spec, c.Movement.Pairs)
				}
				if errs, _ := c.Movement.Check(); len(errs) > 0 {
					t.Errorf("%s: %v", c.Spec, errs)
				}
				if c.Facts.Uniform == (c.Excluded == "its board groups are played unequal numbers of times (the balance is not defined)") || c.Qf <= 0 || c.Qf > 100 {
					t.Errorf("%s: uniform %v, excluded %q, Qf %.2f", c.Spec, c.Facts.Uniform, c.Excluded, c.Qf)
				}
				if c.Facts.Copies > DefaultMaxCopies && c.Excluded == "" {
					t.Errorf("%s: %d copies and not excluded", c.Name, c.Facts.Copies)
				}
				if want := n % 2; c.Facts.MaxSitOuts < want {
					t.Errorf("%s: %d pairs and nobody sits out", c.Spec, n)
				}
				if c.Seated != nil {
					played, err := c.Seated.WithoutPair(c.Absent)
					if err != nil || !played.Equal(c.Movement) || c.Seated.Pairs != n+1 {
						t.Errorf("%s: the seated movement without pair %d is not the one played (%v)", c.Name, c.Absent, err)
					}
				}
				checkExact(t, c)
				for _, b := range c.BoardsPerRound {
					if total := b * c.Facts.Rounds; b < DefaultMinPerRound || b > DefaultMaxPerRound || b%c.GroupsPerRound != 0 ||
						total < DefaultMinBoards || total > DefaultMaxBoards {
						t.Errorf("%s: %d boards a round (%d in all) break the bounds", c.Name, b, total)
					}
				}
			}
			// A complete Howell far longer than the session (more than 21
			// rounds for 28 boards at 2 a round) is no candidate.
			if !families["howell"] && n <= 22 || !(families["mitchell"] || families["relay-mitchell"]) || len(families) < 3 {
				t.Errorf("families %v: a Howell, a Mitchell and a third family fit every field", families)
			}
			if !slices.IsSortedFunc(cs, compare) {
				t.Error("not in ranking order")
			}
			if cs[0].Excluded != "" || cs[0].Facts.Copies != 1 || (len(cs[0].BoardsPerRound) == 0 && cs[0].Nearest == 0) {
				t.Errorf("best candidate %s: excluded %q, %d copies, boards a round %v / %d", cs[0].Name, cs[0].Excluded, cs[0].Facts.Copies, cs[0].BoardsPerRound, cs[0].Nearest)
			}
			if n%2 == 1 && cs[0].Facts.MaxSitOuts == 0 {
				t.Errorf("best candidate %s for an odd field: nobody sits out", cs[0].Name)
			}
			if cs[0].Facts.Fields != 1 && cs[0].Family != "sections" {
				t.Errorf("best candidate %s has %d fields", cs[0].Spec, cs[0].Facts.Fields)
			}
		})
	}
}

func TestForDeterministic(t *testing.T) {
	summary := func() []string {
		evaluations.forget() // each run searches and samples anew
		cs, err := For(context.Background(), 15, Settings{Iterations: 20_000})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, c := range cs {
			out = append(out, fmt.Sprintf("%s %.6f %.6f %d", c.Spec, c.Qf, c.Qf1av, c.Switched))
		}
		return out
	}
	if a, b := summary(), summary(); !slices.Equal(a, b) {
		t.Errorf("two runs differ:\n%v\n%v", a, b)
	}
}

// TestMitchellsReachPublishedBest: seed 004's table of scrambled Mitchells
// gives, per number of tables, the best Qf that arrow switching reaches (the
// "best value" column, which every optimiser must reach or beat).
func TestMitchellsReachPublishedBest(t *testing.T) {
	best := map[int]string{5: "74.68", 6: "84.00", 7: "92.00", 8: "91.38", 9: "93.90", 10: "93.80",
		11: "93.41", 12: "94.00", 13: "93.96", 14: "94.77", 15: "95.49"}
	for T := 5; T <= 15; T++ {
		t.Run(fmt.Sprint(T, " tables"), func(t *testing.T) {
			if testing.Short() && T > 10 {
				t.Skip("short")
			}
			family := "mitchell"
			if T%2 == 0 {
				family = "relay-mitchell"
			}
			spec := movement.Spec{Family: family, Size: T}
			m, err := spec.Build()
			if err != nil {
				t.Fatal(err)
			}
			set := Settings{Iterations: 200_000}
			if T > 10 {
				set = Settings{Iterations: 1_000_000, Restarts: 4}
			}
			c := Candidate{Name: spec.String(), Spec: spec, Movement: m}
			set.Samples = -1
			if err := evaluate(context.Background(), &c, true, true, set.withDefaults()); err != nil {
				t.Fatal(err)
			}
			var want float64
			fmt.Sscan(best[T], &want)
			if math.Round(c.Qf*100) < math.Round(want*100) {
				t.Errorf("%s: Qf %.2f, published best %s", spec, c.Qf, best[T])
			}
		})
	}
}

// TestShortHowellsReachTEAM: re-oriented, the short Howells reach the
// published Qf of the TEAM movements of their size (seed 004's TEAM
// table): 10 pairs 7 rounds 84.94, 14 pairs 8 rounds 82.46.
func TestShortHowellsReachTEAM(t *testing.T) {
	for _, c := range []struct {
		pairs, rounds int
		qf            string
	}{{10, 7, "84.94"}, {14, 8, "82.46"}} {
		spec := movement.Spec{Family: "howell", Size: c.pairs, Rounds: c.rounds}
		m, err := spec.Build()
		if err != nil {
			t.Fatal(err)
		}
		got := Candidate{Name: spec.String(), Spec: spec, Movement: m}
		if err := evaluate(context.Background(), &got, true, true, Settings{Samples: -1}.withDefaults()); err != nil {
			t.Fatal(err)
		}
		var want float64
		fmt.Sscan(c.qf, &want)
		if math.Round(got.Qf*100) < math.Round(want*100) {
			t.Errorf("%s: Qf %.2f, TEAM %s", spec, got.Qf, c.qf)
		}
	}
}

func TestBoardsPerRound(t *testing.T) {
	cases := []struct {
		rounds, lo, hi int
		want           []int
	}{
		{7, 24, 28, []int{4}}, {9, 24, 28, []int{3}}, {13, 24, 28, []int{2}}, {12, 24, 28, []int{2}},
		{20, 24, 28, nil}, {8, 24, 27, []int{3}}, {6, 18, 30, []int{3, 4, 5}}, {0, 24, 28, nil},
	}
	for _, c := range cases {
		if got := BoardsPerRound(c.rounds, c.lo, c.hi); !slices.Equal(got, c.want) {
			t.Errorf("BoardsPerRound(%d, %d, %d) = %v, want %v", c.rounds, c.lo, c.hi, got, c.want)
		}
	}
}

// TestPublishedCandidates: a published movement joins as it is, and for an
// odd field with its best phantom absent.
func TestPublishedCandidates(t *testing.T) {
	howell, err := movement.Howell(14)
	if err != nil {
		t.Fatal(err)
	}
	uneven, err := movement.SkipMitchell(8, 0)
	if err != nil {
		t.Fatal(err)
	}
	uneven, _ = uneven.WithoutPair(16) // groups played unequal numbers of times
	pub := []Published{{"h14", howell}, {"uneven", uneven}}
	for _, n := range []int{13, 14, 15} {
		cs, err := For(context.Background(), n, Settings{Iterations: 1000, Samples: -1, Published: pub})
		if err != nil {
			t.Fatal(err)
		}
		var lib []Candidate
		for _, c := range cs {
			if c.Family == "library" {
				lib = append(lib, c)
			}
		}
		switch {
		case n == 15 && len(lib) != 0:
			t.Errorf("15 pairs: %d library candidates, want none", len(lib))
		case n != 15 && (len(lib) != 1 || lib[0].Name != "h14"):
			t.Errorf("%d pairs: library candidates %v, want h14", n, lib)
		case n == 13 && (lib[0].Absent == 0 || lib[0].Seated != howell || lib[0].Movement.Pairs != 13):
			t.Errorf("13 pairs: h14 absent %d", lib[0].Absent)
		case n == 14 && (lib[0].Absent != 0 || lib[0].Movement != howell || lib[0].Switched != 0):
			t.Errorf("14 pairs: h14 changed")
		}
	}
}

func TestForLimits(t *testing.T) {
	for _, n := range []int{MinPairs - 1, MaxPairs + 1} {
		if _, err := For(context.Background(), n, quick); err == nil {
			t.Errorf("%d pairs accepted", n)
		}
	}
	cs, err := For(context.Background(), 16, Settings{Iterations: 1000, MaxRounds: 8})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if c.Facts.Rounds > 8 {
			t.Errorf("%s has %d rounds, more than MaxRounds 8", c.Spec, c.Facts.Rounds)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := For(ctx, 16, quick); err == nil {
		t.Error("a cancelled context gave no error")
	}
}

// checkExact: the candidate's spec builds the movement as played, and its
// balance gives the candidate's figures.
func checkExact(t *testing.T, c Candidate) {
	t.Helper()
	s, err := movement.ParseSpec(c.Exact)
	if err != nil {
		t.Errorf("%s: spec %q: %v", c.Name, c.Exact, err)
		return
	}
	if s.String() != c.Exact {
		t.Errorf("%s: spec %q is not canonical (%q)", c.Name, c.Exact, s.String())
	}
	m, err := s.Build()
	if err != nil {
		t.Errorf("%s: spec %q: %v", c.Name, c.Exact, err)
		return
	}
	if !m.Equal(c.Movement) {
		t.Errorf("%s: spec %q does not build the movement played", c.Name, c.Exact)
	}
	f := Measure(m)
	if f.Qf != c.Qf || f.Qo != c.Qo || f.Qf1av != c.Qf1av || f.Qf1max != c.Qf1max || m.Tables != c.Facts.Tables || m.Groups != c.Facts.Groups || m.Rounds != c.Facts.Rounds {
		t.Errorf("%s: spec %q gives Qf %v Qf1av %v Qf1max %v, want %v %v %v", c.Name, c.Exact, f.Qf, f.Qf1av, f.Qf1max, c.Qf, c.Qf1av, c.Qf1max)
	}
	if len(m.Sections) == 0 || m.Across {
		// One field: Measure is the balance and vacancy of the whole.
		b := movement.ComputeBalance(m)
		if v, err := movement.ComputeVacancy(m); err == nil && (b.Qf != c.Qf || v.Av != c.Qf1av) {
			t.Errorf("%s: Qf %v Qf1av %v, the whole movement's %v %v", c.Name, c.Qf, c.Qf1av, b.Qf, v.Av)
		}
	}
	tables, groups := movement.PlayingTables(m)
	if d := DealOf(m, movement.Describe(m), groups, c.Deal.PerRound); tables != c.Tables || !reflect.DeepEqual(d, c.Deal) {
		t.Errorf("%s: spec %q gives %d tables and deal %+v, want %d and %+v", c.Name, c.Exact, tables, d, c.Tables, c.Deal)
	}
}
