package diff

import (
	"bytes"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/render"
)

// FuzzDiff compares arbitrary results.json pairs: Diff never panics, a
// results file compared with itself has no change, and StudyName never
// panics either.
func FuzzDiff(f *testing.F) {
	// Small seeds: the fuzzer minimises every new input, and a whole
	// report's results.json would take its budget.
	r := &reports.Report{Name: "s", Title: "T", Sections: []reports.Section{{Blocks: []reports.Block{
		{Table: &reports.Table{ID: "t", Columns: []reports.Column{{Name: "x"}, {Name: "y", Decimals: 1}}, Rows: [][]any{{"a", 1.5}}}},
		{Chart: &reports.Chart{ID: "c", Kind: "bar", XLabels: []string{"a"}, Series: []reports.Series{{Name: "s", Values: []float64{1}}}}},
	}}}, Checks: []reports.Check{{Name: "t/a/y", Published: "1.5", Computed: "1.5", Status: reports.StatusOK}}}
	var js bytes.Buffer
	if err := render.NewRenderer().JSON(&js, r); err != nil {
		f.Fatal(err)
	}
	f.Add(js.Bytes(), bytes.Replace(js.Bytes(), []byte("1.5"), []byte("2.5"), 1))
	f.Add([]byte(`{"study":"a","tables":[{"id":"t","columns":[{"name":"x"}],"rows":[[1]]}]}`), []byte(`{"study":"a","tables":[{"id":"t","columns":[{"name":"x"}],"rows":[["1"]]}]}`))
	f.Add([]byte(`{}`), []byte(`null`))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		StudyName(a)
		Diff(a, b)
		if changes, err := Diff(a, a); err == nil && len(changes) > 0 {
			t.Errorf("a file differs from itself: %v", changes)
		}
	})
}
