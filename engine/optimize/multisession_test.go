package optimize

import (
	"context"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/engine/published"
)

// Seed 004's multisession rows that are Howell cycles, one barometer group a
// round, optimised by arrow switches: the optimiser reaches the published
// Qf with seed 1 and the budget given (the study's budget, 4M, reaches it
// too), and Qo is the ideal 100 (every pair meets equally often).
func TestMultisessionPublished(t *testing.T) {
	cases := []struct {
		pairs      int
		sessions   []int
		iterations int64
		qf         string
	}{
		{14, []int{6, 7, 6, 7}, 4_000_000, "99.03"},
		{14, []int{6, 7, 6, 7, 6, 7}, 1_000_000, "99.38"},
		{18, []int{6, 6, 5}, 1_000_000, "94.74"},
	}
	for _, c := range cases {
		m, err := movement.Multisession(c.pairs, c.sessions, movement.BaseHowell)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Search(context.Background(), m, Settings{Seed: 1, Iterations: c.iterations})
		if err != nil {
			t.Fatal(err)
		}
		if !published.Matches(res.After.Qf, c.qf) || !published.Matches(res.After.Qo, "100") {
			t.Errorf("%d pairs %v: Qf %.4f, Qo %.2f; published %s, 100", c.pairs, c.sessions, res.After.Qf, res.After.Qo, c.qf)
		}
	}
}
