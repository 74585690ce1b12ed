package render

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bridgereport/bridgereport/reports"
)

func TestFitColumns(t *testing.T) {
	col := func(name string, priority int) reports.Column { return reports.Column{Name: name, Priority: priority} }
	why := reports.Column{Name: "why", Wrap: true}
	for _, c := range []struct {
		name      string
		cols      []reports.Column
		natural   []int
		limit     int
		wantShown []bool
		wantWidth []int // of the shown columns
	}{
		{"no limit", []reports.Column{col("k", 0), col("a", 0)}, []int{5, 90}, 0, []bool{true, true}, []int{5, 90}},
		{"fits exactly", []reports.Column{col("k", 0), col("a", 0), col("b", 0)}, []int{4, 6, 6}, 20, []bool{true, true, true}, []int{4, 6, 6}},
		// 5+10+10+10 and three gaps of 2 is 41: leaving out b (priority 2) gives 29.
		{"highest priority first", []reports.Column{col("k", 0), col("a", 0), col("b", 2), col("c", 1)}, []int{5, 10, 10, 10}, 30,
			[]bool{true, true, false, true}, []int{5, 10, 10}},
		{"rightmost first among equals", []reports.Column{col("k", 0), col("a", 0), col("b", 0), col("c", 0)}, []int{5, 10, 10, 10}, 30,
			[]bool{true, true, true, false}, []int{5, 10, 10}},
		// 5+60+6+4 is 75: the text is narrowed to 40-5-6-4 = 25, above its floor of 24.
		{"wrap before leaving out", []reports.Column{col("k", 0), why, col("n", 0)}, []int{5, 60, 6}, 40,
			[]bool{true, true, true}, []int{5, 25, 6}},
		// At its floor the text makes 39 > 30: n goes, then the text
		// (23 < 24), and n comes back (5+2+6).
		{"wrap floor, then leave out", []reports.Column{col("k", 0), why, col("n", 0)}, []int{5, 60, 6}, 30,
			[]bool{true, false, true}, []int{5, 6}},
		// b then a are left out (37 > 30 without b); b fits back (10).
		{"put back what fits", []reports.Column{col("k", 0), col("a", 1), col("b", 2)}, []int{5, 30, 3}, 30,
			[]bool{true, false, true}, []int{5, 3}},
		{"first column never left out", []reports.Column{col("k", 0), col("a", 0)}, []int{50, 3}, 30,
			[]bool{true, false}, []int{50}},
		// The rank and the movement (catalogue --pairs 13 at COLUMNS=40)
		// are too wide together: the movement stays, the figure goes.
		{"naming column never left out", []reports.Column{col("k", 0), {Name: "a", Names: true}, col("b", 0)}, []int{4, 40, 6}, 40,
			[]bool{true, true, false}, []int{4, 40}},
		// Two wrapped columns share the narrowing, the widest first.
		// 88 is 28 too wide: x goes from 50 to 30, then each to 26.
		{"widest wrapped first", []reports.Column{col("k", 0), {Name: "x", Wrap: true}, {Name: "y", Wrap: true}}, []int{4, 50, 30}, 60,
			[]bool{true, true, true}, []int{4, 26, 26}},
	} {
		t.Run(c.name, func(t *testing.T) {
			header := make([]int, len(c.cols))
			for j, col := range c.cols {
				header[j] = len(col.Name)
			}
			shown, width := fitColumns(c.cols, c.natural, header, c.limit)
			var got []int
			for j := range shown {
				if shown[j] {
					got = append(got, width[j])
				}
			}
			if !slices.Equal(shown, c.wantShown) || !slices.Equal(got, c.wantWidth) {
				t.Errorf("shown %v widths %v, want %v %v", shown, got, c.wantShown, c.wantWidth)
			}
		})
	}
}

// wideReport has a table of 12 columns, two of free text, a
// preformatted layout wider than any width tried, and a command to paste.
func wideReport() *reports.Report {
	cols := []reports.Column{{Name: "movement"}, {Name: "reason", Wrap: true, Priority: 1}}
	for j := range 9 {
		cols = append(cols, reports.Column{Name: fmt.Sprintf("figure %d", j+1), Decimals: 2, Priority: j % 3})
	}
	cols = append(cols, reports.Column{Name: "note", Wrap: true, Priority: 4})
	table := &reports.Table{Number: 1, Caption: "Candidates for a field of thirteen pairs, ranked by balance, then by the luck of the draw.", Columns: cols}
	for i := range 5 {
		row := []any{fmt.Sprintf("mitchell:%d,phantom=best", 7+i), "needs 2 copies of the boards (at most 1) and a room of " + strings.Repeat("nine ", i) + "tables"}
		for j := range 9 {
			row = append(row, float64(i*10+j)+0.125)
		}
		row = append(row, "a path/without/spaces/that/is/longer/than/any/column/"+strings.Repeat("x", 3*i))
		table.Rows = append(table.Rows, row)
	}
	pre := "  " + strings.Repeat("3  ", 45) + "\n"
	commands := "Spec: howell:13,rounds=10,switch=r2t1+r3t7+r4t4+r5t5.7+r6t3.4+r7t5.6+r8t1.3.4+r9t5.6+r10t1\n" +
		"Cards: bridgereport movement \"$(bridgereport catalogue --pairs 13 --hours 2.5 --pick 1)\" --boards-per-round 3 --cards cards.html\n"
	return &reports.Report{Sections: []reports.Section{{Blocks: []reports.Block{
		{Prose: "A paragraph of prose that runs on for longer than any terminal is wide, so that it has to be filled to the width of the terminal, and no wider than eighty columns."},
		{Pre: &reports.Preformatted{ID: "matrix", Caption: "Score matrix", Text: pre}},
		{Pre: &reports.Preformatted{ID: "commands", Text: commands, CommandLabel: "Cards: "}},
		{Table: table},
	}}}}
}

// TestTextFits prints one report at widths from 40 to 140: every line
// fits but the preformatted layout's (left whole) and those of one word
// (a spec, a quoted command: a word is never cut); each column shown has every cell of its column, whole (a wrapped
// one over several lines); the line under the table names exactly the
// columns left out; and the width 0 prints every column.
func TestTextFits(t *testing.T) {
	r := wideReport()
	table := r.Sections[0].Blocks[3].Table
	pre := r.Sections[0].Blocks[1].Pre.Text
	for _, width := range []int{0, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140} {
		var b strings.Builder
		if err := (&Renderer{Width: width}).Text(&b, r); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if !strings.Contains(out, pre) {
			t.Errorf("width %d: the preformatted layout changed:\n%s", width, out)
		}
		for _, line := range strings.Split(out, "\n") {
			oneWord := strings.HasPrefix(line, "Spec: ") || strings.TrimSpace(strings.TrimSuffix(line, "\\")) == `"$(bridgereport catalogue --pairs 13 --hours 2.5 --pick 1)"`
			if n := utf8.RuneCountInString(line); width > 0 && n > width && line+"\n" != pre && !oneWord {
				t.Errorf("width %d: a line of %d: %q", width, n, line)
			}
		}
		names, rows := parseTextTable(t, out)
		var left []string
		for _, c := range table.Columns {
			if !slices.Contains(names, c.Name) {
				left = append(left, c.Name)
			}
		}
		flat := strings.Join(strings.Fields(out), " ")
		switch {
		case width == 0 && len(left) > 0:
			t.Errorf("width 0 left out %v", left)
		case len(left) > 0:
			note := fmt.Sprintf("Left out to fit %d columns: %s; --wide prints every column.", width, strings.Join(left, ", "))
			if !strings.Contains(flat, note) {
				t.Errorf("width %d: no line %q:\n%s", width, note, out)
			}
		case strings.Contains(flat, "Left out"):
			t.Errorf("width %d: a note, and nothing left out:\n%s", width, out)
		}
		if len(rows) != len(table.Rows) {
			t.Fatalf("width %d: %d rows, want %d:\n%s", width, len(rows), len(table.Rows), out)
		}
		for i := range table.Rows {
			for k, name := range names {
				j := slices.IndexFunc(table.Columns, func(c reports.Column) bool { return c.Name == name })
				want := strings.ReplaceAll(table.Text(i, j), " ", "")
				if got := strings.ReplaceAll(rows[i][k], " ", ""); got != want {
					t.Errorf("width %d: row %d, %s: %q, want %q", width, i+1, name, rows[i][k], table.Text(i, j))
				}
			}
		}
	}
}

// parseTextTable reads the one table of a text back: the column names,
// and each row's cells, where the rule of dashes puts them; a row goes on
// over the lines whose first column is blank.
func parseTextTable(t *testing.T, out string) (names []string, rows [][]string) {
	t.Helper()
	lines := strings.Split(out, "\n")
	r := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "----") })
	if r < 1 {
		t.Fatalf("no table in\n%s", out)
	}
	type span struct{ from, to int }
	var spans []span
	for i := 0; i < len(lines[r]); {
		j := i
		for j < len(lines[r]) && lines[r][j] == '-' {
			j++
		}
		spans = append(spans, span{i, j})
		i = j + 2
	}
	cut := func(line string, s span) string {
		runes := []rune(line)
		if s.from >= len(runes) {
			return ""
		}
		return strings.TrimSpace(string(runes[s.from:min(s.to, len(runes))]))
	}
	for _, s := range spans {
		names = append(names, cut(lines[r-1], s))
	}
	for _, line := range lines[r+1:] {
		if line == "" || strings.HasPrefix(line, "Left out") {
			break
		}
		if cut(line, spans[0]) != "" {
			rows = append(rows, make([]string, len(spans)))
		}
		for k, s := range spans {
			rows[len(rows)-1][k] += " " + cut(line, s)
		}
	}
	return names, rows
}

func TestWrapCell(t *testing.T) {
	for _, c := range []struct {
		text  string
		width int
		want  []string
	}{
		{"needs 2 copies of the boards", 12, []string{"needs 2", "copies of", "the boards"}},
		{"a/long/path/name", 6, []string{"a/long", "/path/", "name"}},
		{"section ±1 → 2", 10, []string{"section ±1", "→ 2"}},
	} {
		if got := wrapCell(c.text, c.width); !slices.Equal(got, c.want) {
			t.Errorf("wrapCell(%q, %d) = %q, want %q", c.text, c.width, got, c.want)
		}
	}
}

// TestContinueCommands: a command wider than the width is continued
// after backslashes, never inside quotes or $(...) nor between a flag and
// its value; a shell joins the lines back (backslash-newline is nothing),
// giving the same words. Other lines, and the Spec line, stay whole.
func TestContinueCommands(t *testing.T) {
	cmd := `bridgereport movement "$(bridgereport catalogue --pairs 29 --pick 1)" --boards-per-round 2 --cards 'my cards.html'`
	text := "Spec: sections:howell:15,rounds=13/perfect:14,phantom=best,switch=r2t1+r3t7+r4t4\nCards: " + cmd + "\nA line of text that is not a command and is wider than the width given.\n"
	for _, width := range []int{40, 60, 80, 100} {
		got := continueCommands(text, "Cards: ", width)
		lines := strings.Split(got, "\n")
		if lines[0] != strings.Split(text, "\n")[0] || lines[len(lines)-2] != strings.Split(text, "\n")[2] {
			t.Errorf("width %d: a line that is no command changed:\n%s", width, got)
		}
		var joined strings.Builder
		for i, l := range lines[1 : len(lines)-2] {
			if utf8.RuneCountInString(l) > width && len(commandUnits(strings.TrimSuffix(l, "\\"))) > 1 {
				t.Errorf("width %d: %q is wider, and more than one word", width, l)
			}
			if i > 0 && !strings.HasPrefix(l, "       ") {
				t.Errorf("width %d: %q is not indented under the command", width, l)
			}
			joined.WriteString(strings.TrimSuffix(l, "\\") + " ")
		}
		if words := strings.Join(strings.Fields(joined.String()), " "); words != "Cards: "+cmd {
			t.Errorf("width %d: the lines join into\n%s\nwant\n%s", width, words, "Cards: "+cmd)
		}
		for _, whole := range []string{`"$(bridgereport catalogue --pairs 29 --pick 1)"`, "--boards-per-round 2", "--cards 'my cards.html'"} {
			if !strings.Contains(got, whole) {
				t.Errorf("width %d: %s was broken:\n%s", width, whole, got)
			}
		}
	}
	if got := continueCommands(text, "Cards: ", 200); got != text {
		t.Errorf("a command that fits changed:\n%s", got)
	}
}

// TestFillBreaksLongPaths: a word longer than the line (a file's absolute
// path) is broken after its separators, its first piece after the words
// before it, so that no line is wider than the width; a run of slashes, a
// number (3/4, a date) and a word with no separator are never broken.
func TestFillBreaksLongPaths(t *testing.T) {
	for _, c := range []struct {
		text  string
		width int
		want  string
	}{
		{"Session /home/club/results/2026/wednesday.pbn: the ranking", 20,
			"Session /home/club/\nresults/2026/\nwednesday.pbn: the\nranking"},
		{"see https://example.org/a/b", 20, "see https://\nexample.org/a/b"},
		{"boards 1/2/3/4/5/6/7/8/9/10/11/12 played", 10, "boards\n1/2/3/4/5/6/7/8/9/10/11/12\nplayed"},
		{"dated 17/09/2026/morning", 12, "dated\n17/09/2026/\nmorning"},
		{"a-word-with-no-separator-at-all here", 10, "a-word-with-no-separator-at-all\nhere"},
		{"short/path fits", 80, "short/path fits"},
		{`C:\Users\club\results\wednesday.pbn`, 16, "C:\\Users\\club\\\nresults\\\nwednesday.pbn"},
	} {
		if got := Fill(c.text, c.width); got != c.want {
			t.Errorf("Fill(%q, %d) =\n%s\nwant\n%s", c.text, c.width, got, c.want)
		}
	}
}
