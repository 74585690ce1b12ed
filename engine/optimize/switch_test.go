package optimize

import (
	"math/rand/v2"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// TestSwitchStateMatchesRecomputation switches random tables and compares the
// O(P) update with a full recomputation after every switch.
func TestSwitchStateMatchesRecomputation(t *testing.T) {
	m7, _ := movement.Mitchell(7)
	rm8, _ := movement.RelayMitchell(8)
	h10, _ := movement.Howell(10)
	cases := map[string]*movement.Movement{"mitchell7": m7, "relay8": rm8, "howell10": h10, "team18": mustCorpus(t, "TeamPlusSchemas/18p8r9sS.TeamPlus.txt")}
	for name, m := range cases {
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 2))
			s := NewSwitchState(m)
			cur := m.Clone()
			for i := 0; i < 300; i++ {
				r, tb := 1+rng.IntN(m.Rounds), 1+rng.IntN(m.Tables)
				predicted := s.Delta(r, tb)
				before := s.SS()
				if got := s.Switch(r, tb); got != predicted {
					t.Fatalf("switch %d: Switch returned %d, Delta said %d", i, got, predicted)
				}
				cur.Switch(r, tb)
				want := movement.ComputeBalance(cur).SS
				if s.SS() != want || before+predicted != want {
					t.Fatalf("switch %d (round %d table %d): SS %d, recomputed %d", i, r, tb, s.SS(), want)
				}
			}
			if !s.Movement().Equal(cur) {
				t.Fatal("switched movement differs from the one switched by hand")
			}
		})
	}
}
