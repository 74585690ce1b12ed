package study

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const historyStudy = `title: "History"
movements:
  m9: {mitchell: 9}
  m7: {mitchell: 7}
cells:
  - optimizer_history:
      id: h
      iterations: 3000
      restarts: 2
      seed: 4
      modes: [greedy, "slow:2:0.01"]
      fix_rounds: [1]
      rows:
        - {label: "9 M", movement: m9, published: {qf_before: "47.53"}}
        - {label: "7 M", movement: m7}
`

// TestOptimizerHistoryCell: a table per mode with a row per checkpoint (one
// table with a column per mode for one movement), a log-scale chart per
// movement, and worded errors.
func TestOptimizerHistoryCell(t *testing.T) {
	dir := t.TempDir()
	write := func(text string) string {
		p := filepath.Join(dir, "history.yaml")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	s, err := LoadStudy(write(historyStudy), nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(context.Background(), s, RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Checks) != 1 || r.Checks[0].Status != "ok" {
		t.Errorf("checks %v", r.Checks)
	}
	var tables, charts int
	for _, b := range r.Blocks() {
		switch {
		case b.Table != nil:
			tables++
			// before, 100, 200, 500, 1k, 2k, 3k, first at, last at, restarts
			if n := len(b.Table.Rows); n != 10 {
				t.Errorf("table %s: %d rows", b.Table.ID, n)
			}
			if got := b.Table.Rows[6][0]; got != "3k" {
				t.Errorf("table %s: last checkpoint %v", b.Table.ID, got)
			}
			if n := len(b.Table.Columns); n != 3 {
				t.Errorf("table %s: %d columns, want iterations and a column per movement", b.Table.ID, n)
			}
		case b.Chart != nil:
			charts++
			if !b.Chart.XLog || len(b.Chart.Series) != 2 || b.Chart.Series[1].Name != "slow:2:0.01" {
				t.Errorf("chart %+v", b.Chart)
			}
		}
	}
	if tables != 2 || charts != 2 {
		t.Errorf("%d tables and %d charts, want 2 and 2", tables, charts)
	}

	one := strings.Replace(historyStudy, "        - {label: \"7 M\", movement: m7}\n", "", 1)
	s, err = LoadStudy(write(one), nil)
	if err != nil {
		t.Fatal(err)
	}
	if r, err = Run(context.Background(), s, RunOptions{}); err != nil {
		t.Fatal(err)
	}
	var cols []string
	for _, b := range r.Blocks() {
		if b.Table != nil {
			for _, c := range b.Table.Columns {
				cols = append(cols, c.Name)
			}
		}
	}
	if strings.Join(cols, ",") != "iterations,greedy,slow:2:0.01" {
		t.Errorf("one movement: columns %v, want one table with a column per mode", cols)
	}

	for name, tc := range map[string]struct{ from, to, want string }{
		"mode":        {"modes: [greedy, \"slow:2:0.01\"]", "mode: slow", "mode: an optimizer_history cell compares modes"},
		"twice":       {"modes: [greedy, \"slow:2:0.01\"]", "modes: [fast, fast]", "modes: fast is listed twice"},
		"bad mode":    {"modes: [greedy, \"slow:2:0.01\"]", "modes: [greed]", "want fast, slow or greedy"},
		"checkpoints": {"fix_rounds: [1]", "checkpoints: [500, 200]", "checkpoints: want ascending counts within 1..3000"},
		"beyond":      {"fix_rounds: [1]", "checkpoints: [5000]", "checkpoints: want ascending"},
		"figure":      {"qf_before", "qf_after", `unknown figure "qf_after"`},
	} {
		t.Run(name, func(t *testing.T) {
			s, err := LoadStudy(write(strings.Replace(historyStudy, tc.from, tc.to, 1)), nil)
			if err == nil {
				_, err = Run(context.Background(), s, RunOptions{})
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}
