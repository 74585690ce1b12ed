package study

import (
	"fmt"
	"strings"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/engine/optimize"
	"github.com/bridgereport/bridgereport/reports"
)

// OptimizeCell re-orients the tables of movements for the best balance, one
// row per movement, and shows the best movement found for each row.
type OptimizeCell struct {
	Common     `yaml:",inline"`
	Iterations int64 `yaml:"iterations"` // per restart; default the engine's
	Restarts   int   `yaml:"restarts"`   // default the engine's
	// Seed of the search; default 1. With an iteration budget, the same seed gives the same result.
	Seed uint64        `yaml:"seed"`
	Mode optimize.Mode `yaml:"mode"` // fast (default) or slow
	// FixRounds are rounds whose orientation is kept as given.
	FixRounds []int `yaml:"fix_rounds"`
	// FixTables are tables whose orientation is kept in every round.
	FixTables []int `yaml:"fix_tables"`
	// FixPairs are pairs whose tables keep their orientation.
	FixPairs []int `yaml:"fix_pairs"`
	// FixFirst keeps the first n table positions of round 1 as given.
	FixFirst int `yaml:"fix_first"`
	// ShowMovements lists the rows whose optimised movement is printed.
	ShowMovements []string `yaml:"show_movements"`
	// Rows are the movements to optimise, one a row.
	Rows []BalanceRow `yaml:"rows"`
}

func (c *OptimizeCell) movements() []string {
	var names []string
	for _, r := range c.Rows {
		names = append(names, r.Movement)
	}
	return names
}

// optimized is what the cache keeps of one optimisation.
type optimized struct {
	QfBefore, Qf, Qf1Av, Qf1Max, D4 float64
	Proven, Exhaustive              bool
	Iterations                      int64
	Switched                        []optimize.TablePos
	ASC                             string
}

func (c *OptimizeCell) settings() (optimize.Settings, error) {
	return optimize.Settings{Iterations: c.Iterations, Restarts: c.Restarts, Seed: c.Seed, Mode: c.Mode,
		FixRounds: c.FixRounds, FixTables: c.FixTables, FixPairs: c.FixPairs, FixFirst: c.FixFirst}, nil
}

func (c *OptimizeCell) run(env *runEnv) (*cellOutput, error) {
	if len(c.Rows) == 0 {
		return nil, fmt.Errorf("rows: an optimize cell needs at least one row")
	}
	set, err := c.settings()
	if err != nil {
		return nil, err
	}
	results := make([]optimized, len(c.Rows))
	err = env.cached(nil, &results, func() error {
		for i, r := range c.Rows {
			m, err := env.movement(r.Movement)
			if err != nil {
				return fmt.Errorf("row %d: %w", i+1, err)
			}
			if err := set.Validate(m); err != nil {
				return fmt.Errorf("row %d (%s): %w", i+1, r.Movement, err)
			}
			res, err := optimize.Search(env.ctx, m, set)
			if err != nil {
				return fmt.Errorf("row %d (%s): %w", i+1, r.Movement, err)
			}
			if err := env.ctx.Err(); err != nil {
				return err // interrupted: a partial search is no result
			}
			var asc strings.Builder
			if err := movement.WriteASC(&asc, res.Movement); err != nil {
				return err
			}
			o := optimized{QfBefore: res.Before.Qf, Qf: res.After.Qf, D4: res.After.D4, Proven: res.Proven,
				Exhaustive: res.Exhaustive, Iterations: res.Iterations, Switched: res.Switched, ASC: asc.String()}
			if res.VacancyAfter != nil {
				o.Qf1Av, o.Qf1Max = res.VacancyAfter.Av, res.VacancyAfter.Max
			}
			results[i] = o
			if env.progress != nil {
				fmt.Fprintf(env.progress, "  %s: %s: Qf %.2f -> %.2f\n", env.cell.ID, r.name(), o.QfBefore, o.Qf)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}

	t := &reports.Table{ID: env.cell.ID, Caption: captionOr(c.Caption, "Optimised by arrow switches"), Columns: []reports.Column{
		{Name: "movement"}, {Name: "Qf before", Decimals: 2}, {Name: "Qf after", Decimals: 2}, {Name: "Qf1av", Decimals: 2},
		{Name: "Qf1max", Decimals: 2}, {Name: "switched tables"}, {Name: "search"}}}
	chart := &reports.Chart{ID: env.cell.ID + "-chart", Caption: t.Caption, Kind: "bar", XName: "movement", YName: "Qf",
		Series: []reports.Series{{Name: "before"}, {Name: "after"}}}
	out := &cellOutput{}
	var shown []reports.Block
	for i, r := range c.Rows {
		o := results[i]
		search := "annealing, not proven optimal"
		switch {
		case o.Exhaustive:
			search = "exhaustive: proven optimal"
		case o.Proven:
			search = "annealing: at the lower bound, proven optimal"
		}
		label := r.name()
		t.Rows = append(t.Rows, []any{label, o.QfBefore, o.Qf, o.Qf1Av, o.Qf1Max, len(o.Switched), search})
		chart.XLabels = append(chart.XLabels, label)
		chart.Series[0].Values = append(chart.Series[0].Values, o.QfBefore)
		chart.Series[1].Values = append(chart.Series[1].Values, o.Qf)
		figs := map[string]float64{"qf_before": o.QfBefore, "qf": o.Qf, "qf1_av": o.Qf1Av, "qf1_max": o.Qf1Max, "switched": float64(len(o.Switched))}
		checks, err := checkFigures(env.cell.ID+"/"+label+"/", figs, r.Published, r.Errata)
		if err != nil {
			return nil, fmt.Errorf("row %d (%s): %w", i+1, label, err)
		}
		out.Checks = append(out.Checks, checks...)
		for _, want := range c.ShowMovements {
			if want == label || want == r.Movement {
				var sw []string
				for _, p := range o.Switched {
					sw = append(sw, fmt.Sprintf("r%d t%d", p.Round, p.Table))
				}
				shown = append(shown, reports.Block{Prose: fmt.Sprintf("**%s**, optimised (Qf %.2f, Qf1av %.2f; switched: %s):\n\n```\n%s```", label, o.Qf, o.Qf1Av, strings.Join(sw, ", "), o.ASC)})
			}
		}
	}
	out.Blocks = append([]reports.Block{{Table: t}, {Chart: chart}}, shown...)
	return out, nil
}

// name is the row's label, or its movement's name.
func (r BalanceRow) name() string {
	if r.Label != "" {
		return r.Label
	}
	return r.Movement
}
