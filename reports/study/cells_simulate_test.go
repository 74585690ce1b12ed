package study

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/luck"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/load"
	"github.com/bridgereport/bridgereport/reports/render"
	"github.com/bridgereport/bridgereport/reports/resolve"
)

const simulateStudy = `title: S
movements:
  m: {mitchell: 7}
  s: {from: m, switch: [2]}
cells:
`

// shown is what a reader sees of blocks: captions, rows, series and prose,
// without the numbers a study gives its tables.
func shown(t *testing.T, blocks []reports.Block) string {
	t.Helper()
	var parts []any
	for _, b := range blocks {
		switch {
		case b.Table != nil:
			parts = append(parts, b.Table.Caption, b.Table.Columns, b.Table.Rows)
		case b.Chart != nil:
			parts = append(parts, b.Chart.Caption, b.Chart.XLabels, b.Chart.Series, b.Chart.Boxes)
		case b.Pre != nil:
			parts = append(parts, b.Pre.Text)
		default:
			parts = append(parts, b.Prose)
		}
	}
	data, err := json.Marshal(parts)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestSimulateRunsTheStudysCells: the simulate command runs the
// one_strong, two_strong and bussemaker cells, so what it prints are the
// blocks the same cell shows in a study, and its --json is their Result.
func TestSimulateRunsTheStudysCells(t *testing.T) {
	t.Parallel()
	s, err := ParseStudy("s.yaml", []byte(simulateStudy+
		"  - one_strong: {id: one_strong, strong: 3, columns: [{movement: s}]}\n"+
		"  - two_strong: {id: two_strong, rows: [{movement: s}]}\n"+
		"  - bussemaker: {id: bussemaker, movement: s, method: sample, samples: 2000}\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(context.Background(), s, RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pm, _, err := resolve.ResolveMovement("mitchell:7,switch=2", "")
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range []cell.Body{
		&kinds.OneStrongCell{Strong: 3, Columns: []kinds.BalanceRow{{Movement: "s"}}},
		&kinds.TwoStrongCell{Rows: []kinds.BalanceRow{{Movement: "s"}}},
		&kinds.BussemakerCell{Movement: "s", BussemakerSettings: kinds.BussemakerSettings{Method: luck.Sample, Samples: 2000}},
	} {
		kind := r.Sections[i].ID
		t.Run(kind, func(t *testing.T) {
			cr, _, err := (&Command{Cell: c, Movements: map[string]*movement.Parsed{"s": pm}}).Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if got, want := shown(t, cr.Sections[0].Blocks), shown(t, r.Sections[i].Blocks); got != want {
				t.Errorf("the command shows\n%s\nthe study\n%s", got, want)
			}
		})
	}
	md := new(strings.Builder)
	if _, err := render.NewRenderer().Markdown(md, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "Qd (the mean probability of finishing in the ideal place) = ") {
		t.Errorf("a bussemaker cell without published figures does not show Qd:\n%s", md)
	}
}

func TestOneStrongRefusesAPairOutside(t *testing.T) {
	s, err := ParseStudy("s.yaml", []byte(simulateStudy+"  - one_strong: {strong: 15, columns: [{movement: m}]}\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), s, RunOptions{})
	var se *load.StudyError
	if !errors.As(err, &se) || se.Line != 6 || !strings.Contains(err.Error(), "strong pair 15 is outside 1..14") {
		t.Errorf("err = %v, want line 6 saying the strong pair is outside", err)
	}
}
