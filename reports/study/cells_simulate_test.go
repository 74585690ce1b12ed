package study

import (
	"context"
	"errors"
	"fmt"
	"github.com/bridgereport/bridgereport/reports/load"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
)

const simulateStudy = `title: S
movements:
  m: {mitchell: 7}
  s: {from: m, switch: [2]}
cells:
`

// TestSimulateCellInAStudy: the simulate cell lays a model out as the
// command does, in a study's report, from the same compute as the cells
// that compare movements.
func TestSimulateCellInAStudy(t *testing.T) {
	src := simulateStudy +
		"  - simulate: {id: one, model: one-strong, movement: s, strong: 3}\n" +
		"  - one_strong: {id: cols, strong: 3, columns: [{movement: s}]}\n" +
		"  - simulate: {id: two, model: two-strong, movement: s}\n" +
		"  - two_strong: {id: rows, rows: [{movement: s}]}\n" +
		"  - simulate: {id: buss, model: bussemaker, movement: s, method: sample, samples: 2000, caption: Sampled}\n"
	s, err := ParseStudy("s.yaml", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(context.Background(), s, RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pre := map[string]*reports.Preformatted{}
	tables := map[string]*reports.Table{}
	for _, b := range r.Blocks() {
		if b.Pre != nil {
			pre[b.Pre.ID] = b.Pre
		}
		if b.Table != nil {
			tables[b.Table.ID] = b.Table
		}
	}
	if len(pre) != 3 {
		t.Fatalf("%d text layouts, want 3", len(pre))
	}
	// Every pair's percentage in the layout is the one_strong column's.
	for p, row := range tables["cols"].Rows[1:] {
		line := fmt.Sprintf(" pair %2d %6.2f\n", p+1, row[1].(float64))
		if !strings.Contains(pre["one"].Text, line) {
			t.Errorf("one-strong layout lacks %q:\n%s", line, pre["one"].Text)
		}
	}
	row := tables["rows"].Rows[0]
	spread := fmt.Sprintf("min %.2f  max %.2f  most frequent %.2f  mean %.2f  sd %.2f", row[2], row[3], row[4], row[5], row[6])
	if !strings.Contains(pre["two"].Text, spread) {
		t.Errorf("two-strong layout lacks %q:\n%s", spread, pre["two"].Text)
	}
	if b := pre["buss"]; b.Caption != "Sampled" || !strings.Contains(b.Text, "Sampled: 2000 random numberings, seed 1;") {
		t.Errorf("bussemaker layout (caption %q):\n%s", b.Caption, b.Text)
	}
}

func TestSimulateCellRefusesBadSettings(t *testing.T) {
	cases := []struct{ name, cell, want string }{
		{"no model", "{movement: m}", "model: give one-strong, two-strong or bussemaker"},
		{"unknown model", "{model: three-strong, movement: m}", `model "three-strong": want one-strong, two-strong or bussemaker`},
		{"strong elsewhere", "{model: two-strong, movement: m, strong: 2}", "strong: only model one-strong"},
		{"bussemaker settings elsewhere", "{model: one-strong, movement: m, samples: 10}", "settings of model bussemaker only"},
		{"published", `{model: one-strong, movement: m, published: {"1": "100"}}`, "checks no figures"},
		{"strong outside", "{model: one-strong, movement: m, strong: 15}", "strong pair 15 is outside 1..14"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := ParseStudy("s.yaml", []byte(simulateStudy+"  - simulate: "+c.cell+"\n"), nil)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Run(context.Background(), s, RunOptions{})
			var se *load.StudyError
			if !errors.As(err, &se) || se.Line != 6 || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want line 6 saying %q", err, c.want)
			}
		})
	}
}
