package kinds

import (
	"strconv"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/check"
)

// VacancyCell shows Qf with each pair absent, and the pooled figures.
type VacancyCell struct {
	cell.Common `yaml:",inline"`
	// Movement names the movement whose pairs are made absent in turn.
	Movement string `yaml:"movement"`
}

// Vacancy is the vacancy kind.
var Vacancy = register(Kind{Name: "vacancy", Browser: true, New: func() cell.Body { return new(VacancyCell) }, Results: []any{&VacancyResult{}}, Figures: VacancyResult{}})

// VacancyResult is what a vacancy cell computes: Qf with each pair absent
// in turn (qf1/N), and the pooled figures.
type VacancyResult struct {
	Movement string `json:"movement"`
	*movement.Vacancy
}

func (c *VacancyCell) Movements() []string { return []string{c.Movement} }

func (c *VacancyCell) Run(env *cell.Env) (*cell.Output, error) {
	m, err := env.Movement(c.Movement)
	if err != nil {
		return nil, err
	}
	v, err := movement.ComputeVacancyContext(env.Ctx, m)
	if err != nil {
		return nil, err
	}
	caption := cell.CaptionOr(c.Caption, "Qf with one pair absent, "+c.Movement)
	t := &reports.Table{ID: env.ID, Caption: caption, Columns: []reports.Column{{Name: "absent pair"}, {Name: "Qf1", Decimals: 2}}}
	ch := &reports.Chart{ID: env.ID + "-chart", Caption: caption, Kind: "bar", XName: "absent pair", YName: "Qf1", Series: []reports.Series{{Name: "Qf1"}}}
	for p, q := range v.Qf1 {
		t.Rows = append(t.Rows, []any{p + 1, q})
		ch.XLabels = append(ch.XLabels, strconv.Itoa(p+1))
		ch.Series[0].Values = append(ch.Series[0].Values, q)
	}
	res := &VacancyResult{Movement: c.Movement, Vacancy: v}
	figs, err := check.Paths(res)
	if err != nil {
		return nil, err
	}
	t.Rows = append(t.Rows, []any{"pooled (Qf1av)", v.Av}, []any{"maximum", v.Max})
	return c.Output(env, figs, []reports.Block{{Table: t}, {Chart: ch}}, res)
}
