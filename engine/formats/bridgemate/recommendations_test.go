package bridgemate_test

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/catalogue"
	"github.com/bridgereport/bridgereport/engine/formats/bridgemate"
	"github.com/bridgereport/bridgereport/engine/movement"
)

// plays is each board group's plays (round, NS, EW), as a multiset: two
// movements with the same plays are the same up to the numbering of the
// board groups and the positions of split tables.
func plays(m *movement.Movement) map[string]int {
	p := make([][]string, m.Groups)
	for r, row := range m.Schedule {
		for _, t := range row {
			if !t.Empty() {
				p[t.Group] = append(p[t.Group], fmt.Sprint(r, t.NS, t.EW))
			}
		}
	}
	out := map[string]int{}
	for _, x := range p {
		slices.Sort(x)
		out[strings.Join(x, ";")]++
	}
	return out
}

// TestRecommendationsToBridgemate: every recommendation for 6 to 40 pairs
// goes to the Data Connector and back as the same movement with the same
// figures; the update for an extra pair after round 1 leaves round 1 as it
// was and, applied, gives the plan.
func TestRecommendationsToBridgemate(t *testing.T) {
	for n := catalogue.MinPairs; n <= 40; n++ {
		if testing.Short() && n%6 != 0 {
			continue
		}
		t.Run(fmt.Sprint(n, " pairs"), func(t *testing.T) {
			set := catalogue.Settings{Iterations: 5_000, Restarts: 1, Samples: -1}
			cs, err := catalogue.For(context.Background(), n, set)
			if err != nil {
				t.Fatal(err)
			}
			i := catalogue.Recommend(cs)
			if i < 0 {
				t.Skip("nothing fits")
			}
			rec := &cs[i]
			m, b := rec.Movement, rec.Deal.PerRound
			var buf bytes.Buffer
			if err := bridgemate.Write(&buf, m, bridgemate.WriteOptions{BoardsPerRound: b}); err != nil {
				t.Fatalf("%s: %v", rec.Exact, err)
			}
			sets, _ := movement.SetSizes(m, b)
			back, err := bridgemate.Read(&buf, bridgemate.ReadOptions{PerSet: sets, HalfRounds: bridgemate.HalfRoundSections(m)})
			if err != nil {
				t.Fatalf("%s: %v", rec.Exact, err)
			}
			if back.Pairs != m.Pairs || back.Rounds != m.Rounds || !slices.Equal(back.Sections, m.Sections) || !maps.Equal(plays(back), plays(m)) {
				t.Errorf("%s: read back differs", rec.Exact)
			}
			if f := catalogue.Measure(back); f.Qf != rec.Qf || f.Qf1av != rec.Qf1av {
				t.Errorf("%s: Qf %v Qf1av %v read back, %v %v", rec.Exact, f.Qf, f.Qf1av, rec.Qf, rec.Qf1av)
			}
			if len(m.Sections) > 0 || m.Rounds < 3 {
				return
			}
			plans, err := catalogue.Extra(context.Background(), rec.Exact, 1)
			if err != nil {
				t.Fatal(err)
			}
			p := plans[0]
			upd, err := bridgemate.Sections(p.Movement, bridgemate.WriteOptions{BoardsPerRound: b, FromRound: 2})
			if err != nil {
				t.Fatalf("%s: %v", p.Spec, err)
			}
			first := 2
			if bridgemate.HalfRoundSections(m)[0] {
				first = 3 // round 2 is half rounds 3 and 4
			}
			for _, tb := range upd[0].Tables {
				if len(tb.Rounds) > 0 && tb.Rounds[0].RoundNumber != first {
					t.Errorf("%s: the update of table %d starts at round %d", p.Spec, tb.TableNumber, tb.Rounds[0].RoundNumber)
				}
			}
			got, err := bridgemate.ApplyUpdate(m, upd, b)
			if err != nil {
				t.Fatalf("%s: %v", p.Spec, err)
			}
			if !maps.Equal(plays(got), plays(p.Movement)) {
				t.Errorf("%s: the update applied is not the plan", p.Spec)
			}
			for tt := range m.Tables {
				if got.Schedule[0][tt] != m.Schedule[0][tt] {
					t.Errorf("%s: round 1, table %d changed", p.Spec, tt+1)
				}
			}
		})
	}
}
