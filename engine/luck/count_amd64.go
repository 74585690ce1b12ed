//go:build amd64 && !purego

package luck

import "golang.org/x/sys/cpu"

// useAVX says whether countTotals runs countTotalsAVX2: on a processor
// with AVX2 (and an OS that saves its registers), every comparison of two
// numberings' totals is 15 rotations of one vector instead of 28
// broadcasts per entrant, about twice as fast. A variable: the tests
// compare both.
var useAVX = cpu.X86.HasAVX2

// countTotals counts the totals of sumBoards into hist and place.
func countTotals(totals []uint64, n int, hist *laneHist, place *lanePlace) {
	even := len(totals) &^ 3
	if !useAVX || even == 0 {
		countTotalsGo(totals, n, hist, place)
		return
	}
	// The lanes beyond n hold -128: no total is below or equal to it.
	pad := uint64(lanesH) &^ (1<<(8*n) - 1)
	if n == 8 {
		pad = 0
	}
	if n == 7 {
		countTotalsAVX2n7(totals[:even], pad, hist, place)
	} else {
		countTotalsAVX2(totals[:even], pad, hist, place)
	}
	countTotalsGo(totals[even:], n, hist, place)
}

// countTotalsAVX2 is countTotalsGo for AVX2, two numberings at a time (an
// even number of them), with pad in the lanes beyond n. It counts the
// lanes beyond n too, into rows n…7 and 8+n…15, which nobody reads.
//
//go:noescape
func countTotalsAVX2(totals []uint64, pad uint64, hist *laneHist, place *lanePlace)

// countTotalsAVX2n7 is countTotalsAVX2 for sides of 7 (14 pairs), without
// the two pad lanes' counts.
//
//go:noescape
func countTotalsAVX2n7(totals []uint64, pad uint64, hist *laneHist, place *lanePlace)

// usePairs says whether sides of 7 and 8 are counted by countPairs (with
// AVX2, and without AVX-512, whose boardsJoint counts them). A variable:
// the tests compare both.
var usePairs = useAVX

// pairCount says whether countPairs counts sides of n.
func pairCount(n int) bool {
	return usePairs && !useAVX512 && (n == 7 || n == 8)
}

// countPairs counts the totals of sumBoards for sides of 7 and 8 (at most
// regBatch numberings): the place codes into pairs and the totals' sums into
// mom, two numberings at a time; an odd last one into hist and place.
func countPairs(totals []uint64, n int, pairs *lanePairs, mom *laneMoments, hist *laneHist, place *lanePlace) {
	if len(totals) > 2*regBatch {
		panic("luck: countPairs: more than regBatch numberings would wrap the sums")
	}
	two := len(totals) &^ 3
	if two > 0 {
		pad := uint64(0)
		if n == 7 {
			pad = 0x8000000000000000 // lanes 7 and 15: −128, below every total
		}
		r := newMomentRegs()
		countPairsAVX2(totals[:two], pad, pairs, &r)
		mom.fold(&r, two/2)
	}
	countTotalsGo(totals[two:], n, hist, place)
}

// countPairsAVX2 is countPairs's pass over two numberings at a time (an
// even number of them, at most regBatch), their sums added to regs.
//
//go:noescape
func countPairsAVX2(totals []uint64, pad uint64, pairs *lanePairs, regs *momentRegs)
