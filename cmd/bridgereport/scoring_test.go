package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// tempFile writes content to a file in a fresh directory.
func tempFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestInstantJSON(t *testing.T) {
	out, _, err := run(t, "instant", "--json", "testdata/board1.txt")
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Top  float64 `json:"top"`
		Rows []struct {
			Kind    string   `json:"kind"`
			Score   *int     `json:"score"`
			Low     *int     `json:"low"`
			High    *int     `json:"high"`
			Count   int      `json:"count"`
			MP      float64  `json:"mp"`
			Percent *float64 `json:"percent"`
		} `json:"rows"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Top != 16 {
		t.Errorf("top %v, want 16", got.Top)
	}
	wantMP := []float64{16, 15, 14, 12, 8.5, 7, 4, 1, 0.5, 0}
	wantPct := []float64{100, 94, 88, 75, 53, 44, 25, 6, 3, 0}
	if len(got.Rows) != len(wantMP) {
		t.Fatalf("%d rows: %s", len(got.Rows), out)
	}
	for i, r := range got.Rows {
		if r.MP != wantMP[i] || r.Percent == nil || *r.Percent != wantPct[i] {
			t.Errorf("row %d: mp %v percent %v, want %v %v", i, r.MP, r.Percent, wantMP[i], wantPct[i])
		}
		switch r.Kind {
		case "result":
			if r.Score == nil || r.Count < 1 {
				t.Errorf("row %d: result without score or count", i)
			}
		case "gap":
			if r.Score != nil {
				t.Errorf("row %d: gap with a score", i)
			}
		default:
			t.Errorf("row %d: kind %q", i, r.Kind)
		}
	}
	// Open ends are null; the gap above +420 runs to +450.
	if got.Rows[0].Low == nil || *got.Rows[0].Low != 450 || got.Rows[0].High != nil {
		t.Errorf("top gap: low %v high %v", got.Rows[0].Low, got.Rows[0].High)
	}
	if got.Rows[9].Low != nil || got.Rows[9].High == nil || *got.Rows[9].High != -50 {
		t.Errorf("bottom gap: low %v high %v", got.Rows[9].Low, got.Rows[9].High)
	}
	if g := got.Rows[2]; *g.Low != 420 || *g.High != 450 {
		t.Errorf("gap 2: %v..%v", *g.Low, *g.High)
	}
	// The same board on the WBF scale doubles the matchpoints only.
	out, _, err = run(t, "instant", "testdata/board1.txt", "--scale", "wbf", "--json")
	if err != nil || !strings.Contains(out, `"top": 32`) {
		t.Errorf("wbf: %v\n%s", err, out)
	}
}

// Counts up to scoring.MaxCount are accepted, so the board as played is
// matchpointed from the counts, never from a list of every result (which
// for these counts would be 16 GB and a quadratic loop).
func TestInstantHugeCounts(t *testing.T) {
	const n = 1_000_000_000 // scoring.MaxCount
	file := tempFile(t, "huge.txt", fmt.Sprintf("450 %d\n420 %d\n-50 1\n", n, n))
	out, _, err := run(t, "instant", "--json", file)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		PlayedTop float64 `json:"played_top"`
		Played    []struct {
			Score int     `json:"score"`
			MP    float64 `json:"mp"`
		} `json:"played"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	// A result beats those below it and ties the others of its score:
	// one matchpoint a result beaten, half a result tied (ACBL).
	want := map[int]float64{450: n + 1 + float64(n-1)/2, 420: 1 + float64(n-1)/2, -50: 0}
	if got.PlayedTop != 2*n {
		t.Errorf("played_top %v, want %v", got.PlayedTop, 2*n)
	}
	if len(got.Played) != len(want) {
		t.Fatalf("played %+v", got.Played)
	}
	for _, p := range got.Played {
		if p.MP != want[p.Score] {
			t.Errorf("played %+d: mp %v, want %v", p.Score, p.MP, want[p.Score])
		}
	}
}

func TestInstantText(t *testing.T) {
	out, _, err := run(t, "instant", "testdata/board1.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"N-S score     Frequency        MP  Percent\n",
		"+460 or more                   16      100\n",
		"+450                  2        15       94\n",
		"+400                  3       8.5       53\n",
		"-70 or less                     0        0\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "+410") {
		t.Error("a gap between +420 and +400 is listed")
	}
}

func TestInstantTiesText(t *testing.T) {
	path := tempFile(t, "ties.txt", "450 99\n430 1\n400 100\n")
	out, _, err := run(t, "instant", path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "Rows with equal matchpoint percentages: +430 = +400..+430.") {
		t.Errorf("ties not reported:\n%s", out)
	}
	out, _, err = run(t, "instant", "--ties", "nudge", path)
	if err != nil || !strings.Contains(out, "49 (-1)") || strings.Contains(out, "equal matchpoint percentages") {
		t.Errorf("nudge: %v\n%s", err, out)
	}
	out, _, err = run(t, "instant", "--ties", "merge", path)
	if err != nil || !strings.Contains(out, "+420 to +430          1    100.25       50") {
		t.Errorf("merge: %v\n%s", err, out)
	}
}

func TestScoreJSON(t *testing.T) {
	out, _, err := run(t, "score", "--json", "testdata/session.csv")
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"expected", "pairs", "boards"} {
		if _, ok := got[key]; !ok {
			t.Errorf("no key %q", key)
		}
	}
	var s struct {
		Expected int `json:"expected"`
		Pairs    []struct {
			Pair    int     `json:"pair"`
			MP      float64 `json:"mp"`
			Top     float64 `json:"top"`
			Percent float64 `json:"percent"`
		} `json:"pairs"`
		Boards []struct {
			Board   int `json:"board"`
			Results []struct {
				NS         int     `json:"ns"`
				NSMP       float64 `json:"ns_mp"`
				NSAdjusted float64 `json:"ns_adjusted"`
			} `json:"results"`
		} `json:"boards"`
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	if s.Expected != 7 || len(s.Boards) != 3 || len(s.Pairs) != 14 {
		t.Fatalf("expected %d, %d boards, %d pairs", s.Expected, len(s.Boards), len(s.Pairs))
	}
	// Board 2 was played 6 times: seed 001's 4 → 4.8333 and 9 → 10.6667.
	adj := map[int][2]float64{}
	for _, r := range s.Boards[1].Results {
		adj[r.NS] = [2]float64{r.NSMP, r.NSAdjusted}
	}
	if a := adj[4]; a[0] != 4 || a[1] < 4.83333 || a[1] > 4.83334 {
		t.Errorf("pair 4 on board 2: %v", a)
	}
	if a := adj[1]; a[0] != 9 || a[1] < 10.66666 || a[1] > 10.66667 {
		t.Errorf("pair 1 on board 2: %v", a)
	}
	for _, p := range s.Pairs {
		if p.Pair == 1 && (p.MP != 24.7 || p.Top != 36) {
			t.Errorf("pair 1: %v of %v, want 24.7 of 36", p.MP, p.Top)
		}
	}
}

// TestScoreText: the score command prints the session cell's ranking
// table (the boards' matchpoints are in --json).
func TestScoreText(t *testing.T) {
	out, _, err := run(t, "score", "--round", "board", "testdata/session.csv")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"(expected 7 results a board, wbf scale, rounding board).",
		// Pair 1: 23 of 34 raw, Neuberg-adjusted 24.7 of 36 (board 2: 9 → 10.7).
		regexp.MustCompile(`\n3 +1 +3 +24\.70 +36 +68\.61 +23\.00 +34 +67\.65\n`).FindString(out),
	} {
		if want == "" || !strings.Contains(out, want) {
			t.Errorf("missing pair 1's row or the settings in\n%s", out)
		}
	}
}

func TestScoringErrors(t *testing.T) {
	tests := []struct {
		name    string
		cmd     string
		file    string
		content string
		flags   []string
		want    string // the error after the file name
		usage   bool
	}{
		{"score column count", "score", "results.csv", "board,ns,ew,score\n1,1,2,420\n1,3,4\n", nil, ":3: want 4 columns", false},
		{"score number", "score", "results.csv", "board,ns,ew,score\n1,1,2,420\n1,3,4,100\n1,5,6,100\n1,7,8,100\n1,9,10,100\n1,11,12,abc\n", nil, `:7: score: "abc" is not a number`, false},
		{"score header", "score", "results.csv", "board,ns,score\n", nil, ":1: header: want board,ns,ew,score", false},
		{"score pair twice", "score", "results.csv", "board,ns,ew,score\n1,1,2,420\n1,2,3,100\n", nil, ":3: board 1: pair 2 already played it (line 2)", false},
		{"score ns = ew", "score", "results.csv", "board,ns,ew,score\n1,4,4,420\n", nil, ":2: board 1: pair 4 cannot sit both NS and EW", false},
		{"score empty", "score", "results.csv", "", nil, ": empty file", false},
		{"score expected", "score", "results.csv", "board,ns,ew,score\n1,1,2,420\n1,3,4,100\n", []string{"--expected", "1"}, ": expected 1 results a board", false},
		{"score scale", "score", "results.csv", "board,ns,ew,score\n", []string{"--scale", "ebu"}, "", true},
		{"instant impossible", "instant", "board.txt", "450 2\n410 1\n", nil, ":2: score 410 is impossible with nobody vulnerable", false},
		{"instant vul", "instant", "board.txt", "420 2\n", []string{"--vul", "ns"}, ":1: score 420 is impossible with NS vulnerable", false},
		{"instant negative", "instant", "board.txt", "450 2\n420 -1\n", nil, ":2: score 420: count -1: want at least 1", false},
		{"instant number", "instant", "board.txt", "450 2\nx 1\n", nil, `:2: score: "x" is not a number`, false},
		{"instant empty", "instant", "board.txt", "", nil, ": no scores", false},
		{"instant bad vul", "instant", "board.txt", "450 2\n", []string{"--vul", "all"}, "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := tempFile(t, tc.file, tc.content)
			args := append(append([]string{tc.cmd}, tc.flags...), path)
			_, _, err := run(t, args...)
			if err == nil {
				t.Fatal("no error")
			}
			var u *usageError
			if tc.usage {
				if !errors.As(err, &u) {
					t.Errorf("%v is not a usage error", err)
				}
				return
			}
			if errors.As(err, &u) || !strings.HasPrefix(err.Error(), path+tc.want) {
				t.Errorf("error %q, want %q", err, path+tc.want)
			}
		})
	}
	if _, _, err := run(t, "score", filepath.Join(t.TempDir(), "missing.csv")); err == nil {
		t.Error("missing file accepted")
	}
}

// TestScoreAgreesWithSalliere compares the totals with those Debian's
// salliere printed for the same session (see the comment in the file).
func TestScoreAgreesWithSalliere(t *testing.T) {
	out, _, err := run(t, "score", "--json", "testdata/salliere.csv")
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Pairs []struct {
			Rank int     `json:"rank"`
			Pair int     `json:"pair"`
			MP   float64 `json:"mp"`
		} `json:"pairs"`
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	// salliere's results, in its order (it ranks by percentage too).
	want := []struct {
		pair int
		mp   float64
	}{{11, 28.7}, {1, 24.7}, {2, 24.7}, {14, 24.7}, {13, 23.2}, {8, 14}, {6, 20.3},
		{4, 18.2}, {12, 15.8}, {3, 15.3}, {5, 12.8}, {9, 7.3}, {10, 6.3}, {7, 4}}
	if len(s.Pairs) != len(want) {
		t.Fatalf("%d pairs", len(s.Pairs))
	}
	for i, w := range want {
		if p := s.Pairs[i]; p.Pair != w.pair || p.MP != w.mp {
			t.Errorf("place %d: pair %d with %v, salliere has pair %d with %v", i+1, p.Pair, p.MP, w.pair, w.mp)
		}
	}
}
