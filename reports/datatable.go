package reports

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// DataTable is the data behind a chart, as a table.
func (c *Chart) DataTable() *Table {
	t := &Table{Columns: []Column{{Name: c.XName}}}
	switch c.Kind {
	case "heatmap":
		t.Columns[0].Name = c.YName + " \\ " + c.XName
		for _, x := range c.XLabels {
			t.Columns = append(t.Columns, Column{Name: x, Decimals: 2})
		}
		for y, row := range c.Grid {
			cells := []any{c.YLabels[y]}
			for _, v := range row {
				if v == nil {
					cells = append(cells, nil)
				} else {
					cells = append(cells, *v)
				}
			}
			t.Rows = append(t.Rows, cells)
		}
	case "boxplot":
		for _, n := range c.BoxNames() {
			t.Columns = append(t.Columns, Column{Name: n, Decimals: 2})
		}
		for i, b := range c.Boxes {
			t.Rows = append(t.Rows, []any{c.XLabels[i], b[0], b[1], b[2], b[3], b[4]})
		}
	default:
		for _, s := range c.Series {
			t.Columns = append(t.Columns, Column{Name: s.Name, Decimals: 2})
		}
		for i, x := range c.XLabels {
			cells := []any{x}
			for _, s := range c.Series {
				if s.Gap(i) {
					cells = append(cells, nil)
					continue
				}
				cells = append(cells, s.Values[i])
			}
			t.Rows = append(t.Rows, cells)
		}
		addMarkedPoints(t, c)
	}
	return t
}

// addMarkedPoints adds a column naming the points marked at each x, with
// their y; a point at an x without a row gets a row of its own at the end.
func addMarkedPoints(t *Table, c *Chart) {
	if len(c.Points) == 0 {
		return
	}
	t.Columns = append(t.Columns, Column{Name: "marked"})
	marked := make([][]string, len(t.Rows))
	for _, p := range c.Points {
		text := fmt.Sprintf("%s (%s)", p.Label, strconv.FormatFloat(p.Y, 'f', -1, 64))
		row := slices.IndexFunc(c.XLabels, func(l string) bool {
			x, err := strconv.ParseFloat(l, 64)
			return err == nil && x == p.X
		})
		if row < 0 {
			cells := []any{strconv.FormatFloat(p.X, 'f', -1, 64)}
			for range c.Series {
				cells = append(cells, nil)
			}
			t.Rows = append(t.Rows, cells)
			marked = append(marked, nil)
			row = len(t.Rows) - 1
		}
		marked[row] = append(marked[row], text)
	}
	for i := range t.Rows {
		t.Rows[i] = append(t.Rows[i], strings.Join(marked[i], "; "))
	}
}

// Numeric reports whether a text cell reads as a number (+420, -50, 3.5):
// such columns are aligned to the right.
func Numeric(s string) bool {
	s = strings.TrimLeft(s, "+-")
	if s == "" {
		return true
	}
	for _, r := range s {
		if (r < '0' || r > '9') && r != '.' {
			return false
		}
	}
	return true
}
