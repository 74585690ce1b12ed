//go:build amd64 && !purego

package luck

import (
	"math/rand/v2"
	"testing"
)

// The AVX2 count is the Go count, for every side up to 8, odd and even
// numbers of numberings, and totals with many ties, at the bottom (0) and
// at the top (127) of a lane.
func TestCountTotalsAVXIsGo(t *testing.T) {
	if !useAVX {
		t.Skip("no AVX2 here")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n <= maxSide; n++ {
		for _, spread := range []uint64{3, 20, 128} {
			for _, count := range []int{1, 2, 3, 4, 7, 500, 501, 502} {
				totals := randomTotals(rng, n, count, spread)
				var hGo, hAVX laneHist
				var pGo, pAVX lanePlace
				countTotalsGo(totals, n, &hGo, &pGo)
				countTotals(totals, n, &hAVX, &pAVX)
				var all uint32
				for l := range 2 * n {
					row := l
					if l >= n {
						row = 8 + l - n
					}
					if hGo[row] != hAVX[row] || pGo[row] != pAVX[row] {
						t.Fatalf("n %d, %d numberings, totals below %d: lane %d: the AVX2 counts are not the Go counts", n, count, spread, l)
					}
					for _, c := range hGo[row] {
						all += c
					}
				}
				if want := uint32(count * 2 * n); all != want {
					t.Fatalf("n %d: %d totals counted, want %d", n, all, want)
				}
			}
		}
	}
}

// The pair count is the Go count: for sides of 7 and 8, odd and even
// numbers of numberings up to regBatch, and totals with many ties, at the
// bottom (0) and the top (127) of a lane, the place counts drained from the
// pairs are the Go count's, and each lane's sums are those of its Go
// histogram.
func TestCountPairsIsGo(t *testing.T) {
	if !useAVX {
		t.Skip("no AVX2 here")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	pairs := new(lanePairs)
	for _, n := range []int{7, 8} {
		for _, spread := range []uint64{3, 20, 128} {
			for _, count := range []int{1, 2, 3, 4, 7, 500, 1023, regBatch} {
				totals := randomTotals(rng, n, count, spread)
				// A side of 7's pad lane holds whatever the board kernel
				// left there: the counts must not read it.
				for i := range totals {
					if n == 7 {
						totals[i] |= rng.Uint64N(256) << 56
					}
				}
				var hGo, hPairs laneHist
				var pGo, pPairs lanePlace
				var mom laneMoments
				mom.reset()
				countTotalsGo(totals, n, &hGo, &pGo)
				countPairs(totals, n, pairs, &mom, &hPairs, &pPairs)
				pairs.drain(n, &pPairs)
				if *pairs != (lanePairs{}) {
					t.Fatalf("n %d: drain left counts behind", n)
				}
				for l := range 2 * n {
					row := l
					if l >= n {
						row = 8 + l - n
					}
					var want, got Moments
					for t, c := range hGo[row] {
						want.addTotal(int64(t), int64(c))
					}
					got = mom.row(row)
					for t, c := range hPairs[row] {
						got.addTotal(int64(t), int64(c))
					}
					if got != want || pGo[row] != pPairs[row] {
						t.Fatalf("n %d, %d numberings, totals below %d: lane %d: the pair counts are not the Go counts:\nsums %+v, want %+v", n, count, spread, l, got, want)
					}
				}
			}
		}
	}
}

// randomTotals are count numberings' totals of sides of n, below spread
// (for spread 3: 0, 63 and 126, many ties at the bottom and top of a lane).
func randomTotals(rng *rand.Rand, n, count int, spread uint64) []uint64 {
	totals := make([]uint64, 2*count)
	for i := range totals {
		for l := range n {
			v := rng.Uint64N(spread)
			if spread == 3 {
				v *= 63
			}
			totals[i] |= v << (8 * l)
		}
	}
	return totals
}
