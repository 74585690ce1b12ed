package reports

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func resultsOf(t *testing.T, r *Report) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := NewRenderer().JSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func diffReport(qf float64, status string, source string) *Report {
	return &Report{Name: "s", Title: "S", Provenance: Provenance{Version: "1", Source: []byte(source)},
		Sections: []Section{{ID: "b", Blocks: []Block{
			{Table: &Table{ID: "qf", Columns: []Column{{Name: "movement"}, {Name: "qf", Decimals: 2}},
				Rows: [][]any{{"round 2", qf}, {"round 3", 92.0}}}},
			{Chart: &Chart{ID: "qf-chart", Kind: "bar", XLabels: []string{"round 2", "round 3"}, Series: []Series{{Name: "qf", Values: []float64{qf, 92}}}}},
		}}},
		Checks: []Check{{Name: "qf", Published: "92", Computed: "92", Status: status}},
	}
}

func TestDiffNamesEveryMovedFigure(t *testing.T) {
	old := resultsOf(t, diffReport(92, StatusOK, "a"))
	// Below the printed precision, and a new study text: no change.
	same, err := Diff(old, resultsOf(t, diffReport(92.001, StatusOK, "a # comment")))
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

	changes, err := Diff(old, resultsOf(t, diffReport(84, StatusFail, "a")))
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
	a := diffReport(92, StatusOK, "a")
	b := diffReport(92, StatusOK, "a")
	b.Sections[0].Blocks = b.Sections[0].Blocks[:1]
	b.Sections[0].Blocks[0].Table.Rows = b.Sections[0].Blocks[0].Table.Rows[:1]
	b.Sections = append(b.Sections, Section{ID: "new", Blocks: []Block{{Table: &Table{ID: "extra", Columns: []Column{{Name: "x"}}}}}})
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
	old := diffReport(92, StatusOK, "a")
	cur := diffReport(84, StatusOK, "a")
	// A chart of its own, with x labels that sort as text 1, 10, 2.
	chart := func(v float64) Block {
		return Block{Chart: &Chart{ID: "rounds", Kind: "bar", XLabels: []string{"1", "2", "10"}, Series: []Series{{Name: "sd", Values: []float64{v, v, v}}}}}
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
