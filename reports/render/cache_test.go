package render

import (
	"bytes"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
)

// TestCacheLeavesNoTrace: a report whose cells came from the cache renders
// byte for byte as the freshly computed one, so a warm run and a cold run
// write the same files (the terminal line says what was cached).
func TestCacheLeavesNoTrace(t *testing.T) {
	report := func(fromCache bool) *reports.Report {
		return &reports.Report{Name: "r", Title: "T", Sections: []reports.Section{{ID: "cell-1", FromCache: fromCache, Blocks: []reports.Block{
			{Prose: "Some prose."},
			{Table: &reports.Table{Number: 1, Caption: "Scores.", Columns: []reports.Column{{Name: "pair"}, {Name: "score"}}, Rows: [][]any{{"one", "+420"}}}},
		}}}}
	}
	rd := newRenderer("")
	var cold, warm bytes.Buffer
	if err := rd.HTML(&cold, report(false)); err != nil {
		t.Fatal(err)
	}
	if err := rd.HTML(&warm, report(true)); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(cold.Bytes(), warm.Bytes()) {
		t.Error("HTML differs when a cell comes from the cache")
	}
	cold.Reset()
	warm.Reset()
	if _, err := rd.Markdown(&cold, report(false)); err != nil {
		t.Fatal(err)
	}
	if _, err := rd.Markdown(&warm, report(true)); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(cold.Bytes(), warm.Bytes()) {
		t.Errorf("Markdown differs when a cell comes from the cache:\n%s\n---\n%s", cold.String(), warm.String())
	}
}
