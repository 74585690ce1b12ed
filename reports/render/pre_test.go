package render

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
)

// A text layout is printed by every printer, as it is: no printer may drop
// a block kind.
func TestPreformattedInEveryPrinter(t *testing.T) {
	layout := "Pair  1  2\n 1   92  8 ``` <b>x</b>\n"
	r := &reports.Report{Name: "p", Title: "T", Sections: []reports.Section{{ID: "s", Blocks: []reports.Block{
		{Pre: &reports.Preformatted{ID: "ranks", Caption: "The seed's layout.", Text: layout}},
	}}}}
	rd := newRenderer("")

	var text strings.Builder
	if err := rd.Text(&text, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), layout) {
		t.Errorf("text lost the layout:\n%s", text.String())
	}

	var md strings.Builder
	if _, err := rd.Markdown(&md, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "```` text\n"+layout+"````\n") {
		t.Errorf("markdown does not fence the layout beyond its own backticks:\n%s", md.String())
	}

	var html bytes.Buffer
	if err := rd.HTML(&html, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html.String(), "<pre>Pair  1  2\n 1   92  8 ``` &lt;b&gt;x&lt;/b&gt;\n</pre>") {
		t.Errorf("HTML does not show the layout, escaped, in a <pre>:\n%s", html.String())
	}

	var js bytes.Buffer
	if err := rd.JSON(&js, r); err != nil {
		t.Fatal(err)
	}
	var results struct {
		Preformatted []reports.Preformatted `json:"preformatted"`
	}
	if err := json.Unmarshal(js.Bytes(), &results); err != nil {
		t.Fatal(err)
	}
	if len(results.Preformatted) != 1 || results.Preformatted[0].Text != layout || results.Preformatted[0].ID != "ranks" {
		t.Errorf("results.json preformatted = %+v", results.Preformatted)
	}
}
