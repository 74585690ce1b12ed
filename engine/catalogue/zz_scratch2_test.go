package catalogue

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
)

func TestScratchList(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("N"))
	cs, err := For(context.Background(), n, Settings{Samples: -1})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		name := c.Name
		if len(name) > 60 {
			name = name[:60]
		}
		fmt.Printf("%-60s r%d t%d bpr %v near %d dist %d fields %d Qf %.2f meas %v deal %+v excl %q\n", name, c.Facts.Rounds, c.Tables, c.BoardsPerRound, c.Nearest, c.Distance, c.Facts.Fields, c.Qf, c.Measured, c.Deal, c.Excluded)
	}
}
