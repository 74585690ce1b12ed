package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// tableHeaders are the column names of each text table in text, in
// order: the line above each rule of dashes, split where two spaces part
// the names.
func tableHeaders(text string) [][]string {
	lines := strings.Split(text, "\n")
	var headers [][]string
	for i, l := range lines {
		if i > 0 && ruleLine.MatchString(l) {
			headers = append(headers, regexp.MustCompile(`  +`).Split(strings.TrimSpace(lines[i-1]), -1))
		}
	}
	return headers
}

// TestNarrowTablesKeepTheirPoint: on a narrow terminal a table leaves out
// columns, but never the ones that say what the command is asked for: the
// movement of a candidate (catalogue at 40 columns kept only the rank,
// its Qf and the reason), the Qf of the library (movements at 80 columns
// kept name, pairs, tables, rounds), the handicaps and their fairness.
func TestNarrowTablesKeepTheirPoint(t *testing.T) {
	t.Parallel()
	league := "testdata/league-with-matches.yaml"
	for _, c := range []struct {
		columns string
		args    []string
		first   string   // the first column of the table
		keep    []string // the columns it keeps
	}{
		{"40", []string{"catalogue", "--pairs", "13", "--hours", "2.5"}, "rank", []string{"movement"}},
		{"80", []string{"catalogue", "--pairs", "13", "--hours", "2.5"}, "rank", []string{"movement", "Qf", "shown apart because"}},
		{"80", []string{"movements"}, "name", []string{"pairs", "published Qf", "Qf"}},
		{"80", []string{"movements", "--pairs", "14"}, "name", []string{"pairs", "published Qf", "Qf"}},
		{"40", []string{"handicap", league}, "division", []string{"team", "Form-L IMPs"}},
		{"80", []string{"handicap", league}, "system", []string{"wins", "P(X ≤ wins)", "P(X ≥ wins)"}},
		{"80", []string{"handicap", league}, "home", []string{"away", "Form-L result", "old result"}},
		{"40", []string{"handicap", league}, "new team", []string{"Form-L IMPs"}},
	} {
		t.Run(c.columns+" "+strings.Join(c.args, " "), func(t *testing.T) {
			t.Parallel()
			text := runWith(t, c.columns, c.args...)
			found := false
			for _, h := range tableHeaders(text) {
				if h[0] != c.first {
					continue
				}
				found = true
				for _, name := range c.keep {
					if !slices.Contains(h, name) {
						t.Errorf("COLUMNS=%s: the table of %s left out %q: %q", c.columns, c.first, name, h)
					}
				}
			}
			if !found {
				t.Fatalf("no table whose first column is %q:\n%s", c.first, text)
			}
		})
	}
}
