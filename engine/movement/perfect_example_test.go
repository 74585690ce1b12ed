package movement_test

import (
	"fmt"
	"os"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// The Howell for 6 pairs with two board groups per round: each round line
// lists every table twice, once per board group.
func ExamplePerfect() {
	m, err := movement.Perfect(6, 5, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	movement.WriteASC(os.Stdout, m)
	b := movement.ComputeBalance(m)
	fmt.Printf("Qf %.2f, h %d\n", b.Qf, b.H)
	// Output:
	// 6 6 5 10 0
	// 1-6 B  2-5 B  3-4 B  6-1 H  2-5 H  4-3 H
	// 2-6 C  3-1 C  4-5 C  6-2 I  3-1 I  5-4 I
	// 3-6 D  4-2 D  5-1 D  6-3 J  4-2 J  1-5 J
	// 4-6 E  5-3 E  1-2 E  6-4 F  5-3 F  2-1 F
	// 5-6 A  1-4 A  2-3 A  6-5 G  1-4 G  3-2 G
	// Qf 100.00, h 2
}
