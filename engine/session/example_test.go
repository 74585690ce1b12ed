package session_test

import (
	"context"
	"fmt"
	"os"

	"github.com/bridgereport/bridgereport/engine/formats/usebio"
	"github.com/bridgereport/bridgereport/engine/session"
)

// A club's results file, checked and its movement rebuilt.
func ExampleAnalyse() {
	f, err := os.Open("../formats/results/testdata/thursday.xml")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	s, err := usebio.Read("thursday.xml", f)
	if err != nil {
		fmt.Println(err)
		return
	}
	a, err := session.Analyse(context.Background(), s, session.Settings{NoLuck: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	m := a.MethodDetail
	fmt.Println(a.Method)
	fmt.Printf("%d of %d lines and %d of %d percentages reproduced\n", m.LinesReproduced, m.LinesChecked, m.PairsReproduced, m.PairsChecked)
	mv := a.Movement[0]
	fmt.Printf("%d tables, %d rounds (%s), Qf %.2f\n", mv.Tables, mv.Rounds, mv.RoundsFrom, mv.Qf)
	// Output:
	// Neuberg, rounded per board to 0.1
	// 74 of 74 lines and 10 of 10 percentages reproduced
	// 5 tables, 5 rounds (reconstructed), Qf 46.00
}
