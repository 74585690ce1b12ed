package session

import (
	"context"
	"math"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/engine/scoring"
)

// howell17 is an invented 17-pair session in the shape the issue saw in a
// ScoreBridge file: a short Howell of 18 pairs in 12 rounds, 12 groups of
// two boards, whose pair 18 did not come (8 tables a round, one pair
// sitting out), the file giving no rounds; skip lists the plays one table
// missed (round, table, which board of its group: 0 or 1). It returns the
// session and the movement played (pair 18's tables empty).
func howell17(t *testing.T, skip [][3]int) (*scoring.Session, *movement.Movement) {
	t.Helper()
	full, err := movement.ShortHowell(18, 12)
	if err != nil {
		t.Fatal(err)
	}
	played := movement.New(17, full.Tables, full.Rounds, full.Groups)
	s := &scoring.Session{Format: "test"}
	for p := 1; p <= 17; p++ {
		s.Pairs = append(s.Pairs, scoring.SessionPair{Number: p})
	}
	for b := 1; b <= 2*full.Groups; b++ {
		s.Boards = append(s.Boards, scoring.SessionBoard{Number: b})
	}
	line := 1
	for r, row := range full.Schedule {
		for ti, tab := range row {
			if tab.Empty() || tab.NS == 18 || tab.EW == 18 {
				continue
			}
			played.Schedule[r][ti] = tab
			for k := range 2 {
				missed := false
				for _, sk := range skip {
					missed = missed || sk == [3]int{r + 1, ti + 1, k}
				}
				if missed {
					continue
				}
				b := &s.Boards[2*tab.Group+k]
				score := 10 * ((tab.NS*7 + tab.EW*3 + b.Number) % 13)
				b.Lines = append(b.Lines, scoring.TravellerLine{NS: tab.NS, EW: tab.EW, Score: score, Line: line})
				line++
			}
		}
	}
	return s, played
}

// The movement rebuilt from a 17-pair session whose last table missed a
// few boards is the one played: 12 groups of two boards kept whole, 12
// rounds of 8 tables, and its Qf by groups; the board-by-board reading is
// given beside it, and said.
func TestRebuildKeepsGroupsWhole(t *testing.T) {
	// One table (the last) missed a board in three rounds, and another
	// table one in round 3. (A table that missed both boards of a round
	// cannot be told from a sit-out: the travellers do not show it.)
	skip := [][3]int{{10, 9, 1}, {11, 9, 0}, {12, 9, 0}, {3, 2, 0}}
	for _, c := range []struct {
		name string
		skip [][3]int
	}{{"every board played", nil}, {"a few boards missed", skip}} {
		t.Run(c.name, func(t *testing.T) {
			s, played := howell17(t, c.skip)
			a, err := Analyse(context.Background(), s, Settings{NoLuck: true})
			if err != nil {
				t.Fatal(err)
			}
			m := a.Movement[0]
			if len(m.BoardGroups) != 12 || m.Rounds != 12 || m.Tables != 8 || m.Pairs != 17 {
				t.Errorf("rebuilt %d groups, %d rounds, %d tables, %d pairs; want 12, 12, 8, 17", len(m.BoardGroups), m.Rounds, m.Tables, m.Pairs)
			}
			for _, g := range m.BoardGroups {
				if len(g) != 2 || g[1] != g[0]+1 || g[0]%2 != 1 {
					t.Errorf("board group %v: want two boards 2k-1, 2k", g)
				}
			}
			if want := movement.ComputeBalance(played).Qf; math.Abs(m.Qf-want) > 0.005 {
				t.Errorf("Qf %.2f by groups, the movement played has %.2f", m.Qf, want)
			}
			t.Logf("Qf %.2f by groups, %.2f board by board; %s", m.Qf, m.QfBoards, m.Reading)
			if m.Reading == "" || (c.skip == nil) != (math.Abs(m.QfBoards-m.Qf) < 1e-9) {
				t.Errorf("reading %q, Qf %.2f by groups, %.2f board by board", m.Reading, m.Qf, m.QfBoards)
			}
		})
	}
}
