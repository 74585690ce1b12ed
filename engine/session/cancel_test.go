package session

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// TestAnalyseStopsOnCancel analyses a big field (998 pairs, 27 rounds:
// tens of seconds of luck model) and cancels it after 100 ms: Analyse must
// return the context's error within a second.
func TestAnalyseStopsOnCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("scores a 998-pair session")
	}
	m, err := movement.Mitchell(499)
	if err != nil {
		t.Fatal(err)
	}
	m.Schedule, m.Rounds = m.Schedule[:27], 27
	s := fromMovement(m, "A", 1, 1, rand.New(rand.NewPCG(1, 2)))
	for _, wait := range []time.Duration{100 * time.Millisecond, 1500 * time.Millisecond} {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			_, err := Analyse(ctx, s, Settings{})
			done <- err
		}()
		select {
		case err := <-done:
			// Finished before the cancel: nothing to stop at this point.
			t.Logf("finished within %v (err %v)", wait, err)
			cancel()
			continue
		case <-time.After(wait):
		}
		cancel()
		select {
		case err := <-done:
			if err != nil && !errors.Is(err, context.Canceled) {
				t.Errorf("cancelled after %v: err = %v, want %v", wait, err, context.Canceled)
			}
		case <-time.After(time.Second):
			t.Fatalf("cancelled after %v: still analysing a second later", wait)
		}
	}
}
