package optimize

import (
	"context"
	"testing"
	"time"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// TestSearchStopsOnCancel runs searches that would take hours (many
// restarts of many iterations, on a Mitchell of 15 tables) and cancels them
// after 100 ms: Search must return within a second, with the best found so
// far and the stop reason "cancelled".
func TestSearchStopsOnCancel(t *testing.T) {
	m, err := movement.Mitchell(15)
	if err != nil {
		t.Fatal(err)
	}
	for _, set := range []Settings{
		{Iterations: 1_000_000, Restarts: 10_000},
		{Iterations: 1_000, Restarts: 1_000_000},
		{Iterations: 1_000_000, Restarts: 10_000, Cooling: Cooling{Mode: ModeGreedy}},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan *Result, 1)
		go func() {
			r, err := Search(ctx, m, set)
			if err != nil {
				t.Error(err)
			}
			done <- r
		}()
		time.Sleep(100 * time.Millisecond)
		cancel()
		select {
		case r := <-done:
			if r != nil && r.Stop != StopCancelled {
				t.Errorf("%+v: stop %q, want %q", set, r.Stop, StopCancelled)
			}
		case <-time.After(time.Second):
			t.Fatalf("%+v: still searching a second after the cancel", set)
		}
	}
}

// TestSearchCancelledBeforeStart: a context cancelled before the search
// still gives a result (the first restart's start), stopped as cancelled.
func TestSearchCancelledBeforeStart(t *testing.T) {
	m, err := movement.Mitchell(15)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, mode := range []Mode{ModeFast, ModeSlow, ModeGreedy} {
		r, err := Search(ctx, m, Settings{Iterations: 1_000_000, Restarts: 100, Cooling: Cooling{Mode: mode}, Checkpoints: []int64{100, 1000}})
		if err != nil {
			t.Fatal(err)
		}
		if r.Stop != StopCancelled || len(r.History) != 1 || r.After.Qf < r.Before.Qf {
			t.Errorf("mode %v: stop %q, %d traces, Qf %.2f from %.2f; want cancelled, 1 trace, no worse", mode, r.Stop, len(r.History), r.After.Qf, r.Before.Qf)
		}
	}
}
