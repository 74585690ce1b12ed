package asc_test

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/engine/formats/asc/asctest"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/studies/library"
)

func TestParseRefusesBadInput(t *testing.T) {
	cases := []struct {
		name, input string
		line        int
		want        string
	}{
		{"empty", "", 0, "empty file"},
		{"only comments", "# nothing\n\n", 0, "empty file"},
		{"binary", "8 4 7 7 0\x00\x01", 1, "binary"},
		{"pair seated twice", "4 2 3 3 0\n4-1 A 1-3 B\n4-2 B 3-1 A\n4-3 C 1-2 C\n", 2, "seated twice"},
		{"ns equals ew", "4 2 3 3 0\n4-1 A 2-3 B\n4-2 B 3-3 A\n4-3 C 1-2 C\n", 3, "NS = EW"},
		{"pair out of range", "4 2 3 3 0\n4-1 A 2-3 B\n4-2 B 3-9 A\n4-3 C 1-2 C\n", 3, "pair 9 is outside 1..4"},
		{"too few entries", "4 2 3 3 0\n4-1 A 2-3\n", 2, `round 1: 1 entry and an incomplete one ("2 3"), want 2`},
		{"two entries of seven", "14 7 7 7 0\n1-8 A 2-9 B\n", 2, "round 1: 2 entries, want 7 (one a table, NS-EW and a board group, as 4-1 A)"},
		{"too many entries mid-file", "4 2 3 3 0\n4-1 A 2-3 A 1-1 A\n4-2 B 3-1 B\n4-3 C 1-2 C\n", 2, "round 1: 3 entries, want 2 (one a table, NS-EW and a board group, as 4-1 A); only the last round line"},
		{"fewer rounds", "4 2 3 3 0\n4-1 A 2-3 A\n4-2 B 3-1 B\n", 3, "ends after 2 rounds"},
		{"not a number", "4 2 3 3 0\n4-x A 2-3 A\n", 2, "pair numbers"},
		{"header word", "four 2 3 3 0\n", 1, "header"},
		{"absurd header", "99999999 2 3 3 0\n", 1, "outside 1..1000"},
		{"absurd rounds", "8 4 1000000000 3 0\n", 1, "rounds is outside"},
		{"individuals", "8 2 7 7 1\n", 1, "individual"},
		{"group out of range", "4 2 3 3 0\n4-1 A 2-3 A\n4-2 B 3-1 D\n4-3 C 1-2 C\n", 3, "board group D"},
		{"half-empty table", "4 2 3 3 0\n4-1 A 2-0 A\n", 2, "pair 0"},
		{"numeric group without g", "4 2 3 3 0\n4-1 1 2-3 1\n", 2, "one letter"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := asc.Parse("bad.asc", strings.NewReader(c.input))
			var pe *engine.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want a *engine.ParseError", err)
			}
			if pe.Line != c.line || pe.File != "bad.asc" || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %q (line %d), want line %d mentioning %q", err, pe.Line, c.line, c.want)
			}
		})
	}
}

func TestParseVariants(t *testing.T) {
	// Howell-style generation of the superperfect 8-pair Howell from its first round.
	gen, err := asc.Parse("h.asc", strings.NewReader("8 4 7 7 0 H\n 8- 1 A  3- 6 D  2- 7 F  5- 4 G\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := asctest.Library(t, "NBBR/7ronden/8p7rperfectH.txt"); !gen.Equal(want) {
		t.Error("H generation differs from the printed superperfect Howell")
	}
	// Mitchell-style generation of the 7-table Mitchell.
	gen, err = asc.Parse("m.asc", strings.NewReader("14 7 7 7 0 M\n1-8 A 2-9 B 3-10 C 4-11 D 5-12 E 6-13 F 7-14 G\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := movement.Mitchell(7); !gen.Equal(want.Clone()) {
		t.Error("M generation differs from the standard Mitchell")
	}
	// Two-number header, ':' and ';' separators, numeric groups, comments, trailing text.
	pm, err := asc.Parse("v.asc", strings.NewReader("# a comment\n4 3 # P R\n4:1;A  2,3 A\n4-2 B  3-1 B\n4-3 C  1-2 C Qf=100, Qo=100\n"))
	if err != nil {
		t.Fatal(err)
	}
	if pm.Tables != 2 || pm.Groups != 3 || pm.Schedule[2][1] != (movement.Table{NS: 1, EW: 2, Group: 2}) {
		t.Errorf("parsed %+v", pm.Movement)
	}
	if len(pm.Warnings) != 0 {
		t.Errorf("warnings %v", pm.Warnings)
	}
	num, err := asc.Parse("g.asc", strings.NewReader("4 2 3 3 0 g\n4-1 1 2-3 1\n4-2 2 3-1 2\n4-3 3 1-2 3\n"))
	if err != nil || num.Schedule[1][0].Group != 1 || !num.NumericGroups {
		t.Fatalf("numeric groups: %v %+v", err, num)
	}
	// Line ends of Windows and of an old Mac read as Unix's, with the
	// same line numbers (the meeting below is on line 3 each way).
	for _, end := range []string{"\r\n", "\r"} {
		ended, err := asc.Parse("e.asc", strings.NewReader(strings.ReplaceAll("4 2 2 2 0\n1-2 A 3-4 B\n2-1 B 4-3 A\n", "\n", end)))
		if err != nil || len(ended.Warnings) == 0 || ended.Warnings[0].Line != 3 {
			t.Errorf("line ends %q: %v, warnings %v", end, err, ended)
		}
	}
	// Meeting twice is a warning with its line, not an error.
	w, err := asc.Parse("w.asc", strings.NewReader("4 2 2 2 0\n1-2 A 3-4 B\n2-1 B 4-3 A\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Warnings) == 0 || w.Warnings[0].Line != 3 || !strings.Contains(w.Warnings[0].Error(), "meet again") {
		t.Errorf("warnings = %v", w.Warnings)
	}
}

func TestWriteRoundTrip(t *testing.T) {
	for _, name := range library.Names() {
		m := asctest.Library(t, name)
		var buf bytes.Buffer
		if err := asc.Write(&buf, m); err != nil {
			t.Fatal(err)
		}
		back, err := asc.Parse(name, &buf)
		if err != nil {
			t.Fatalf("%s: rereading the written form: %v\n%s", name, err, buf.String())
		}
		if !back.Equal(m) {
			t.Errorf("%s: round trip changed the movement", name)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add("8 4 7 7 0\n 8- 1 A  3- 6 D  2- 7 F  5- 4 G\n")
	f.Add("4 3\n4:1;A  2,3 A\n4-2 B  3-1 B\n4-3 C  1-2 C\n")
	f.Add("8 4 7 7 0 H\n 8- 1 A  3- 6 D  2- 7 F  5- 4 G\n")
	f.Add("14 7 8 8 0 g\n1- 8  1   2- 9  2\n")
	f.Fuzz(func(t *testing.T, in string) {
		pm, err := asc.Parse("fuzz", strings.NewReader(in))
		if err != nil {
			var pe *engine.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not an *engine.ParseError", err)
			}
			return
		}
		movement.ComputeBalance(pm.Movement)
	})
}

// A movement file reads the same whatever its line ends: Unix, Windows,
// old Mac (a lone CR) or a mix; an error names the same line.
func TestParseLineEnds(t *testing.T) {
	const unix = "4 2 3 3 0\n4-1 A 2-3 A\n4-2 B 3-1 B\n4-3 C 1-2 C\n"
	want, err := asc.Parse("unix.asc", strings.NewReader(unix))
	if err != nil {
		t.Fatal(err)
	}
	for name, input := range map[string]string{
		"windows": strings.ReplaceAll(unix, "\n", "\r\n"),
		"old mac": strings.ReplaceAll(unix, "\n", "\r"),
		"mixed":   "4 2 3 3 0\r4-1 A 2-3 A\r\n4-2 B 3-1 B\n4-3 C 1-2 C\r",
	} {
		t.Run(name, func(t *testing.T) {
			got, err := asc.Parse(name+".asc", strings.NewReader(input))
			if err != nil {
				t.Fatal(err)
			}
			if !got.Equal(want.Movement) || !slices.Equal(got.RoundLines, want.RoundLines) {
				t.Errorf("read %+v (round lines %v), want %+v (%v)", got.Movement, got.RoundLines, want.Movement, want.RoundLines)
			}
			bad := strings.Replace(input, "3-1 B", "3-9 B", 1)
			_, err = asc.Parse(name+".asc", strings.NewReader(bad))
			if pe := (*engine.ParseError)(nil); !errors.As(err, &pe) || pe.Line != 3 {
				t.Errorf("a pair out of range on line 3: %v", err)
			}
		})
	}
}
