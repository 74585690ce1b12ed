package kinds

import (
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports/resolve"
)

// The library's words count right and name what was asked for: "1
// movements ... any of these names" for one, "that many pairs and rounds"
// for --pairs 7 alone.
func TestLibraryWords(t *testing.T) {
	one := (&LibraryCell{Pairs: 32, Rounds: 6}).blocks("lib", []resolve.LibraryMovement{{Name: "x", Pairs: 32, Rounds: 6}})
	if got := one[len(one)-1].Prose; !strings.HasPrefix(got, "1 movement. ") || strings.Contains(got, "these names") {
		t.Errorf("one movement: %q", got)
	}
	for _, c := range []struct {
		cell LibraryCell
		want []string
		not  []string
	}{
		{LibraryCell{Pairs: 7}, []string{"No library movement for 7 pairs.", "a movement of 8 pairs with one pair absent"}, []string{"rounds"}},
		{LibraryCell{Pairs: 1000}, []string{"No library movement for 1000 pairs."}, []string{"rounds", "absent"}},
		{LibraryCell{Rounds: 99}, []string{"No library movement of 99 rounds."}, []string{"pairs"}},
		{LibraryCell{Pairs: 8, Rounds: 3}, []string{"No library movement for 8 pairs of 3 rounds."}, []string{"absent"}},
	} {
		got := c.cell.blocks("lib", nil)[0].Prose
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("pairs %d rounds %d: %q lacks %q", c.cell.Pairs, c.cell.Rounds, got, w)
			}
		}
		for _, w := range c.not {
			if strings.Contains(got, w) {
				t.Errorf("pairs %d rounds %d: %q says %q", c.cell.Pairs, c.cell.Rounds, got, w)
			}
		}
	}
}
