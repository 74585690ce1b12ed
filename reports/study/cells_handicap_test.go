package study

import (
	"errors"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/load"
)

// handicapStudy is a small league: two divisions of three, and two outcomes.
const handicapStudy = `title: "H"
cells:
  - handicap:
      id: h
      divisions:
        - name: "1"
          published: {range_avg_vp: "6.0"}
          teams:
            - {team: A, avg_vp: 15.0, published: {handicap_imps: "0", old_handicap_imps: "0"}}
            - {team: B, avg_vp: 12.0, published: {expected_vp_diff: "4.00", handicap_imps: "11"}}
            - team: C
              avg_vp: 9.0
              published: {merged_vp_diff: "8.00", handicap_imps: "23", old_handicap_imps: "12"}
              errata: {handicap_imps: "printed from an older table"}
        - name: "2"
          teams:
            - {team: D, avg_vp: 14.0, published: {merged_vp_diff: "2.00", handicap_imps: "6", old_handicap_imps: "12"}}
            - {team: E, avg_vp: 10.0}
            - {team: F, avg_vp: 10.0, published: {old_handicap_imps: "18"}}
  - fairness:
      id: f
      bands: [0.9, 0.5]
      outcomes:
        - {label: "19 of 56", wins: 19, matches: 56, published: {p_at_most: "0.01", losses: "37", bands/50/inside: "0", bands/90/inside: "0"}}
        - {label: "6 of 12", wins: 6, matches: 12, color: red, published: {from_expected: "0", bands/90/low: "3", bands/90/high: "9"}}
`

func runHandicapStudy(t *testing.T, src string) (*reports.Report, error) {
	t.Helper()
	s, err := ParseStudy("h.yaml", []byte(src), nil)
	if err != nil {
		return nil, err
	}
	return Run(t.Context(), s, RunOptions{})
}

func TestHandicapAndFairnessCells(t *testing.T) {
	res, err := runHandicapStudy(t, handicapStudy)
	if err != nil {
		t.Fatal(err)
	}
	// B: (15 − 12) · 2 · 2/3 = 4.00, 11 IMPs; C: 8.00, 22 IMPs. D starts
	// midway between the second and third from the bottom, B (4) and A (0):
	// 2.00, 5.5 → 6 IMPs. The old system: 6 a place, E and F share one.
	want := map[string][2]string{ // name: computed, status
		"h/A/handicap_imps": {"0", reports.StatusOK}, "h/A/old_handicap_imps": {"0", reports.StatusOK},
		"h/B/expected_vp_diff": {"4.00", reports.StatusOK}, "h/B/handicap_imps": {"11", reports.StatusOK},
		"h/C/merged_vp_diff": {"8.00", reports.StatusOK}, "h/C/handicap_imps": {"22", reports.StatusErratum}, "h/C/old_handicap_imps": {"12", reports.StatusOK},
		"h/D/merged_vp_diff": {"2.00", reports.StatusOK}, "h/D/handicap_imps": {"6", reports.StatusOK}, "h/D/old_handicap_imps": {"12", reports.StatusOK},
		"h/F/old_handicap_imps":     {"18", reports.StatusOK},
		"h/division/1/range_avg_vp": {"6.0", reports.StatusOK},
		"f/19 of 56/p_at_most":      {"0.01", reports.StatusOK}, "f/19 of 56/losses": {"37", reports.StatusOK},
		"f/19 of 56/bands/50/inside": {"0", reports.StatusOK}, "f/19 of 56/bands/90/inside": {"0", reports.StatusOK},
		"f/6 of 12/from_expected": {"0", reports.StatusOK}, "f/6 of 12/bands/90/low": {"3", reports.StatusOK}, "f/6 of 12/bands/90/high": {"9", reports.StatusOK},
	}
	got := map[string]reports.Check{}
	for _, c := range res.Checks {
		got[c.Name] = c
	}
	if len(got) != len(want) {
		t.Errorf("%d checks, want %d: %v", len(got), len(want), res.Checks)
	}
	for name, w := range want {
		c, ok := got[name]
		if !ok {
			t.Errorf("no check %q", name)
			continue
		}
		if c.Computed != w[0] || c.Status != w[1] {
			t.Errorf("%s: computed %s (%s), want %s (%s)", name, c.Computed, c.Status, w[0], w[1])
		}
	}

	fig := res.Sections[1].Blocks[1].Chart
	if fig == nil || !fig.XNumeric || len(fig.XLabels) != 60 || len(fig.Series) != 5 || len(fig.Points) != 2 {
		t.Fatalf("fairness chart = %+v, want 60 x values, expected and two bands' edges, two points", fig)
	}
	if fig.Series[1].Name != "50 % low" || fig.Points[1] != (reports.ChartPoint{X: 12, Y: 6, Label: "6 of 12", Color: "red", Place: "top"}) {
		t.Errorf("series %q, point %+v", fig.Series[1].Name, fig.Points[1])
	}
	table := fig.DataTable()
	last := len(table.Columns) - 1
	if table.Columns[last].Name != "marked" || table.Text(55, last) != "19 of 56 (19)" || table.Text(54, last) != "" {
		t.Errorf("chart table: column %q, row 56 %q", table.Columns[last].Name, table.Text(55, last))
	}
}

func TestHandicapCellsRefuseBadInput(t *testing.T) {
	cases := []struct {
		name, old, new string
		line           int
		want           string
	}{
		{"wins above matches", "{label: \"6 of 12\", wins: 6,", "{label: \"6 of 12\", wins: 16,", 25, "16 wins in 12 matches"},
		{"unknown figure", "published: {old_handicap_imps: \"18\"}", "published: {olde: \"18\"}", 19, `unknown figure "olde"`},
		{"misspelt key", "{team: E, avg_vp: 10.0}", "{team: E, avg: 10.0}", 18, `unknown key "avg"`},
		{"missing average", "{team: E, avg_vp: 10.0}", "{team: E}", 18, "avg_vp"},
		{"too few teams above", "            - {team: B, avg_vp: 12.0, published: {expected_vp_diff: \"4.00\", handicap_imps: \"11\"}}\n", "", 8, "needs at least 3 teams"}, // the league decoder's message, as the handicap command gives it
		{"duplicate label", "{label: \"6 of 12\"", "{label: \"19 of 56\"", 25, "used twice"},
		{"bad band", "bands: [0.9, 0.5]", "bands: [90, 50]", 20, "between 0 and 1"},
		{"erratum that reproduces", "errata: {handicap_imps: ", "errata: {merged_vp_diff: ", 0, "declared an erratum"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(handicapStudy, c.old, c.new, 1)
			if src == handicapStudy {
				t.Fatalf("the case changes nothing")
			}
			res, err := runHandicapStudy(t, src)
			if c.line == 0 { // not an input error: a failed check
				if err != nil {
					t.Fatal(err)
				}
				for _, ch := range res.Checks {
					if ch.Status == reports.StatusFail && strings.Contains(ch.Reason, c.want) {
						return
					}
				}
				t.Errorf("no failed check mentioning %q", c.want)
				return
			}
			var se *load.StudyError
			if !errors.As(err, &se) {
				t.Fatalf("err = %v, want a *StudyError", err)
			}
			if se.Line != c.line || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %q (line %d), want line %d mentioning %q", err, se.Line, c.line, c.want)
			}
		})
	}
}
