package session

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/engine/formats/results"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/engine/scoring"
)

func readSample(t testing.TB, file string) *scoring.Session {
	t.Helper()
	data, err := os.ReadFile("../formats/results/testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	s, ok, err := results.Read(file, data)
	if err != nil || !ok {
		t.Fatalf("%s: %v (a results file: %v)", file, err, ok)
	}
	return s
}

func analyse(t *testing.T, s *scoring.Session, set Settings) *Analysis {
	t.Helper()
	a, err := Analyse(context.Background(), s, set)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// The samples were written by an independent scorer (per-board rounding to
// 0.1 for thursday.xml, exact Neuberg for the others): every figure must be
// reproduced and the method named.
func TestSamplesReproduced(t *testing.T) {
	for _, c := range []struct {
		file      string
		across    bool
		boardStep float64
		adjusted  int
		rounds    string
	}{
		{"thursday.xml", false, 0.1, 2, "reconstructed"},
		{"autumn-sections.xml", true, 0, 1, "reconstructed"},
		{"monday.pbn", false, 0, 1, "file"},
	} {
		t.Run(c.file, func(t *testing.T) {
			a := analyse(t, readSample(t, c.file), Settings{NoLuck: true})
			m := a.MethodDetail
			if !m.Neuberg || m.Across != c.across || m.BoardStep != c.boardStep || m.Adjusted != c.adjusted {
				t.Errorf("method %+v (%s)", m, a.Method)
			}
			if m.LinesReproduced != m.LinesChecked || m.PairsReproduced != m.PairsChecked || m.PairsChecked == 0 {
				t.Errorf("reproduced %d/%d lines, %d/%d pairs", m.LinesReproduced, m.LinesChecked, m.PairsReproduced, m.PairsChecked)
			}
			if len(a.Disagreements) != 0 {
				t.Errorf("disagreements: %+v", a.Disagreements)
			}
			for _, mv := range a.Movement {
				if mv.RoundsFrom != c.rounds {
					t.Errorf("rounds from %s, want %s", mv.RoundsFrom, c.rounds)
				}
				if back, err := asc.Parse("asc", strings.NewReader(asc.String(mv.Played))); err != nil || !back.Equal(mv.Played) {
					t.Errorf("the .ASC does not read back: %v", err)
				}
			}
		})
	}
}

func TestThursdayMovementIsAMitchell(t *testing.T) {
	a := analyse(t, readSample(t, "thursday.xml"), Settings{NoLuck: true})
	mit, err := movement.Mitchell(5)
	if err != nil {
		t.Fatal(err)
	}
	want := movement.ComputeBalance(mit)
	got := a.Movement[0]
	if math.Abs(got.Qf-want.Qf) > 1e-9 || math.Abs(got.Qo-want.Qo) > 1e-9 || got.Rounds != 5 || got.Tables != 5 || !got.Uniform {
		t.Errorf("reconstructed Qf %v Qo %v, %d tables %d rounds; a 5-table Mitchell has Qf %v Qo %v", got.Qf, got.Qo, got.Tables, got.Rounds, want.Qf, want.Qo)
	}
	if len(got.BoardGroups) != 5 || len(got.BoardGroups[4]) != 3 {
		t.Errorf("board groups %v: want 5 of 3 boards (board 15, played four times, in the fifth)", got.BoardGroups)
	}
	for _, p := range a.Pairs {
		wantSeats := "NS"
		if p.Pair > 5 {
			wantSeats = "EW"
		}
		if p.Seats != wantSeats || !strings.HasSuffix(p.Group, wantSeats) {
			t.Errorf("pair %d: seats %s group %q", p.Pair, p.Seats, p.Group)
		}
	}
}

// fromMovement plays a movement with random scores, numbering the pairs
// from first in section sec, with boardsPer boards a group.
func fromMovement(m *movement.Movement, sec string, first, boardsPer int, rng *rand.Rand) *scoring.Session {
	s := &scoring.Session{Format: "test"}
	scores := []int{-200, -100, -50, 90, 110, 120, 140, 420, 450}
	for p := 1; p <= m.Pairs; p++ {
		s.Pairs = append(s.Pairs, scoring.SessionPair{Section: sec, Number: first + p - 1})
	}
	boards := map[int]*scoring.SessionBoard{}
	for _, row := range m.Schedule {
		for _, tb := range row {
			if tb.Empty() {
				continue
			}
			for k := range boardsPer {
				n := tb.Group*boardsPer + k + 1
				b := boards[n]
				if b == nil {
					b = &scoring.SessionBoard{Number: n}
					boards[n] = b
				}
				b.Lines = append(b.Lines, scoring.TravellerLine{Section: sec, NS: first + tb.NS - 1, EW: first + tb.EW - 1, Score: scores[rng.IntN(len(scores))]})
			}
		}
	}
	for n := 1; n <= m.Groups*boardsPer; n++ {
		if b := boards[n]; b != nil {
			s.Boards = append(s.Boards, *b)
		}
	}
	return s
}

// The balance of a reconstructed movement is the balance of the movement
// played, whatever rounds the reconstruction finds.
func TestReconstructedBalance(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		name string
		make func() (*movement.Movement, error)
	}{
		{"mitchell 7", func() (*movement.Movement, error) { return movement.Mitchell(7) }},
		{"howell 8", func() (*movement.Movement, error) { return movement.Howell(8) }},
		{"howell 10", func() (*movement.Movement, error) { return movement.Howell(10) }},
		{"relay mitchell 6", func() (*movement.Movement, error) { return movement.RelayMitchell(6) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, err := c.make()
			if err != nil {
				t.Fatal(err)
			}
			want := movement.ComputeBalance(m)
			wantV, _ := movement.ComputeVacancy(m)
			s := fromMovement(m, "", 11, 2, rng) // numbers 11.. as a file with gaps has them
			a := analyse(t, s, Settings{NoLuck: true})
			got := a.Movement[0]
			if math.Abs(got.Qf-want.Qf) > 1e-9 || math.Abs(got.Qf1Av-wantV.Av) > 1e-9 {
				t.Errorf("Qf %v Qf1av %v, want %v %v", got.Qf, got.Qf1Av, want.Qf, wantV.Av)
			}
			if got.Rounds != m.Rounds {
				t.Errorf("%d rounds, want %d", got.Rounds, m.Rounds)
			}
			for _, w := range got.Warnings {
				if strings.HasPrefix(w, "error") {
					t.Errorf("reconstructed movement: %s", w)
				}
			}
			if got.PairNumbers[0] != "11" {
				t.Errorf("pair numbers %v", got.PairNumbers)
			}
		})
	}
}

// A file whose figures cannot be reproduced is reported, not fixed.
func TestDisagreementsReported(t *testing.T) {
	s := readSample(t, "thursday.xml")
	l := &s.Boards[0].Lines[0]
	l.NSMP++
	s.Pairs[2].Percent += 0.5
	a := analyse(t, s, Settings{NoLuck: true})
	var kinds []string
	for _, d := range a.Disagreements {
		kinds = append(kinds, d.Kind)
		if d.Kind == "matchpoints" && (d.Board != 1 || d.Line != l.Line || d.Pair != l.NS) {
			t.Errorf("matchpoint disagreement %+v, want board 1 line %d pair %d", d, l.Line, l.NS)
		}
		if d.Kind == "percent" && d.Pair != s.Pairs[2].Number {
			t.Errorf("percent disagreement %+v, want pair %d", d, s.Pairs[2].Number)
		}
	}
	if strings.Join(kinds, ",") != "matchpoints,percent" {
		t.Errorf("disagreements %v, want one on matchpoints and one on a percentage", kinds)
	}
	if a.MethodDetail.LinesReproduced != a.MethodDetail.LinesChecked-1 {
		t.Errorf("method %+v: want every line but one reproduced", a.MethodDetail)
	}
}

func TestNeubergRankChanges(t *testing.T) {
	a := analyse(t, readSample(t, "autumn-sections.xml"), Settings{NoLuck: true})
	n := a.Neuberg
	if n.Step != 0.1 || n.Adjusted != 1 || len(n.Pairs) != 12 {
		t.Fatalf("neuberg %+v", n)
	}
	for _, c := range n.RankChanges {
		r := c.Ranks
		if r[0] == r[1] && r[1] == r[2] && r[2] == r[3] {
			t.Errorf("rank change %+v with equal ranks", c)
		}
		if !strings.Contains(c.Text, c.Names[0]) {
			t.Errorf("rank change text %q does not name the pair", c.Text)
		}
	}
	// Without Neuberg the pairs who played board 6 (five results) score it
	// on a smaller top: their percentages differ from the Neuberg ones.
	differ := 0
	for _, p := range n.Pairs {
		if math.Abs(p.Raw-p.Unrounded) > 1e-9 {
			differ++
		}
	}
	if differ != 10 {
		t.Errorf("%d pairs score differently without Neuberg, want the 10 who played board 6", differ)
	}
}

func TestLuck(t *testing.T) {
	a := analyse(t, readSample(t, "thursday.xml"), Settings{})
	if len(a.Luck) != 1 {
		t.Fatalf("%d luck results, notes %v", len(a.Luck), a.Notes)
	}
	l := a.Luck[0]
	if !l.Exact || l.Samples != 120*120 || !l.ByDirection || len(l.Pairs) != 10 || len(l.Winners) != 2 {
		t.Fatalf("luck %+v", l)
	}
	for _, p := range l.Pairs {
		sum := 0.0
		for _, x := range p.Places {
			sum += x
		}
		if math.Abs(sum-100) > 1e-6 || len(p.Places) > 5 || p.PlaceMin < 1 || p.PlaceMax > 5 || p.Min > p.Expected || p.Expected > p.Max {
			t.Errorf("pair %d: %+v", p.Pair, p)
		}
		if math.Abs(p.SeatEffect-(p.Seated-p.Expected)) > 1e-9 {
			t.Errorf("pair %d: seat effect %v", p.Pair, p.SeatEffect)
		}
	}
}

func TestInstant(t *testing.T) {
	a := analyse(t, readSample(t, "thursday.xml"), Settings{NoLuck: true})
	if len(a.Instant) != 15 || len(a.Notes) != 0 {
		t.Fatalf("%d instant tables, notes %v", len(a.Instant), a.Notes)
	}
	for _, b := range a.Instant {
		n := 0
		for _, r := range b.Rows {
			n += r.Count
		}
		want := 5
		if b.Board == 15 || b.Board == 7 { // played four times; one artificial score
			want = 4
		}
		if n != want || b.Results != want {
			t.Errorf("board %d: %d results in the rows, %d in the table; want %d", b.Board, n, b.Results, want)
		}
	}
}

// Mitchell files often number each direction from 1: NS 1 and EW 1 are two
// pairs, told apart by DIRECTION. The analysis is the same as with one
// numbering.
func TestNumberedByDirection(t *testing.T) {
	s := readSample(t, "thursday-bydirection.xml")
	if !s.Pairs[0].ByDirection || !s.Boards[0].Lines[0].ByDirection {
		t.Fatalf("numbering by direction not recognised")
	}
	a := analyse(t, s, Settings{NoLuck: true})
	b := analyse(t, readSample(t, "thursday.xml"), Settings{NoLuck: true})
	if a.Method != b.Method || len(a.Disagreements) != 0 || a.MethodDetail.PairsReproduced != 10 {
		t.Errorf("method %q, %d disagreements, %+v", a.Method, len(a.Disagreements), a.MethodDetail)
	}
	if a.Movement[0].Qf != b.Movement[0].Qf || a.Movement[0].PairNumbers[0] != "1 NS" {
		t.Errorf("Qf %v (want %v), pairs %v", a.Movement[0].Qf, b.Movement[0].Qf, a.Movement[0].PairNumbers)
	}
	for i, p := range a.Pairs {
		q := b.Pairs[i]
		want := q.Pair
		if want > 5 {
			want -= 5
		}
		if p.Pair != want || p.Direction != q.Seats || p.Percent != q.Percent || p.Rank != q.Rank {
			t.Errorf("pair %+v, want %+v renumbered", p, q)
		}
	}
}

// Each method, written into a session as its file's figures (to two
// decimals, as files print them), is the method identified.
func TestIdentifyRoundTrip(t *testing.T) {
	m, err := movement.Mitchell(5)
	if err != nil {
		t.Fatal(err)
	}
	base := fromMovement(m, "", 1, 2, rand.New(rand.NewPCG(3, 4)))
	base.Boards[9].Lines = base.Boards[9].Lines[:4] // board 10 played four times
	base.Boards[2].Lines[1].Artificial = &scoring.Artificial{NS: 60, EW: 40, Text: "A6040"}
	for _, want := range []Method{
		{Neuberg: true}, {Neuberg: true, BoardStep: 0.1}, {Neuberg: true, OwnTop: true}, {Neuberg: true, OwnTop: true, BoardStep: 0.1}, {},
		{MeanPercent: true},
	} {
		t.Run(fmt.Sprintf("%+v", want), func(t *testing.T) {
			s := cloneSession(base)
			c := score(base, want)
			for bi := range s.Boards {
				for li := range s.Boards[bi].Lines {
					l := &s.Boards[bi].Lines[li]
					mp := c.mp[&base.Boards[bi].Lines[li]]
					l.NSMP, l.EWMP, l.HasMP, l.MPDecimals = scoring.RoundTo(mp[0], 0.01), scoring.RoundTo(mp[1], 0.01), true, 2
				}
			}
			for i := range s.Pairs {
				_, pct := c.percent(s.Pairs[i].Key(), 0)
				s.Pairs[i].Percent, s.Pairs[i].HasPercent = scoring.RoundTo(pct, 0.01), true
				s.Pairs[i].PercentText = strconv.FormatFloat(s.Pairs[i].Percent, 'f', 2, 64)
			}
			a := analyse(t, s, Settings{NoLuck: true})
			got := a.MethodDetail
			if got.Neuberg != want.Neuberg || got.OwnTop != want.OwnTop || got.BoardStep != want.BoardStep || got.MeanPercent != want.MeanPercent || len(a.Disagreements) != 0 {
				t.Errorf("identified %q (%+v), %d disagreements", a.Method, got, len(a.Disagreements))
			}
		})
	}
}

// cloneSession copies a session deeply enough for its figures to be
// rewritten; score keys its results by line pointer, so the test scores the
// base and writes into the clone at the same places.
func cloneSession(s *scoring.Session) *scoring.Session {
	c := *s
	c.Pairs = append([]scoring.SessionPair(nil), s.Pairs...)
	c.Boards = make([]scoring.SessionBoard, len(s.Boards))
	for i, b := range s.Boards {
		c.Boards[i] = b
		c.Boards[i].Lines = append([]scoring.TravellerLine(nil), b.Lines...)
	}
	return &c
}
