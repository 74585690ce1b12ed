package study

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/render"
)

// A check cell in a study is the balance command's layout as a
// preformatted block: every printer shows it, and its published figures
// are checked.
func TestCheckCellLayoutInEveryPrinter(t *testing.T) {
	src := `title: "Check"
movements:
  m7: {mitchell: 7}
cells:
  - check: {id: m7-check, movement: m7, published: {qf: "46.94"}}
`
	s, err := ParseStudy("check.yaml", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(context.Background(), s, RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if ok, _, failed := r.Tally(); ok != 1 || failed != 0 {
		t.Fatalf("checks %+v", r.Checks)
	}
	want := "Qf = 46.94   Qc = "
	rd := render.NewRenderer()
	var text, html, md, js bytes.Buffer
	if err := rd.Text(&text, r); err != nil {
		t.Fatal(err)
	}
	if err := rd.HTML(&html, r); err != nil {
		t.Fatal(err)
	}
	if _, err := rd.Markdown(&md, r); err != nil {
		t.Fatal(err)
	}
	if err := rd.JSON(&js, r); err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"text": text.String(), "html": html.String(), "markdown": md.String(), "results.json": js.String()} {
		if !strings.Contains(out, want) || !strings.Contains(out, "Score matrix (h = 6)") {
			t.Errorf("%s does not show the check layout", name)
		}
	}
	var results struct {
		Preformatted []reports.Preformatted `json:"preformatted"`
	}
	if err := json.Unmarshal(js.Bytes(), &results); err != nil || len(results.Preformatted) != 1 || results.Preformatted[0].ID != "m7-check" {
		t.Errorf("results.json preformatted = %+v, %v", results.Preformatted, err)
	}
}
