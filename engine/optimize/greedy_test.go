package optimize

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
)

func greedySettings(seed uint64, iterations int64) Settings {
	return Settings{Seed: seed, Iterations: iterations, Restarts: 2, Cooling: Cooling{Mode: ModeGreedy}, ExhaustiveBits: -1}
}

// TestGreedyNeverWorse: the kept best is at least the start, and the
// optimised movement only re-orients tables.
func TestGreedyNeverWorse(t *testing.T) {
	m9, _ := movement.Mitchell(9)
	exp := mustCorpus(t, "14p8rexpandedM_from_outputexample.txt")
	for _, m := range []*movement.Movement{m9, exp} {
		for _, budget := range []int64{1, 50, 5_000} {
			res, err := Search(context.Background(), m, greedySettings(3, budget))
			if err != nil {
				t.Fatal(err)
			}
			sameEncounters(t, m, res.Movement)
			checkSwitched(t, m, res)
			if res.After.SS > res.Before.SS {
				t.Errorf("%d pairs, budget %d: SS %d rose to %d", m.Pairs, budget, res.Before.SS, res.After.SS)
			}
			if res.Iterations != 2*budget {
				t.Errorf("%d pairs, budget %d: %d iterations, want every evaluated switch counted", m.Pairs, budget, res.Iterations)
			}
		}
	}
	res, _ := Search(context.Background(), m9, greedySettings(3, 5_000))
	if !(res.After.Qf > res.Before.Qf) {
		t.Errorf("Mitchell 9: greedy left Qf at %.2f: the test proves nothing", res.After.Qf)
	}
}

// descend switches single tables of m, steepest first, until none lowers
// SS: a local minimum found without the optimiser.
func descend(m *movement.Movement) *movement.Movement {
	s := NewSwitchState(m)
	for {
		var br, bt int
		var bd int64
		for r := 1; r <= m.Rounds; r++ {
			for t := 1; t <= m.Tables; t++ {
				if d := s.Delta(r, t); d < bd {
					br, bt, bd = r, t, d
				}
			}
		}
		if bd == 0 {
			return s.Movement()
		}
		s.Switch(br, bt)
	}
}

// TestGreedyStopsAtLocalMinimum: from a movement no single switch improves,
// a budget of one scan finds nothing, and the history stays flat until the
// random restarts begin.
func TestGreedyStopsAtLocalMinimum(t *testing.T) {
	m11, _ := movement.Mitchell(11)
	local := descend(m11)
	before := movement.ComputeBalance(local).SS
	if before >= movement.ComputeBalance(m11).SS {
		t.Fatal("the descent did not improve the Mitchell: the test proves nothing")
	}
	set := greedySettings(5, 0)
	res, err := Search(context.Background(), local, Settings{Iterations: 1, ExhaustiveBits: -1})
	if err != nil {
		t.Fatal(err)
	}
	set.Iterations = int64(res.FreeBits) // exactly one scan
	set.Checkpoints = Checkpoints(set.Iterations)
	res, err = Search(context.Background(), local, set)
	if err != nil {
		t.Fatal(err)
	}
	if res.After.SS != before || len(res.Switched) != 0 {
		t.Errorf("one scan from a local minimum: SS %d -> %d, switched %v", before, res.After.SS, res.Switched)
	}
	for _, tr := range res.History {
		if tr.BestAt != 0 {
			t.Errorf("history: best first reached at %d, want the start", tr.BestAt)
		}
	}
}

// TestGreedyConstraints: fixed rounds and tables stay as given, and fixed
// pairs keep their direction.
func TestGreedyConstraints(t *testing.T) {
	m9, _ := movement.Mitchell(9)
	exp := mustCorpus(t, "14p8rexpandedM_from_outputexample.txt")
	tests := []struct {
		name string
		m    *movement.Movement
		set  Settings
	}{
		{"rounds and tables", m9, Settings{FixRounds: []int{2, 5}, FixTables: []int{1, 9}}},
		{"pairs", exp, Settings{FixPairs: []int{14, 3}}},
		{"first and round", exp, Settings{FixFirst: 5, FixRounds: []int{8}}},
		{"output example", exp, Settings{FixRounds: []int{1}, FixTables: []int{1}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			set := greedySettings(3, 20_000)
			set.FixRounds, set.FixTables, set.FixPairs, set.FixFirst = tc.set.FixRounds, tc.set.FixTables, tc.set.FixPairs, tc.set.FixFirst
			res, err := Search(context.Background(), tc.m, set)
			if err != nil {
				t.Fatal(err)
			}
			sameEncounters(t, tc.m, res.Movement)
			checkSwitched(t, tc.m, res)
			for _, p := range res.Switched {
				tb := tc.m.Schedule[p.Round-1][p.Table-1]
				if slices.Contains(set.FixRounds, p.Round) || slices.Contains(set.FixTables, p.Table) ||
					slices.Contains(set.FixPairs, tb.NS) || slices.Contains(set.FixPairs, tb.EW) ||
					p.Round == 1 && p.Table <= set.FixFirst {
					t.Errorf("fixed table switched: round %d table %d", p.Round, p.Table)
				}
			}
			if len(res.Switched) == 0 {
				t.Error("nothing switched: the test proves nothing")
			}
		})
	}
}

// TestModeText: every mode reads back as written, and a bad one is an
// error that names the modes.
func TestModeText(t *testing.T) {
	for _, m := range []Mode{ModeFast, ModeSlow, ModeGreedy} {
		text, _ := m.MarshalText()
		var back Mode
		if err := back.UnmarshalText(text); err != nil || back != m {
			t.Errorf("%v: read back as %v, %v", m, back, err)
		}
		var c Cooling
		if err := c.UnmarshalText(text); err != nil || c.Mode != m {
			t.Errorf("cooling %s: read back as %v, %v", text, c, err)
		}
	}
	var m Mode
	if err := m.UnmarshalText([]byte("greed")); err == nil || !strings.Contains(err.Error(), "fast, slow or greedy") {
		t.Errorf("bad mode: error %v, want one that lists the modes", err)
	}
	var c Cooling
	if err := c.UnmarshalText([]byte("greedy:0.1:2")); err == nil || !strings.Contains(err.Error(), "no temperatures") {
		t.Errorf("greedy with temperatures: error %v", err)
	}
	m9, _ := movement.Mitchell(9)
	if _, err := Search(context.Background(), m9, Settings{Cooling: Cooling{Mode: Mode(7)}}); err == nil || !strings.Contains(err.Error(), "unknown mode") {
		t.Errorf("Search with mode 7: error %v", err)
	}
}
