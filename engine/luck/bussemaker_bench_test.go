package luck

import (
	"context"
	"fmt"
	"runtime"
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

// BenchmarkBussemaker is the engine on one core and on all cores; compare
// its ns/sample with BenchmarkBussemakerPlain's, run in the same go test.
func BenchmarkBussemaker(b *testing.B) {
	m := benchMovement(b)
	for _, cores := range []int{1, runtime.NumCPU()} {
		b.Run(fmt.Sprintf("cores=%d", cores), func(b *testing.B) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(cores))
			const samples = 1 << 19
			runs := 0
			cpu0 := cpuTime()
			for b.Loop() {
				if _, err := Bussemaker(context.Background(), m, Settings{Samples: samples, Seed: 1}); err != nil {
					b.Fatal(err)
				}
				runs++
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(runs*samples), "ns/sample")
			b.ReportMetric(float64(runs*samples)/b.Elapsed().Seconds(), "samples/s")
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(runs*samples), "cpu-ns/sample")
		})
	}
}

// BenchmarkBussemakerPlain is the plain single-threaded loop the speed goal
// is stated against (the shared reference loop for seed 000: shuffle, score
// every board in integers, matchpoint by pairwise comparison,
// insertion-sort the totals, count ranks, nothing allocated per sample),
// on one core. The oracle plainBussemaker of the tests is about three times
// slower (floats, a map of boards, a sort with a closure, a slice per
// sample), so ratios against it would flatter the kernel.
func BenchmarkBussemakerPlain(b *testing.B) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	m := benchMovement(b)
	const samples = 1 << 16
	runs := 0
	cpu0 := cpuTime()
	for b.Loop() {
		plainLoop(m, samples, 1)
		runs++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(runs*samples), "ns/sample")
	b.ReportMetric(float64(runs*samples)/b.Elapsed().Seconds(), "samples/s")
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(runs*samples), "cpu-ns/sample")
}

// BenchmarkBussemakerOracle times the tests' oracle, for comparison.
func BenchmarkBussemakerOracle(b *testing.B) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
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
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(runs*samples), "ns/sample")
}

// BenchmarkStrongPairs times the one and two strong pairs models on the
// 14-pair Mitchell with round 2 switched (every choice of the two pairs).
func BenchmarkStrongPairs(b *testing.B) {
	m := benchMovement(b)
	b.Run("one", func(b *testing.B) {
		for b.Loop() {
			if _, err := OneStrongPair(m, 1); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("two", func(b *testing.B) {
		for b.Loop() {
			if _, err := TwoStrongPairs(m); err != nil {
				b.Fatal(err)
			}
		}
	})
}
