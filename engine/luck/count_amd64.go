//go:build amd64 && !purego

package luck

import "golang.org/x/sys/cpu"

// useAVX says whether countTotals runs countTotalsAVX: on a processor
// with AVX (and an OS that saves its registers), every comparison of one
// numbering's totals is 15 rotations of one vector instead of 28 broadcasts
// per entrant, about twice as fast. A variable: the tests compare both.
var useAVX = cpu.X86.HasAVX

// countTotals counts the totals of sumBoards into hist and place.
func countTotals(totals []uint64, n int, hist *laneHist, place *lanePlace) {
	if !useAVX || len(totals) < 2 {
		countTotalsGo(totals, n, hist, place)
		return
	}
	// The lanes beyond n hold -128: no total is below or equal to it.
	pad := uint64(lanesH) &^ (1<<(8*n) - 1)
	if n == 8 {
		pad = 0
	}
	countTotalsAVX(totals[:len(totals)&^1], n<<8, pad, hist, place)
}

// countTotalsAVX is countTotalsGo for AVX, with n<<8 for n: the
// distance between a lane and its Y lane, in counters.
//
//go:noescape
func countTotalsAVX(totals []uint64, n8 int, pad uint64, hist *laneHist, place *lanePlace)
