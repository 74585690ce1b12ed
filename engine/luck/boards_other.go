//go:build !amd64 || purego

package luck

// useRegKernel is false without the assembly: the board tables are faster
// in Go.
var useRegKernel = false

// boardTotals runs the register kernel in Go.
func boardTotals(k *regKernel, sigmas, totals []uint64) {
	boardTotalsGo(k, sigmas, totals)
}

// useAVX512 is false: this build has no assembly.
var useAVX512 = false

// jointCount is false: this build has no assembly.
func jointCount(int) bool { return false }

// boardsJoint is never called without the assembly (jointCount).
func boardsJoint(*regKernel, []uint64, []uint64, []uint64, int, *laneJoint, *laneHist, *lanePlace) {
	panic("luck: boardsJoint without AVX-512")
}
