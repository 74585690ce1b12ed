package catalogue_test

import (
	"context"
	"fmt"

	"github.com/bridgereport/bridgereport/engine/catalogue"
)

// Thirteen pairs turned up and there are two and a half hours: about 26
// boards, so 7 to 9 rounds. The candidates, best first; the Mitchells are
// half tables, and every movement is re-oriented by arrow switches. Of the
// short Howells only the longest that fits at 3 boards a round is listed
// (9 rounds, 27 boards; 8 rounds would give 24).
func ExampleFor() {
	cs, err := catalogue.For(context.Background(), 13, catalogue.Settings{MinRounds: 7, MaxRounds: 9})
	if err != nil {
		panic(err)
	}
	for _, c := range cs {
		f := c.Facts
		fmt.Printf("%-34s %d rounds, %d stationary, Qf %5.2f, Qf1av %5.2f, meets %2.0f%% of the field\n",
			c.Spec, f.Rounds, len(f.Stationary), c.Qf, c.Qf1av, 100*f.Field)
	}
	// Output:
	// howell:13,rounds=9                 9 rounds, 4 stationary, Qf 86.89, Qf1av 78.48, meets 69% of the field
	// mitchell:7,phantom=best            7 rounds, 7 stationary, Qf 85.09, Qf1av 75.87, meets 54% of the field
	// blackpool:7,phantom=best           9 rounds, 7 stationary, Qf 84.28, Qf1av 76.42, meets 54% of the field
	// hesitation-mitchell:7,phantom=best 8 rounds, 5 stationary, Qf 78.81, Qf1av 72.39, meets 62% of the field
}
