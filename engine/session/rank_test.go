package session

import (
	"math/rand/v2"
	"testing"

	"github.com/bridgereport/bridgereport/engine/scoring"
)

// rank agrees with the definition, counted pair by pair: one more than
// the pairs of the group above by more than 1e-6.
func TestRankDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var keys []scoring.PairKey
	val := map[scoring.PairKey]float64{}
	for i := range 300 {
		k := scoring.PairKey{Section: string(rune('A' + i%3)), Number: i}
		keys = append(keys, k)
		val[k] = float64(rng.IntN(40)) + 1e-7*float64(rng.IntN(3)) // ties, and near-ties within 1e-6
	}
	group := func(k scoring.PairKey) string { return k.Section }
	value := func(k scoring.PairKey) float64 { return val[k] }
	got := rank(keys, group, value)
	for _, k := range keys {
		want := 1
		for _, o := range keys {
			if group(o) == group(k) && val[o] > val[k]+1e-6 {
				want++
			}
		}
		if got[k] != want {
			t.Fatalf("pair %v: rank %d, want %d", k, got[k], want)
		}
	}
}
