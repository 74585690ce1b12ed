package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
)

// TestCalloutsInEveryPrinter prints a callout and a reference list with
// each printer.
func TestCalloutsInEveryPrinter(t *testing.T) {
	r := &reports.Report{Name: "s", Title: "S", Provenance: reports.Provenance{SourceName: "s.yaml"}, Sections: []reports.Section{{Blocks: []reports.Block{
		{Callout: &reports.Callout{Kind: "erratum", Body: "Published **92**,\nwe find 91.\n\n<b>x</b>"}},
		{References: &reports.References{Entries: []reports.Reference{{Key: "moore1992", Number: 1, Text: "A. Moore (1992). *Balance*."}}}},
	}}}}
	var html bytes.Buffer
	if err := newRenderer("").HTML(&html, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<aside class="callout callout-erratum" role="note"><p class="callout-title">Erratum</p>`,
		`<p>Published <strong>92</strong>,`,
		`&lt;b&gt;x&lt;/b&gt;`,
		`<li id="ref-moore1992" value="1">A. Moore (1992). <em>Balance</em>.</li>`,
		`<a href="#references">References</a>`,
	} {
		if !strings.Contains(html.String(), want) {
			t.Errorf("HTML has no %s", want)
		}
	}
	var md bytes.Buffer
	if _, err := newRenderer("").Markdown(&md, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"> **Erratum**\n>\n> Published **92**,\n> we find 91.\n>\n> &lt;b&gt;x&lt;/b&gt;\n\n",
		"## References\n\n1. <a id=\"ref-moore1992\"></a>A. Moore (1992). *Balance*.\n",
	} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("Markdown has no %q:\n%s", want, md.String())
		}
	}
	var text bytes.Buffer
	if err := new(Renderer).Text(&text, r); err != nil {
		t.Fatal(err)
	}
	want := "S\n=\n\n| Erratum\n|\n| Published **92**,\n| we find 91.\n|\n| <b>x</b>\n\nReferences\n[1] A. Moore (1992). *Balance*.\n"
	if text.String() != want {
		t.Errorf("text:\n%s\nwant\n%s", text.String(), want)
	}
}
