package render

import (
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
)

func TestText(t *testing.T) {
	r := &reports.Report{Title: "T", Sections: []reports.Section{{Blocks: []reports.Block{
		{Prose: "Some *prose*."},
		{Pre: &reports.Preformatted{ID: "p", Text: "  a  b\n  1  2\n"}},
		{Table: &reports.Table{Number: 1, Caption: "Scores.", Columns: []reports.Column{{Name: "pair"}, {Name: "score"}, {Name: "pct", Decimals: 1}},
			Rows: [][]any{{"one", "+420", 52.25}, {"three", "-50", 7.0}}}},
		{Chart: &reports.Chart{Number: 1, Caption: "Bars.", Kind: "bar", XName: "x", XLabels: []string{"a"}, Series: []reports.Series{{Name: "y", Values: []float64{2}}}}},
	}}}, Checks: []reports.Check{{Name: "c", Published: "1", Computed: "1", Status: reports.StatusOK}}}
	var b strings.Builder
	if err := new(Renderer).Text(&b, r); err != nil {
		t.Fatal(err)
	}
	want := `T
=

Some *prose*.

  a  b
  1  2

Table 1. Scores.
pair   score   pct
-----  -----  ----
one     +420  52.2
three    -50   7.0

Figure 1. Bars. (its data)
x     y
-  ----
a  2.00

Published figures: 1 ok, 0 errata, 0 failed.
figure  published  computed  status  note
------  ---------  --------  ------  ----
c               1         1  ok
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
