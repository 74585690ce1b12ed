package sessioncsv

import (
	"errors"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/formats/textfile"
	"github.com/bridgereport/bridgereport/engine/scoring"
)

func TestRead(t *testing.T) {
	good := "board,ns,ew,score\n1,1,2,420\n1,3,4,-50\n\n# comment\n2, 1, 4, +110\n"
	rs, err := Read("s.csv", strings.NewReader("\uFEFF"+good))
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 3 || rs[2] != (scoring.BoardResult{Board: 2, NS: 1, EW: 4, Score: 110, Line: 6}) {
		t.Errorf("%+v", rs)
	}
	// As a spreadsheet saves it: empty cells after the columns, and rows
	// of empty cells. They were "header: want board,ns,ew,score, got
	// \"board,ns,ew,score,\"" and "board: \"\" is not a number".
	rs, err = Read("s.csv", strings.NewReader("board,ns,ew,score,,\r\n1,1,2,420,,\r\n,,,\r\n1,3,4,-50,,\r\n2,1,4,110\r\n,,,,,\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 3 || rs[1] != (scoring.BoardResult{Board: 1, NS: 3, EW: 4, Score: -50, Line: 4}) {
		t.Errorf("%+v", rs)
	}
	tests := []struct {
		name, input, want string
	}{
		{"a fifth column", "board,ns,ew,score\n1,1,2,420,7\n", "s.csv:2: want 4 columns"},
		{"an empty column", "board,ns,ew,score\n1,1,,420\n", `s.csv:2: ew: "" is not a number`},
		{"empty", "", "s.csv: empty file"},
		{"header only", "board,ns,ew,score\n", "s.csv: no results"},
		{"wrong header", "board,ns,score\n", "s.csv:1: header: want board,ns,ew,score"},
		{"columns", "board,ns,ew,score\n1,1,2,420\n1,3,4\n", "s.csv:3: want 4 columns"},
		{"number", "board,ns,ew,score\n1,1,2,420\n1,3,4,abc\n", `s.csv:3: score: "abc" is not a number`},
		{"board number", "board,ns,ew,score\nx,1,2,420\n", `s.csv:2: board: "x" is not a number`},
		{"ns = ew", "board,ns,ew,score\n1,1,1,420\n", "s.csv:2: board 1: pair 1 cannot sit both NS and EW"},
		{"twice", "board,ns,ew,score\n1,1,2,420\n1,3,1,100\n", "s.csv:3: board 1: pair 1 already played it (line 2)"},
		{"quote", "board,ns,ew,score\n1,1,2,\"4\"20\n", "s.csv:2:"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read("s.csv", strings.NewReader(tc.input))
			var pe *engine.ParseError
			if !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error %v, want one starting %q", err, tc.want)
			}
		})
	}
}

func FuzzRead(f *testing.F) {
	f.Add("board,ns,ew,score\n1,1,2,420\n1,3,4,-50\n")
	f.Add("board,ns,ew,score\n1,1,1,x\n")
	f.Add("board,ns,ew,score\n1,\"1\n")
	f.Fuzz(func(t *testing.T, input string) {
		rs, err := Read("f.csv", strings.NewReader(input))
		if err != nil {
			var pe *engine.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%v is not a engine.ParseError", err)
			}
			return
		}
		for _, r := range rs {
			if r.Line < 2 {
				t.Fatalf("result without a line: %+v", r)
			}
		}
		if _, err := scoring.ScoreSession(rs, scoring.SessionSettings{}); err != nil &&
			!strings.Contains(err.Error(), "nothing to compare") {
			t.Fatalf("parsed results rejected: %v", err)
		}
	})
}

// A spreadsheet's "CSV (Macintosh)" ends its lines with a lone CR.
func TestReadOldMacLineEnds(t *testing.T) {
	rs, err := Read("mac.csv", strings.NewReader("board,ns,ew,score\r1,1,2,420\r1,3,4,-50\r"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2 || rs[1] != (scoring.BoardResult{Board: 1, NS: 3, EW: 4, Score: -50, Line: 3}) {
		t.Errorf("%+v", rs)
	}
}

// A session file has the bound of every results file, 16 MiB: a file of
// 5 MiB is read (the reader had its own bound of 4), one beyond 16 is
// refused by its size.
func TestReadBound(t *testing.T) {
	line := "1,1,2,420\n"
	var b strings.Builder
	b.WriteString("board,ns,ew,score\n")
	for b.Len() < 5<<20 {
		b.WriteString(line)
	}
	if _, err := Read("big.csv", strings.NewReader(b.String())); err != nil && strings.Contains(err.Error(), "larger than") {
		t.Errorf("5 MiB: %v", err)
	}
	huge := strings.Repeat("#", textfile.MaxBytes+1)
	if _, err := Read("huge.csv", strings.NewReader(huge)); err == nil || !strings.Contains(err.Error(), "huge.csv: larger than") {
		t.Errorf("16 MiB and a byte: %v", err)
	}
}

// A movement file given for a session is named as such, with the commands
// that read it, not as a CSV with a wrong header.
func TestReadSaysAMovementFile(t *testing.T) {
	for text, want := range map[string]string{
		"14 7 7 7 0\n 1- 8 A   2- 9 B\n":  "m:1: a movement file (.ASC), not results",
		"30 15 15 15 0 g\n":               "m:1: a movement file (.ASC), not results",
		"---\nnumberTeams: 14\nname: m\n": "m:1: a movement file (bridgescorer's), not results",
		"14 7 7 x 0\n":                    `m:1: header: want board,ns,ew,score, got "14 7 7 x 0"`,
		"board,ns,ew\n":                   `m:1: header: want board,ns,ew,score, got "board,ns,ew"`,
	} {
		if _, err := Read("m", strings.NewReader(text)); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
}
