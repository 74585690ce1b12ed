//go:build !amd64 || purego

package luck

// useAVX is false: this build has no assembly.
var useAVX = false

// countTotals counts the totals of sumBoards into hist and place.
func countTotals(totals []uint64, n int, hist *laneHist, place *lanePlace) {
	countTotalsGo(totals, n, hist, place)
}
