package catalogue

import (
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
)

func TestMissing(t *testing.T) {
	m, err := movement.Mitchell(7)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := Missing(m, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != m.Pairs {
		t.Fatalf("%d changes for %d pairs", len(cs), m.Pairs)
	}
	for i, c := range cs {
		if i > 0 && c.Qf > cs[i-1].Qf {
			t.Errorf("not best first: %v after %v", c.Qf, cs[i-1].Qf)
		}
		if len(c.SitOut) != 1 || len(c.SitOut[0]) != 1 {
			t.Fatalf("pair %d: sit-outs %v", c.Pair, c.SitOut)
		}
		// The pair and its round-1 opponent are seated nowhere in round 1.
		for _, tb := range c.Movement.Schedule[0] {
			if tb.NS == c.Pair || tb.EW == c.Pair || tb.NS == c.SitOut[0][0] || tb.EW == c.SitOut[0][0] {
				t.Errorf("pair %d: still seated in round 1: %+v", c.Pair, tb)
			}
		}
		if c.Uniform {
			t.Errorf("pair %d: a missed table leaves its group played less often", c.Pair)
		}
	}
	if _, err := Missing(m, []int{8}); err == nil {
		t.Error("round 8 of 7: no error")
	}
}
