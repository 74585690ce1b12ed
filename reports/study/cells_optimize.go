package study

import (
	"bytes"
	"fmt"

	"github.com/bridgereport/bridgereport/engine/optimize"
	"github.com/bridgereport/bridgereport/reports"
)

// OptimizeCell re-orients the tables of movements for the best balance, one
// row per movement, and shows the best movement found for each row.
type OptimizeCell struct {
	Common          `yaml:",inline"`
	OptimizeOptions `yaml:",inline"`
	// ShowMovements lists the rows whose optimised movement is printed.
	ShowMovements []string `yaml:"show_movements"`
	// Rows are the movements to optimise, one a row.
	Rows []BalanceRow `yaml:"rows"`
}

// OptimizeOptions are the optimiser's settings as an optimize cell's fields
// and the optimize command's flags give them, with balans's options in
// brackets; Settings decodes both the same way. Pair numbers name the pairs
// after renumber.
type OptimizeOptions struct {
	// Iterations are the trial switches per restart; default the engine's [-s].
	Iterations int64 `yaml:"iterations"`
	// Restarts are the independent annealing runs; default the engine's.
	Restarts int `yaml:"restarts"`
	// Seed of the search; default 1. With an iteration budget, the same seed gives the same result.
	Seed uint64 `yaml:"seed"`
	// Mode is the cooling, fast (default) or slow, optionally with its two temperatures, as "slow:2:0.01" [-S n:c1:c2]; or greedy, early balans's steepest descent with random restarts.
	Mode optimize.Cooling `yaml:"mode"`
	// FixRounds are rounds whose orientation is kept as given [-r].
	FixRounds []int `yaml:"fix_rounds"`
	// FixTables are tables whose orientation is kept in every round [-t].
	FixTables []int `yaml:"fix_tables"`
	// FixPairs are pairs whose tables keep their orientation [-i].
	FixPairs []int `yaml:"fix_pairs"`
	// FixGroups are board groups, as A or 1, whose tables keep their orientation [-j].
	FixGroups []optimize.Group `yaml:"fix_groups"`
	// FixFirst keeps the first n table positions of round 1 as given [-f].
	FixFirst int `yaml:"fix_first"`
	// OnlyRound keeps everything fixed but this round [-R].
	OnlyRound int `yaml:"only_round"`
	// OnlyTable keeps everything fixed but this table [-D].
	OnlyTable int `yaml:"only_table"`
	// OnlyPair keeps everything fixed but the tables of this pair and so its opponents [-I].
	OnlyPair int `yaml:"only_pair"`
	// OnlyGroup keeps everything fixed but the tables of this board group [-J].
	OnlyGroup optimize.Group `yaml:"only_group"`
	// Fixers is a file of round × table fixers, a line per round with 0 (free) or 1 (fixed) per table, relative to the study [-a].
	Fixers string `yaml:"fixers"`
	// Absent optimises the movement with this pair absent; its tables keep their orientation [-v].
	Absent int `yaml:"absent"`
	// AbsentRange ranks the vacancy quality over these absent pairs only, as "9-14" [-P].
	AbsentRange optimize.PairRange `yaml:"absent_range"`
	// Renumber renumbers the pairs first: pair p becomes the p-th number; pair fields name the new numbers [-p].
	Renumber []int `yaml:"renumber"`
	// Vacancy ranks equal Qf by the weighted score w1·Qf1max + w2·Qf1av (weighted, the default), by Qf1av, then Qf1max (av-then-max), or not at all (off: Qf, then d4 unless d4 is false).
	Vacancy optimize.Vacancy `yaml:"vacancy"`
	// Weights are w1:w2 of the weighted vacancy score; default "2:1" [-W].
	Weights optimize.Weights `yaml:"weights"`
	// D4 false leaves d4 out of the ranking; default true [-k].
	D4 *bool `yaml:"d4"`
	// Randomize starts every restart from random orientations of the free tables [-z].
	Randomize bool `yaml:"randomize"`
}

// Settings decodes the options into the engine's settings. readFile reads
// the fixers file; fixers returns its text, an input of the result.
func (o *OptimizeOptions) Settings(readFile func(name string) ([]byte, error)) (set optimize.Settings, fixers []byte, err error) {
	set = optimize.Settings{Iterations: o.Iterations, Restarts: o.Restarts, Seed: o.Seed, Cooling: o.Mode,
		FixRounds: o.FixRounds, FixTables: o.FixTables, FixPairs: o.FixPairs, FixGroups: o.FixGroups, FixFirst: o.FixFirst,
		OnlyRound: o.OnlyRound, OnlyTable: o.OnlyTable, OnlyPair: o.OnlyPair, OnlyGroup: o.OnlyGroup,
		Absent: o.Absent, AbsentRange: o.AbsentRange, Renumber: o.Renumber,
		Vacancy: o.Vacancy, Weights: o.Weights, NoD4: o.D4 != nil && !*o.D4, Randomize: o.Randomize}
	if o.Fixers != "" {
		if fixers, err = readFile(o.Fixers); err != nil {
			return set, nil, fmt.Errorf("fixers: %w", err)
		}
		if set.Fixers, err = optimize.ParseFixers(o.Fixers, bytes.NewReader(fixers)); err != nil {
			return set, nil, err
		}
	}
	return set, fixers, nil
}

func (c *OptimizeCell) movements() []string { return rowMovements(c.Rows) }

func (c *OptimizeCell) run(env *runEnv) (*cellOutput, error) {
	if len(c.Rows) == 0 {
		return nil, fmt.Errorf("rows: an optimize cell needs at least one row")
	}
	set, fixers, err := c.Settings(env.readText)
	if err != nil {
		return nil, err
	}
	var extra any
	if fixers != nil {
		extra = string(fixers) // the file is an input of the result
	}
	results := make([]*OptimizeResult, len(c.Rows))
	err = env.cached(extra, &results, func() error {
		for i, r := range c.Rows {
			m, err := env.movement(r.Movement)
			if err != nil {
				return fmt.Errorf("row %d: %w", i+1, err)
			}
			if err := set.Validate(m); err != nil {
				return fmt.Errorf("row %d (%s): %w", i+1, r.Movement, err)
			}
			o, err := Optimize(env.ctx, r.Movement, m, set)
			if err != nil {
				return fmt.Errorf("row %d (%s): %w", i+1, r.Movement, err)
			}
			if err := env.ctx.Err(); err != nil {
				return err // interrupted: a partial search is no result
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
		{Name: "Qf1max", Decimals: 2}, {Name: "d4", Decimals: 3}, {Name: "switched tables"}, {Name: "search"}}}
	chart := &reports.Chart{ID: env.cell.ID + "-chart", Caption: t.Caption, Kind: "bar", XName: "movement", YName: "Qf",
		Series: []reports.Series{{Name: "before"}, {Name: "after"}}}
	out := &cellOutput{}
	var shown []reports.Block
	for i, r := range c.Rows {
		o := results[i]
		search := searchName(c.Mode.Mode) + ", not proven optimal"
		switch {
		case o.Exhaustive:
			search = "exhaustive: proven optimal"
		case o.ProvenOptimal:
			search = searchName(c.Mode.Mode) + ": at the lower bound, proven optimal"
		}
		label := r.name()
		qf1Av, qf1Max := o.qf1()
		t.Rows = append(t.Rows, []any{label, o.QfBefore, o.Qf, qf1Av, qf1Max, o.D4, len(o.Switched), search})
		chart.XLabels = append(chart.XLabels, label)
		chart.Series[0].Values = append(chart.Series[0].Values, o.QfBefore)
		chart.Series[1].Values = append(chart.Series[1].Values, o.Qf)
		figs := map[string]float64{"qf_before": o.QfBefore, "qf": o.Qf, "qf1_av": qf1Av, "qf1_max": qf1Max, "d4": o.D4, "switched": float64(len(o.Switched))}
		checks, err := r.checks(env.cell.ID+"/"+label+"/", figs)
		if err != nil {
			return nil, fmt.Errorf("row %d (%s): %w", i+1, label, err)
		}
		out.Checks = append(out.Checks, checks...)
		for _, want := range c.ShowMovements {
			if want == label || want == r.Movement {
				shown = append(shown, o.block(env.cell.ID+"-"+slug(label), label+", optimised"))
			}
		}
	}
	out.Blocks = append([]reports.Block{{Table: t}, {Chart: chart}}, shown...)
	return out, nil
}
