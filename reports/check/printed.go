package check

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
)

// printedEntry is one entry of a table as printed: a number, "." (more than
// 0 but less than 0.5, shown as nothing when rounded), or blank (0).
type printedEntry struct {
	blank, dot bool
	value      float64
}

// parsePrintedTable reads a table printed with right-aligned columns, as the
// rank-probability tables of seed 000:
//
//	Pair  1  2  3
//	Rank
//	 1   92  8
//	 2    8 82 10
//
// The header gives each column's right edge; a row's entry is the token that
// ends there, or blank. Rows are numbered by their first token.
func parsePrintedTable(text string, cols int) ([][]printedEntry, error) {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	var edges []int
	var rows [][]printedEntry
	for n, line := range lines {
		line = strings.TrimRight(line, " \t")
		fields := strings.Fields(line)
		if len(fields) == 0 || fields[0] == "Rank" {
			continue
		}
		if edges == nil {
			// The header: a label, then the column numbers.
			for i := 0; i < len(line); i++ {
				if line[i] != ' ' && (i+1 == len(line) || line[i+1] == ' ') && i > len(fields[0]) {
					edges = append(edges, i)
				}
			}
			if len(edges) != cols {
				return nil, fmt.Errorf("printed table: header has %d columns, want %d", len(edges), cols)
			}
			continue
		}
		if _, err := strconv.Atoi(fields[0]); err != nil {
			return nil, fmt.Errorf("printed table: line %d: row label %q is not a number", n+1, fields[0])
		}
		row := make([]printedEntry, cols)
		for c, e := range edges {
			if e >= len(line) || line[e] == ' ' {
				row[c].blank = true
				continue
			}
			start := e
			for start > 0 && line[start-1] != ' ' {
				start--
			}
			tok := line[start : e+1]
			if tok == "." {
				row[c].dot = true
				continue
			}
			v, err := strconv.ParseFloat(tok, 64)
			if err != nil {
				return nil, fmt.Errorf("printed table: line %d, column %d: %q is not a number", n+1, c+1, tok)
			}
			row[c].value = v
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("printed table: no rows")
	}
	return rows, nil
}

// PrintedTable checks computed[r][c] (in the printed unit) against a
// printed table. With tol = 0 the computed figures are exact and each entry
// must round to the printed one; with tol > 0 they are sampled and each may
// differ by up to tol (and a "." or blank must stay below 0.5 + tol).
func PrintedTable(name, text string, computed [][]float64, tol float64, erratum string) (reports.Check, error) {
	if len(computed) == 0 {
		return reports.Check{}, fmt.Errorf("%s: nothing computed", name)
	}
	printed, err := parsePrintedTable(text, len(computed[0]))
	if err != nil {
		return reports.Check{}, err
	}
	if len(printed) != len(computed) {
		return reports.Check{}, fmt.Errorf("%s: %d printed rows, %d computed", name, len(printed), len(computed))
	}
	var bad []string
	worst := 0.0
	for r, row := range printed {
		for c, p := range row {
			v := computed[r][c]
			var ok bool
			var diff float64
			switch {
			case p.blank && tol == 0:
				ok = v == 0
			case p.dot && tol == 0:
				ok = v > 0 && v < 0.5
			case p.blank || p.dot:
				diff = math.Max(0, v-0.5)
				ok = diff <= tol
			case tol == 0:
				diff = math.Abs(v - p.value)
				ok = diff <= 0.5+1e-9
			default:
				diff = math.Abs(v - p.value)
				ok = diff <= tol
			}
			worst = math.Max(worst, diff)
			if !ok {
				bad = append(bad, fmt.Sprintf("(%d,%d) printed %s computed %.2f", r+1, c+1, p, v))
			}
		}
	}
	c := reports.Check{Name: name, Published: fmt.Sprintf("%d×%d table", len(printed), len(printed[0]))}
	mode := "every entry rounds to the printed one"
	if tol > 0 {
		mode = fmt.Sprintf("every entry within %.2f of the printed one (largest gap %.2f)", tol, worst)
	}
	switch {
	case len(bad) == 0 && erratum == "":
		c.Computed, c.Status = mode, reports.StatusOK
	case len(bad) == 0:
		c.Computed, c.Status, c.Reason = mode, reports.StatusFail, "declared an erratum, but the printed table reproduces: "+erratum
	default:
		c.Computed = fmt.Sprintf("%d entries differ: %s", len(bad), strings.Join(bad[:min(6, len(bad))], "; "))
		if erratum != "" {
			c.Status, c.Reason = reports.StatusErratum, erratum
		} else {
			c.Status = reports.StatusFail
		}
	}
	return c, nil
}

func (p printedEntry) String() string {
	switch {
	case p.blank:
		return "blank"
	case p.dot:
		return "."
	}
	return strconv.FormatFloat(p.value, 'f', -1, 64)
}
