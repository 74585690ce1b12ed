package reports

import (
	"strings"
	"testing"
)

func TestText(t *testing.T) {
	r := &Report{Title: "T", Sections: []Section{{Blocks: []Block{
		{Prose: "Some *prose*."},
		{Pre: &Preformatted{ID: "p", Text: "  a  b\n  1  2\n"}},
		{Table: &Table{Number: 1, Caption: "Scores.", Columns: []Column{{Name: "pair"}, {Name: "score"}, {Name: "pct", Decimals: 1}},
			Rows: [][]any{{"one", "+420", 52.25}, {"three", "-50", 7.0}}}},
		{Chart: &Chart{Number: 1, Caption: "Bars.", Kind: "bar", XName: "x", XLabels: []string{"a"}, Series: []Series{{Name: "y", Values: []float64{2}}}}},
	}}}, Checks: []Check{{Name: "c", Published: "1", Computed: "1", Status: StatusOK}}}
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
