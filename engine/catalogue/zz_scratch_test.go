package catalogue

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestScratch(t *testing.T) {
	for _, f := range strings.Fields(os.Getenv("PAIRS")) {
		n, _ := strconv.Atoi(f)
		t0 := time.Now()
		cs, err := For(context.Background(), n, Settings{})
		if err != nil {
			t.Fatal(err)
		}
		c := cs[0]
		fmt.Printf("%d pairs %v: %d cands; best %s rounds %d bpr %v near %d dist %d excl %q Qf %.2f\n", n, time.Since(t0).Round(time.Millisecond), len(cs), c.Exact, c.Facts.Rounds, c.BoardsPerRound, c.Nearest, c.Distance, c.Excluded, c.Qf)
	}
}
