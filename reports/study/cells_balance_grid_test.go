package study

import (
	"strings"
	"testing"
)

func TestBalanceChartGrid(t *testing.T) {
	const text = `title: G
movements:
  m5: {mitchell: 5}
  m5s: {from: m5, switch: [2]}
  m7: {mitchell: 7}
cells:
  - balance:
      chart: qf
      chart_grid: {x: tables, y: switched rounds}
      rows:
        - {label: "5, none", at: ["5", "0"], movement: m5}
        - {label: "5, one", at: ["5", "1"], movement: m5s}
        - {label: "7, none", at: ["7", "0"], movement: m7}
`
	s, err := ParseStudy("g.yaml", []byte(text), nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(t.Context(), s, RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ch := r.Sections[0].Blocks[1].Chart
	if ch == nil || ch.Kind != "heatmap" || strings.Join(ch.XLabels, ",") != "5,7" || strings.Join(ch.YLabels, ",") != "0,1" {
		t.Fatalf("chart: %+v", ch)
	}
	if ch.Grid[0][0] == nil || ch.Grid[1][0] == nil || ch.Grid[0][1] == nil || ch.Grid[1][1] != nil {
		t.Errorf("grid places: %v", ch.Grid)
	}
	if *ch.Grid[0][0] == *ch.Grid[1][0] {
		t.Errorf("the switched 5-table Mitchell has the unswitched one's Qf")
	}
	bad := strings.Replace(text, `at: ["7", "0"], `, "", 1)
	s, err = ParseStudy("g.yaml", []byte(bad), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Run(t.Context(), s, RunOptions{}); err == nil || !strings.Contains(err.Error(), "give the row's place") {
		t.Errorf("a row without a place: err = %v", err)
	}
}
