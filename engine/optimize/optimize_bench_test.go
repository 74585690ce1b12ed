package optimize

import (
	"context"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// BenchmarkSwitchDelta measures O(P) switch evaluations (ΔSS of one table)
// on the 15-table Mitchell, one core.
func BenchmarkSwitchDelta(b *testing.B) {
	m, _ := movement.Mitchell(15)
	s := NewSwitchState(m)
	n := len(s.st.where)
	var sink int64
	evals := 0
	for b.Loop() {
		for i := range n {
			sink += s.delta(i)
		}
		evals += n
	}
	b.ReportMetric(float64(evals)/b.Elapsed().Seconds(), "evals/s")
	if sink == 42 {
		b.Log(sink)
	}
}

// BenchmarkAnnealTrials measures annealing trials (draw, evaluate, accept)
// per second of one restart on the 15-table Mitchell.
func BenchmarkAnnealTrials(b *testing.B) {
	m, _ := movement.Mitchell(15)
	var trials int64
	for b.Loop() {
		res, _ := Search(context.Background(), m, Settings{Restarts: 1, Iterations: 2_000_000, ExhaustiveBits: -1})
		trials += res.Iterations
	}
	b.ReportMetric(float64(trials)/b.Elapsed().Seconds(), "trials/s")
}

// BenchmarkTimeToBestM15 measures how long one restart takes to reach the
// published best Qf 95.49 of the 15-table Mitchell, over varying seeds.
func BenchmarkTimeToBestM15(b *testing.B) {
	m, _ := movement.Mitchell(15)
	seed := uint64(0)
	var trials int64
	for b.Loop() {
		seed++
		res, _ := Search(context.Background(), m, Settings{Seed: seed, Restarts: 1, Iterations: MaxIterations, TargetQf: 95.485})
		if res.Stop != StopTarget {
			b.Fatalf("seed %d: stopped by %s at Qf %.2f", seed, res.Stop, res.After.Qf)
		}
		trials += res.Iterations
	}
	b.ReportMetric(float64(trials)/float64(b.N), "trials/op")
}
