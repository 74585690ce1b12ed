package luck_test

import (
	"fmt"

	"github.com/bridgereport/bridgereport/engine/luck"
	"github.com/bridgereport/bridgereport/engine/movement"
)

// The 7-table Mitchell with round 2 arrow-switched, pair 1 beating
// everybody and all other results equal (seed 004, column "1").
func ExampleOneStrongPair() {
	m, err := movement.Mitchell(7)
	if err != nil {
		panic(err)
	}
	if m, err = m.SwitchRounds([]int{2}, nil); err != nil {
		panic(err)
	}
	pct, err := luck.OneStrongPair(m, 1)
	if err != nil {
		panic(err)
	}
	for p, x := range pct {
		fmt.Printf("pair %2d %6.2f\n", p+1, x)
	}
	// Output:
	// pair  1 100.00
	// pair  2  46.43
	// pair  3  46.43
	// pair  4  46.43
	// pair  5  46.43
	// pair  6  46.43
	// pair  7  46.43
	// pair  8  45.24
	// pair  9  45.24
	// pair 10  45.24
	// pair 11  45.24
	// pair 12  45.24
	// pair 13  45.24
	// pair 14  50.00
}
