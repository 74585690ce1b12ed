package luck

import (
	"context"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// BenchmarkBussemakerExact enumerates numberings of the switched Mitchell-14
// with NS and EW drawn apart (7!·7! in all) in Heap's order on one core:
// whole blocks of 7! numberings, as the exact run computes them.
func BenchmarkBussemakerExact(b *testing.B) {
	m := benchMovement(b)
	set := Settings{Groups: [][]int{{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14}}, Method: Exact}
	run, acc := exactRun(b, m, set)
	var n int64
	block := int64(0)
	for b.Loop() {
		if err := run.grayChunk(context.Background(), acc, block%5040, 7, 5040); err != nil {
			b.Fatal(err)
		}
		block += 97 // spread over the field's numberings
		n += acc.n
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "numberings/s")
}

// exactRun prepares what Bussemaker prepares for an exact run.
func exactRun(b *testing.B, m *movement.Movement, set Settings) (*bussRun, *bussAcc) {
	b.Helper()
	sc, err := newScorer(m)
	if err != nil {
		b.Fatal(err)
	}
	nb, err := newNumberings(m.Pairs, set.Groups)
	if err != nil {
		b.Fatal(err)
	}
	s := make([]float64, m.Pairs)
	for i := range s {
		s[i] = float64(i + 1)
	}
	run := &bussRun{sc: sc, nb: nb, strengths: s, exact: true, k: newKernel(sc, s, nb)}
	if run.k == nil {
		b.Fatal("no kernel")
	}
	return run, newBussAcc(m.Pairs, nb.maxSize)
}
