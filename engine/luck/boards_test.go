package luck

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"
)

// TestRegKernelLayout: the offsets the assembly reads regKernel at.
func TestRegKernelLayout(t *testing.T) {
	var k regKernel
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"mu", unsafe.Offsetof(k.mu), 0},
		{"dir", unsafe.Offsetof(k.dir), 64},
		{"pb", unsafe.Offsetof(k.pb), 128},
		{"rot", unsafe.Offsetof(k.rot), 192},
		{"back", unsafe.Offsetof(k.back), 320},
		{"sY", unsafe.Offsetof(k.sY), 416},
		{"sX", unsafe.Offsetof(k.sX), 432},
		{"actl", unsafe.Offsetof(k.actl), 464},
		{"base", unsafe.Offsetof(k.base), 480},
		{"sign", unsafe.Offsetof(k.sign), 496},
		{"half", unsafe.Offsetof(k.half), 512},
		{"mu2", unsafe.Offsetof(k.mu2), 520},
		{"sXd", unsafe.Offsetof(k.sXd), 584},
	} {
		if c.got != c.want {
			t.Errorf("regKernel.%s at %d, the assembly reads it at %d", c.name, c.got, c.want)
		}
	}
}

// tableTotals is what the table kernel writes for choice c and arrangement
// alpha (a rank of pt.list) of side A, every arrangement of B in Heap's
// order.
func tableTotals(er *largeRun, c int, ar int) []uint64 {
	ts, pt := er.ts, er.pt
	P := er.sc.pairs
	x := er.choices[c].x
	var sX, sY [maxSide]float64
	nx, ny := 0, 0
	for e := range P {
		if x>>e&1 == 1 {
			sX[nx], nx = er.strengths[e], nx+1
		} else {
			sY[ny], ny = er.strengths[e], ny+1
		}
	}
	scr := er.tables.New().(*largeScratch)
	scr.tab = make([]uint64, len(er.patMask)*len(pt.list))
	er.fill(scr.tab, &sX, &sY)
	nPerm := len(pt.list)
	G := len(ts.mu)
	var pat, starts [32]int
	var rows [32][]uint16
	er.boardsAt(ar, &pat, &starts)
	buf := make([]uint16, G*nPerm)
	for g := range G {
		rows[g] = buf[g*nPerm : (g+1)*nPerm]
	}
	pt.rows(starts[:G], rows[:G])
	sumBoards(scr.totals, scr.tab, &pat, &rows, G)
	return slices.Clone(scr.totals)
}

// TestBoardTotalsAreTables: the register kernel, in Go, AVX2 and AVX-512,
// writes the totals the board tables give, for every arrangement of side
// B, on sides of 2 to 8 with and without switched tables and strengths
// with ties and gaps; and for sides of 7 and 8 with AVX-512, the pass that
// counts them as it goes counts what the Go count counts of those totals.
func TestBoardTotalsAreTables(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, c := range []struct {
		spec      string
		strengths []float64
	}{
		{"mitchell:3", nil},
		{"mitchell:3,switch=r2t1", []float64{1, 1, 2, 5, 5, 9}},
		{"relay-mitchell:4,switch=2", nil},
		{"mitchell:5,switch=2+r4t3", nil},
		{"mitchell:5", []float64{1, 2, 2, 3, 5, 5, 6, 10, 11, 11}},
		{"relay-mitchell:6,switch=2", nil},
		{"mitchell:7,switch=2", nil},
		{"mitchell:7,switch=2+3", []float64{0, 3, 3, 4, 20, 21, 22, 40, 41, 41, 60, 61, 62, 127}},
		{"relay-mitchell:8,switch=2", nil},
		{"relay-mitchell:8", []float64{1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 13}},
	} {
		t.Run(c.spec, func(t *testing.T) {
			sc, nb, s, plan, ts, sym := twoSidedPlan(t, c.spec, c.strengths)
			if ts.n == 8 && testing.Short() {
				t.Skip("8! arrangements of B, twice")
			}
			// The tables' run, to compare with.
			reg := useRegKernel
			useRegKernel = false
			er, err := newLargeRun(&bussRun{sc: sc, nb: nb, strengths: s, exact: true}, plan, ts, sym)
			useRegKernel = reg
			if err != nil {
				t.Fatal(err)
			}
			n := ts.n
			k := newRegKernel(ts)
			// Every arrangement of B in Heap's order.
			sigma := make([]uint8, n)
			for j := range sigma {
				sigma[j] = uint8(j)
			}
			var sigmas []uint64
			add := func() {
				e := sigmaEntry(sigma)
				sigmas = append(sigmas, e[0], e[1])
			}
			add()
			for _, st := range er.pt.steps {
				sigma[st[0]], sigma[st[1]] = sigma[st[1]], sigma[st[0]]
				add()
			}
			for range 3 {
				ci := rng.IntN(len(er.choices))
				ar := er.alphas[rng.IntN(len(er.alphas))]
				want := tableTotals(er, ci, ar)
				x := er.choices[ci].x
				sX, sY := splitChoice(x, s)
				lo := slices.Min(s)
				k.setChoice(sY, lo)
				k.setAlpha(er.pt.list[ar][:n], sX, lo, n)
				got := make([]uint64, len(sigmas))
				boardTotalsGo(k, sigmas, got)
				if i := firstDiff(got, want); i >= 0 {
					t.Fatalf("Go: choice %b, α %v, σ %d: totals %x %x, tables %x %x", x, er.pt.list[ar][:n], i/2, got[i&^1], got[i|1], want[i&^1], want[i|1])
				}
				if jointCount(n) {
					// The pass that also counts, on all but the last
					// arrangement: a number not a multiple of four.
					cut := len(sigmas) - 2
					var hWant, hGot laneHist
					var pWant, pGot lanePlace
					countTotalsGo(want[:cut], n, &hWant, &pWant)
					j := new(laneJoint)
					boardsJoint(k, sigmas[:cut], k.tauEntries(sigmas[:cut], nil), make([]uint64, cut), n, j, &hGot, &pGot)
					j.drain(n, ts.maxTot, &hGot, &pGot)
					if hGot != hWant || pGot != pWant || *j != (laneJoint{}) {
						t.Fatalf("boardsJoint: choice %b, α %v: the counts are not those of the tables' totals", x, er.pt.list[ar][:n])
					}
				}
				for _, kern := range asmBoardKernels() {
					// Every arrangement, and all but the last: the AVX2
					// kernel takes two at a time and an odd last one alone.
					for _, cut := range []int{len(sigmas), len(sigmas) - 2} {
						got := make([]uint64, cut)
						kern.f(k, sigmas[:cut], got)
						if i := firstDiff(got, want[:cut]); i >= 0 {
							t.Fatalf("%s: choice %b, α %v, σ %d of %d: totals %x %x, tables %x %x", kern.name, x, er.pt.list[ar][:n], i/2, cut/2, got[i&^1], got[i|1], want[i&^1], want[i|1])
						}
					}
				}
			}
		})
	}
}

func firstDiff(a, b []uint64) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

// namedBoardKernel is a register kernel to compare with the board tables.
type namedBoardKernel struct {
	name string
	f    func(k *regKernel, sigmas, totals []uint64)
}

// TestJointChunkIsChunk: a chunk of the reduced enumeration counts the
// same however its totals are counted: in two passes with the AVX2 count
// (countTotals), with the pair count (countPairs, AVX2), and in one pass
// with AVX-512 (boardsJoint) where the processor has it, on 14- and
// 16-pair fields (the 16-pair chunks cut to their first arrangements of
// side A), with strengths that tie and with the arrangements of side B
// reduced by symmetry. (TestBoardTotalsAreTables checks the AVX-512 pass
// on a number of arrangements not a multiple of four, TestCountPairsIsGo
// the pair count on odd numbers.)
func TestJointChunkIsChunk(t *testing.T) {
	if !useRegKernel || !useAVX {
		t.Skip("no AVX2 here")
	}
	type way struct {
		name          string
		avx512, pairs bool
	}
	ways := []way{{"AVX2", false, false}, {"AVX2 pairs", false, true}}
	if useAVX512 {
		ways = append(ways, way{"AVX-512", true, false})
	}
	defer func(a, p bool) { useAVX512, usePairs = a, p }(useAVX512, usePairs)
	for _, c := range []struct {
		spec      string
		strengths []float64
	}{
		{"mitchell:7,switch=2", nil},
		{"mitchell:7", []float64{1, 1, 2, 3, 5, 8, 8, 9, 10, 12, 12, 13, 14, 14}},
		{"relay-mitchell:8,switch=2", nil},
		{"relay-mitchell:8", []float64{1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 13}},
	} {
		t.Run(c.spec, func(t *testing.T) {
			sc, nb, s, plan, ts, sym := twoSidedPlan(t, c.spec, c.strengths)
			var first *exactAcc
			for _, w := range ways {
				useAVX512, usePairs = w.avx512, w.pairs
				er, err := newLargeRun(&bussRun{sc: sc, nb: nb, strengths: s, exact: true}, plan, ts, sym)
				if err != nil {
					t.Fatal(err)
				}
				if ts.n == 8 {
					er.alphas = er.alphas[:6]
				}
				acc := newExactAcc(sc.pairs, exactHistStride)
				if err := er.chunk(t.Context(), acc, int64(len(er.choices)/3)); err != nil {
					t.Fatal(err)
				}
				if w.pairs && slices.ContainsFunc(acc.mom, func(m Moments) bool { return m.N == 0 }) {
					t.Errorf("%s: the pair count did not run", w.name)
				}
				if first == nil {
					first = acc
					continue
				}
				if !slices.Equal(first.place, acc.place) || first.n != acc.n {
					t.Errorf("%s: the place counts differ from %s's", w.name, ways[0].name)
				}
				for e := range sc.pairs {
					if got, want := acc.totalsOf(e), first.totalsOf(e); got != want {
						t.Errorf("%s: entrant %d's totals sum to %+v, %s's to %+v", w.name, e+1, got, ways[0].name, want)
					}
				}
			}
		})
	}
}

// twoSidedPlan prepares a two-sided field for the reduced enumeration: its
// scorer, numberings, strengths, plan, sides and their symmetry.
func twoSidedPlan(t *testing.T, spec string, strengths []float64) (*scorer, *numberings, []float64, *ExactPlan, *twoSided, *sideSymmetry) {
	t.Helper()
	sc, nb, s := mustPrepare(t, mustSpec(t, spec), Settings{Strengths: strengths})
	plan, ts, sym, ok := exactPlan(sc, nb, s, RandomTies)
	if !ok {
		t.Fatal(plan.Reason)
	}
	return sc, nb, s, plan, ts, sym
}

// splitChoice splits the strengths by a choice of side A (bit e set:
// entrant e on side A): side A's, then the others.
func splitChoice(x uint32, s []float64) (sX, sY []float64) {
	for e, v := range s {
		if x>>e&1 == 1 {
			sX = append(sX, v)
		} else {
			sY = append(sY, v)
		}
	}
	return sX, sY
}
