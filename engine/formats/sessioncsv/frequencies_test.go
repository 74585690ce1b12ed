package sessioncsv

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/scoring"
)

func TestReadFrequencies(t *testing.T) {
	got, err := ReadFrequencies("b.txt", strings.NewReader("# board 1\n450 2\n+420\t4\n\n400,3\n"), scoring.VulNone)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != "[{450 2 2} {420 4 3} {400 3 5}]" {
		t.Errorf("%v", got)
	}
	tests := []struct {
		name, input string
		vul         scoring.Vulnerability
		want        string
	}{
		{"empty", "", scoring.VulNone, "b.txt: no scores (want lines `score count`)"},
		{"comments only", "# nothing\n\n", scoring.VulNone, "b.txt: no scores (want lines `score count`)"},
		{"fields", "450 2\n420\n", scoring.VulNone, "b.txt:2: want `score count`, got 1 field"},
		{"three fields", "450 2 1\n", scoring.VulNone, "b.txt:1: want `score count`, got 3 fields"},
		{"count beyond int", "450 99999999999999999999\n", scoring.VulNone, "b.txt:1: count 99999999999999999999: more than 1000000000 results"},
		{"score beyond int", "-99999999999999999999 1\n", scoring.VulNone, "b.txt:1: score -99999999999999999999: no bridge score is beyond ±7600"},
		{"score", "abc 2\n", scoring.VulNone, `b.txt:1: score: "abc" is not a number`},
		{"count", "450 two\n", scoring.VulNone, `b.txt:1: count: "two" is not a number`},
		{"negative", "450 2\n420 -4\n", scoring.VulNone, "b.txt:2: score 420: count -4: want at least 1"},
		{"impossible", "450 2\n410 1\n", scoring.VulNone, "b.txt:2: score 410 is impossible with nobody vulnerable"},
		{"vulnerability", "620 2\n", scoring.VulEW, "b.txt:1: score 620 is impossible with EW vulnerable"},
		{"twice", "450 2\n420 1\n450 1\n", scoring.VulNone, "b.txt:3: score 450 is listed twice (first on line 1)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadFrequencies("b.txt", strings.NewReader(tc.input), tc.vul)
			var pe *engine.ParseError
			if !errors.As(err, &pe) || err.Error() != tc.want {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

func FuzzReadFrequencies(f *testing.F) {
	f.Add("450 2\n420 4\n400 3\n170 6\n-50 1\n")
	f.Add("410 1\n")
	f.Add("1e3 1\n")
	f.Fuzz(func(t *testing.T, input string) {
		freqs, err := ReadFrequencies("f.txt", strings.NewReader(input), scoring.VulNone)
		if err != nil {
			var pe *engine.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%v is not a engine.ParseError", err)
			}
			return
		}
		tab, err := scoring.InstantMatchpoints(freqs, scoring.InstantSettings{Ties: scoring.TiesMerge})
		if err != nil {
			t.Fatalf("parsed frequencies rejected: %v", err)
		}
		for i := 1; i < len(tab.Rows); i++ {
			if tab.Rows[i].MP >= tab.Rows[i-1].MP || tab.Rows[i].Percent >= tab.Rows[i-1].Percent {
				t.Fatalf("rows %d and %d out of order: %+v", i-1, i, tab.Rows)
			}
		}
	})
}
