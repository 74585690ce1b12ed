package render_test

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/book"
	"github.com/bridgereport/bridgereport/reports/render"
)

// TestMarkdownAnchors renders the Markdown of a report whose prose refers
// to a table, a figure and sections, as xref writes the references, and
// renders that Markdown as a forge would (raw HTML kept, no heading ids of
// its own): every link within the page finds exactly one element with its
// fragment as id, except the table whose id is not a slug.
func TestMarkdownAnchors(t *testing.T) {
	r := &reports.Report{Name: "s", Title: "S", Provenance: reports.Provenance{SourceName: "s.yaml"},
		Sections: []reports.Section{
			{ID: "intro", Blocks: []reports.Block{{Prose: "## Method\n\nText.\n\nTwo words\n---------\n"}}},
			{ID: "data", Blocks: []reports.Block{
				{Table: &reports.Table{ID: "scores", Number: 1, Caption: "Scores", Columns: []reports.Column{{Name: "pair"}}, Rows: [][]any{{"1"}}}},
				{Table: &reports.Table{ID: "Odd_ID", Number: 2, Caption: "Odd", Columns: []reports.Column{{Name: "pair"}}, Rows: [][]any{{"1"}}}},
				{Chart: &reports.Chart{ID: "ranks", Number: 1, Caption: "Ranks", Kind: "bar", XName: "x", YName: "y",
					XLabels: []string{"a"}, Series: []reports.Series{{Name: "s", Values: []float64{1}}}}},
				{Callout: &reports.Callout{Kind: "note", Body: "### Aside\n\nA note."}},
			}},
			{ID: "more", Blocks: []reports.Block{{Prose: "## Method\n\n- See @tbl-scores, @fig-ranks, @tbl-Odd_ID,\n  @sec-method, @sec-method-1 and @sec-two-words; [the aside](#aside).\n", Line: 5}}},
		}}
	labels, err := book.CollectLabels(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := book.ResolveRefs(r, labels, nil); err != nil {
		t.Fatal(err)
	}
	var md bytes.Buffer
	if _, err := render.NewRenderer().Markdown(&md, r); err != nil {
		t.Fatal(err)
	}
	var page bytes.Buffer
	forge := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(html.WithUnsafe()))
	if err := forge.Convert(md.Bytes(), &page); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range regexp.MustCompile(`\bid="([^"]*)"`).FindAllStringSubmatch(page.String(), -1) {
		ids = append(ids, m[1])
	}
	var links []string
	for _, m := range regexp.MustCompile(`href="#([^"]*)"`).FindAllStringSubmatch(page.String(), -1) {
		links = append(links, m[1])
	}
	want := []string{"table-scores", "figure-ranks", "table-Odd_ID", "method", "method-1", "two-words", "aside"}
	if !slices.Equal(links, want) {
		t.Fatalf("links %q, want %q\n%s", links, want, md.String())
	}
	for _, l := range links {
		n := 0
		for _, id := range ids {
			if id == l {
				n++
			}
		}
		if want := 1; l == "table-Odd_ID" {
			if n != 0 {
				t.Errorf("an anchor for the id %q, which is not a slug", l)
			}
		} else if n != want {
			t.Errorf("%d elements have the id %q, want %d\nMarkdown:\n%s\nHTML:\n%s", n, l, want, md.String(), page.String())
		}
	}
	// The anchors stay inside their blocks: the headings are headings, the
	// callout's heading is in its quote, the captions are paragraphs.
	for _, want := range []string{
		`<h2><a id="method"></a>Method</h2>`,
		`<h2><a id="two-words"></a>Two words</h2>`,
		`<h2><a id="method-1"></a>Method</h2>`,
		"<blockquote>\n<p><strong>Note</strong></p>\n<h3><a id=\"aside\"></a>Aside</h3>",
		`<p><a id="table-scores"></a><strong>Table 1.</strong> Scores</p>`,
		`<p><a id="figure-ranks"></a><img src="figures/ranks.svg"`,
		`<p><strong>Table 2.</strong> Odd</p>`,
	} {
		if !strings.Contains(page.String(), want) {
			t.Errorf("the page lacks %s\nMarkdown:\n%s\nHTML:\n%s", want, md.String(), page.String())
		}
	}
}
