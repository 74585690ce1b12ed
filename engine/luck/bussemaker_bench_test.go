package luck

import (
	"context"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// benchMovement is the 7-table Mitchell with round 2 arrow-switched.
func benchMovement(b *testing.B) *movement.Movement {
	m, err := movement.Mitchell(7)
	if err != nil {
		b.Fatal(err)
	}
	return mustSwitch(b, m, []int{2}, nil)
}

// BenchmarkBussemaker is the engine on all cores.
func BenchmarkBussemaker(b *testing.B) {
	m := benchMovement(b)
	const samples = 1 << 19
	runs := 0
	for b.Loop() {
		if _, err := Bussemaker(context.Background(), m, Settings{Samples: samples, Seed: 1}); err != nil {
			b.Fatal(err)
		}
		runs++
	}
	b.ReportMetric(float64(runs*samples)/b.Elapsed().Seconds(), "samples/s")
}

// BenchmarkBussemakerPlain is the plain single-threaded loop, the baseline.
func BenchmarkBussemakerPlain(b *testing.B) {
	m := benchMovement(b)
	s := make([]float64, m.Pairs)
	for i := range s {
		s[i] = float64(i + 1)
	}
	const samples = 1 << 16
	runs := 0
	for b.Loop() {
		plainBussemaker(m, s, samples, 1)
		runs++
	}
	b.ReportMetric(float64(runs*samples)/b.Elapsed().Seconds(), "samples/s")
}
