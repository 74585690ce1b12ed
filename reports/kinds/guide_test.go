package kinds

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/catalogue"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/resolve"
)

// TestGuideCardsAreRight: for every generated movement of every field size
// 6..40 (-short: a few), every pair has one entry a round on its card
// (playing or sitting out), no card for a phantom, every table card has
// every round, each round's board groups on the cards are the movement's
// (split rounds included), and the text fits 80 columns.
func TestGuideCardsAreRight(t *testing.T) {
	for n := catalogue.MinPairs; n <= catalogue.MaxPairs; n++ {
		if testing.Short() && n != 6 && n != 13 && n != 27 {
			continue
		}
		for _, spec := range catalogue.Specs(n) {
			m, err := spec.Build()
			if err != nil {
				continue // no arrangement of this size and length
			}
			t.Run(fmt.Sprintf("%d/%s", n, spec), func(t *testing.T) {
				t.Parallel()
				_, split := movement.PlayingTables(m)
				g, err := guide(context.Background(), spec.String(), m, 2*split)
				if err != nil {
					t.Fatal(err)
				}
				checkGuide(t, m, g)
			})
		}
	}
}

func checkGuide(t *testing.T, m *movement.Movement, g *GuideResult) {
	t.Helper()
	if len(g.PairCards) != m.Pairs {
		t.Fatalf("%d pair cards for %d pairs", len(g.PairCards), m.Pairs)
	}
	// want[r][p]: the groups pair p plays in round r, from the schedule.
	want := make([]map[int][]string, m.Rounds)
	for r, row := range m.Schedule {
		want[r] = map[int][]string{}
		for _, tb := range row {
			if !tb.Empty() {
				b := cell.BoardsOf(m, tb.Group, g.BoardsPerRound/g.GroupsPerRound)
				want[r][tb.NS] = append(want[r][tb.NS], b)
				want[r][tb.EW] = append(want[r][tb.EW], b)
			}
		}
	}
	for i, card := range g.PairCards {
		if card.Pair != i+1 || len(card.Rounds) != m.Rounds {
			t.Fatalf("pair card %d: pair %d, %d rounds", i+1, card.Pair, len(card.Rounds))
		}
		for r, turn := range card.Rounds {
			var got []string
			for _, pg := range turn.Groups {
				got = append(got, pg.Boards)
			}
			if turn.Round != r+1 || turn.SitsOut != (len(want[r][card.Pair]) == 0) || !sameSet(got, want[r][card.Pair]) {
				t.Errorf("pair %d round %d: %+v, want groups %v", card.Pair, r+1, turn, want[r][card.Pair])
			}
		}
	}
	for _, card := range g.TableCards {
		if len(card.Rounds) != m.Rounds {
			t.Errorf("table %d: %d rounds of %d", card.Table, len(card.Rounds), m.Rounds)
		}
	}
	for r := range m.Rounds {
		var got, all []string
		for _, card := range g.TableCards {
			for _, gt := range card.Rounds[r].Groups {
				got = append(got, gt.Boards)
			}
		}
		for _, tb := range m.Schedule[r] {
			if !tb.Empty() {
				all = append(all, cell.BoardsOf(m, tb.Group, g.BoardsPerRound/g.GroupsPerRound))
			}
		}
		if !sameSet(got, all) {
			t.Errorf("round %d: table cards play %v, the movement %v", r+1, got, all)
		}
	}
	for _, b := range g.blocks("guide") {
		if b.Pre == nil {
			continue // prose: the printer fills it
		}
		for _, line := range strings.Split(b.Pre.Text, "\n") {
			if len([]rune(line)) > guideWidth {
				t.Errorf("%d columns: %q", len([]rune(line)), line)
			}
		}
		if b.Pre.Fit == nil {
			continue
		}
		// Narrower, the paragraphs are filled again, letter for letter the
		// same (a spec longer than a line is cut after a comma), and the
		// table of sets is kept whole.
		fitted := b.Pre.Fit(40)
		letters := func(s string) string { return strings.Join(strings.Fields(s), "") }
		if b.Pre.Fit(guideWidth) != b.Pre.Text || letters(fitted) != letters(b.Pre.Text) {
			t.Errorf("fitted to 40 columns, another text:\n%s", fitted)
		}
		for _, line := range strings.Split(fitted, "\n") {
			if len([]rune(line)) > 40 && !strings.Contains(b.Pre.Text, "\n"+line+"\n") {
				t.Errorf("fitted to 40 columns, a line of %d: %q", len([]rune(line)), line)
			}
		}
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// A spec longer than a file name may be is a spec, not a missing file.
func TestResolveLongSpec(t *testing.T) {
	var items []string
	for r := 1; r <= 39; r++ {
		items = append(items, fmt.Sprintf("r%dt1.2.3.4.5.6.7.8.9.10.11.12.13.14.15.16", r))
	}
	spec := "howell:40,switch=" + strings.Join(items, "+")
	pm, _, err := resolve.ResolveMovement(spec, "")
	if err != nil {
		t.Fatalf("%d characters: %v", len(spec), err)
	}
	if pm.Movement.Pairs != 40 {
		t.Errorf("%d pairs", pm.Movement.Pairs)
	}
	if _, _, err := resolve.ResolveMovement("NBBR/7ronden/14p7rTeamH,absent=14", ""); err != nil {
		t.Errorf("library movement with a modifier: %v", err)
	}
}

// A guide of one round of one board counts them in the singular
// (mitchell:7,rounds=1 --boards-per-round 1 said "1 rounds of 1 boards").
func TestGuideCountsItsNouns(t *testing.T) {
	v := &GuideResult{Movement: "mitchell:7,rounds=1", Pairs: 14, Tables: 7, Rounds: 1, BoardsPerRound: 1, Boards: 7,
		BoardGroups: 7, GroupsPerRound: 1, Copies: 1, Uniform: true, Qf: 100}
	for _, text := range []string{v.summary(), v.Line()} {
		for _, wrong := range []string{"1 rounds", "1 boards", "1 tables", "1 board sets"} {
			if strings.Contains(text, wrong) {
				t.Errorf("%q in %q", wrong, text)
			}
		}
		if !strings.Contains(text, "1 round of 1 board") {
			t.Errorf("no %q in %q", "1 round of 1 board", text)
		}
	}
}
