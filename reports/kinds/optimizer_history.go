package kinds

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/bridgereport/bridgereport/engine/optimize"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/check"
	"github.com/bridgereport/bridgereport/reports/resolve"
)

// OptimizerHistoryCell runs the optimiser on each movement in several modes
// with the same seed and budget and shows how the best Qf grows with the
// iterations: a table per mode (the best Qf at each checkpoint, and when the
// final best was first reached; with one movement, one table with a column
// per mode) and a chart per movement. Its figures, per
// row, are qf_before and, for each mode, modes/MODE/qf (the final best) and
// modes/MODE/best_at (the iterations of the earliest restart to reach it). It
// takes the optimize cell's settings but mode, whose place modes takes.
type OptimizerHistoryCell struct {
	cell.Common `yaml:",inline"`
	// The optimiser's settings, as an optimize cell takes them, except mode: see modes.
	resolve.OptimizeOptions `yaml:",inline"`
	// Modes are the searches to compare, each as an optimize cell's mode; default greedy, fast, slow.
	Modes []optimize.Cooling `yaml:"modes"`
	// Checkpoints are the iteration counts, ascending, at which the best Qf is read; default 100, 200, 500, 1000, … and the budget.
	Checkpoints []int64 `yaml:"checkpoints"`
	// Charts false leaves out the chart per movement; default true.
	Charts *bool `yaml:"charts"`
	// Rows are the movements, one a row.
	Rows []BalanceRow `yaml:"rows"`
}

// OptimizerHistory is the optimizer_history kind.
var OptimizerHistory = register(Kind{Name: "optimizer_history", New: func() cell.Body { return new(OptimizerHistoryCell) }, Results: []any{&HistoryResult{}}, Figures: HistoryRow{}, Per: "rows"})

func (c *OptimizerHistoryCell) Movements() []string { return rowMovements(c.Rows) }

// HistoryResult is what an optimizer_history cell computes: a row per
// movement.
type HistoryResult struct {
	Rows []HistoryRow `json:"rows"`
}

// HistoryRow is one movement's searches, by mode.
type HistoryRow struct {
	Label    string                 `json:"label"`
	Movement string                 `json:"movement"`
	QfBefore float64                `json:"qf_before"`
	Modes    map[string]HistoryMode `json:"modes"`
}

// HistoryMode is one mode's search: the merged trace of its restarts,
// how many of them ended at the final best, and when the last did.
type HistoryMode struct {
	optimize.Trace
	Reaching int   `json:"reaching"`
	Restarts int   `json:"restarts"`
	LastAt   int64 `json:"last_at"`
}

// historyRun is what the cache keeps of one mode on one movement.
type historyRun struct {
	QfBefore float64
	// Trace is merged over the restarts: at each checkpoint the best of any.
	Trace optimize.Trace
	// Reaching counts the restarts that ended at the final best; the
	// last of them reached it at LastAt iterations.
	Reaching, Restarts int
	LastAt             int64
}

// modesOrDefault returns the modes to compare.
func (c *OptimizerHistoryCell) modesOrDefault() []optimize.Cooling {
	if len(c.Modes) == 0 {
		return []optimize.Cooling{{Mode: optimize.ModeGreedy}, {Mode: optimize.ModeFast}, {Mode: optimize.ModeSlow}}
	}
	return c.Modes
}

func (c *OptimizerHistoryCell) Run(env *cell.Env) (*cell.Output, error) {
	if len(c.Rows) == 0 {
		return nil, fmt.Errorf("rows: an optimizer_history cell needs at least one row")
	}
	if c.Mode != (optimize.Cooling{}) {
		return nil, fmt.Errorf("mode: an optimizer_history cell compares modes: list them in modes")
	}
	if len(c.Published) > 0 {
		return nil, fmt.Errorf("published: give published figures per row")
	}
	modes := c.modesOrDefault()
	for i, m := range modes {
		if slices.Index(modes, m) < i {
			return nil, fmt.Errorf("modes: %v is listed twice", m)
		}
	}
	set, fixers, err := c.Settings(env.ReadText)
	if err != nil {
		return nil, err
	}
	if set.Iterations == 0 {
		set.Iterations = optimize.DefaultIterations
	}
	if set.Restarts == 0 {
		set.Restarts = optimize.DefaultRestarts
	}
	// The history is of the annealing or greedy search; an enumeration
	// has none.
	set.ExhaustiveBits = -1
	set.Checkpoints = c.Checkpoints
	if set.Checkpoints == nil {
		set.Checkpoints = optimize.Checkpoints(set.Iterations)
	}
	for i, n := range set.Checkpoints {
		if n < 1 || n > set.Iterations || i > 0 && n <= set.Checkpoints[i-1] {
			return nil, fmt.Errorf("checkpoints: want ascending counts within 1..%d (iterations), got %v", set.Iterations, set.Checkpoints)
		}
	}
	var extra any
	if fixers != nil {
		extra = string(fixers)
	}
	results := make([][]historyRun, len(c.Rows))
	err = env.Cached(extra, &results, func() error {
		for i, r := range c.Rows {
			m, err := env.Movement(r.Movement)
			if err != nil {
				return fmt.Errorf("row %d: %w", i+1, err)
			}
			results[i] = make([]historyRun, len(modes))
			for j, mode := range modes {
				set.Cooling = mode
				res, err := optimize.Search(env.Ctx, m, set)
				if err != nil {
					return fmt.Errorf("row %d (%s): %w", i+1, r.Movement, err)
				}
				if err := env.Ctx.Err(); err != nil {
					return err // interrupted: a partial history is no result
				}
				run := historyRun{QfBefore: res.Before.Qf, Trace: optimize.MergeTraces(res.History), Restarts: len(res.History)}
				for _, tr := range res.History {
					if tr.Qf == run.Trace.Qf {
						run.Reaching++
						run.LastAt = max(run.LastAt, tr.BestAt)
					}
				}
				results[i][j] = run
				if env.Progress != nil {
					fmt.Fprintf(env.Progress, "  %s: %s: %v: Qf %.2f -> %.2f\n", env.ID, r.name(), mode, run.QfBefore, run.Trace.Qf)
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return c.present(env, modes, set, results)
}

// present lays out a table per mode and a chart per movement.
func (c *OptimizerHistoryCell) present(env *cell.Env, modes []optimize.Cooling, set optimize.Settings, results [][]historyRun) (*cell.Output, error) {
	res := &HistoryResult{}
	out := &cell.Output{Result: res}
	caption := cell.CaptionOr(c.Caption, "The best Qf against the iterations per restart")
	if len(c.Rows) == 1 {
		out.Blocks = append(out.Blocks, reports.Block{Table: c.modeTable(env, caption, modes, set, results[0])})
	}
	for j, mode := range modes {
		if len(c.Rows) == 1 {
			break // one table, a column per mode, says it all
		}
		// A column per movement and a row per checkpoint: narrow enough
		// for a page, and read downwards as the search goes on.
		t := &reports.Table{ID: fmt.Sprintf("%s-%v", env.ID, mode),
			Caption: fmt.Sprintf("%s: %v, best of %d restarts of %s iterations, seed %d.", caption, mode, set.Restarts, countLabel(set.Iterations), set.Seed),
			Columns: []reports.Column{{Name: "iterations"}}}
		before := []any{"before"}
		for i, r := range c.Rows {
			t.Columns = append(t.Columns, reports.Column{Name: r.name(), Decimals: 2})
			before = append(before, results[i][j].QfBefore)
		}
		t.Rows = append(t.Rows, before)
		for k, n := range set.Checkpoints {
			row := []any{countLabel(n)}
			for i := range c.Rows {
				row = append(row, results[i][j].Trace.Checkpoints[k].Qf)
			}
			t.Rows = append(t.Rows, row)
		}
		first, last := []any{"final best first at"}, []any{"last restart to reach it at"}
		reaching := []any{"restarts reaching it"}
		for i := range c.Rows {
			run := results[i][j]
			first = append(first, run.Trace.BestAt)
			last = append(last, run.LastAt)
			reaching = append(reaching, fmt.Sprintf("%d of %d", run.Reaching, run.Restarts))
		}
		t.Rows = append(t.Rows, first, last, reaching)
		out.Blocks = append(out.Blocks, reports.Block{Table: t})
	}
	for i, r := range c.Rows {
		ch := &reports.Chart{ID: fmt.Sprintf("%s-chart-%d", env.ID, i+1), Kind: "line", XNumeric: true, XLog: true,
			Caption: fmt.Sprintf("%s: best Qf after each number of iterations per restart (log scale), best of %d restarts.", r.name(), set.Restarts),
			XName:   "iterations per restart", YName: "best Qf"}
		for _, n := range set.Checkpoints {
			ch.XLabels = append(ch.XLabels, strconv.FormatInt(n, 10))
		}
		row := HistoryRow{Label: r.name(), Movement: r.Movement, QfBefore: results[i][0].QfBefore, Modes: map[string]HistoryMode{}}
		for j, mode := range modes {
			run := results[i][j]
			s := reports.Series{Name: mode.String()}
			for _, cp := range run.Trace.Checkpoints {
				s.Values = append(s.Values, cp.Qf)
			}
			ch.Series = append(ch.Series, s)
			row.Modes[mode.String()] = HistoryMode{Trace: run.Trace, Reaching: run.Reaching, Restarts: run.Restarts, LastAt: run.LastAt}
		}
		res.Rows = append(res.Rows, row)
		figs, err := check.Paths(row)
		if err != nil {
			return nil, err
		}
		checks, err := r.checks(env.ID+"/"+r.name()+"/", figs)
		if err != nil {
			return nil, fmt.Errorf("row %d (%s): %w", i+1, r.name(), err)
		}
		out.Checks = append(out.Checks, checks...)
		if c.Charts == nil || *c.Charts {
			out.Blocks = append(out.Blocks, reports.Block{Chart: ch})
		}
	}
	return out, nil
}

// modeTable is the table of a cell with one movement: a column per mode.
func (c *OptimizerHistoryCell) modeTable(env *cell.Env, caption string, modes []optimize.Cooling, set optimize.Settings, runs []historyRun) *reports.Table {
	t := &reports.Table{ID: env.ID,
		Caption: fmt.Sprintf("%s: %s, best of %d restarts of %s iterations, seed %d.", caption, c.Rows[0].name(), set.Restarts, countLabel(set.Iterations), set.Seed),
		Columns: []reports.Column{{Name: "iterations"}}}
	before := []any{"before"}
	first, last := []any{"final best first at"}, []any{"last restart to reach it at"}
	reaching := []any{"restarts reaching it"}
	for j, mode := range modes {
		run := runs[j]
		t.Columns = append(t.Columns, reports.Column{Name: mode.String(), Decimals: 2})
		before = append(before, run.QfBefore)
		first = append(first, run.Trace.BestAt)
		last = append(last, run.LastAt)
		reaching = append(reaching, fmt.Sprintf("%d of %d", run.Reaching, run.Restarts))
	}
	t.Rows = append(t.Rows, before)
	for k, n := range set.Checkpoints {
		row := []any{countLabel(n)}
		for j := range modes {
			row = append(row, runs[j].Trace.Checkpoints[k].Qf)
		}
		t.Rows = append(t.Rows, row)
	}
	t.Rows = append(t.Rows, first, last, reaching)
	return t
}

// searchName names the search a mode runs, for the optimize cell and command.
func searchName(m optimize.Mode) string {
	if m == optimize.ModeGreedy {
		return "greedy search"
	}
	return "annealing"
}

// countLabel writes an iteration count short: 500, 2k, 1M.
func countLabel(n int64) string {
	switch {
	case n >= 1_000_000 && n%1_000_000 == 0:
		return strconv.FormatInt(n/1_000_000, 10) + "M"
	case n >= 1000 && n%1000 == 0:
		return strconv.FormatInt(n/1000, 10) + "k"
	}
	return strconv.FormatInt(n, 10)
}
