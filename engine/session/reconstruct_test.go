package session

import (
	"context"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/engine/scoring"
)

// mitchell17 is an invented 17-pair session: a 9-table Mitchell (DOMAIN.md
// §1) whose EW pair 18 did not come, so one NS pair sits out each round.
// The file gives no rounds, two boards a round. It returns the session and
// the movement played (17 pairs, pair 18's tables empty).
func mitchell17() (*scoring.Session, *movement.Movement) {
	const T = 9
	mv := movement.New(17, T, T, T)
	s := &scoring.Session{Format: "test"}
	for p := 1; p <= 17; p++ {
		s.Pairs = append(s.Pairs, scoring.SessionPair{Number: p})
	}
	line := 1
	for g := range T {
		for k := range 2 {
			s.Boards = append(s.Boards, scoring.SessionBoard{Number: 2*g + k + 1})
		}
	}
	for r := 1; r <= T; r++ {
		for t := 1; t <= T; t++ {
			ns, ew := t, T+1+((t-r)%T+T)%T
			g := (t + r - 2) % T
			if ew == 18 {
				continue // the sit-out
			}
			mv.Schedule[r-1][t-1] = movement.Table{NS: ns, EW: ew, Group: g}
			for k := range 2 {
				b := &s.Boards[2*g+k]
				// Scores that differ by pair, so matchpoints are not all ties.
				score := 10 * ((ns*7 + ew*3 + b.Number) % 13)
				b.Lines = append(b.Lines, scoring.TravellerLine{NS: ns, EW: ew, Score: score, Line: line})
				line++
			}
		}
	}
	return s, mv
}

// The rebuilt movement has the rounds the travellers show: 9 board groups,
// 9 rounds of 8 tables, and the Qf of the movement played.
func TestReconstructSitOut(t *testing.T) {
	s, played := mitchell17()
	a, err := Analyse(context.Background(), s, Settings{NoLuck: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Movement) != 1 {
		t.Fatalf("%d movements", len(a.Movement))
	}
	m := a.Movement[0]
	if len(m.BoardGroups) != 9 || m.Rounds != 9 || m.Tables != 8 || m.Pairs != 17 {
		t.Errorf("rebuilt %d groups, %d rounds, %d tables, %d pairs; want 9, 9, 8, 17\n%s", len(m.BoardGroups), m.Rounds, m.Tables, m.Pairs, m.ASC)
	}
	want := movement.ComputeBalance(played).Qf
	if math.Abs(m.Qf-want) > 0.005 {
		t.Errorf("Qf %.2f, the movement played has %.2f", m.Qf, want)
	}
	for r := range m.Played.Schedule {
		n := 0
		for _, tab := range m.Played.Schedule[r] {
			if !tab.Empty() {
				n++
			}
		}
		if n != 8 {
			t.Errorf("round %d has %d tables, want 8 (one pair sits out)", r+1, n)
		}
	}
}

// Sections matchpointed across the field: each section's movement as
// played, then the union, labelled.
func TestSectionMovements(t *testing.T) {
	a := analyse(t, readSample(t, "autumn-sections.xml"), Settings{NoLuck: true})
	var got []string
	for _, m := range a.Movement {
		got = append(got, m.Scope+" "+m.Section)
	}
	if strings.Join(got, ", ") != "section A, section B, across A+B" {
		t.Errorf("movements %v", got)
	}
	pairs := 0
	for _, m := range a.Movement[:2] {
		pairs += m.Pairs
	}
	if pairs != a.Movement[2].Pairs {
		t.Errorf("sections have %d pairs, the union %d", pairs, a.Movement[2].Pairs)
	}
}

// Disagreements say where (a board, or the session total), keep the
// file's figure as written and print ours with its decimals; a section
// named Sect1 does not run into its pair numbers.
func TestDisagreementWording(t *testing.T) {
	s, _ := mitchell17()
	for i := range s.Pairs {
		s.Pairs[i].Section = "Sect1"
	}
	for bi := range s.Boards {
		for li := range s.Boards[bi].Lines {
			s.Boards[bi].Lines[li].Section = "Sect1"
		}
	}
	s.Pairs[0].Percent, s.Pairs[0].PercentText, s.Pairs[0].HasPercent = 66.91, "66.91", true
	a := analyse(t, s, Settings{NoLuck: true})
	if len(a.Disagreements) != 1 {
		t.Fatalf("disagreements %+v", a.Disagreements)
	}
	d := a.Disagreements[0]
	if d.Where != "session total" || d.Board != 0 || d.File != "66.91" || d.Label != "Sect1 1" || d.OursText != strconv.FormatFloat(d.Ours, 'f', 2, 64) {
		t.Errorf("disagreement %+v", d)
	}
	for _, p := range a.Pairs {
		if p.Label != "Sect1 "+strconv.Itoa(p.Pair) {
			t.Errorf("label %q", p.Label)
		}
	}
	// A Mitchell ranks NS, then EW.
	if a.Pairs[0].Seats != "NS" || a.Pairs[len(a.Pairs)-1].Seats != "EW" {
		t.Errorf("first %s, last %s: want NS first", a.Pairs[0].Group, a.Pairs[len(a.Pairs)-1].Group)
	}
}
