package kinds

import (
	"fmt"

	"github.com/bridgereport/bridgereport/engine/optimize"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/check"
	"github.com/bridgereport/bridgereport/reports/resolve"
)

// OptimizeCell re-orients the tables of movements for the best balance, one
// row per movement, and shows the best movement found for the rows named
// in show_movements, in .ASC form with its figures as # comments. The
// optimize command runs it on one movement, shown.
type OptimizeCell struct {
	cell.Common             `yaml:",inline"`
	resolve.OptimizeOptions `yaml:",inline"`
	// ShowMovements lists the rows whose optimised movement is printed.
	ShowMovements []string `yaml:"show_movements"`
	// Rows are the movements to optimise, one a row.
	Rows []BalanceRow `yaml:"rows"`
}

// Optimize is the optimize kind.
var Optimize = register(Kind{Name: "optimize", New: func() cell.Body { return new(OptimizeCell) }, Results: []any{&OptimizeCellResult{}}, Figures: OptimizeRow{}, Per: "rows"})

// OptimizeCellResult is what an optimize cell computes: a row per
// movement, each the optimize command's --json with the row's label.
type OptimizeCellResult struct {
	Rows []OptimizeRow `json:"rows"`
}

// OptimizeRow is one row of an optimize cell.
type OptimizeRow struct {
	Label string `json:"label"`
	*OptimizeResult
}

func (c *OptimizeCell) Movements() []string { return rowMovements(c.Rows) }

func (c *OptimizeCell) Run(env *cell.Env) (*cell.Output, error) {
	if len(c.Rows) == 0 {
		return nil, fmt.Errorf("rows: an optimize cell needs at least one row")
	}
	set, fixers, err := c.Settings(env.ReadText)
	if err != nil {
		return nil, err
	}
	if env.OnProgress != nil {
		set.Progress = func(p optimize.Progress) {
			if p.Budget >= resolve.NoBudget {
				p.Budget = 0 // a time limit alone: no total to count towards
			}
			env.OnProgress(p.Iterations, p.Budget)
		}
	}
	var extra any
	if fixers != nil {
		extra = string(fixers) // the file is an input of the result
	}
	results := make([]*OptimizeResult, len(c.Rows))
	err = env.Cached(extra, &results, func() error {
		for i, r := range c.Rows {
			m, err := env.Movement(r.Movement)
			if err != nil {
				return fmt.Errorf("row %d: %w", i+1, err)
			}
			if err := set.Validate(m); err != nil {
				return fmt.Errorf("row %d (%s): %w", i+1, r.Movement, err)
			}
			o, err := optimizeOne(env.Ctx, r.Movement, m, set)
			if err != nil {
				return fmt.Errorf("row %d (%s): %w", i+1, r.Movement, err)
			}
			if err := env.Ctx.Err(); err != nil {
				return err // interrupted: a partial search is no result
			}
			results[i] = o
			if env.Progress != nil {
				fmt.Fprintf(env.Progress, "  %s: %s: Qf %.2f -> %.2f\n", env.ID, r.name(), o.QfBefore, o.Qf)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}

	t := &reports.Table{ID: env.ID, Caption: cell.CaptionOr(c.Caption, "Optimised by arrow switches"), Columns: []reports.Column{
		{Name: "movement"}, {Name: "Qf before", Decimals: 2}, {Name: "Qf after", Decimals: 2}, {Name: "Qf1av", Decimals: 2},
		{Name: "Qf1max", Decimals: 2}, {Name: "d4", Decimals: 3}, {Name: "switched tables"}, {Name: "search"}}}
	chart := &reports.Chart{ID: env.ID + "-chart", Caption: t.Caption, Kind: "bar", XName: "movement", YName: "Qf",
		Series: []reports.Series{{Name: "before"}, {Name: "after"}}}
	res := &OptimizeCellResult{}
	out := &cell.Output{Result: res}
	var shown []reports.Block
	for i, r := range c.Rows {
		o := results[i]
		label := r.name()
		qf1Av, qf1Max := o.qf1()
		t.Rows = append(t.Rows, []any{label, o.QfBefore, o.Qf, qf1Av, qf1Max, o.D4, len(o.Switched), o.Verdict})
		chart.XLabels = append(chart.XLabels, label)
		chart.Series[0].Values = append(chart.Series[0].Values, o.QfBefore)
		chart.Series[1].Values = append(chart.Series[1].Values, o.Qf)
		row := OptimizeRow{Label: label, OptimizeResult: o}
		res.Rows = append(res.Rows, row)
		figs, err := check.Paths(row)
		if err != nil {
			return nil, err
		}
		checks, err := r.checks(env.ID+"/"+label+"/", figs)
		if err != nil {
			return nil, fmt.Errorf("row %d (%s): %w", i+1, label, err)
		}
		out.Checks = append(out.Checks, checks...)
		for _, want := range c.ShowMovements {
			if want == label || want == r.Movement {
				shown = append(shown, o.block(env.ID+"-"+cell.Slug(label), label+", optimised"))
			}
		}
	}
	out.Blocks = append([]reports.Block{{Table: t}, {Chart: chart}}, shown...)
	return out, nil
}
