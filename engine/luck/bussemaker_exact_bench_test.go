package luck

import (
	"context"
	"fmt"
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

// BenchmarkBussemakerExactLarge scores numberings of the switched
// Mitchell-14 and of the switched 8-table relay Mitchell as their exact
// runs do (one choice of the entrants of side A per chunk, every
// arrangement of side A selected, every arrangement of B) on one core:
// with the register kernel and with the board tables, each with the AVX2
// count where there is one and with the Go count, the register kernel with
// the pair count (AVX2, sides of 7 and 8), and the register kernel and
// joint count in AVX-512 where there is. The 16-pair chunks are
// cut to their first 64 arrangements of side A (2.6 million numberings).
func BenchmarkBussemakerExactLarge(b *testing.B) {
	type kernel struct {
		name                    string
		reg, avx, avx512, pairs bool
	}
	kernels := []kernel{{"tables/count=go", false, false, false, false}}
	if useAVX {
		kernels = append(kernels, kernel{"tables/count=avx", false, true, false, false})
	}
	if useRegKernel {
		kernels = append(kernels, kernel{"registers/count=go", true, false, false, false}, kernel{"registers/count=avx", true, useAVX, false, false})
	}
	if useRegKernel && useAVX {
		kernels = append(kernels, kernel{"registers/count=pairs", true, true, false, true})
	}
	if useRegKernel && useAVX512 {
		kernels = append(kernels, kernel{"registers/avx512", true, true, true, false})
	}
	for _, spec := range []string{"mitchell:7,switch=2", "mitchell:7,switch=2+3", "relay-mitchell:8,switch=2"} {
		for _, k := range kernels {
			b.Run(fmt.Sprintf("%s/%s", spec, k.name), func(b *testing.B) {
				defer func(avx, reg, avx512, pairs bool) {
					useAVX, useRegKernel, useAVX512, usePairs = avx, reg, avx512, pairs
				}(useAVX, useRegKernel, useAVX512, usePairs)
				useAVX, useRegKernel, useAVX512, usePairs = k.avx, k.reg, k.avx512, k.pairs
				m := mustSpec(b, spec)
				sc, nb, s := mustPrepare(b, m, Settings{})
				plan, ts, sym, ok := exactPlan(sc, nb, s, RandomTies)
				if !ok {
					b.Fatal(plan.Reason)
				}
				er, err := newLargeRun(&bussRun{sc: sc, nb: nb, strengths: s, exact: true}, plan, ts, sym)
				if err != nil {
					b.Fatal(err)
				}
				if ts.n == 8 {
					er.alphas = er.alphas[:64]
				}
				acc := newExactAcc(m.Pairs, exactHistStride)
				var n int64
				c := int64(0)
				cpu0 := cpuTime()
				for b.Loop() {
					if err := er.chunk(context.Background(), acc, c%int64(len(er.choices))); err != nil {
						b.Fatal(err)
					}
					c += 97
					n += acc.n
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/numbering")
				cpu := float64(cpuTime()-cpu0) / float64(n)
				b.ReportMetric(cpu, "cpu-ns/numbering")
				b.ReportMetric(float64(plan.Evaluated)*cpu/1e9, "cpu-s/run")
			})
		}
	}
}

// BenchmarkRegisterKernelParts times the two halves of the register
// kernel's work apart, on one batch of 1024 arrangements of side B of the
// switched 8-table relay Mitchell: the board totals (boardTotals in each
// instruction set here) and their counts (countTotals, AVX2; countPairs,
// AVX2), and both in one pass (boardsJoint, AVX-512), in ns a numbering.
func BenchmarkRegisterKernelParts(b *testing.B) {
	if !useRegKernel {
		b.Skip("no register kernel here")
	}
	m := mustSpec(b, "relay-mitchell:8,switch=2")
	sc, nb, s := mustPrepare(b, m, Settings{})
	plan, ts, sym, _ := exactPlan(sc, nb, s, RandomTies)
	er, err := newLargeRun(&bussRun{sc: sc, nb: nb, strengths: s, exact: true}, plan, ts, sym)
	if err != nil {
		b.Fatal(err)
	}
	n, x := ts.n, er.choices[len(er.choices)/2].x
	sX, sY := splitChoice(x, s)
	k := new(regKernel)
	*k = *er.reg
	k.setChoice(sY, er.lo)
	k.setAlpha(er.pt.list[er.alphas[5]][:n], sX, er.lo, n)
	sig := er.sigEntries[:2*regBatch]
	totals := make([]uint64, len(sig))
	perNumbering := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*regBatch), "ns/numbering")
	}
	for _, kern := range asmBoardKernels() {
		b.Run("boards/"+kern.name, func(b *testing.B) {
			for b.Loop() {
				kern.f(k, sig, totals)
			}
			perNumbering(b)
		})
	}
	boardTotals(k, sig, totals)
	b.Run("count/AVX2", func(b *testing.B) {
		var h laneHist
		var p lanePlace
		for b.Loop() {
			countTotals(totals, n, &h, &p)
		}
		perNumbering(b)
	})
	if useAVX {
		b.Run("count/pairs", func(b *testing.B) {
			var h laneHist
			var p lanePlace
			var mom laneMoments
			pairs := new(lanePairs)
			for b.Loop() {
				countPairs(totals, n, pairs, &mom, &h, &p)
			}
			perNumbering(b)
		})
	}
	if jointCount(n) {
		b.Run("boards+count/joint", func(b *testing.B) {
			var h laneHist
			var p lanePlace
			j := new(laneJoint)
			taus := k.tauEntries(sig, nil)
			for b.Loop() {
				boardsJoint(k, sig, taus, totals, n, j, &h, &p)
			}
			perNumbering(b)
		})
	}
}

// BenchmarkBussemakerOrbit scores numberings of movements that are not
// two-sided as their exact runs by orbits do (chunks of the fill order's
// prefixes, each numbering scored whole) on one core, and reports the
// work per numbering (plays + P²) that the estimate scales the rate by.
func BenchmarkBussemakerOrbit(b *testing.B) {
	for _, name := range []string{"NBBR/NBB/N124_Meesterklasse_12", "TeamPlusSchemas/10p8rH.TeamPlus"} {
		b.Run(name, func(b *testing.B) {
			m := mustCorpus(b, name)
			sc, nb, s := mustPrepare(b, m, Settings{})
			plan, levels, why := orbitPlan(sc, nb, RandomTies)
			if why != "" {
				b.Fatal(why)
			}
			of := newOrbitField(sc, nb, s, levels, plan)
			acc := newExactAcc(m.Pairs, int(of.maxTot)+1)
			var n int64
			cpu0 := cpuTime()
			for i := int64(0); b.Loop(); i++ {
				if err := of.chunk(context.Background(), acc, i*7%of.chunks()); err != nil {
					b.Fatal(err)
				}
				n += acc.n
			}
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(n), "cpu-ns/numbering")
			b.ReportMetric(orbitWork(sc), "work")
		})
	}
}
