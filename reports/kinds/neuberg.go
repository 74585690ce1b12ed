package kinds

import (
	"fmt"

	"github.com/bridgereport/bridgereport/engine/scoring"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/check"
)

// NeubergCell applies the Neuberg formula to single board scores. Its
// figures are each row's, as LABEL/FIGURE: mp, top (as played), actual,
// expected, adjusted, rounded and full_top.
type NeubergCell struct {
	cell.Common `yaml:",inline"`
	Scale       scoring.Scale `yaml:"scale"` // wbf (default) or acbl
	Step        float64       `yaml:"step"`  // rounding step of the shown result; default 0.1
	// Rows are the scores to adjust: label, mp (matchpoints on the 2-per-beat or ACBL scale), actual and expected (results on the board).
	Rows []struct {
		Label    string  `yaml:"label"`
		MP       float64 `yaml:"mp"`
		Actual   int     `yaml:"actual"`
		Expected int     `yaml:"expected"`
	} `yaml:"rows"`
}

// Neuberg is the neuberg kind.
var Neuberg = register(Kind{Name: "neuberg", New: func() cell.Body { return new(NeubergCell) }, Results: []any{&NeubergResult{}}, Figures: NeubergRow{}, Prefix: "LABEL/"})

// NeubergResult is each score adjusted by the Neuberg formula.
type NeubergResult struct {
	Scale scoring.Scale `json:"scale"`
	Step  float64       `json:"step"`
	Rows  []NeubergRow  `json:"rows"`
}

// NeubergRow is one score: mp out of top (the board as played, actual
// results), adjusted to expected results (full_top), and rounded to the
// step.
type NeubergRow struct {
	Label    string  `json:"label"`
	MP       float64 `json:"mp"`
	Top      float64 `json:"top"`
	Actual   int     `json:"actual"`
	Expected int     `json:"expected"`
	Adjusted float64 `json:"adjusted"`
	Rounded  float64 `json:"rounded"`
	FullTop  float64 `json:"full_top"`
}

func (c *NeubergCell) Movements() []string { return nil }

func (c *NeubergCell) Run(env *cell.Env) (*cell.Output, error) {
	res, err := c.compute()
	if err != nil {
		return nil, err
	}
	figs := map[string]float64{}
	for _, r := range res.Rows {
		if err := check.AddPaths(figs, r.Label+"/", r); err != nil {
			return nil, err
		}
	}
	return c.Output(env, figs, res.blocks(env.ID, c.Caption), res)
}

func (c *NeubergCell) compute() (*NeubergResult, error) {
	res := &NeubergResult{Scale: c.Scale, Step: c.Step}
	if res.Step == 0 {
		res.Step = 0.1
	}
	for i, r := range c.Rows {
		if r.Label == "" || r.Actual < 1 || r.Expected < r.Actual {
			return nil, fmt.Errorf("rows: row %d needs a label and 1 ≤ actual ≤ expected", i+1)
		}
		adj := scoring.Neuberg(r.MP, r.Actual, r.Expected, c.Scale)
		res.Rows = append(res.Rows, NeubergRow{Label: r.Label, MP: r.MP, Top: c.Scale.Top(r.Actual), Actual: r.Actual, Expected: r.Expected,
			Adjusted: adj, Rounded: scoring.RoundTo(adj, res.Step), FullTop: c.Scale.Top(r.Expected)})
	}
	return res, nil
}

// blocks presents the adjusted scores as one table.
func (r *NeubergResult) blocks(id, caption string) []reports.Block {
	t := &reports.Table{ID: id, Caption: cell.CaptionOr(caption, "Neuberg adjustment"), Columns: []reports.Column{
		{Name: "pair"}, {Name: "matchpoints"}, {Name: "top as played"}, {Name: "played"}, {Name: "expected"},
		{Name: "adjusted", Decimals: 4}, {Name: "rounded", Decimals: 1}, {Name: "full top"}}}
	for _, row := range r.Rows {
		t.Rows = append(t.Rows, []any{row.Label, row.MP, row.Top, row.Actual, row.Expected, row.Adjusted, row.Rounded, row.FullTop})
	}
	return []reports.Block{{Table: t}}
}
