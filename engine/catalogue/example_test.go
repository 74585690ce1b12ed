package catalogue_test

import (
	"context"
	"fmt"

	"github.com/bridgereport/bridgereport/engine/catalogue"
)

// Thirteen pairs turned up: the candidates, best first. Every Mitchell is a
// half table, re-oriented by arrow switches for one winner.
func ExampleFor() {
	cs, err := catalogue.For(context.Background(), 13, catalogue.Settings{})
	if err != nil {
		panic(err)
	}
	for _, c := range cs {
		f := c.Facts
		fmt.Printf("%-24s %2d rounds %d tables, Qf %6.2f, Qf1av %6.2f, meets %3.0f%% of the field\n",
			c.Spec, f.Rounds, f.Tables, c.Qf, c.Qf1av, 100*f.Field)
	}
	// Output:
	// howell:13                13 rounds 7 tables, Qf  92.07, Qf1av  85.19, meets 100% of the field
	// mitchell:7,phantom=best   7 rounds 7 tables, Qf  85.09, Qf1av  75.87, meets  54% of the field
	// blackpool:7,phantom=best  9 rounds 7 tables, Qf  84.28, Qf1av  76.42, meets  54% of the field
}
