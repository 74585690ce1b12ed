package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
)

func TestHTMLPageLayout(t *testing.T) {
	r := &reports.Report{Name: "s", Title: "S", Provenance: reports.Provenance{SourceName: "s.yaml", Source: []byte("x")},
		Sections: []reports.Section{{ID: "a", Blocks: []reports.Block{
			{Prose: "## First\n\nText."},
			{Table: &reports.Table{ID: "t", Number: 1, Caption: "Movements. More words.", Columns: []reports.Column{{Name: "movement"}, {Name: "note"}, {Name: "qf", Decimals: 2}, {Name: "rounds"}},
				Rows: [][]any{{"m7", "a note", 46.94, "7"}, {"m9", nil, 47.5, "-"}}}},
		}}},
		Checks: []reports.Check{{Name: "b/10", Status: reports.StatusOK}, {Name: "b/2", Status: reports.StatusOK}, {Name: "b/1", Status: reports.StatusOK}},
	}
	rd := newRenderer("/* echarts */")
	rd.IndexLink = "../index.html"
	var buf bytes.Buffer
	if err := rd.HTML(&buf, r); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	if strings.Contains(page, "/* echarts */") {
		t.Error("a page without charts carries the chart library")
	}
	for _, want := range []string{
		`<a href="../index.html">`,
		`<td class="t">m7</td><td class="t">a note</td><td>46.94</td><td>7</td>`, // note is text, rounds numbers
		`<li class="sub"><a href="#table-t">Table 1. Movements</a></li>`,
		`<code class="hash" title="`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page has no %s", want)
		}
	}
	if i, j, k := strings.Index(page, "<td>b/1</td>"), strings.Index(page, "<td>b/2</td>"), strings.Index(page, "<td>b/10</td>"); !(i >= 0 && i < j && j < k) {
		t.Errorf("the published figures are not in natural order: %d %d %d", i, j, k)
	}
	r.Sections[0].Blocks = append(r.Sections[0].Blocks, reports.Block{Chart: &reports.Chart{ID: "c", Kind: "bar", XLabels: []string{"a"}, Series: []reports.Series{{Name: "s", Values: []float64{1}}}}})
	buf.Reset()
	if err := rd.HTML(&buf, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "/* echarts */") {
		t.Error("a page with a chart lacks the chart library")
	}

	buf.Reset()
	if err := rd.Index(&buf, "1", []*reports.Report{r}, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `<code class="file">s.yaml</code>`) {
		t.Errorf("the index does not show the study's file name")
	}
}
