package session

import (
	"context"
	"testing"
)

// BenchmarkAnalyse is the whole analysis of the Thursday sample (ten pairs,
// 14,400 numberings enumerated by the luck model).
func BenchmarkAnalyse(b *testing.B) {
	s := readSample(b, "thursday.xml")
	for b.Loop() {
		if _, err := Analyse(context.Background(), s, Settings{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "sessions/s")
}
