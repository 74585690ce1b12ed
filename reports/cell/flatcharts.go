package cell

import (
	"fmt"
	"strconv"

	"github.com/bridgereport/bridgereport/reports"
)

// flatValue reports whether every value a chart draws is the same, and
// which: such a chart says nothing a sentence does not.
func flatValue(c *reports.Chart) (float64, int, bool) {
	var first float64
	n := 0
	same := true
	see := func(v float64) {
		if n == 0 {
			first = v
		} else if v != first {
			same = false
		}
		n++
	}
	for _, s := range c.Series {
		for _, v := range s.Values {
			see(v)
		}
	}
	for _, row := range c.Grid {
		for _, v := range row {
			if v != nil {
				see(*v)
			}
		}
	}
	for _, b := range c.Boxes {
		for _, v := range b {
			see(v)
		}
	}
	return first, n, same && n > 1 && len(c.Points) == 0
}

// FlattenCharts replaces each chart whose values are all one value by a
// sentence that says so.
func FlattenCharts(blocks []reports.Block) []reports.Block {
	out := blocks[:0:0]
	for _, b := range blocks {
		if b.Chart != nil {
			if v, n, ok := flatValue(b.Chart); ok {
				out = append(out, reports.Block{Prose: fmt.Sprintf("*%s*: all %d values are %s, so no chart is drawn.",
					b.Chart.Caption, n, strconv.FormatFloat(v, 'f', -1, 64))})
				continue
			}
		}
		out = append(out, b)
	}
	return out
}

// Number numbers a cell's tables and figures after the tables and figures
// of the cells before it, and returns the counts with its own.
func Number(blocks []reports.Block, tables, figures int) (int, int) {
	for _, b := range blocks {
		switch {
		case b.Table != nil:
			tables++
			b.Table.Number = tables
		case b.Chart != nil:
			figures++
			b.Chart.Number = figures
		}
	}
	return tables, figures
}
