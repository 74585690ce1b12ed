package movement

import (
	"fmt"
	"strings"
	"testing"
)

// A movement whose pairs replay board groups by the hundred (a file with
// its groups wrong) gets a few warnings that name them and one that counts
// the rest, not one warning per pair and group.
func TestCheckCountsReplayedGroups(t *testing.T) {
	for _, tables := range []int{2, 50} {
		t.Run(fmt.Sprint(tables, " tables"), func(t *testing.T) {
			// A Mitchell of one board group: every pair replays it every
			// round after the first.
			const rounds = 5
			m := New(2*tables, tables, rounds, 1)
			for r := range rounds {
				for tb := range tables {
					m.Schedule[r][tb] = Table{NS: tb + 1, EW: tables + 1 + (tb+r)%tables, Group: 0}
				}
			}
			replays := m.Pairs // each pair's first replay is the one warned about
			errs, warnings := m.Check()
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			var named, counted int
			for _, w := range warnings {
				switch {
				case strings.HasPrefix(w.Msg, "pair ") && strings.HasSuffix(w.Msg, "plays board group A again"):
					named++
				case strings.Contains(w.Msg, fmt.Sprintf("%d in all", replays)):
					counted++
				}
			}
			if named+counted > 4 || counted != 1 || named != 3 {
				t.Errorf("%d replays: %d warnings name a pair, %d count them; want 3 and 1:\n%v", replays, named, counted, warnings)
			}
		})
	}
}
