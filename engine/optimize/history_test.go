package optimize

import (
	"context"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
)

func TestCheckpoints(t *testing.T) {
	for _, tc := range []struct {
		budget int64
		want   []int64
	}{
		{50, []int64{50}},
		{100, []int64{100}},
		{1000, []int64{100, 200, 500, 1000}},
		{3000, []int64{100, 200, 500, 1000, 2000, 3000}},
	} {
		if got := Checkpoints(tc.budget); !slices.Equal(got, tc.want) {
			t.Errorf("Checkpoints(%d) = %v, want %v", tc.budget, got, tc.want)
		}
	}
}

// TestHistory: in every mode the checkpoints rise with the iterations, the
// best never falls, the last checkpoint is the result, and recording
// changes nothing.
func TestHistory(t *testing.T) {
	m11, _ := movement.Mitchell(11)
	for _, mode := range []Mode{ModeGreedy, ModeFast, ModeSlow} {
		t.Run(mode.String(), func(t *testing.T) {
			set := Settings{Seed: 2, Iterations: 30_000, Restarts: 3, Cooling: Cooling{Mode: mode}}
			plain, err := Search(context.Background(), m11, set)
			if err != nil {
				t.Fatal(err)
			}
			if plain.History != nil {
				t.Error("a history without checkpoints")
			}
			set.Checkpoints = append(Checkpoints(set.Iterations), 99_999) // beyond the budget: dropped
			res, err := Search(context.Background(), m11, set)
			if err != nil {
				t.Fatal(err)
			}
			if res.After.SS != plain.After.SS || !res.Movement.Equal(plain.Movement) || res.Iterations != plain.Iterations {
				t.Fatalf("recording the history changed the result: SS %d/%d", res.After.SS, plain.After.SS)
			}
			if len(res.History) != set.Restarts {
				t.Fatalf("%d traces for %d restarts", len(res.History), set.Restarts)
			}
			for i, tr := range append(res.History, MergeTraces(res.History)) {
				cps := tr.Checkpoints
				if len(cps) != len(set.Checkpoints)-1 {
					t.Fatalf("trace %d: %d checkpoints, want %d", i, len(cps), len(set.Checkpoints)-1)
				}
				for k := 1; k < len(cps); k++ {
					if cps[k].Iterations <= cps[k-1].Iterations || cps[k].Qf < cps[k-1].Qf {
						t.Errorf("trace %d: checkpoint %v after %v", i, cps[k], cps[k-1])
					}
				}
				if last := cps[len(cps)-1]; last.Qf != tr.Qf || last.Iterations != set.Iterations {
					t.Errorf("trace %d: last checkpoint %v, final Qf %v", i, last, tr.Qf)
				}
				if tr.BestAt < 0 || tr.BestAt > set.Iterations {
					t.Errorf("trace %d: best at %d", i, tr.BestAt)
				}
			}
			merged := MergeTraces(res.History)
			if merged.Qf != res.After.Qf {
				t.Errorf("merged history ends at Qf %v, the result has %v", merged.Qf, res.After.Qf)
			}
			if first := merged.Checkpoints[0].Qf; !(merged.Qf > first) {
				t.Errorf("Qf %v at %d iterations is already the final %v: the test proves nothing", first, merged.Checkpoints[0].Iterations, merged.Qf)
			}
		})
	}
}

// TestHistoryDeterministic: the same seed gives the same history whatever
// GOMAXPROCS is.
func TestHistoryDeterministic(t *testing.T) {
	m13, _ := movement.Mitchell(13)
	for _, mode := range []Mode{ModeGreedy, ModeFast, ModeSlow} {
		set := Settings{Seed: 9, Iterations: 20_000, Restarts: 4, Cooling: Cooling{Mode: mode}, Checkpoints: Checkpoints(20_000)}
		var hist [][]Trace
		for _, procs := range []int{1, 2} {
			old := runtime.GOMAXPROCS(procs)
			res, err := Search(context.Background(), m13, set)
			runtime.GOMAXPROCS(old)
			if err != nil {
				t.Fatal(err)
			}
			hist = append(hist, res.History)
		}
		if !reflect.DeepEqual(hist[0], hist[1]) {
			t.Errorf("%v: GOMAXPROCS 1 and 2 give different histories:\n%v\n%v", mode, hist[0], hist[1])
		}
	}
}

// TestHistoryStopsEarly: a restart that reaches the bound keeps its final
// best at the later checkpoints.
func TestHistoryStopsEarly(t *testing.T) {
	h8 := mustCorpus(t, "NBBR/7ronden/8p7rperfectH.txt")
	for r := 1; r <= h8.Rounds; r++ {
		h8.Switch(r, 3)
	}
	for _, mode := range []Mode{ModeGreedy, ModeFast} {
		res, err := Search(context.Background(), h8, Settings{Seed: 1, Iterations: 100_000, Restarts: 2, ExhaustiveBits: -1,
			Cooling: Cooling{Mode: mode}, Checkpoints: Checkpoints(100_000)})
		if err != nil {
			t.Fatal(err)
		}
		if res.Stop != StopBound {
			t.Fatalf("%v: stopped for %s, want the bound", mode, res.Stop)
		}
		for _, tr := range res.History {
			if n := len(tr.Checkpoints); n != len(Checkpoints(100_000)) || tr.Checkpoints[n-1].Qf != 100 {
				t.Errorf("%v: trace %v", mode, tr)
			}
		}
	}
}

// TestCheckpointsValidated: checkpoints must rise from 1.
func TestCheckpointsValidated(t *testing.T) {
	m9, _ := movement.Mitchell(9)
	for _, cps := range [][]int64{{0, 100}, {200, 100}, {100, 100}} {
		if _, err := Search(context.Background(), m9, Settings{Iterations: 1000, Checkpoints: cps}); err == nil || !strings.Contains(err.Error(), "checkpoints") {
			t.Errorf("checkpoints %v: error %v", cps, err)
		}
	}
}
