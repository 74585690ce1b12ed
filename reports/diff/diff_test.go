package diff

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/render"
)

func resultsOf(t *testing.T, r *reports.Report) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := render.NewRenderer().JSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func diffReport(qf float64, status string, source string) *reports.Report {
	return &reports.Report{Name: "s", Title: "S", Provenance: reports.Provenance{Version: "1", Source: []byte(source)},
		Sections: []reports.Section{{ID: "b", Blocks: []reports.Block{
			{Table: &reports.Table{ID: "qf", Columns: []reports.Column{{Name: "movement"}, {Name: "qf", Decimals: 2}},
				Rows: [][]any{{"round 2", qf}, {"round 3", 92.0}}}},
			{Chart: &reports.Chart{ID: "qf-chart", Kind: "bar", XLabels: []string{"round 2", "round 3"}, Series: []reports.Series{{Name: "qf", Values: []float64{qf, 92}}}}},
		}}},
		Checks: []reports.Check{{Name: "qf", Published: "92", Computed: "92", Status: status}},
	}
}

func TestDiffNamesEveryMovedFigure(t *testing.T) {
	old := resultsOf(t, diffReport(92, reports.StatusOK, "a"))
	// Below the printed precision, and a new study text: no change.
	same, err := Diff(old, resultsOf(t, diffReport(92.001, reports.StatusOK, "a # comment")))
	if err != nil {
		t.Fatal(err)
	}
	var sameFigures []Change
	for _, c := range same {
		if c.Kind != "figure" {
			t.Errorf("a change below the printed precision or in provenance reported: %v", c)
		} else {
			sameFigures = append(sameFigures, c)
		}
	}
	// Figures are compared to six decimals, so the chart sees 92.001.
	if len(sameFigures) != 1 {
		t.Errorf("figure changes = %v, want the one at six decimals", sameFigures)
	}

	changes, err := Diff(old, resultsOf(t, diffReport(84, reports.StatusFail, "a")))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range changes {
		got = append(got, c.String())
	}
	want := []string{
		"s / table qf / row round 2 / column qf: 92.00 → 84.00",
		"s / figure qf-chart / row qf / column round 2: 92 → 84",
		"s / check qf: 92 (published 92, ok) → 92 (published 92, fail)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("changes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestDiffAddedAndRemoved(t *testing.T) {
	a := diffReport(92, reports.StatusOK, "a")
	b := diffReport(92, reports.StatusOK, "a")
	b.Sections[0].Blocks = b.Sections[0].Blocks[:1]
	b.Sections[0].Blocks[0].Table.Rows = b.Sections[0].Blocks[0].Table.Rows[:1]
	b.Sections = append(b.Sections, reports.Section{ID: "new", Blocks: []reports.Block{{Table: &reports.Table{ID: "extra", Columns: []reports.Column{{Name: "x"}}}}}})
	changes, err := Diff(resultsOf(t, a), resultsOf(t, b))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range changes {
		got = append(got, c.String())
	}
	want := "s / table qf / row round 3: removed\ns / table extra: added\ns / figure qf-chart: removed"
	if strings.Join(got, "\n") != want {
		t.Errorf("changes:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
	data, _ := json.Marshal(changes[0])
	if !strings.Contains(string(data), `"what":"removed"`) {
		t.Errorf("json: %s", data)
	}
}

func TestWriteDiffOnceInNaturalOrder(t *testing.T) {
	old := diffReport(92, reports.StatusOK, "a")
	cur := diffReport(84, reports.StatusOK, "a")
	// A chart of its own, with x labels that sort as text 1, 10, 2.
	chart := func(v float64) reports.Block {
		return reports.Block{Chart: &reports.Chart{ID: "rounds", Kind: "bar", XLabels: []string{"1", "2", "10"}, Series: []reports.Series{{Name: "sd", Values: []float64{v, v, v}}}}}
	}
	old.Sections[0].Blocks = append(old.Sections[0].Blocks, chart(1))
	cur.Sections[0].Blocks = append(cur.Sections[0].Blocks, chart(2))
	changes, err := Diff(resultsOf(t, old), resultsOf(t, cur))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteDiff(&buf, 1, changes); err != nil {
		t.Fatal(err)
	}
	want := `s
  table qf
    row round 2, column qf: 92.00 → 84.00
  figure rounds
    row sd, column 1: 1 → 2
    row sd, column 2: 1 → 2
    row sd, column 10: 1 → 2
1 study, 4 values moved, 0 added, 0 removed
`
	if buf.String() != want {
		t.Errorf("diff:\n%s\nwant:\n%s", buf.String(), want)
	}
}

// spreadReport is a sampled spread: a table of each entrant's average,
// s.d., min and max at one decimal, and the box plot drawn from it as
// min, mean − sd, mean, mean + sd, max. named says whether the chart
// names its statistics and its table (results from before it did not).
func spreadReport(avg2 float64, named bool) *reports.Report {
	type entrant struct{ avg, sd, min, max float64 }
	entrants := []entrant{{50, 4, 40, 60}, {avg2, 3, 41, 55}}
	t := &reports.Table{ID: "spread", Columns: []reports.Column{{Name: "entrant"}, {Name: "average", Decimals: 1}, {Name: "s.d.", Decimals: 1}, {Name: "min", Decimals: 1}, {Name: "max", Decimals: 1}}}
	c := &reports.Chart{ID: "spread-chart", Kind: "boxplot", XName: "entrant", YName: "percent"}
	if named {
		c.Box, c.Table = reports.BoxMeanSD, t.ID
	}
	for i, e := range entrants {
		t.Rows = append(t.Rows, []any{i + 1, e.avg, e.sd, e.min, e.max})
		c.XLabels = append(c.XLabels, strconv.Itoa(i+1))
		c.Boxes = append(c.Boxes, [5]float64{e.min, e.avg - e.sd, e.avg, e.avg + e.sd, e.max})
	}
	return &reports.Report{Name: "s", Title: "S", Sections: []reports.Section{{ID: "spread", Blocks: []reports.Block{{Table: t}, {Chart: c}}}}}
}

// TestDiffSampledChart diffs two results.json files whose sampled chart
// differs in one entrant's mean: the chart's rows are named as it draws
// them (mean − sd, not q1) and compared at the table's one decimal.
func TestDiffSampledChart(t *testing.T) {
	write := func(name string, r *reports.Report) string {
		p := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(p, resultsOf(t, r), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	diff := func(old, cur *reports.Report) string {
		studies, changes, err := DiffPaths(write("old.json", old), write("new.json", cur))
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteDiff(&buf, studies, changes); err != nil {
			t.Fatal(err)
		}
		return buf.String()
	}
	for _, tc := range []struct {
		name     string
		old, cur *reports.Report
		want     string
	}{
		// 48.04 → 48.36: every value of entrant 2's box but min and max
		// moves at one decimal (45.04 → 45.36 is 45.0 → 45.4, and so on).
		{"moved", spreadReport(48.04, true), spreadReport(48.36, true), `s
  table spread
    row 2, column average: 48.0 → 48.4
  figure spread-chart
    row mean − sd, column 2: 45.0 → 45.4
    row mean, column 2: 48.0 → 48.4
    row mean + sd, column 2: 51.0 → 51.4
1 study, 4 values moved, 0 added, 0 removed
`},
		// 48.04 → 48.01: below the table's precision, so no change; at
		// six decimals it was three.
		{"below the precision", spreadReport(48.04, true), spreadReport(48.01, true), "1 study, 0 values moved, 0 added, 0 removed\n"},
		// Results from before the chart named its statistics: the boxes
		// pair by position, so the names alone are no change.
		{"names learnt", spreadReport(48.04, false), spreadReport(48.04, true), "1 study, 0 values moved, 0 added, 0 removed\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := diff(tc.old, tc.cur); got != tc.want {
				t.Errorf("diff:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
	// Without a table the chart is compared to six decimals, as quartiles.
	old, cur := spreadReport(48.04, false), spreadReport(48.01, false)
	if got := diff(old, cur); !strings.Contains(got, "row q1, column 2: 45.04 → 45.01") || !strings.Contains(got, "3 values moved") {
		t.Errorf("a chart without a table, diff:\n%s", got)
	}
}

func TestMarkdownDataTableNamesBoxes(t *testing.T) {
	c := spreadReport(48, true).Sections[0].Blocks[1].Chart
	var names []string
	for _, col := range c.DataTable().Columns {
		names = append(names, col.Name)
	}
	if got, want := strings.Join(names, ", "), "entrant, min, mean − sd, mean, mean + sd, max"; got != want {
		t.Errorf("columns %s, want %s", got, want)
	}
}

// Removed columns are listed in the old table's order, the same on every
// run: CI logs and --json of the same two runs must not differ.
func TestDiffRemovedColumnsInOrder(t *testing.T) {
	table := func(cols ...string) []byte {
		r := diffReport(92, reports.StatusOK, "a")
		tb := r.Sections[0].Blocks[0].Table
		tb.Columns, tb.Rows = nil, [][]any{{}}
		for _, c := range cols {
			tb.Columns = append(tb.Columns, reports.Column{Name: c})
			tb.Rows[0] = append(tb.Rows[0], c)
		}
		return resultsOf(t, r)
	}
	cols := []string{"movement"}
	for i := range 12 {
		cols = append(cols, "c"+strconv.Itoa(i+1))
	}
	old, cur := table(cols...), table("movement")
	for range 20 {
		changes, err := Diff(old, cur)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range changes {
			if c.Kind == "table" && c.What == "removed" {
				got = append(got, c.Column)
			}
		}
		if strings.Join(got, " ") != strings.Join(cols[1:], " ") {
			t.Fatalf("removed columns = %v, want %v", got, cols[1:])
		}
	}
}

// A row taken out of the middle of a table is that row removed: not every
// row below it "changed" to its neighbour's values under its own name (a
// row that did not move reported as moved), and the last row "removed".
func TestDiffRowRemovedFromMiddle(t *testing.T) {
	rows := func(labels ...string) []byte {
		r := diffReport(92, reports.StatusOK, "a")
		tb := r.Sections[0].Blocks[0].Table
		tb.Rows = nil
		for i, l := range labels {
			tb.Rows = append(tb.Rows, []any{l, float64(80 + i)})
		}
		return resultsOf(t, r)
	}
	old := rows("m5", "m6", "m7", "m8")
	cur := resultsOf(t, func() *reports.Report {
		r := diffReport(92, reports.StatusOK, "a")
		r.Sections[0].Blocks[0].Table.Rows = [][]any{{"m5", 80.0}, {"m7", 82.0}, {"m8", 83.0}}
		return r
	}())
	changes, err := Diff(old, cur)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range changes {
		if c.Kind == "table" {
			got = append(got, c.String())
		}
	}
	if want := "s / table qf / row m6: removed"; strings.Join(got, "\n") != want {
		t.Errorf("changes:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
	// Rows without distinct text labels are still paired by position.
	changes, err = Diff(rows("a", "a", "b"), rows("a", "b"))
	if err != nil {
		t.Fatal(err)
	}
	if len(changes) == 0 {
		t.Error("a shorter table with repeated labels: no change reported")
	}
}

// Rows reordered (a ranking) are still compared by position: the new order
// is a change even when every labelled row kept its values.
func TestDiffRowsReordered(t *testing.T) {
	rows := func(labels ...string) []byte {
		r := diffReport(92, reports.StatusOK, "a")
		r.Sections[0].Blocks[0].Table.Rows = nil
		for _, l := range labels {
			r.Sections[0].Blocks[0].Table.Rows = append(r.Sections[0].Blocks[0].Table.Rows, []any{l, 80.0})
		}
		return resultsOf(t, r)
	}
	changes, err := Diff(rows("m5", "m6", "m7"), rows("m7", "m5", "m6"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range changes {
		if c.Kind == "table" && c.What == "changed" {
			n++
		}
	}
	if n != 3 {
		t.Errorf("rows reordered: %d cells changed, want 3: %v", n, changes)
	}
}
