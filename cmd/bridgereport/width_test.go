package main

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// runWith runs the command as main would, with COLUMNS set to columns
// ("" for none), and returns its stdout.
func runWith(t *testing.T, columns string, args ...string) string {
	t.Helper()
	env := map[string]string{}
	if columns != "" {
		env["COLUMNS"] = columns
	}
	var out, errb bytes.Buffer
	if err := Run(withEnv(context.Background(), env), args, &out, &errb); err != nil {
		t.Fatalf("%v with COLUMNS=%q: %v\n%s", args, columns, err, errb.String())
	}
	return out.String()
}

// textCommands are the commands whose text has tables, as people call
// them, the two of the issue first (catalogue --pairs 29 printed lines of
// 342 characters, a season about 300).
var textCommands = [][]string{
	{"catalogue", "--pairs", "29"},
	{"score", "--resamples", "200", filepath.Join("..", "..", "studies", "season", "results")},
	{"catalogue", "--pairs", "13", "--hours", "2.5", "--late", "1"},
	{"balance", "NBBR/7ronden/8p7rperfectH"},
	{"balance", "howell:14"},
	{"balance", "mitchell:13,switch=3"},
	{"simulate", "--model", "one-strong", "mitchell:7"},
	{"simulate", "--model", "two-strong", "NBBR/7ronden/8p7rperfectH"},
	{"simulate", "--model", "bussemaker", "--sample", "--samples", "3000", "NBBR/7ronden/8p7rperfectH"},
	{"optimize", "--iterations", "20000", "--restarts", "2", "NBBR/7ronden/8p7rTeamH"},
	{"movement", "mitchell:7", "--boards-per-round", "3"},
	{"movements", "--pairs", "8"},
	{"instant", "--vul", "none", filepath.Join("testdata", "board1.txt")},
	{"score", filepath.Join("testdata", "session.csv")},
	{"score", filepath.Join("..", "..", "studies", "sessions", "thursday.xml")},
	{"handicap", filepath.Join("testdata", "league-with-matches.yaml")},
}

// ruleLine is the line of dashes under a text table's header.
var ruleLine = regexp.MustCompile(`^-+(  +-+)*$`)

// tableLines are the lines of text that belong to a table: the header
// above a rule of dashes, the rule, and the rows down to a blank line.
func tableLines(text string) map[string]bool {
	lines := strings.Split(text, "\n")
	in := map[string]bool{}
	for i, l := range lines {
		if i == 0 || !ruleLine.MatchString(l) {
			continue
		}
		for k := i - 1; k < len(lines) && lines[k] != ""; k++ {
			in[lines[k]] = true
		}
	}
	return in
}

// TestTextFitsTheTerminal runs each command's text with COLUMNS=80 and
// 100: no line is longer, but for the lines the printer leaves whole by
// rule, those of preformatted blocks (a movement spec, which is one
// word; balance's report fits), printed the same with --wide and in
// no table. --wide prints what a pipe gets without COLUMNS, every column;
// a table that was narrowed says so, and that --wide prints it whole.
// (catalogue --extra, whose plans end in a Cards line, takes seconds a
// run: its golden catalogue-16-extra-columns80 shows it at 80 columns.)
func TestTextFitsTheTerminal(t *testing.T) {
	t.Parallel()
	for _, args := range textCommands {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			t.Parallel()
			full := runWith(t, "", args...)
			inTable := tableLines(full)
			fullLines := strings.Split(full, "\n")
			for _, width := range []int{80, 100} {
				columns := strconv.Itoa(width)
				if width == 80 {
					if wide := runWith(t, columns, append(slices.Clone(args), "--wide")...); wide != full {
						t.Errorf("COLUMNS=%d --wide is not the whole text:\n%s", width, wide)
					}
				}
				fitted := runWith(t, columns, args...)
				for _, l := range strings.Split(fitted, "\n") {
					if utf8.RuneCountInString(l) <= width {
						continue
					}
					// balance lays its report out again for the width.
					if !slices.Contains(fullLines, l) || inTable[l] || args[0] == "balance" {
						t.Errorf("COLUMNS=%d: a line of %d characters:\n%s", width, utf8.RuneCountInString(l), l)
					}
				}
				narrowed := false
				for l := range inTable {
					narrowed = narrowed || utf8.RuneCountInString(l) > width
				}
				if said := strings.Contains(strings.Join(strings.Fields(fitted), " "), "--wide prints every column"); said != narrowed {
					t.Errorf("COLUMNS=%d: a table wider than %d: %v; the text says so: %v\n%s", width, width, narrowed, said, fitted)
				}
			}
		})
	}
}

// TestRunSummaryFits: run's line per study fits COLUMNS, each line after
// its first indented; without COLUMNS a study is one line.
func TestRunSummaryFits(t *testing.T) {
	study, err := filepath.Abs(filepath.Join("..", "..", "studies", "neuberg.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	args := []string{"run", "--cache", "cache", "-o", "reports-of-the-club-evening", study}
	full := runWith(t, "", args...)
	if n := strings.Count(full, "\n"); n != 1 {
		t.Fatalf("without COLUMNS, %d lines:\n%s", n, full)
	}
	for _, width := range []int{80, 100} {
		fitted := runWith(t, strconv.Itoa(width), args...)
		lines := strings.Split(strings.TrimSuffix(fitted, "\n"), "\n")
		for i, l := range lines {
			if utf8.RuneCountInString(l) > width || i > 0 && !strings.HasPrefix(l, "    ") {
				t.Errorf("COLUMNS=%d: line %d: %q", width, i+1, l)
			}
		}
		if len(lines) < 2 {
			t.Errorf("COLUMNS=%d: the line of %d characters was not filled:\n%s", width, len(full), fitted)
		}
		if strings.Join(strings.Fields(fitted), " ") != strings.Join(strings.Fields(full), " ") {
			t.Errorf("COLUMNS=%d: the words changed:\n%s\nwant\n%s", width, fitted, full)
		}
	}
}

func TestTerminalWidth(t *testing.T) {
	for _, c := range []struct {
		columns string
		want    int
	}{
		{"", 0}, // a buffer is no terminal
		{"100", 100},
		{" 72 ", 72},
		{"0", 0},
		{"-5", 0},
		{"wide", 0},
	} {
		env := map[string]string{}
		if c.columns != "" {
			env["COLUMNS"] = c.columns
		}
		if got := terminalWidth(withEnv(context.Background(), env), new(bytes.Buffer)); got != c.want {
			t.Errorf("COLUMNS=%q: width %d, want %d", c.columns, got, c.want)
		}
	}
}

// TestHelpFitsTheTerminal: each command's -h fits COLUMNS, word for word
// the usage a pipe gets; only a word longer than the line may run past it.
func TestHelpFitsTheTerminal(t *testing.T) {
	t.Parallel()
	for _, c := range commands {
		whole := runWith(t, "", c.name, "-h")
		for _, width := range []int{80, 50} {
			fitted := runWith(t, strconv.Itoa(width), c.name, "-h")
			if strings.Join(strings.Fields(fitted), " ") != strings.Join(strings.Fields(whole), " ") {
				t.Errorf("%s -h at %d columns: other words than the usage's", c.name, width)
			}
			for _, l := range strings.Split(fitted, "\n") {
				if n := utf8.RuneCountInString(strings.ReplaceAll(l, "\t", "    ")); n > width && len(strings.Fields(l)) > 1 {
					t.Errorf("%s -h at %d columns: a line of %d: %q", c.name, width, n, l)
				}
			}
		}
	}
}
