//go:build amd64 && !purego

package luck

import "golang.org/x/sys/cpu"

// useRegKernel says whether the reduced enumeration computes the board
// totals in registers (boardTotalsAVX2) where the field allows it, instead
// of reading them from the board tables. A variable: the tests compare both.
var useRegKernel = cpu.X86.HasAVX2

// useAVX512 says whether the kernels use AVX-512 (the eight boards of a
// numbering in one register, four numberings' totals counted at once)
// where the processor has it. A variable: the tests compare both.
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
