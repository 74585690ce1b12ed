//go:build !amd64 || purego

package luck

// useAVX is false: this build has no assembly.
var useAVX = false

// countTotals counts the totals of sumBoards into hist and place.
func countTotals(totals []uint64, n int, hist *laneHist, place *lanePlace) {
	countTotalsGo(totals, n, hist, place)
}

// usePairs is false: this build has no assembly.
var usePairs = false

// pairCount is false: this build has no assembly.
func pairCount(int) bool { return false }

// countPairs is never called without the assembly (pairCount).
func countPairs([]uint64, int, *lanePairs, *laneMoments, *laneHist, *lanePlace) {
	panic("luck: countPairs without AVX2")
}
