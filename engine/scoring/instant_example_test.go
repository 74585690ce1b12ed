package scoring_test

import (
	"fmt"

	"github.com/bridgereport/bridgereport/engine/scoring"
)

// The board of seed 003: 16 results, nobody vulnerable, matchpointed for an
// instant-matchpoint game on the ACBL scale.
func ExampleInstantMatchpoints() {
	freqs := []scoring.Frequency{
		{Score: 450, Count: 2}, {Score: 420, Count: 4}, {Score: 400, Count: 3},
		{Score: 170, Count: 6}, {Score: -50, Count: 1},
	}
	tab, err := scoring.InstantMatchpoints(freqs, scoring.InstantSettings{Vul: scoring.VulNone, Scale: scoring.ScaleACBL})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("top %g\n", tab.Top)
	for _, r := range tab.Rows {
		switch {
		case r.Kind == scoring.ResultRow:
			fmt.Printf("%+5d  %2d  %4g  %3d\n", r.Score, r.Count, r.MP, r.Percent)
		default:
			fmt.Printf("  ...      %4g  %3d   (legal %d..%d)\n", r.MP, r.Percent, r.Lowest, r.Highest)
		}
	}
	// Output:
	// top 16
	//   ...        16  100   (legal 460..7000)
	//  +450   2    15   94
	//   ...        14   88   (legal 430..440)
	//  +420   4    12   75
	//  +400   3   8.5   53
	//   ...         7   44   (legal 180..380)
	//  +170   6     4   25
	//   ...         1    6   (legal 0..160)
	//   -50   1   0.5    3
	//   ...         0    0   (legal -7000..-70)
}
