package rounds

import (
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// balanceTables spreads a proper but lopsided colouring (four tables in
// round 1, one in each of rounds 2 and 3) over its three rounds, two
// tables each, still with no pair twice in a round.
func TestBalanceTables(t *testing.T) {
	var ms []*Meeting
	for i, m := range [][3]int{{1, 2, 1}, {3, 4, 1}, {5, 6, 1}, {7, 8, 1}, {1, 3, 2}, {5, 7, 3}} {
		ms = append(ms, &Meeting{A: m[0], B: m[1], Round: m[2], Entries: []movement.Table{{NS: m[0], EW: m[1], Group: i}}})
	}
	balanceTables(ms, 8, 1)
	size := map[int]int{}
	seat := map[[2]int]bool{}
	for _, m := range ms {
		size[m.Round]++
		for _, p := range []int{m.A, m.B} {
			if seat[[2]int{p, m.Round}] {
				t.Errorf("pair %d twice in round %d", p, m.Round)
			}
			seat[[2]int{p, m.Round}] = true
		}
	}
	if size[1] != 2 || size[2] != 2 || size[3] != 2 {
		t.Errorf("tables a round %v, want 2, 2, 2", size)
	}
}
