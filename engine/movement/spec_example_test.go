package movement_test

import (
	"fmt"

	"github.com/bridgereport/bridgereport/engine/movement"
)

func ExampleParseSpec() {
	s, err := movement.ParseSpec("mitchell:7, switch=2")
	if err != nil {
		panic(err)
	}
	m, err := s.Build()
	if err != nil {
		panic(err)
	}
	f := movement.Describe(m)
	fmt.Println(s)
	fmt.Printf("%d pairs, %d tables, %d rounds, %d winner(s), Qf %.2f\n",
		m.Pairs, m.Tables, m.Rounds, f.Winners(), movement.ComputeBalance(m).Qf)

	_, err = movement.ParseSpec("howell:3")
	fmt.Println(err)
	_, err = movement.ParseSpec("NBBR/7ronden/8p7rTeamH")
	fmt.Println(err == movement.ErrNotSpec)
	// Output:
	// mitchell:7,switch=2
	// 14 pairs, 7 tables, 7 rounds, 1 winner(s), Qf 92.00
	// howell:3: a Howell needs at least 4 pairs
	// true
}
