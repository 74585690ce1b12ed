package optimize_test

import (
	"context"
	"fmt"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/engine/optimize"
)

// Arrow-switching the 7-table Mitchell for one winner (seed 004: Qf 46.94
// unswitched, 92 with one switched round, which cannot be beaten).
func ExampleSearch() {
	m, _ := movement.Mitchell(7)
	res, err := optimize.Search(context.Background(), m, optimize.Settings{Seed: 1, Iterations: 50_000, Restarts: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("Qf %.2f -> %.2f, %d tables switched\n", res.Before.Qf, res.After.Qf, len(res.Switched))
	// Output: Qf 46.94 -> 92.00, 7 tables switched
}
