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
// layout spreads its groups differently.
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
