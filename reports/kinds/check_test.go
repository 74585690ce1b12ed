package kinds

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports/cell"
)

// checkOf computes the check report of a spec.
func checkOf(t *testing.T, spec string) *CheckResult {
	t.Helper()
	sp, err := movement.ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	m, err := sp.Build()
	if err != nil {
		t.Fatal(err)
	}
	c := &CheckCell{Movement: spec}
	env := cell.NewEnv(context.Background(), "c", "check", c, map[string]*movement.Movement{spec: m}, nil)
	res, err := c.compute(env)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// The balance report fitted to a width has no longer line, and says the
// same: every table's pairs and group in each round, and every entry of
// the score matrix, read back from the blocks.
func TestCheckFitsItsWidth(t *testing.T) {
	for _, spec := range []string{"mitchell:13,switch=3", "howell:14", "mitchell:7", "sections:rover-mitchell:7/mitchell:7", "mitchell:5,rounds=4", "mitchell:53"} {
		res := checkOf(t, spec)
		whole := res.text()
		for _, width := range []int{0, 40, 60, 80, 1000} {
			text := res.fit(width)
			if width == 0 || width == 1000 { // wider than any line: the whole text
				if text != whole {
					t.Errorf("%s at %d: not the whole text", spec, width)
				}
				continue
			}
			for _, l := range strings.Split(text, "\n") {
				oneWord := strings.HasPrefix(l, "Movement ") && strings.Count(l, " ") == 1 // a spec
				if utf8.RuneCountInString(l) > width && !oneWord {
					t.Errorf("%s at %d: a line of %d: %q", spec, width, utf8.RuneCountInString(l), l)
				}
			}
			if got, want := readCells(t, text), readCells(t, whole); got != want {
				t.Errorf("%s at %d: the rounds read back\n%s\nwant\n%s", spec, width, got, want)
			}
			if got, want := readMatrix(t, text, res.Pairs), readMatrix(t, whole, res.Pairs); got != want {
				t.Errorf("%s at %d: the matrix read back\n%s\nwant\n%s", spec, width, got, want)
			}
		}
	}
}

// readCells lists each round's table cells ("1-14 A") in table order,
// joining the blocks of the layout's rounds.
func readCells(t *testing.T, text string) string {
	t.Helper()
	part := text[strings.Index(text, "\n\n")+2 : strings.Index(text, "\nScore matrix")]
	lines := strings.Split(strings.TrimSuffix(part, "\n"), "\n")[1:] // after the .ASC header
	var rounds []string
	r := 0
	for _, l := range lines {
		switch {
		case l == "":
			r = 0
		case strings.HasPrefix(l, "(table"):
		default:
			cells := strings.Join(strings.Fields(strings.ReplaceAll(l, "- ", "-")), " ")
			if r == len(rounds) {
				rounds = append(rounds, cells)
			} else {
				rounds[r] += " " + cells
			}
			r++
		}
	}
	return strings.Join(rounds, "\n")
}

// readMatrix reads the score matrix's blocks back into rows.
func readMatrix(t *testing.T, text string, pairs int) string {
	t.Helper()
	part := text[strings.Index(text, "Score matrix"):]
	part = part[:strings.Index(part, "\n\nS = ")]
	rows := make([][]string, pairs)
	var cols []int
	for _, l := range strings.Split(part, "\n")[1:] {
		f := strings.Fields(l)
		switch {
		case len(f) == 0:
		case strings.HasPrefix(l, "     "): // a block's header
			cols = cols[:0]
			for _, x := range f {
				q, _ := strconv.Atoi(x)
				cols = append(cols, q)
			}
		default:
			p, err := strconv.Atoi(f[0])
			if err != nil || p < 1 || p > pairs || len(f)-1 != len(cols) {
				t.Fatalf("row %q under the columns %v", l, cols)
			}
			for i, x := range f[1:] {
				rows[p-1] = append(rows[p-1], fmt.Sprintf("%d:%s", cols[i], x))
			}
		}
	}
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(strings.Join(r, " ") + "\n")
	}
	return b.String()
}
