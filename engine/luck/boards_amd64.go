//go:build amd64 && !purego

package luck

import "golang.org/x/sys/cpu"

// useRegKernel says whether the reduced enumeration computes the board
// totals in registers (boardTotalsAVX2) where the field allows it, instead
// of reading them from the board tables. A variable: the tests compare both.
var useRegKernel = cpu.X86.HasAVX2

// boardTotals runs the register kernel.
func boardTotals(k *regKernel, sigmas, totals []uint64) {
	boardTotalsAVX2(k, sigmas, totals)
}

// boardTotalsAVX2 is boardTotalsGo in AVX2.
//
//go:noescape
func boardTotalsAVX2(k *regKernel, sigmas, totals []uint64)
