package render

import (
	"strconv"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
)

// TestWideTablesPrintSmaller: a table that fits the paper keeps the print
// size; wider ones get smaller type by how much wider they are, and the
// page says so in the table's class (the print CSS sizes it).
func TestWideTablesPrintSmaller(t *testing.T) {
	table := func(cols int, cell string) *reports.Table {
		tb := &reports.Table{ID: "t", Number: 1, Caption: "c"}
		row := []any{}
		for c := range cols {
			tb.Columns = append(tb.Columns, reports.Column{Name: strconv.Itoa(c + 1)})
			row = append(row, cell)
		}
		tb.Rows = [][]any{row}
		return tb
	}
	for _, c := range []struct {
		cols int
		cell string
		want string
	}{
		{3, "46.94", ""},
		{14, "1234.57", "wide-1"}, // 98 characters and 84pt of padding: 7.1pt
		{39, "19", "wide-2"},      // the score matrix of 38 pairs: 5.7pt
		{40, "1234.57", "wide-3"}, // 280 characters: 1.5pt, wrapped
	} {
		r := &reports.Report{Name: "r", Title: "T", Sections: []reports.Section{{Blocks: []reports.Block{{Table: table(c.cols, c.cell)}}}}}
		var page strings.Builder
		if err := newRenderer("").HTML(&page, r); err != nil {
			t.Fatal(err)
		}
		got := ""
		for _, class := range []string{"wide-1", "wide-2", "wide-3"} {
			if strings.Contains(page.String(), `<table class="short `+class+`"`) {
				got = class
			}
		}
		if got != c.want {
			t.Errorf("%d columns of %q: print class %q, want %q", c.cols, c.cell, got, c.want)
		}
	}
}
