package catalogue

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// TestExtraPairPlans: for an extra pair after round 1 in the Mitchell and
// Howell families of 5 to 15 tables, a plan exists, its spec builds the
// movement as played, and every pair, the newcomer included, has one seat
// or a sit-out in every round (Check: nobody is seated twice).
func TestExtraPairPlans(t *testing.T) {
	var specs []string
	for T := 5; T <= 15; T++ {
		if T%2 == 1 {
			specs = append(specs, fmt.Sprintf("mitchell:%d", T))
		} else {
			specs = append(specs, fmt.Sprintf("skip-mitchell:%d", T), fmt.Sprintf("relay-mitchell:%d", T))
		}
		specs = append(specs, fmt.Sprintf("howell:%d", 2*T))
		if T >= 6 && testing.Short() {
			continue
		}
	}
	specs = append(specs, "howell:16,rounds=12", "mitchell:15,rounds=13", "perfect:14", "mitchell:7,switch=3+5")
	for _, spec := range specs {
		t.Run(spec, func(t *testing.T) {
			plans, err := Extra(context.Background(), spec, 1)
			if err != nil {
				t.Fatal(err)
			}
			base, _ := movement.ParseSpec(spec)
			played, _ := base.Build()
			for _, p := range plans {
				checkPlan(t, p, played)
				if p.Pair != played.Pairs+1 {
					t.Errorf("%s: the newcomer is pair %d, want %d", p.Spec, p.Pair, played.Pairs+1)
				}
				if slices.Contains(p.SitOut[1], p.Pair) && p.Kind != "appendix" {
					t.Errorf("%s: the newcomer sits out round 2", p.Spec)
				}
				if p.Kind == "rover" && !p.Uniform {
					t.Errorf("%s: a rover leaves the board groups played equally often", p.Spec)
				}
			}
			if len(plans) == 0 {
				t.Fatal("no plan")
			}
			t.Logf("%s: %d plans, best %s %s Qf %.2f (%s)", spec, len(plans), plans[0].Kind, plans[0].Spec, plans[0].Qf, plans[0].Source)
		})
	}
}

// checkPlan: the plan's spec builds its movement, the movement is valid
// (nobody seated twice in a round), rounds before After are as planned,
// and SitOut is who is not seated.
func checkPlan(t *testing.T, p Plan, planned *movement.Movement) {
	t.Helper()
	s, err := movement.ParseSpec(p.Spec)
	if err != nil {
		t.Fatalf("%s: %v", p.Spec, err)
	}
	m, err := s.Build()
	if err != nil || !m.Equal(p.Movement) {
		t.Fatalf("%s: does not build the plan's movement (%v)", p.Spec, err)
	}
	if errs, _ := m.Check(); len(errs) > 0 {
		t.Errorf("%s: %v", p.Spec, errs)
	}
	if f := Measure(m); f.Qf != p.Qf || f.Qf1av != p.Qf1av {
		t.Errorf("%s: Qf %v Qf1av %v, built %v %v", p.Spec, p.Qf, p.Qf1av, f.Qf, f.Qf1av)
	}
	for r := range m.Rounds {
		seats := make(map[int]int)
		for _, tb := range m.Schedule[r] {
			if !tb.Empty() {
				seats[tb.NS]++
				seats[tb.EW]++
			}
		}
		for q := 1; q <= m.Pairs; q++ {
			if (seats[q] == 0) != slices.Contains(p.SitOut[r], q) {
				t.Errorf("%s: round %d: pair %d seated %d times, sit-out list %v", p.Spec, r+1, q, seats[q], p.SitOut[r])
			}
		}
		if r < p.After && p.Kind != "leave" {
			for tt := range planned.Tables {
				if m.Schedule[r][tt] != planned.Schedule[r][tt] {
					t.Errorf("%s: round %d table %d changed before the newcomer arrives", p.Spec, r+1, tt+1)
				}
			}
		}
	}
}

// TestPublishedRoverOrders: the rover orders are the published ones, read
// off the sources by hand: the Tbb director notes (5½ and 7½ tables),
// bridge-results.de (9 and 15 tables), and Sam Gold's rule for the skip
// Mitchell written out for 8 and 10 tables.
func TestPublishedRoverOrders(t *testing.T) {
	want := map[string][]int{ // tables displaced (their NS pair), from round 2
		"mitchell:5":       {2, 4, 1, 3},
		"mitchell:7":       {2, 4, 6, 1, 3, 5},
		"mitchell:9":       {4, 6, 9, 3, 5, 7, -8, 1},
		"mitchell:15":      {6, 8, 11, 14, 1, 3, 5, 7, 10, 13, 15, 4, -7, -14},
		"skip-mitchell:8":  {2, 4, 6, 3, 5, 7},
		"skip-mitchell:10": {2, 4, 6, 8, 3, 5, 7, 9},
	}
	for spec, tables := range want {
		plans, err := Extra(context.Background(), spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(plans, func(p Plan) bool { return p.Published })
		if i < 0 {
			t.Errorf("%s: no published plan", spec)
			continue
		}
		s, _ := movement.ParseSpec(spec)
		m, _ := s.Build()
		var got []int
		for _, e := range plans[i].Order {
			seat := slices.IndexFunc(m.Schedule[e.Round-1], func(tb movement.Table) bool { return tb.NS == e.Pair || tb.EW == e.Pair }) + 1
			if m.Schedule[e.Round-1][seat-1].EW == e.Pair {
				seat = -seat
			}
			got = append(got, seat)
		}
		if !slices.Equal(got, tables) {
			t.Errorf("%s: rover at tables %v, published %v", spec, got, tables)
		}
	}
}

func TestHalfTableFill(t *testing.T) {
	plans, err := Extra(context.Background(), "mitchell:7,absent=14", 2)
	if err != nil {
		t.Fatal(err)
	}
	base, _ := movement.ParseSpec("mitchell:7,absent=14")
	played, _ := base.Build()
	if len(plans) != 1 || plans[0].Kind != "fill" || plans[0].Spec != "mitchell:7,absent=14,join=2" {
		t.Fatalf("plans %+v", plans)
	}
	checkPlan(t, plans[0], played)
	full, _ := movement.Mitchell(7)
	if f := Measure(full); plans[0].Qf >= f.Qf {
		t.Errorf("missing two rounds costs nothing? Qf %.2f, the full field %.2f", plans[0].Qf, f.Qf)
	}
}

func TestLeavePlans(t *testing.T) {
	plans, err := Leave("howell:12,rounds=9", 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(plans) != 12 {
		t.Fatalf("%d plans, want one per pair", len(plans))
	}
	base, _ := movement.ParseSpec("howell:12,rounds=9")
	played, _ := base.Build()
	for _, p := range plans {
		checkPlan(t, p, played)
		for r := 5; r < 9; r++ {
			if !slices.Contains(p.SitOut[r], p.Pair) || len(p.SitOut[r]) != 2 {
				t.Errorf("pair %d leaves after round 5: round %d sit-outs %v", p.Pair, r+1, p.SitOut[r])
			}
		}
	}
	for _, bad := range []int{0, 9} {
		if _, err := Leave("howell:12,rounds=9", bad); err == nil {
			t.Errorf("leave after round %d accepted", bad)
		}
	}
	if _, err := Extra(context.Background(), "mitchell:7", 7); err == nil {
		t.Error("an extra pair after the last round accepted")
	}
}

// TestRestart: 16 pairs in an 8-table movement, a 17th after round 1: the
// field restarts as a 17-pair movement whose round 1 is the round played.
func TestRestart(t *testing.T) {
	for _, c := range []struct{ spec, target string }{
		{"howell:16,rounds=10", "howell:17,rounds=10"},
		{"skip-mitchell:8", "mitchell:9,absent=18"},
	} {
		plans, err := Extra(context.Background(), c.spec, 1, c.target)
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(plans, func(p Plan) bool { return p.Kind == "restart" })
		if i < 0 {
			t.Fatalf("%s: no restart plan", c.spec)
		}
		p := plans[i]
		base, _ := movement.ParseSpec(c.spec)
		played, _ := base.Build()
		if errs, _ := p.Movement.Check(); len(errs) > 0 {
			t.Fatal(errs)
		}
		for tt := range played.Tables {
			if p.Movement.Schedule[0][tt] != played.Schedule[0][tt] {
				t.Errorf("%s: round 1 table %d: %+v, played %+v", c.spec, tt+1, p.Movement.Schedule[0][tt], played.Schedule[0][tt])
			}
		}
		ts, _ := movement.ParseSpec(c.target)
		tm, _ := ts.Build()
		if want := Measure(tm); fmt.Sprintf("%.6f %.6f", want.Qf, want.Qf1av) != fmt.Sprintf("%.6f %.6f", p.Qf, p.Qf1av) {
			t.Errorf("%s: renumbered Qf %.4f Qf1av %.4f, the target's %.4f %.4f", c.spec, p.Qf, p.Qf1av, want.Qf, want.Qf1av)
		}
		if !slices.Contains(p.SitOut[0], 17) {
			t.Errorf("%s: the newcomer (17) is seated in round 1", c.spec)
		}
	}
}

// TestExtraInSections: an extra pair joins the last section; the pairs of
// the first keep their numbers and every pair has a seat or a sit-out.
func TestExtraInSections(t *testing.T) {
	spec := "sections:mitchell:7/skip-mitchell:8"
	plans, err := Extra(context.Background(), spec, 1)
	if err != nil {
		t.Fatal(err)
	}
	base, _ := movement.ParseSpec(spec)
	played, _ := base.Build()
	for _, p := range plans {
		checkPlan(t, p, played)
		if p.Pair != 31 || p.Movement.Sections[0] != played.Sections[0] || p.Movement.Sections[1].Pairs != 17 {
			t.Errorf("%s: newcomer %d, sections %v", p.Spec, p.Pair, p.Movement.Sections)
		}
	}
}
