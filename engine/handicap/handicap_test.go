package handicap

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/published"
)

// table1 is the seed's Table 1 (handicaps from the 2013-14 divisional
// averages), every figure as printed.
var table1 = []struct {
	div, team, avg, old, expected, merged, imps string
}{
	{"1", "Eroes", "14.0", "0", "0", "0", "0"},
	{"1", "Discards", "14.0", "0", "0.00", "0.00", "0"},
	{"1", "Gambits", "13.4", "12", "1.00", "1.00", "3"},
	{"1", "Dragons", "10.0", "18", "6.67", "6.67", "18"},
	{"1", "Diamonds", "5.3", "24", "14.50", "14.50", "40"},
	{"1", "JCBC", "3.3", "30", "17.83", "17.83", "49"},
	{"2", "Rabbits", "11.5", "30", "0", "10.58", "29"},
	{"2", "Royals", "10.6", "36", "1.50", "12.08", "33"},
	{"2", "Cavaliers", "10.1", "42", "2.33", "12.92", "36"},
	{"2", "Rebels", "10.0", "48", "2.50", "13.08", "36"},
	{"2", "Clubs", "9.9", "54", "2.67", "13.25", "36"},
	{"2", "Imps", "7.9", "60", "6.00", "16.58", "46"},
	{"3", "Donuts", "17.0", "60", "0", "13.17", "36"},
	{"3", "United", "15.3", "66", "2.83", "16.00", "44"},
	{"3", "Dream", "8.9", "72", "13.50", "26.67", "73"},
	{"3", "Jokers", "8.3", "78", "14.50", "27.67", "76"},
	// Erratum: the seed prints 77 Handicap IMPs for Lambs. Its own merged
	// difference, 28.67 (= 13.17 + 15.50), times 2.75 is 78.83, which
	// rounds to 79; 77 would need a merged difference of 28.00, and it also
	// breaks the table's own order (Jokers 76 at 27.67, so 28.67 must give
	// at least 78). The test asserts the correct 79.
	{"3", "Lambs", "7.7", "84", "15.50", "28.67", "79"},
	{"3", "Pioneers", "2.8", "90", "23.67", "36.83", "101"},
}

// table1League is the league of Table 1 built from the table itself.
func table1League(t testing.TB) []Division {
	t.Helper()
	var divs []Division
	for _, r := range table1 {
		if len(divs) == 0 || divs[len(divs)-1].Name != r.div {
			divs = append(divs, Division{Name: r.div})
		}
		var avg float64
		if _, err := fmt.Sscan(r.avg, &avg); err != nil {
			t.Fatal(err)
		}
		d := &divs[len(divs)-1]
		d.Teams = append(d.Teams, Team{Name: r.team, AvgVP: avg})
	}
	return divs
}

func TestTable1(t *testing.T) {
	divs := table1League(t)
	formL, err := FormL(divs, FormLSettings{})
	if err != nil {
		t.Fatal(err)
	}
	old, err := OldSystem(divs, OldSettings{})
	if err != nil {
		t.Fatal(err)
	}
	if len(formL) != len(table1) || len(old) != len(table1) {
		t.Fatalf("got %d Form-L and %d old lines, want %d", len(formL), len(old), len(table1))
	}
	for i, r := range table1 {
		f, o := formL[i], old[i]
		t.Run(r.team, func(t *testing.T) {
			if f.Team != r.team || o.Team != r.team || f.Division != r.div {
				t.Fatalf("line %d is %s/%s of division %s, want %s of %s", i, f.Team, o.Team, f.Division, r.team, r.div)
			}
			for _, c := range []struct {
				column string
				got    float64
				want   string
			}{
				{"average VPs", f.AvgVP, r.avg},
				{"existing handicap", o.IMPs, r.old},
				{"expected VP diff", f.ExpectedVPDiff, r.expected},
				{"merged VP diff", f.MergedVPDiff, r.merged},
				{"handicap IMPs", f.IMPs, r.imps},
			} {
				if !published.Matches(c.got, c.want) {
					t.Errorf("%s = %.4f, published %s", c.column, c.got, c.want)
				}
			}
		})
	}
}

// TestTable1Ranges checks the Range lines of Table 1: top minus bottom
// average of each division.
func TestTable1Ranges(t *testing.T) {
	for _, c := range []struct {
		div  int
		want string
	}{{0, "10.7"}, {1, "3.6"}, {2, "14.2"}} {
		teams := ranked(table1League(t)[c.div].Teams)
		got := teams[0].AvgVP - teams[len(teams)-1].AvgVP
		if !published.Matches(got, c.want) {
			t.Errorf("division %d range = %.3f, published %s", c.div+1, got, c.want)
		}
	}
}

func TestFormLSettings(t *testing.T) {
	// N = 4 gives a factor of 1.5: a2 1.5, a3 3, a4 7.5. The default
	// overlap puts b1 midway between a3 and a2, at 2.25; N = 2 gives a
	// factor of 1, so b2 is 2 below b1 (and is listed first, unranked).
	divs := []Division{
		{Name: "A", Teams: []Team{{"a1", 12}, {"a2", 11}, {"a3", 10}, {"a4", 7}}},
		{Name: "B", Teams: []Team{{"b2", 9}, {"b1", 11}}},
	}
	tests := []struct {
		name   string
		s      FormLSettings
		merged []float64
		imps   []float64
	}{
		{"default", FormLSettings{}, []float64{0, 1.5, 3, 7.5, 2.25, 4.25}, []float64{0, 4, 8, 21, 6, 12}},
		{"level with bottom", FormLSettings{OverlapLow: 1, OverlapHigh: 1}, []float64{0, 1.5, 3, 7.5, 7.5, 9.5}, []float64{0, 4, 8, 21, 21, 26}},
		{"factor 3, half IMPs", FormLSettings{Factor: 3, RoundTo: 0.5}, []float64{0, 1.5, 3, 7.5, 2.25, 4.25}, []float64{0, 4.5, 9, 22.5, 7, 13}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := FormL(divs, tc.s)
			if err != nil {
				t.Fatal(err)
			}
			if got[4].Team != "b1" {
				t.Fatalf("division B not ranked: %v", got)
			}
			for i, g := range got {
				if math.Abs(g.MergedVPDiff-tc.merged[i]) > 1e-12 || g.IMPs != tc.imps[i] {
					t.Errorf("%s: merged %.4f IMPs %v, want %v and %v", g.Team, g.MergedVPDiff, g.IMPs, tc.merged[i], tc.imps[i])
				}
			}
		})
	}
}

func TestRoundHalfAway(t *testing.T) {
	// A difference of 0.1 VP in a division of 11 is 0.1 · 20/11 · 2.75 =
	// ½ IMP exactly, but computes a hair below (variables, so that the
	// compiler's exact constant arithmetic does not do it for us).
	top, avg, n := 10.1, 10.0, 11.0
	half := (top - avg) * 2 * (n - 1) / n * 2.75
	if half >= 0.5 {
		t.Logf("%.17g is not below ½ on this machine", half)
	}
	tests := []struct{ x, step, want float64 }{
		{2.5, 1, 3}, {-2.5, 1, -3}, {2.4999, 1, 2}, {39.875, 1, 40},
		{half, 1, 1},
		{1.25, 0.5, 1.5}, {7, 0.5, 7},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.x, "/", tc.step), func(t *testing.T) {
			if got := roundHalfAway(tc.x, tc.step); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestOldSystemTies(t *testing.T) {
	divs := []Division{
		{Name: "1", Teams: []Team{{"a", 12}, {"b", 10}, {"c", 10}}},
		{Name: "2", Teams: []Team{{"d", 11}, {"e", 11}, {"f", 9}}},
	}
	got, err := OldSystem(divs, OldSettings{})
	if err != nil {
		t.Fatal(err)
	}
	// c shares b's place, so the bottom of division 1 is 6 and division 2
	// starts there; f is third in its division.
	want := []float64{0, 6, 6, 6, 6, 18}
	for i, g := range got {
		if g.IMPs != want[i] {
			t.Errorf("%s: %v IMPs, want %v", g.Team, g.IMPs, want[i])
		}
	}
}

func TestLeagueErrors(t *testing.T) {
	tests := []struct {
		name string
		divs []Division
		want string
	}{
		{"empty", nil, "no divisions"},
		{"small division above", []Division{
			{Name: "1", Teams: []Team{{"a", 12}, {"b", 10}}},
			{Name: "2", Teams: []Team{{"c", 11}, {"d", 9}}},
		}, `division "1" has 2 teams; it needs at least 3`},
		{"one team", []Division{{Name: "1", Teams: []Team{{"a", 12}}}}, "needs at least 2"},
		{"duplicate", []Division{
			{Name: "1", Teams: []Team{{"a", 12}, {"b", 10}, {"c", 9}}},
			{Name: "2", Teams: []Team{{"b", 11}, {"d", 9}}},
		}, `team "b" is in division "1" and again in division "2"`},
		{"NaN", []Division{{Name: "1", Teams: []Team{{"a", math.NaN()}, {"b", 1}}}}, "not a number"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := FormL(tc.divs, FormLSettings{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

func TestApplyHandicaps(t *testing.T) {
	h := map[string]float64{"top": 0, "mid": 10, "low": 25, "twin": 10}
	matches := []Match{
		{"top", "mid", 40, 35},    // mid gets 10: 45-40, lower-ranked wins
		{"mid", "top", 20, 31},    // mid 20+10 = 30 < 31: loses
		{"low", "top", 10, 35},    // low 10+25 = 35: draw
		{"top", "low", 12, 0},     // low 0+25 > 12: wins
		{"mid", "twin", 30, 10},   // equal handicaps
		{"low", "mid", 50, 80},    // low 50+15 = 65 < 80: loses
		{"stranger", "top", 1, 2}, // no handicap
	}
	want := Tally{Wins: 2, Losses: 2, Draws: 1, EqualHandicap: 1, Unrated: 1}
	if got := ApplyHandicaps(matches, h); got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if want.Decided() != 4 {
		t.Errorf("decided = %d", want.Decided())
	}
}

func TestNewTeamHandicaps(t *testing.T) {
	known := map[string]float64{"K0": 0, "K5": 5, "K10": 10}
	tests := []struct {
		name    string
		newT    []string
		matches []VPMatch
		merged  []float64
		imps    []float64
	}{
		{
			// X beats K5 by 4 (estimate 1) and loses to K10 by 2 (12): X at 6.5.
			name: "no meeting",
			newT: []string{"X"},
			matches: []VPMatch{
				{"X", "K5", 12, 8},
				{"K10", "X", 11, 9},
			},
			merged: []float64{6.5}, imps: []float64{18},
		},
		{
			// X: K5 by +4 → 1, Y by +2 → y−2. Y: K0 by −6 → 6, K10 by +4 → 6,
			// X by −2 → x+2. So x = (1 + y − 2)/2 and y = (12 + x + 2)/3:
			// x = 2.2, y = 5.4.
			name: "two new teams meet",
			newT: []string{"X", "Y"},
			matches: []VPMatch{
				{"X", "K5", 12, 8},
				{"Y", "X", 9, 11},
				{"K0", "Y", 13, 7},
				{"Y", "K10", 12, 8},
			},
			merged: []float64{2.2, 5.4}, imps: []float64{6, 15},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := NewTeamHandicaps(context.Background(), known, tc.newT, tc.matches, NewTeamSettings{})
			if err != nil {
				t.Fatal(err)
			}
			if !res.Converged || res.Iterations < 1 {
				t.Errorf("converged %v after %d iterations", res.Converged, res.Iterations)
			}
			for i, nt := range res.Teams {
				if math.Abs(nt.MergedVPDiff-tc.merged[i]) > 1e-8 || nt.IMPs != tc.imps[i] {
					t.Errorf("%s: merged %.6f IMPs %v, want %v and %v", nt.Team, nt.MergedVPDiff, nt.IMPs, tc.merged[i], tc.imps[i])
				}
			}
		})
	}
}

func TestNewTeamNotConverged(t *testing.T) {
	known := map[string]float64{"K": 4}
	// A, B and C meet each other many times and A alone has one match
	// against a known team: the solution exists but is reached slowly,
	// far more slowly than a cap of 20 sweeps allows.
	var slow []VPMatch
	for range 20 {
		slow = append(slow, VPMatch{"A", "B", 10, 10}, VPMatch{"B", "C", 11, 9})
	}
	slow = append(slow, VPMatch{"A", "K", 15, 5})
	res, err := NewTeamHandicaps(context.Background(), known, []string{"A", "B", "C"}, slow, NewTeamSettings{MaxIterations: 20, Tolerance: 1e-12})
	if !errors.Is(err, ErrNotConverged) || res.Converged || res.Iterations != 20 {
		t.Errorf("got converged %v after %d, err %v; want ErrNotConverged after 20", res.Converged, res.Iterations, err)
	}
	// With the default cap the same league converges. A and B draw, B
	// beats C by 2, so A = B = C − 2, and A's one match fixes the lot:
	// A = B = 4 − 10 = −6, C = −4.
	res, err = NewTeamHandicaps(context.Background(), known, []string{"A", "B", "C"}, slow, NewTeamSettings{})
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Teams[0].MergedVPDiff; math.Abs(a-(-6)) > 1e-6 {
		t.Errorf("A at %v, want -6", a)
	}

	// Two new teams that only play each other are placed relative to each
	// other but not on the scale: no iteration can fix them.
	_, err = NewTeamHandicaps(context.Background(), known, []string{"A", "B", "X"}, []VPMatch{
		{"A", "B", 12, 8}, {"B", "A", 10, 10}, {"X", "K", 11, 9},
	}, NewTeamSettings{})
	if err == nil || !strings.Contains(err.Error(), `["A" "B"] play no known team`) {
		t.Errorf("got %v, want an error naming A and B", err)
	}
}

func TestNewTeamErrors(t *testing.T) {
	known := map[string]float64{"K": 0, "L": 3}
	tests := []struct {
		name    string
		newT    []string
		matches []VPMatch
		want    string
	}{
		{"unknown", []string{"A"}, []VPMatch{{"A", "Z", 1, 2}}, `match 1: unknown team "Z"`},
		{"no new team", []string{"A"}, []VPMatch{{"A", "K", 1, 2}, {"K", "L", 1, 2}}, "match 2: neither"},
		{"itself", []string{"A"}, []VPMatch{{"A", "A", 1, 2}}, "plays itself"},
		{"no matches", []string{"A", "B"}, []VPMatch{{"A", "K", 1, 2}}, `"B" has no matches`},
		{"twice", []string{"A", "A"}, nil, "listed twice"},
		{"known", []string{"K"}, nil, "already a known team"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewTeamHandicaps(context.Background(), known, tc.newT, tc.matches, NewTeamSettings{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}
