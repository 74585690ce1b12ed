package scoring

import (
	"fmt"
	"strings"
	"testing"
)

// row is what a test expects of an instant-matchpoint row. For gaps, low
// and high of 0 with the open flag mean unbounded.
type row struct {
	kind      RowKind
	score     int
	low, high int
	count     int
	mp        float64
	percent   int
}

func gapRow(low, high int, mp float64, percent int) row {
	return row{kind: GapRow, low: low, high: high, mp: mp, percent: percent}
}

func resultRow(score, count int, mp float64, percent int) row {
	return row{kind: ResultRow, score: score, count: count, mp: mp, percent: percent}
}

const open = 1 << 30 // marks an open end in row.low / row.high

func checkRows(t *testing.T, got []InstantRow, want []row) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d rows, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		ok := g.Kind == w.kind && g.Count == w.count && g.MP == w.mp && g.Percent == w.percent
		if w.kind == ResultRow {
			ok = ok && g.Score == w.score
		} else {
			ok = ok && (g.LowOpen == (w.low == -open)) && (g.HighOpen == (w.high == open))
			ok = ok && (g.LowOpen || g.Low == w.low) && (g.HighOpen || g.High == w.high)
		}
		if !ok {
			t.Errorf("row %d: got %+v, want %+v", i, g, w)
		}
	}
}

// TestInstantSeed003 reproduces seed 003's second table: a 16 top, the gap
// between +420 and +400 left out because +410 is impossible.
func TestInstantSeed003(t *testing.T) {
	want := []row{
		gapRow(450, open, 16, 100),
		resultRow(450, 2, 15, 94),
		gapRow(420, 450, 14, 88),
		resultRow(420, 4, 12, 75),
		resultRow(400, 3, 8.5, 53),
		gapRow(170, 400, 7, 44),
		resultRow(170, 6, 4, 25),
		gapRow(-50, 170, 1, 6),
		resultRow(-50, 1, 0.5, 3),
		gapRow(-open, -50, 0, 0),
	}
	for _, s := range []Scale{ScaleACBL, ScaleWBF} {
		t.Run(s.String(), func(t *testing.T) {
			tab, err := InstantMatchpoints(seed003Freqs, InstantSettings{Scale: s})
			if err != nil {
				t.Fatal(err)
			}
			if tab.Results != 16 || tab.Top != 16*s.beat() {
				t.Errorf("results %d, top %v", tab.Results, tab.Top)
			}
			scaled := make([]row, len(want))
			for i, w := range want {
				w.mp *= s.beat()
				scaled[i] = w
			}
			checkRows(t, tab.Rows, scaled)
			if len(tab.Ties) != 0 {
				t.Errorf("ties %v", tab.Ties)
			}
		})
	}
	// The gaps list the legal scores at their ends.
	tab, _ := InstantMatchpoints(seed003Freqs, InstantSettings{Scale: ScaleACBL})
	for _, c := range []struct{ i, lo, hi int }{{0, 460, 7000}, {2, 430, 440}, {5, 180, 380}, {7, 0, 160}, {9, -7000, -70}} {
		if r := tab.Rows[c.i]; r.Lowest != c.lo || r.Highest != c.hi {
			t.Errorf("row %d covers %d..%d, want %d..%d", c.i, r.Lowest, r.Highest, c.lo, c.hi)
		}
	}
}

// TestInstantVulnerability: with EW vulnerable the table is the same, but
// +420 (4H or 4S made) needs NS not vulnerable.
func TestInstantVulnerability(t *testing.T) {
	for _, v := range []Vulnerability{VulEW} {
		tab, err := InstantMatchpoints(seed003Freqs, InstantSettings{Vul: v, Scale: ScaleACBL})
		if err != nil {
			t.Fatal(err)
		}
		if len(tab.Rows) != 10 {
			t.Errorf("%v: %d rows", v, len(tab.Rows))
		}
	}
	_, err := InstantMatchpoints(seed003Freqs, InstantSettings{Vul: VulNS})
	if err == nil || !strings.Contains(err.Error(), "score 420 is impossible with NS vulnerable") {
		t.Errorf("error %v", err)
	}
}

// tieFreqs has 200 results; +430 (once, 100 results below it) gets 100.5
// of 200 = 50.25 %, rounded 50, as does the gap below it (100 = 50 %).
var tieFreqs = []Frequency{{Score: 450, Count: 99}, {Score: 430, Count: 1}, {Score: 400, Count: 100}}

func TestInstantTies(t *testing.T) {
	top := []row{
		gapRow(450, open, 200, 100),
		resultRow(450, 99, 150.5, 75),
		gapRow(430, 450, 101, 51),
	}
	bottom := []row{
		resultRow(400, 100, 50, 25),
		gapRow(-open, 400, 0, 0),
	}
	tests := []struct {
		remedy TieRemedy
		middle []row
		ties   [][]int
	}{
		{TiesReport, []row{resultRow(430, 1, 100.5, 50), gapRow(400, 430, 100, 50)}, [][]int{{3, 4}}},
		// The gap moves: 49 is 1 from 50, while 51 for +430 would be taken.
		{TiesNudge, []row{resultRow(430, 1, 100.5, 50), gapRow(400, 430, 100, 49)}, nil},
		// One gap from just above +400 to just below +440, covering +430.
		{TiesMerge, []row{{kind: GapRow, low: 400, high: 440, count: 1, mp: 100.25, percent: 50}}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.remedy.String(), func(t *testing.T) {
			tab, err := InstantMatchpoints(tieFreqs, InstantSettings{Scale: ScaleACBL, Ties: tc.remedy})
			if err != nil {
				t.Fatal(err)
			}
			want := append(append(append([]row{}, top...), tc.middle...), bottom...)
			checkRows(t, tab.Rows, want)
			if fmt.Sprint(tab.Ties) != fmt.Sprint(tc.ties) {
				t.Errorf("ties %v, want %v", tab.Ties, tc.ties)
			}
		})
	}
}

// TestInstantTiesUnresolved: three rows share 100 % at the top, which
// cannot be pulled apart by ±1 without passing 100 or the row below.
func TestInstantTiesUnresolved(t *testing.T) {
	freqs := []Frequency{{Score: 450, Count: 1}, {Score: 420, Count: 199}, {Score: 170, Count: 1}}
	tab, err := InstantMatchpoints(freqs, InstantSettings{Ties: TiesNudge})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(tab.Ties) != "[[0 1 2] [4 5 6]]" {
		t.Errorf("ties %v", tab.Ties)
	}
	merged, err := InstantMatchpoints(freqs, InstantSettings{Scale: ScaleWBF, Ties: TiesMerge})
	if err != nil {
		t.Fatal(err)
	}
	checkRows(t, merged.Rows, []row{
		{kind: GapRow, low: 420, high: open, count: 1, mp: 401, percent: 100},
		resultRow(420, 199, 201, 50),
		{kind: GapRow, low: -open, high: 420, count: 1, mp: 1, percent: 0},
	})
}

func TestInstantErrors(t *testing.T) {
	tests := []struct {
		name  string
		freqs []Frequency
		want  string
	}{
		{"empty", nil, "no scores"},
		{"impossible", []Frequency{{Score: 410, Count: 1}}, "score 410 is impossible with nobody vulnerable"},
		{"negative", []Frequency{{Score: 420, Count: -1}}, "count -1"},
		{"zero", []Frequency{{Score: 420, Count: 0}}, "count 0"},
		{"twice", []Frequency{{Score: 420, Count: 1}, {Score: 420, Count: 2}}, "listed twice"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := InstantMatchpoints(tc.freqs, InstantSettings{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestInstantZeroSettingsAreSeed003s: the zero InstantSettings are seed
// 003's (the ACBL scale), and the table says so.
func TestInstantZeroSettingsAreSeed003s(t *testing.T) {
	zero, err := InstantMatchpoints(seed003Freqs, InstantSettings{})
	if err != nil {
		t.Fatal(err)
	}
	acbl, err := InstantMatchpoints(seed003Freqs, InstantSettings{Vul: VulNone, Scale: ScaleACBL, Ties: TiesReport})
	if err != nil {
		t.Fatal(err)
	}
	if zero.Settings != acbl.Settings || zero.Top != acbl.Top || fmt.Sprint(zero.Rows) != fmt.Sprint(acbl.Rows) {
		t.Errorf("zero settings %+v, top %v; seed 003's %+v, top %v", zero.Settings, zero.Top, acbl.Settings, acbl.Top)
	}
}
