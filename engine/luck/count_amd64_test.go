//go:build amd64 && !purego

package luck

import (
	"math/rand/v2"
	"testing"
)

// The AVX count is the Go count, for every side up to 8 and totals with
// many ties, at the bottom (0) and at the top (127) of a lane.
func TestCountTotalsAVXIsGo(t *testing.T) {
	if !useAVX {
		t.Skip("no AVX here")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n <= maxSide; n++ {
		for _, spread := range []uint64{3, 20, 128} {
			totals := make([]uint64, 2*500)
			for i := range totals {
				for l := range n {
					v := rng.Uint64N(spread)
					if spread == 3 {
						v *= 63 // 0, 63 and 126
					}
					totals[i] |= v << (8 * l)
				}
			}
			var hGo, hAVX laneHist
			var pGo, pAVX lanePlace
			countTotalsGo(totals, n, &hGo, &pGo)
			countTotals(totals, n, &hAVX, &pAVX)
			if hGo != hAVX || pGo != pAVX {
				t.Fatalf("n %d, totals below %d: the AVX counts are not the Go counts", n, spread)
			}
			var all uint32
			for _, row := range hGo {
				for _, c := range row {
					all += c
				}
			}
			if want := uint32(len(totals) / 2 * 2 * n); all != want {
				t.Fatalf("n %d: %d totals counted, want %d", n, all, want)
			}
		}
	}
}
