package catalogue

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkFor times the catalogue of every field size with the default
// settings (the arrow-switch search and Qd included); the target is at most
// 2 s a field size for 6 to 60 pairs. Run with -benchtime=1x: each call
// takes a good part of a second. Besides the wall time (s/field) it
// reports the process's CPU time (cpu-s/field, where the system says it),
// which a loaded machine does not inflate.
func BenchmarkFor(b *testing.B) {
	for n := MinPairs; n <= MaxPairs; n++ {
		b.Run(fmt.Sprintf("%d pairs", n), func(b *testing.B) {
			cpu0 := cpuSeconds()
			for b.Loop() {
				if _, err := For(context.Background(), n, Settings{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/field")
			if cpu := cpuSeconds(); cpu > 0 {
				b.ReportMetric((cpu-cpu0)/float64(b.N), "cpu-s/field")
			}
		})
	}
}
