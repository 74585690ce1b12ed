package kinds

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/check"
)

// BalanceCell is a table of balance figures, one row per movement.
type BalanceCell struct {
	cell.Common `yaml:",inline"`
	// Columns are figure names: pairs, tables, rounds, groups, h, S, N, SS,
	// qf, qc, sd, skew, d4, qo, qf1_av, qf1_max, qf1_last (Qf1 with the
	// last pair absent), mid_rounds (rounds with an arrow switch in
	// mid-round at a split table) and mid_pairs (pairs that switch in
	// mid-round); default qf.
	Columns []string `yaml:"columns"`
	// Rows are the movements of the table, one a row.
	Rows []BalanceRow `yaml:"rows"`
	// Chart names a column to draw as a bar chart over the rows.
	Chart string `yaml:"chart"`
	// ChartGrid draws the chart as a grid instead, each row at its place
	// (the row's at): rows that belong together read across and down.
	ChartGrid *ChartGrid `yaml:"chart_grid"`
}

// Balance is the balance kind.
var Balance = register(Kind{Name: "balance", Browser: true, New: func() cell.Body { return new(BalanceCell) }, Results: []any{&BalanceResult{}}, Figures: BalanceFigures{}, Per: "rows"})

// BalanceRow is one movement of a balance table.
type BalanceRow struct {
	// Label names the row; default the movement's name.
	Label string `yaml:"label"`
	// At is the row's place in the cell's chart_grid: [column, line].
	At []string `yaml:"at"`
	// Movement names a movement of the study.
	Movement string `yaml:"movement"`
	// Published figures of this row, by column name, as printed.
	Published map[string]string `yaml:"published"`
	// Errata: published figures of this row known to be wrong, with the reason.
	Errata map[string]string `yaml:"errata"`
	// Beats: published figures of another movement for the same event,
	// as printed, that this row must reach or beat (higher is better: qf,
	// qo, qf1_av, qf1_max). A figure is in Published or Beats, not both.
	Beats map[string]string `yaml:"beats"`
}

// name is the row's label, or its movement's name.
func (r BalanceRow) name() string {
	if r.Label != "" {
		return r.Label
	}
	return r.Movement
}

// checks compares the row's published figures, and those it must reach or
// beat, with the computed ones.
func (r BalanceRow) checks(prefix string, figs map[string]float64) ([]reports.Check, error) {
	checks, err := check.Figures(prefix, figs, r.Published, r.Errata)
	if err != nil {
		return nil, err
	}
	beats, err := check.Beats(prefix, figs, r.Beats, r.Published)
	return append(checks, beats...), err
}

func (c *BalanceCell) Movements() []string { return rowMovements(c.Rows) }

func (r BalanceRow) movementName() string { return r.Movement }

// rowMovements lists the movements of a cell's rows, for the cells whose
// rows each name one.
func rowMovements[R interface{ movementName() string }](rows []R) []string {
	var names []string
	for _, r := range rows {
		names = append(names, r.movementName())
	}
	return names
}

type figureColumn struct {
	name     string
	decimals int
}

// balanceColumns lists the figures a balance cell can show, with their
// display precision.
var balanceColumns = []figureColumn{
	{"pairs", 0}, {"tables", 0}, {"rounds", 0}, {"groups", 0}, {"h", 0},
	{"S", 0}, {"N", 0}, {"SS", 0},
	{"qf", 2}, {"qc", 2}, {"sd", 2}, {"skew", 3}, {"d4", 2}, {"qo", 2},
	{"qf1_av", 2}, {"qf1_max", 2}, {"qf1_last", 2},
	{"mid_rounds", 0}, {"mid_pairs", 0},
}

// BalanceResult is what a balance cell computes: a row per movement.
type BalanceResult struct {
	Rows []BalanceFigures `json:"rows"`
}

// BalanceFigures are the balance figures of one movement; their json names
// are the names of the columns and of the published figures.
type BalanceFigures struct {
	Label    string `json:"label"`
	Movement string `json:"movement"`
	Tables   int    `json:"tables"`
	Rounds   int    `json:"rounds"`
	Groups   int    `json:"groups"`
	*movement.Balance
	// MidRounds counts the rounds with an arrow switch in mid-round at a
	// split table, MidPairs the pairs that make one.
	MidRounds int `json:"mid_rounds"`
	MidPairs  int `json:"mid_pairs"`
	// The vacancy figures, when a column or a published figure asks for
	// them; Qf1Last is Qf1 with the last pair absent.
	*movement.Vacancy
	Qf1Last *float64 `json:"qf1_last,omitempty"`
}

// balanceFigures computes the figures of balanceColumns for a movement.
func balanceFigures(ctx context.Context, label, name string, m *movement.Movement, wantVacancy bool) (*BalanceFigures, error) {
	b, err := movement.ComputeBalanceContext(ctx, m)
	if err != nil {
		return nil, err
	}
	f := &BalanceFigures{Label: label, Movement: name, Tables: m.Tables, Rounds: m.Rounds, Groups: m.Groups, Balance: b}
	// Arrow switches in mid-round: the rounds that have one, the pairs that
	// make one.
	for _, k := range movement.MidRoundSwitches(m) {
		if k > 0 {
			f.MidRounds++
		}
	}
	for _, k := range movement.MidRoundPairs(m) {
		if k > 0 {
			f.MidPairs++
		}
	}
	if wantVacancy {
		v, err := movement.ComputeVacancyContext(ctx, m)
		if err != nil {
			return nil, err
		}
		f.Vacancy, f.Qf1Last = v, &v.Qf1[m.Pairs-1]
	}
	return f, nil
}

func (c *BalanceCell) Run(env *cell.Env) (*cell.Output, error) {
	if len(c.Rows) == 0 {
		return nil, fmt.Errorf("rows: a balance cell needs at least one row")
	}
	if len(c.Published) > 0 {
		return nil, fmt.Errorf("published: give published figures per row")
	}
	cols := c.Columns
	if len(cols) == 0 {
		cols = []string{"qf"}
	}
	t := &reports.Table{ID: env.ID, Caption: cell.CaptionOr(c.Caption, "Balance"), Columns: []reports.Column{{Name: "movement"}}}
	for _, name := range cols {
		i := slices.IndexFunc(balanceColumns, func(bc figureColumn) bool { return bc.name == name })
		if i < 0 {
			return nil, fmt.Errorf("columns: unknown figure %q", name)
		}
		t.Columns = append(t.Columns, reports.Column{Name: name, Decimals: balanceColumns[i].decimals})
	}
	result := &BalanceResult{}
	out := cell.Output{Result: result}
	var chart *reports.Chart
	if c.Chart != "" {
		if !slices.Contains(cols, c.Chart) {
			return nil, fmt.Errorf("chart: %q is not one of the columns", c.Chart)
		}
		chart = &reports.Chart{ID: env.ID + "-chart", Caption: t.Caption, Kind: "bar", XName: "movement", YName: c.Chart,
			Series: []reports.Series{{Name: c.Chart}}}
	}
	labels := map[string]bool{}
	for i, r := range c.Rows {
		label := r.name()
		if labels[label] {
			return nil, fmt.Errorf("rows: label %q appears twice (labels name the checks)", label)
		}
		labels[label] = true
		m, err := env.Movement(r.Movement)
		if err != nil {
			return nil, fmt.Errorf("row %d: %w", i+1, err)
		}
		needVacancy := false
		for _, col := range cols {
			needVacancy = needVacancy || strings.HasPrefix(col, "qf1")
		}
		needVacancy = needVacancy || hasVacancyKey(r.Published) || hasVacancyKey(r.Beats)
		res, err := balanceFigures(env.Ctx, label, r.Movement, m, needVacancy)
		if err != nil {
			return nil, fmt.Errorf("row %d: %w", i+1, err)
		}
		result.Rows = append(result.Rows, *res)
		figs, err := check.Paths(res)
		if err != nil {
			return nil, err
		}
		row := []any{label}
		for _, col := range cols {
			row = append(row, figs[col])
		}
		t.Rows = append(t.Rows, row)
		checks, err := r.checks(env.ID+"/"+label+"/", figs)
		if err != nil {
			return nil, fmt.Errorf("row %d (%s): %w", i+1, label, err)
		}
		out.Checks = append(out.Checks, checks...)
		if chart != nil {
			chart.XLabels = append(chart.XLabels, label)
			chart.Series[0].Values = append(chart.Series[0].Values, figs[c.Chart])
		}
	}
	out.Blocks = append(out.Blocks, reports.Block{Table: t})
	if c.ChartGrid != nil {
		if chart == nil {
			return nil, fmt.Errorf("chart_grid: name the column to draw in chart")
		}
		grid, err := gridChart(chart.ID, chart.Caption, c.Chart, c.ChartGrid, c.Rows, chart.Series[0].Values)
		if err != nil {
			return nil, err
		}
		chart = grid
	}
	if chart != nil {
		out.Blocks = append(out.Blocks, reports.Block{Chart: chart})
	}
	return &out, nil
}
