package optimize

import (
	"context"
	"testing"

	"github.com/bridgereport/bridgereport/engine/published"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// Seed 004: the Howell-6 with two board groups per round of "Movements - a
// fair approach" has Qf 100, Qf1av 66.67 and Qf1max 100, as movement.Perfect's
// does. balans finds a superperfect orientation (Qf1av 100) of the published
// one; for Perfect's layout, in which all three tables of a round play the
// same two groups, the exhaustive search proves that no orientation, with or
// without arrow switches in mid-round, does better than 66.67: the published
// layout spreads its groups differently, as movement.SuperperfectHowell6's
// does (see TestSuperperfectHowell6Search).
func TestPerfectHowell6Orientations(t *testing.T) {
	m, err := movement.Perfect(6, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Search(context.Background(), m, Settings{Iterations: 20000, Restarts: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Exhaustive || !res.Proven || res.After.Qf != 100 || !published.Matches(res.VacancyBefore.Av, "66.67") || !published.Matches(res.VacancyAfter.Av, "66.67") || !published.Matches(res.VacancyAfter.Max, "100") {
		t.Errorf("Qf %.2f, Qf1av %.2f → %.2f, Qf1max %.2f (proven %v)", res.After.Qf, res.VacancyBefore.Av, res.VacancyAfter.Av, res.VacancyAfter.Max, res.Proven)
	}
}

// The layout of movement.SuperperfectHowell6 (the rounds of the circle, the
// board groups the other perfect matchings of the six pairs), with every
// table oriented lower pair NS in both halves, has Qf 45.45 and Qf1av 36.59.
// The search, exhaustive over its 20 free bits, proves Qf1av 100 the
// optimum, and reaches it only with arrow switches in mid-round.
func TestSuperperfectHowell6Search(t *testing.T) {
	m := movement.SuperperfectHowell6()
	for _, row := range m.Schedule {
		for i, tb := range row {
			if tb.NS > tb.EW {
				row[i].NS, row[i].EW = tb.EW, tb.NS
			}
		}
	}
	res, err := Search(context.Background(), m, Settings{Iterations: 20000, Restarts: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Exhaustive || !res.Proven || res.FreeBits != 20 {
		t.Errorf("exhaustive %v, proven %v, %d free bits", res.Exhaustive, res.Proven, res.FreeBits)
	}
	if !published.Matches(res.Before.Qf, "45.45") || !published.Matches(res.VacancyBefore.Av, "36.59") {
		t.Errorf("before: Qf %.2f, Qf1av %.2f", res.Before.Qf, res.VacancyBefore.Av)
	}
	if !published.Matches(res.After.Qf, "100") || !published.Matches(res.VacancyAfter.Av, "100") || !published.Matches(res.VacancyAfter.Max, "100") {
		t.Errorf("after: Qf %.2f, Qf1av %.2f, Qf1max %.2f", res.After.Qf, res.VacancyAfter.Av, res.VacancyAfter.Max)
	}
	mid := 0
	for _, k := range movement.MidRoundSwitches(res.Movement) {
		mid += k
	}
	if mid < 3 {
		t.Errorf("%d mid-round switches: a superperfect orientation of this layout needs 3", mid)
	}
}

// The 16-pair Howell of Perfect reaches Qf 100 by construction, where arrow
// switches on movement.Howell(16) stop at 95.33.
func TestPerfectHowell16BeatsSwitching(t *testing.T) {
	m, err := movement.Perfect(16, 15, 1)
	if err != nil {
		t.Fatal(err)
	}
	if b := movement.ComputeBalance(m); b.Qf != 100 {
		t.Errorf("Qf %.2f", b.Qf)
	}
}
