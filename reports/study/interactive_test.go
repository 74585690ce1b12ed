package study

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/load"
)

// TestInteractiveParameters: a parameter may be interactive when the page
// can give it a control and recompute every cell that uses it; otherwise the
// study is refused at the line that says why.
func TestInteractiveParameters(t *testing.T) {
	const head = `title: "T"
parameters:
  - {name: tables, type: int, default: "7", min: 3, max: 15, interactive: true}
  - {name: spec, type: string, default: "howell:8", interactive: true}
  - {name: hours, type: string, default: "2.5", choices: ["2", "2.5"], interactive: true}
movements:
  m:
    mitchell: ${tables}
  m-s2: {from: m, switch: [2]}
  chosen: ${spec}
cells:
  - balance:
      id: b
      rows:
        - {label: switched, movement: m-s2}
        - {label: chosen, movement: chosen}
  - catalogue: {id: c, pairs: [6, 6], hours: "${hours}"}
`
	s, err := ParseStudy("ok.yaml", []byte(head), nil)
	if err != nil {
		t.Fatal(err)
	}
	if live := s.Cells[0].live; !slices.Equal(live, []string{"tables", "spec"}) {
		t.Errorf("the balance cell uses %v, want tables (through m-s2's from) and spec", live)
	}
	if live := s.Cells[1].live; !slices.Equal(live, []string{"hours"}) {
		t.Errorf("the catalogue cell uses %v, want hours", live)
	}
	if p := s.params(); !p[1].Spec || p[0].Spec || p[2].Spec {
		t.Errorf("only spec is a movement spec: %+v", p)
	}
	// A float with bounds has a number box too.
	float := strings.Replace(head, `  - {name: spec,`, "  - {name: h, type: float, default: \"2.5\", min: 2, max: 4, interactive: true}\n  - {name: spec,", 1) +
		"  - catalogue: {id: c2, pairs: 8, hours: \"${h}\"}\n"
	if _, err := ParseStudy("float.yaml", []byte(float), nil); err != nil {
		t.Errorf("a float with min and max: %v", err)
	}

	cases := []struct {
		name, src string
		line      int
		want      string
	}{
		{"a kind that cannot run in the browser",
			head + "  - structure: {id: s, rows: [{movement: m}]}\n", 3, "cell 3 (structure s, line 18) uses it, and a structure cell cannot run in the browser"},
		{"in the title",
			strings.Replace(head, `title: "T"`, `title: "T with ${tables} tables"`, 1), 1, "title: ${tables} is an interactive parameter"},
		{"an int without bounds",
			strings.Replace(head, `min: 3, max: 15, `, "", 1), 3, "tables: interactive: give min and max"},
		{"a bool",
			strings.Replace(head, `  - {name: spec,`, "  - {name: flag, type: bool, default: \"true\", interactive: true}\n  - {name: spec,", 1) + "  - balance: {id: x, caption: \"${flag}\", rows: [{movement: m}]}\n", 4, "flag: interactive: a bool needs choices"},
		{"a string used in a cell",
			head + "  - balance: {id: x, caption: \"${spec}\", rows: [{movement: m}]}\n", 4, "a string needs choices, unless it is a movement spec"},
		{"unused",
			strings.Replace(head, `  - {name: spec,`, "  - {name: n, type: int, default: \"1\", min: 1, max: 2, interactive: true}\n  - {name: spec,", 1), 4, "n: interactive, and no cell uses it"},
		{"a movement from a file",
			strings.Replace(head, "  m-s2: {from: m, switch: [2]}", "  m-s2: {file: m.asc, switch: [2]}\n  unused: ${tables}", 1), 9, "movement m-s2 is read from a file"},
		{"a choice the type refuses",
			strings.Replace(head, `default: "7", min: 3, max: 15,`, `default: "7", choices: ["7", "x"],`, 1), 3, `tables: choices: want a whole number, got "x"`},
		{"a default not among the choices",
			strings.Replace(head, `default: "2.5", choices`, `default: "3", choices`, 1), 3, `hours: default: "3" is not one of the study's choices: 2, 2.5`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseStudy("bad.yaml", []byte(c.src), nil)
			var se *load.StudyError
			if !errors.As(err, &se) {
				t.Fatalf("got %v, want a StudyError", err)
			}
			if se.Line != c.line || !strings.Contains(se.Err.Error(), c.want) {
				t.Errorf("got line %d: %v\nwant line %d: %s", se.Line, se.Err, c.line, c.want)
			}
		})
	}
	// -p is checked against the choices too.
	if _, err := ParseStudy("ok.yaml", []byte(head), map[string]string{"hours": "4"}); err == nil || !strings.Contains(err.Error(), `-p hours=4: "4" is not one of the study's choices: 2, 2.5`) {
		t.Errorf("-p hours=4: %v", err)
	}
}

// TestLiveReport: the report of a study with interactive parameters carries
// what its page recomputes; one without carries nothing.
func TestLiveReport(t *testing.T) {
	path := filepath.Join(t.TempDir(), "live.yaml")
	src := `title: "Live balance"
parameters:
  - {name: tables, type: int, default: "7", min: 3, max: 15, interactive: true, doc: "tables of the Mitchell"}
movements:
  m:
    mitchell: ${tables}
  fixed: {howell: 8}
cells:
  - balance: {id: fixed, rows: [{movement: fixed}], chart: qf}
  - balance: {id: qf, rows: [{label: mitchell, movement: m}]}
  - structure: {id: s, rows: [{movement: fixed}]}
  - markdown: "Prose."
`
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := LoadStudy(path, map[string]string{"tables": "9"})
	if err != nil {
		t.Fatal(err)
	}
	r := mustRun(t, s)
	if r.Live == nil || len(r.Live.Cells) != 1 {
		t.Fatalf("live: %+v", r.Live)
	}
	c := r.Live.Cells[0]
	if c.ID != "qf" || c.Index != 1 || c.Kind != "balance" || !slices.Equal(c.Params, []string{"tables"}) || c.Tables != 1 || c.Figures != 1 {
		t.Errorf("live cell %+v: want qf, the second cell, after one table and one figure", c)
	}
	if !slices.Equal(r.Live.Static, []string{"structure"}) {
		t.Errorf("kinds that stay as published: %v, want structure (prose is none)", r.Live.Static)
	}
	if r.Live.Source != src || r.Live.Values["tables"] != "9" || r.Live.Study != "live.yaml" {
		t.Errorf("live page: study %q, values %v, source as written: %v", r.Live.Study, r.Live.Values, r.Live.Source == src)
	}
	frozen, err := ParseStudy("minimal.yaml", []byte(minimalStudy), nil)
	if err != nil {
		t.Fatal(err)
	}
	if r := mustRun(t, frozen); r.Live != nil {
		t.Errorf("a study without interactive parameters has a live part: %+v", r.Live)
	}
}

func mustRun(t *testing.T, s *Study) *reports.Report {
	t.Helper()
	r, err := Run(context.Background(), s, RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}
