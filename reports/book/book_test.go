package book

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/render"
)

// TestPrepare runs the whole pass on a report whose callout holds a
// reference and a citation, and prints it as HTML, Markdown and text.
func TestPrepare(t *testing.T) {
	bib, err := ParseBibliography(strings.NewReader("@misc{moore1992, author={Moore, Ross}, title={Too many arrow-switches spoil the balance}, year={1992}}"), "refs.bib")
	if err != nil {
		t.Fatal(err)
	}
	r := &reports.Report{Name: "s", Title: "S", Provenance: reports.Provenance{SourceName: "s.yaml"}, Sections: []reports.Section{
		{ID: "a", Blocks: []reports.Block{{Prose: "## Balance\n\n::: {.callout-note}\nAs @tbl-qf shows [@moore1992, p. 2].\n:::\n", Line: 5}}},
		{ID: "b", Blocks: []reports.Block{{Table: &reports.Table{ID: "qf", Number: 1, Caption: "Qf.", Columns: []reports.Column{{Name: "m"}}, Rows: [][]any{{"x"}}}}}},
	}}
	if err := Prepare(r, bib); err != nil {
		t.Fatal(err)
	}
	var html, md, text bytes.Buffer
	rd := render.NewRenderer()
	if err := rd.HTML(&html, r); err != nil {
		t.Fatal(err)
	}
	if _, err := rd.Markdown(&md, r); err != nil {
		t.Fatal(err)
	}
	if err := rd.Text(&text, r); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ printer, page, want string }{
		{"HTML", html.String(), `<p>As <a href="#table-qf">Table 1</a> shows [<a href="#ref-moore1992">1</a>, p. 2].</p>`},
		{"HTML", html.String(), `<li id="ref-moore1992" value="1">Ross Moore (1992). <em>Too many arrow-switches spoil the balance</em>.</li>`},
		{"Markdown", md.String(), "> **Note**\n>\n> As [Table 1](#table-qf) shows [[1](#ref-moore1992), p. 2].\n"},
		{"text", text.String(), "| Note\n|\n| As [Table 1](#table-qf) shows [[1](#ref-moore1992), p. 2].\n"},
		{"text", text.String(), "References\n[1] Ross Moore (1992). *Too many arrow-switches spoil the balance*.\n"},
	} {
		if !strings.Contains(c.page, c.want) {
			t.Errorf("%s has no %q", c.printer, c.want)
		}
	}
	// An unknown label inside the callout is an error at its line.
	r.Sections[0].Blocks = []reports.Block{{Prose: "Intro.\n\n::: {.callout-tip}\nSee @fig-none.\n:::\n", Line: 5}}
	if err := Prepare(r, bib); err == nil || err.Error() != `s.yaml:8: @fig-none: no figure has the id "none" (this study has no figures)` {
		t.Errorf("got %v", err)
	}
}

// FuzzPrepare: any prose goes through the pass without a panic, and a
// mistake is an error at a line of the study.
func FuzzPrepare(f *testing.F) {
	bib, err := ParseBibliography(strings.NewReader("@misc{k, title={T}}"), "refs.bib")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"See @tbl-t [@k, p. 3].", "::: {.callout-note}\n@sec-a\n:::\n", "[@k]: x\n`@tbl-x`", "## A\n\n@sec-a [@k; @k] \\@x a@b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, prose string) {
		r := &reports.Report{Name: "s", Provenance: reports.Provenance{SourceName: "s.yaml"}, Sections: []reports.Section{
			{ID: "a", Blocks: []reports.Block{{Prose: prose, Line: 3}}},
			{ID: "b", Blocks: []reports.Block{{Table: &reports.Table{ID: "t", Number: 1}}}},
		}}
		err := Prepare(r, bib)
		if err != nil && !strings.HasPrefix(err.Error(), "s.yaml:") {
			t.Errorf("an error without the file: %v", err)
		}
		if se := (*reports.SourceError)(nil); err != nil && (!errors.As(err, &se) || se.Line < 3) {
			t.Errorf("an error without a line: %v", err)
		}
	})
}
