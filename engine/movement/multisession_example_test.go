package movement_test

import (
	"fmt"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// Sixteen pairs in five sessions of six rounds from the perfect Howell's
// board groups: two complete round robins, perfect balance, every round a
// barometer (all eight tables play its boards, so eight copies).
func ExampleMultisession() {
	m, err := movement.Multisession(16, []int{6, 6, 6, 6, 6}, movement.BasePerfect)
	if err != nil {
		panic(err)
	}
	b, f := movement.ComputeBalance(m), movement.Describe(m)
	fmt.Printf("%d rounds, Qf %.2f, Qo %.2f, pairs meet up to %d times, %d copies of each board\n",
		m.Rounds, b.Qf, b.Qo, f.MaxMeetings, f.Copies)
	// Output: 30 rounds, Qf 100.00, Qo 100.00, pairs meet up to 2 times, 8 copies of each board
}
