package render

import (
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
)

// TestMarkdownEscapesText checks that the Markdown printer passes no raw
// HTML from the title, summary, captions and cells.
func TestMarkdownEscapesText(t *testing.T) {
	bad := "<script>alert(1)</script>"
	r := &reports.Report{Name: "x", Title: bad, Summary: bad, Sections: []reports.Section{{Blocks: []reports.Block{
		{Prose: bad + "\n"},
		{Table: &reports.Table{ID: "t", Caption: bad, Columns: []reports.Column{{Name: bad}}, Rows: [][]any{{bad}}}},
	}}}}
	var b strings.Builder
	if _, err := NewRenderer().Markdown(&b, r); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "<script") {
		t.Errorf("raw HTML in the Markdown:\n%s", b.String())
	}
	if n := strings.Count(b.String(), "&lt;script&gt;"); n != 6 {
		t.Errorf("%d escaped payloads, want 6:\n%s", n, b.String())
	}
}
