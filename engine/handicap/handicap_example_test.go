package handicap_test

import (
	"fmt"

	"github.com/bridgereport/bridgereport/engine/handicap"
)

// Division 1 of the seed's league (Table 1) and three teams of its division
// 2, whose factor 2(N−1)/N is then 4/3. The top team of division 2 is placed
// midway between the second- and third-lowest of division 1:
// (14.50 + 6.67)/2 = 10.58.
func ExampleFormL() {
	league := []handicap.Division{
		{Name: "1", Teams: []handicap.Team{
			{Name: "Eroes", AvgVP: 14.0}, {Name: "Discards", AvgVP: 14.0}, {Name: "Gambits", AvgVP: 13.4},
			{Name: "Dragons", AvgVP: 10.0}, {Name: "Diamonds", AvgVP: 5.3}, {Name: "JCBC", AvgVP: 3.3},
		}},
		{Name: "2", Teams: []handicap.Team{
			{Name: "Rabbits", AvgVP: 11.5}, {Name: "Royals", AvgVP: 10.6}, {Name: "Imps", AvgVP: 7.9},
		}},
	}
	teams, err := handicap.FormL(league, handicap.FormLSettings{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, t := range teams {
		fmt.Printf("%s %-8s %5.1f %6.2f %6.2f %4.0f\n", t.Division, t.Team, t.AvgVP, t.ExpectedVPDiff, t.MergedVPDiff, t.IMPs)
	}
	// Output:
	// 1 Eroes     14.0   0.00   0.00    0
	// 1 Discards  14.0   0.00   0.00    0
	// 1 Gambits   13.4   1.00   1.00    3
	// 1 Dragons   10.0   6.67   6.67   18
	// 1 Diamonds   5.3  14.50  14.50   40
	// 1 JCBC       3.3  17.83  17.83   49
	// 2 Rabbits   11.5   0.00  10.58   29
	// 2 Royals    10.6   1.20  11.78   32
	// 2 Imps       7.9   4.80  15.38   42
}
