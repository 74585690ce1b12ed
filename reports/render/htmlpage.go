package render

import (
	"fmt"
	"html/template"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/bridgereport/bridgereport/reports"
)

// htmlCell is a table cell of the HTML page with the alignment of its
// column: numbers right, text left.
// printSize is the class that prints a table wider than the paper in a
// smaller type ("" for one that fits at the print size of 9pt): the type
// size at which its characters (a number column as wide as its longest
// cell, a text column, which wraps between words, as its longest word or
// 20 characters if more, either at least as its heading's longest word; a
// character 0.6 of the size wide) and its padding (6pt a column) fit the
// 500pt of an A4 or letter page, rounded down to the sizes the print CSS
// has. The print CSS wraps a cell only as a last resort.
func printSize(t *htmlTable) string {
	chars := 0
	for i, h := range t.Head {
		text := i < len(t.Left) && t.Left[i]
		w := longest(h, true) // a heading wraps between words
		for _, row := range t.Rows {
			if i < len(row) {
				w = max(w, longest(row[i].Text, text))
			}
		}
		chars += w
	}
	const page, padding, charWidth = 500.0, 6.0, 0.6
	size := (page - padding*float64(len(t.Head))) / (charWidth * float64(max(chars, 1)))
	switch {
	case size >= 9:
		return ""
	case size >= 7:
		return "wide-1"
	case size >= 5.5:
		return "wide-2"
	}
	return "wide-3"
}

// longest is how many characters of s must stand on one line: all of
// them, or for text that may wrap, its longest word, at least 20 where s
// is longer.
func longest(s string, wraps bool) int {
	n := utf8.RuneCountInString(s)
	if !wraps {
		return n
	}
	w := 0
	for _, word := range strings.Fields(s) {
		w = max(w, utf8.RuneCountInString(word))
	}
	return max(w, min(n, 20))
}

type htmlCell struct {
	Text string
	Left bool
}

// textColumns says which columns of a table hold text: a column is a
// number column when every cell that is not empty is a number (or a number
// written as text, such as "46.94" or "-"); otherwise it is text.
func textColumns(t *reports.Table) []bool {
	text := make([]bool, len(t.Columns))
	for j := range t.Columns {
		for i := range t.Rows {
			if j >= len(t.Rows[i]) {
				continue
			}
			switch v := t.Rows[i][j].(type) {
			case nil, float64, float32, int, int64, int32, uint, uint64:
			case string:
				if !numberLike(v) {
					text[j] = true
				}
			default:
				text[j] = true
			}
		}
	}
	return text
}

// numberLike says whether a cell's text reads as a number: digits with
// signs, points, a percent, ±, or a placeholder such as "-" or "—".
func numberLike(s string) bool {
	s = strings.TrimSpace(s)
	switch s {
	case "", "-", "—", "–", "n/a":
		return true
	}
	digits := 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case strings.ContainsRune("+-−.,% ±×/()e", r):
		default:
			return false
		}
	}
	return digits > 0
}

// htmlRows formats a table's rows with the alignment of each column.
func htmlRows(t *reports.Table) [][]htmlCell {
	text := textColumns(t)
	var rows [][]htmlCell
	for i := range t.Rows {
		row := make([]htmlCell, len(t.Columns))
		for j := range row {
			row[j] = htmlCell{Text: t.Text(i, j), Left: text[j] || j == 0}
		}
		rows = append(rows, row)
	}
	return rows
}

// hasCharts says whether a report draws any chart: a page without one does
// not carry the chart library.
func hasCharts(r *reports.Report) bool {
	for _, b := range r.Blocks() {
		if b.Chart != nil {
			return true
		}
	}
	return false
}

// sortedChecks are the checks in natural order of their names (b/2 before
// b/10), for the published-figures appendix.
func sortedChecks(checks []reports.Check) []reports.Check {
	out := slices.Clone(checks)
	slices.SortStableFunc(out, func(a, b reports.Check) int { return reports.NaturalCompare(a.Name, b.Name) })
	return out
}

// tableTOC is the contents entry of a table: its number and the first
// sentence of its caption, whole (the contents wrap it; a cut at so many
// characters left "(expec…").
func tableTOC(t *reports.Table) tocEntry {
	c := t.Caption
	if i := strings.Index(c, ". "); i > 0 {
		c = c[:i]
	}
	return tocEntry{Anchor: "table-" + t.ID, Text: fmt.Sprintf("Table %d. %s", t.Number, c), Sub: true}
}

// cssString quotes text as a CSS string, safe inside a <style> element.
func cssString(text string) template.CSS {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range text {
		switch {
		case r == '"' || r == '\\' || r == '<' || r == '>' || r == '&' || r < ' ':
			fmt.Fprintf(&b, "\\%x ", r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return template.CSS(b.String())
}
