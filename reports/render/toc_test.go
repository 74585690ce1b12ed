package render

import (
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
)

// TestContentsShowHeadingsAsWritten: the contents list a heading as the
// page shows it. An entity, a backslash escape or raw HTML (escaped to be
// shown as text) in a heading was listed with its escapes, "Mitchell
// &amp;amp; Howell" and "&amp;lt;b&amp;gt;" in the HTML, so the reader saw
// "&amp;" and "&lt;b&gt;" in the contents.
func TestContentsShowHeadingsAsWritten(t *testing.T) {
	r := &reports.Report{Name: "x", Title: "X", Sections: []reports.Section{{Blocks: []reports.Block{
		{Prose: "## Mitchell &amp; Howell: Qf \\< 50, \\*stars\\*, `a\\*b &amp;`, <b>\n\nText.\n"},
	}}}}
	var b strings.Builder
	if err := NewRenderer().HTML(&b, r); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	want := `">Mitchell &amp; Howell: Qf &lt; 50, *stars*, a\*b &amp;amp;, &lt;b&gt;</a>`
	if !strings.Contains(page, want) {
		i := strings.Index(page, `<nav class="toc"`)
		t.Errorf("the contents lack\n%s\nin\n%s", want, page[i:i+400])
	}
}
