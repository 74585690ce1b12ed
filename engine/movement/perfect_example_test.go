package movement_test

import (
	"fmt"
	"os"

	"github.com/bridgereport/bridgereport/engine/formats/asc"
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
	asc.Write(os.Stdout, m)
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

// The superperfect Howell for 6 pairs: perfect balance with any one pair
// absent, for an arrow switch in mid-round at every table of round 1.
func ExampleSuperperfectHowell6() {
	m := movement.SuperperfectHowell6()
	asc.Write(os.Stdout, m)
	b := movement.ComputeBalance(m)
	v, _ := movement.ComputeVacancy(m)
	fmt.Printf("Qf %.2f, Qf1av %.2f, Qf1max %.2f\n", b.Qf, v.Av, v.Max)
	fmt.Println("mid-round switches per round:", movement.MidRoundSwitches(m))
	// Output:
	// 6 6 5 10 0
	// 6-1 A  5-2 B  4-3 C  1-6 D  2-5 E  3-4 F
	// 6-2 F  3-1 G  5-4 A  6-2 H  3-1 B  5-4 I
	// 3-6 I  2-4 D  1-5 F  3-6 E  2-4 G  1-5 J
	// 4-6 J  5-3 H  1-2 I  4-6 B  5-3 D  1-2 C
	// 6-5 C  4-1 E  2-3 J  6-5 G  4-1 H  2-3 A
	// Qf 100.00, Qf1av 100.00, Qf1max 100.00
	// mid-round switches per round: [3 0 0 0 0]
}
