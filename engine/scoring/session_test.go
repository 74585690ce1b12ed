package scoring

import (
	"strings"
	"testing"
)

// sessionBuilder makes sessions for tests: the pairs under study sit NS,
// filler pairs take the other seats.
type sessionBuilder struct{ results []BoardResult }

// board adds a board: scores[i] goes to pairs[i] for the pairs given, and
// to filler NS pairs 1001, 1002, … for the rest; EW are fillers 2001, ….
func (s *sessionBuilder) board(b int, scores []int, pairs ...int) {
	for i, x := range scores {
		ns := 1001 + i
		if i < len(pairs) {
			ns = pairs[i]
		}
		s.results = append(s.results, BoardResult{Board: b, NS: ns, EW: 2001 + i, Score: x})
	}
}

// repeat returns n copies of x.
func repeat(x, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = x
	}
	return out
}

func pairScore(t *testing.T, s *SessionScore, pair int) PairScore {
	t.Helper()
	for _, p := range s.Pairs {
		if p.Pair == pair {
			return p
		}
	}
	t.Fatalf("pair %d not in the session", pair)
	return PairScore{}
}

// TestSessionNeubergCriticism builds the example of the criticism of
// Neuberg in seed 001 on
// the ACBL scale: pair A beats all 10 others on a board played 11 times,
// pair B beats 33 and loses to 17 of 50 on a board played 51 times; on 20
// other boards both get 25 of 50 (every result equal), 500 of 1000.
func TestSessionNeubergCriticism(t *testing.T) {
	const A, B = 1, 2
	var sb sessionBuilder
	sb.board(1, append(append([]int{200}, repeat(100, 33)...), repeat(300, 17)...), B)
	sb.board(2, append([]int{500}, repeat(100, 10)...), A)
	for b := 3; b <= 22; b++ {
		sb.board(b, repeat(420, 51), A, B)
	}
	s, err := ScoreSession(sb.results, SessionSettings{Scale: ScaleACBL})
	if err != nil {
		t.Fatal(err)
	}
	if s.Settings.Expected != 51 {
		t.Errorf("expected %d, want 51 (the most-played board)", s.Settings.Expected)
	}
	a, b := pairScore(t, s, A), pairScore(t, s, B)
	raw := []struct {
		name      string
		got       PairScore
		mp, top   float64
		adjusted  float64
		fullBoard float64
	}{
		{"A", a, 510, 1010, 548.2, 1050},
		{"B", b, 533, 1050, 533, 1050},
	}
	for _, r := range raw {
		t.Run(r.name, func(t *testing.T) {
			if r.got.RawMP != r.mp || r.got.RawTop != r.top {
				t.Errorf("raw %v/%v, want %v/%v", r.got.RawMP, r.got.RawTop, r.mp, r.top)
			}
			if r.got.MP != r.adjusted || r.got.Top != r.fullBoard {
				t.Errorf("Neuberg %v/%v, want %v/%v", r.got.MP, r.got.Top, r.adjusted, r.fullBoard)
			}
		})
	}
	if !(b.RawPercent > a.RawPercent) {
		t.Errorf("raw: B %.2f%% should beat A %.2f%%", b.RawPercent, a.RawPercent)
	}
	if !(a.Rank < b.Rank) {
		t.Errorf("Neuberg: A rank %d should be ahead of B rank %d", a.Rank, b.Rank)
	}
}

// TestSessionRoundingOrder builds a session where rounding each board and
// rounding the totals rank two pairs differently (seed 001, "Rounding").
// Seven results are expected. X gets 4 of 10 on five boards played six
// times: 4.8333 each, 24.1667 in all, but 4.8 × 5 = 24.0 when each board is
// rounded. Y gets 2 of 6 on two boards played four times (4.25 each, 4.3
// rounded), 1 of 6 on another (2.5) and 12 + 1 on two full boards: 24.0 in
// all, 24.1 when each board is rounded.
func TestSessionRoundingOrder(t *testing.T) {
	const X, Y = 1, 2
	var sb sessionBuilder
	for b := 1; b <= 5; b++ {
		sb.board(b, []int{100, 50, 50, 200, 200, 200}, X)
	}
	sb.board(6, []int{100, 50, 200, 200}, Y)
	sb.board(7, []int{100, 50, 200, 200}, Y)
	sb.board(8, []int{100, 100, 200, 200}, Y)
	sb.board(9, []int{990, 100, 100, 100, 100, 100, 100}, Y)
	sb.board(10, []int{100, 100, 200, 200, 200, 200, 200}, Y)

	tests := []struct {
		round      RoundPolicy
		x, y       float64
		xAheadOfY  bool
		xTol, yTol float64
	}{
		{RoundTotals, 24.2, 24.0, true, 0, 0},
		{RoundEachBoard, 24.0, 24.1, false, 0, 0},
		{RoundNone, 24.1667, 24.0, true, 0.00005, 1e-9},
	}
	for _, tc := range tests {
		t.Run(tc.round.String(), func(t *testing.T) {
			s, err := ScoreSession(sb.results, SessionSettings{Round: tc.round})
			if err != nil {
				t.Fatal(err)
			}
			x, y := pairScore(t, s, X), pairScore(t, s, Y)
			if !near(x.MP, tc.x, tc.xTol) || !near(y.MP, tc.y, tc.yTol) {
				t.Errorf("X %v, Y %v; want %v, %v", x.MP, y.MP, tc.x, tc.y)
			}
			if x.Top != 60 || y.Top != 60 {
				t.Errorf("tops %v, %v; want 60 (5 boards × 12)", x.Top, y.Top)
			}
			if got := x.Rank < y.Rank; got != tc.xAheadOfY {
				t.Errorf("X rank %d, Y rank %d", x.Rank, y.Rank)
			}
		})
	}
}

func TestSessionBoardDetails(t *testing.T) {
	// Seed 001's board: played 6 times, 7 expected.
	results := []BoardResult{
		{Board: 1, NS: 1, EW: 11, Score: 100}, {Board: 1, NS: 2, EW: 12, Score: 50},
		{Board: 1, NS: 3, EW: 13, Score: 50}, {Board: 1, NS: 4, EW: 14, Score: 200},
		{Board: 1, NS: 5, EW: 15, Score: 200}, {Board: 1, NS: 6, EW: 16, Score: 620},
		{Board: 2, NS: 1, EW: 11, Score: 0}, {Board: 2, NS: 2, EW: 12, Score: 0},
		{Board: 2, NS: 3, EW: 13, Score: 0}, {Board: 2, NS: 4, EW: 14, Score: 0},
		{Board: 2, NS: 5, EW: 15, Score: 0}, {Board: 2, NS: 6, EW: 16, Score: 0},
		{Board: 2, NS: 7, EW: 17, Score: 0},
	}
	s, err := ScoreSession(results, SessionSettings{Round: RoundNone})
	if err != nil {
		t.Fatal(err)
	}
	b := s.Boards[0]
	if b.Board != 1 || b.Top != 10 {
		t.Fatalf("board %d top %v", b.Board, b.Top)
	}
	r := b.Results[0] // 4 MP of 10
	if r.NSMP != 4 || r.EWMP != 6 || !near(r.NSAdjusted, 4.8333, 0.00005) || !near(r.EWAdjusted, 7.1667, 0.00005) {
		t.Errorf("%+v", r)
	}
	if !near(b.Results[3].NSAdjusted, 8.3333, 0.00005) { // 7 MP of 10: 3 beaten, 1 tie
		t.Errorf("6 MP → %v", b.Results[3].NSAdjusted)
	}
	if b.Results[5].NSMP != 10 || !near(b.Results[5].NSAdjusted, 11.8333, 0.00005) {
		t.Errorf("top → %+v", b.Results[5])
	}
}

func TestSessionErrors(t *testing.T) {
	ok := []BoardResult{{Board: 1, NS: 1, EW: 2, Score: 100}, {Board: 1, NS: 3, EW: 4, Score: 200}}
	tests := []struct {
		name    string
		results []BoardResult
		set     SessionSettings
		want    string
	}{
		{"empty", nil, SessionSettings{}, "no results"},
		{"ns = ew", []BoardResult{{Board: 1, NS: 2, EW: 2}}, SessionSettings{}, "both NS and EW"},
		{"pair twice", append(ok, BoardResult{Board: 1, NS: 5, EW: 3}), SessionSettings{}, "pair 3 already played"},
		{"pair 0", []BoardResult{{Board: 1, NS: 0, EW: 2}}, SessionSettings{}, "pair number"},
		{"expected too small", ok, SessionSettings{Expected: 1}, "played 2 times"},
		{"once each", ok[:1], SessionSettings{}, "nothing to compare"},
		{"negative step", ok, SessionSettings{Step: -1}, "step"},
		{"step 0.3", ok, SessionSettings{Step: 0.3}, "step"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ScoreSession(tc.results, tc.set)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}
