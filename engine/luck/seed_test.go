package luck

import (
	"context"
	"reflect"
	"testing"
)

// TestBussemakerZeroSeedIsDefault: Settings.Seed 0 samples as DefaultSeed
// does and reports DefaultSeed, so the zero value is the default.
func TestBussemakerZeroSeedIsDefault(t *testing.T) {
	m := howell8(t)
	run := func(seed uint64) *Result {
		t.Helper()
		r, err := Bussemaker(context.Background(), m, Settings{Method: Sample, Samples: 3*chunkSize + 11, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	zero, def, other := run(0), run(DefaultSeed), run(DefaultSeed+1)
	if zero.Seed != DefaultSeed {
		t.Errorf("seed 0 reports seed %d, want %d", zero.Seed, DefaultSeed)
	}
	if !reflect.DeepEqual(zero, def) {
		t.Errorf("seed 0 and seed %d give different results", DefaultSeed)
	}
	if reflect.DeepEqual(zero.RankProbability, other.RankProbability) {
		t.Errorf("seeds %d and %d give the same table: the test cannot tell seeds apart", DefaultSeed, DefaultSeed+1)
	}
}
