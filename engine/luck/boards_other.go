//go:build !amd64 || purego

package luck

// useRegKernel is false without the assembly: the board tables are faster
// in Go.
var useRegKernel = false

// boardTotals runs the register kernel in Go.
func boardTotals(k *regKernel, sigmas, totals []uint64) {
	boardTotalsGo(k, sigmas, totals)
}
