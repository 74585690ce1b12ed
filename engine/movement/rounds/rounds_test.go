package rounds

import (
	"context"
	"fmt"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// meetings lists the encounters of m with their rounds forgotten, as a
// results file without rounds gives them.
func meetings(m *movement.Movement) []*Meeting {
	var out []*Meeting
	for _, row := range m.Schedule {
		for _, tb := range row {
			if !tb.Empty() {
				out = append(out, &Meeting{A: min(tb.NS, tb.EW), B: max(tb.NS, tb.EW), Entries: []movement.Table{tb}})
			}
		}
	}
	return out
}

// Assign finds as many rounds as the movements played, with no pair
// twice in a round and, for these, no board group at two tables.
func TestAssignRebuildsRounds(t *testing.T) {
	for _, c := range []struct {
		name string
		make func() (*movement.Movement, error)
	}{
		{"mitchell 7", func() (*movement.Movement, error) { return movement.Mitchell(7) }},
		{"mitchell 13", func() (*movement.Movement, error) { return movement.Mitchell(13) }},
		{"howell 10", func() (*movement.Movement, error) { return movement.Howell(10) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, err := c.make()
			if err != nil {
				t.Fatal(err)
			}
			ms := meetings(m)
			if err := Assign(context.Background(), ms, m.Pairs); err != nil {
				t.Fatal(err)
			}
			seat := map[string]bool{}
			board := map[string]bool{}
			for _, x := range ms {
				if x.Round < 1 || x.Round > m.Rounds {
					t.Fatalf("pairs %d-%d in round %d: want 1 to %d", x.A, x.B, x.Round, m.Rounds)
				}
				for _, p := range []int{x.A, x.B} {
					k := fmt.Sprint(p, "/", x.Round)
					if seat[k] {
						t.Errorf("pair %d plays twice in round %d", p, x.Round)
					}
					seat[k] = true
				}
				k := fmt.Sprint(x.Entries[0].Group, "/", x.Round)
				if board[k] {
					t.Errorf("board group %d is at two tables in round %d", x.Entries[0].Group, x.Round)
				}
				board[k] = true
			}
		})
	}
}

// A cancelled context stops the search.
func TestAssignCancelled(t *testing.T) {
	m, err := movement.Mitchell(5)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Assign(ctx, meetings(m), m.Pairs); err == nil {
		t.Error("a cancelled search returned no error")
	}
}
