package site

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/book"
	"github.com/bridgereport/bridgereport/reports/render"
)

// TestBook joins two reports that share a table id, a heading and a cited
// work: in the book every anchor is unique and every link of the page
// leads to an element of the page.
func TestBook(t *testing.T) {
	bib, err := book.ParseBibliography(strings.NewReader("@misc{moore1992, title={Spoil}, year={1992}}"), "refs.bib")
	if err != nil {
		t.Fatal(err)
	}
	mk := func(name, prose string) *reports.Report {
		return &reports.Report{Name: name, Title: "Study " + name, Provenance: reports.Provenance{SourceName: name + ".yaml", Source: []byte("x")},
			Sections: []reports.Section{{ID: "a", Blocks: []reports.Block{
				{Prose: "## Method\n\n" + prose},
				{Table: &reports.Table{ID: "t", Number: 1, Caption: "T.", Columns: []reports.Column{{Name: "c"}}, Rows: [][]any{{"x"}}}},
			}}},
			Checks: []reports.Check{{Name: "qf", Published: "1", Computed: "1", Status: reports.StatusOK, Source: "moore1992"}}}
	}
	reps := []*reports.Report{
		mk("one", "See @tbl-t, @sec-method and @two:tbl-t [@moore1992]."),
		mk("two", "See @tbl-t and @one:sec-method [@moore1992, p. 2]."),
	}
	for _, err := range book.PrepareSite(reps, []*book.Bibliography{bib, bib}) {
		if err != nil {
			t.Fatal(err)
		}
	}
	b, err := Book("Site", reps)
	if err != nil {
		t.Fatal(err)
	}
	if reps[0].Sections[0].Blocks[1].Table.ID != "t" {
		t.Error("Book changed a report")
	}
	var page bytes.Buffer
	if err := render.NewRenderer().HTML(&page, b); err != nil {
		t.Fatal(err)
	}
	html := page.String()
	ids := map[string]int{}
	for _, m := range regexp.MustCompile(` id="([^"]+)"`).FindAllStringSubmatch(html, -1) {
		ids[m[1]]++
	}
	for id, n := range ids {
		if n > 1 && id != "references" {
			t.Errorf("the id %s is on %d elements", id, n)
		}
	}
	hrefs := regexp.MustCompile(` href="#([^"]+)"`).FindAllStringSubmatch(html, -1)
	for _, m := range hrefs {
		if ids[m[1]] == 0 {
			t.Errorf("a link to #%s, which no element has", m[1])
		}
	}
	if len(hrefs) < 12 {
		t.Errorf("only %d links in the book", len(hrefs))
	}
	for _, want := range []string{
		`See <a href="#table-one--t">Table 1</a>, <a href="#method">Section 1</a> and <a href="#table-two--t">Table 1 of <em>Study two</em></a> [<a href="#ref-one--moore1992">1</a>].`,
		`See <a href="#table-two--t">Table 1</a> and <a href="#method">Section 1 of <em>Study one</em></a> [<a href="#ref-two--moore1992">1</a>, p. 2].`,
		`<h1 id="study-two">Study two</h1>`, `<h2 id="method-1">Method</h2>`,
		`<li><a href="#study-one">Study one</a>`,
		`<td>two: qf</td><td>1 <a href="#ref-two--moore1992">[1]</a></td>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the book has no %s", want)
		}
	}
}
