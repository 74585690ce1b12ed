//go:build amd64 && !purego

package luck

import "golang.org/x/sys/cpu"

// useRegKernel says whether the reduced enumeration computes the board
// totals in registers (boardTotalsAVX2) where the field allows it, instead
// of reading them from the board tables. A variable: the tests compare both.
var useRegKernel = cpu.X86.HasAVX2

// useAVX512 says whether the register kernel uses AVX-512 (the eight
// boards of a numbering in one register; for sides of 7 and 8 the totals
// counted in the same pass, boardsJoint) where the processor has it. A
// variable: the tests compare both.
var useAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW

// boardTotals runs the register kernel.
func boardTotals(k *regKernel, sigmas, totals []uint64) {
	switch {
	case useAVX512:
		boardTotalsAVX512(k, sigmas, totals)
	default:
		boardTotalsAVX2(k, sigmas, totals)
	}
}

// boardTotalsAVX512 is boardTotalsGo in AVX-512.
//
//go:noescape
func boardTotalsAVX512(k *regKernel, sigmas, totals []uint64)

// boardTotalsAVX2 is boardTotalsGo in AVX2.
//
//go:noescape
func boardTotalsAVX2(k *regKernel, sigmas, totals []uint64)

// jointCount says whether boardsJoint computes and counts sides of n:
// with AVX-512, sides of 7 and 8 (14 and 16 pairs).
func jointCount(n int) bool {
	return useAVX512 && (n == 7 || n == 8)
}

// boardsJoint computes the totals of the arrangements sigmas (as
// boardTotals) and counts them (as countTotals) for sides of n
// (jointCount): four at a time in one pass into joint, drained into hist
// and place by laneJoint.drain, reading their τ from taus (tauEntries);
// the rest in totals and into hist and place directly.
func boardsJoint(k *regKernel, sigmas, taus, totals []uint64, n int, joint *laneJoint, hist *laneHist, place *lanePlace) {
	four := len(sigmas) &^ 7
	if len(taus) < four {
		panic("luck: boardsJoint: fewer τ than arrangements")
	}
	boardsJointAVX512(k, sigmas[:four], &taus[0], n, joint)
	if rest := sigmas[four:]; len(rest) > 0 {
		t := totals[:len(rest)]
		boardTotals(k, rest, t)
		countTotals(t, n, hist, place)
	}
}

// boardsJointAVX512 is boardsJoint's pass over four numberings at a time
// (a multiple of four of them), their τ and −τ from taus on.
//
//go:noescape
func boardsJointAVX512(k *regKernel, sigmas []uint64, taus *uint64, n int, joint *laneJoint)
