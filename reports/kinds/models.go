package kinds

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/luck"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/check"
)

// OneStrongCell shows every pair's percentage when one pair tops every board
// and all other results are equal (seed 004), one column per movement. A
// column's figures are its qf, each pair's percentage (keyed by pair
// number), and how far the other pairs fall from the ideal share of what
// the strong pair leaves, (50·P − 100)/(P − 1) %: ideal, max_dev (the
// largest deviation), rms_dev (the root mean square) and max_ratio and
// rms_ratio (the first column's deviation over this column's).
type OneStrongCell struct {
	cell.Common `yaml:",inline"`
	Strong      int `yaml:"strong"` // the strong pair; default 1
	// Columns are movements; a pair's published percentage is keyed
	// percent/N, N the pair's number.
	Columns []BalanceRow `yaml:"columns"`
}

// OneStrong is the one_strong kind.
var OneStrong = register(Kind{Name: "one_strong", Browser: true, New: func() cell.Body { return new(OneStrongCell) }, Results: []any{&OneStrongColumns{}}, Figures: OneStrongColumn{}, Per: "columns"})

// OneStrongColumns is what a one_strong cell computes: a column per
// movement.
type OneStrongColumns struct {
	Strong  int               `json:"strong"`
	Columns []OneStrongColumn `json:"columns"`
}

// OneStrongColumn is one movement's percentages and how far the pairs other
// than the strong one fall from their ideal share.
type OneStrongColumn struct {
	Name     string    `json:"name"` // the column's label
	Movement string    `json:"movement"`
	Qf       float64   `json:"qf"`
	Percent  []float64 `json:"percent"` // pairs 1..P
	Ideal    float64   `json:"ideal"`
	MaxDev   float64   `json:"max_dev"`
	RMSDev   float64   `json:"rms_dev"`
	// MaxRatio and RMSRatio are the first column's MaxDev and RMSDev over
	// this one's; null where this one's is 0 (a perfect movement: every
	// pair gets its ideal share), where the ratio has no value.
	MaxRatio *float64 `json:"max_ratio"`
	RMSRatio *float64 `json:"rms_ratio"`
}

func (c *OneStrongCell) Movements() []string {
	var names []string
	for _, r := range c.Columns {
		names = append(names, r.Movement)
	}
	return names
}

func (c *OneStrongCell) Run(env *cell.Env) (*cell.Output, error) {
	res, err := c.compute(env)
	if err != nil {
		return nil, err
	}
	out := &cell.Output{Result: res}
	for i, col := range res.Columns {
		figs, err := check.Paths(col)
		if err != nil {
			return nil, fmt.Errorf("column %d: %w", i+1, err)
		}
		checks, err := check.Figures(env.ID+"/"+col.Name+"/", figs, c.Columns[i].Published, c.Columns[i].Errata)
		if err != nil {
			return nil, fmt.Errorf("column %d: %w", i+1, err)
		}
		out.Checks = append(out.Checks, checks...)
	}
	out.Blocks = res.blocks(env.ID, c.Caption)
	return out, nil
}

func (c *OneStrongCell) compute(env *cell.Env) (*OneStrongColumns, error) {
	if len(c.Columns) == 0 {
		return nil, fmt.Errorf("columns: give at least one movement")
	}
	res := &OneStrongColumns{Strong: cmp.Or(c.Strong, 1)}
	for i, col := range c.Columns {
		m, err := env.Movement(col.Movement)
		if err != nil {
			return nil, err
		}
		pct, err := luck.OneStrongPair(m, res.Strong)
		if err != nil {
			return nil, fmt.Errorf("column %d: %w", i+1, err)
		}
		if i > 0 && len(pct) != len(res.Columns[0].Percent) {
			return nil, fmt.Errorf("column %d: %d pairs, the first column has %d", i+1, len(pct), len(res.Columns[0].Percent))
		}
		column := OneStrongColumn{Name: col.name(), Movement: col.Movement, Qf: movement.ComputeBalance(m).Qf, Percent: pct}
		column.Ideal, column.MaxDev, column.RMSDev = idealDeviation(pct, res.Strong)
		first := column
		if i > 0 {
			first = res.Columns[0]
		}
		column.MaxRatio, column.RMSRatio = ratio(first.MaxDev, column.MaxDev), ratio(first.RMSDev, column.RMSDev)
		res.Columns = append(res.Columns, column)
	}
	return res, nil
}

// blocks presents the columns: the percentages as a table and a chart, and
// the deviations from the ideal share as a table.
func (r *OneStrongColumns) blocks(id, caption string) []reports.Block {
	t := &reports.Table{ID: id, Caption: cell.CaptionOr(caption, fmt.Sprintf("Percentages when pair %d tops every board", r.Strong)), Columns: []reports.Column{{Name: "pair"}}}
	chart := &reports.Chart{ID: id + "-chart", Caption: t.Caption, Kind: "line", XName: "pair", YName: "percent"}
	dev := &reports.Table{ID: id + "-deviation", Caption: cell.Extend(t.Caption, ": ", "the other pairs' deviation from the ideal share."),
		Columns: []reports.Column{{Name: "movement"}, {Name: "ideal", Decimals: 2}, {Name: "max deviation", Decimals: 2}, {Name: "RMS deviation", Decimals: 2},
			{Name: "max ratio", Decimals: 2}, {Name: "RMS ratio", Decimals: 2}}}
	qfs := []any{"Qf"}
	for _, col := range r.Columns {
		qfs = append(qfs, col.Qf)
		t.Columns = append(t.Columns, reports.Column{Name: col.Name, Decimals: 2})
		chart.Series = append(chart.Series, reports.Series{Name: col.Name, Values: col.Percent})
		dev.Rows = append(dev.Rows, []any{col.Name, col.Ideal, col.MaxDev, col.RMSDev, ratioCell(col.MaxRatio), ratioCell(col.RMSRatio)})
	}
	t.Rows = append(t.Rows, qfs)
	for p := range r.Columns[0].Percent {
		row := []any{fmt.Sprintf("pair %d", p+1)}
		for _, col := range r.Columns {
			row = append(row, col.Percent[p])
		}
		t.Rows = append(t.Rows, row)
		chart.XLabels = append(chart.XLabels, strconv.Itoa(p+1))
	}
	return []reports.Block{{Table: t}, {Chart: chart}, {Table: dev}}
}

// ratio is a/b, nil when b is 0.
func ratio(a, b float64) *float64 {
	if b == 0 {
		return nil
	}
	r := a / b
	return &r
}

// ratioCell is a ratio as a table shows it: "–" when it has no value.
func ratioCell(r *float64) any {
	if r == nil {
		return "–"
	}
	return *r
}

// idealDeviation is the ideal share of the pairs other than strong when
// strong scores 100 % and the field averages 50 %, and the largest and the
// root mean square deviation of their percentages from it.
func idealDeviation(pct []float64, strong int) (ideal, maxDev, rmsDev float64) {
	P := float64(len(pct))
	ideal = (50*P - 100) / (P - 1)
	var ss float64
	for p, v := range pct {
		if p+1 == strong {
			continue
		}
		d := math.Abs(v - ideal)
		maxDev = max(maxDev, d)
		ss += d * d
	}
	return ideal, maxDev, math.Sqrt(ss / (P - 1))
}

// TwoStrongCell shows the spread of the weak pairs' percentages over every
// choice of two strong pairs (strengths 1 1 2 2 …), one row per movement.
type TwoStrongCell struct {
	cell.Common `yaml:",inline"`
	// Rows are the movements, one a row.
	Rows []BalanceRow `yaml:"rows"`
}

// TwoStrong is the two_strong kind.
var TwoStrong = register(Kind{Name: "two_strong", Browser: true, New: func() cell.Body { return new(TwoStrongCell) }, Results: []any{&TwoStrongRows{}}, Figures: TwoStrongResult{}, Per: "rows"})

// TwoStrongResult is the "two strong pairs" model on one movement: the
// spread of the weak pairs' percentages over every choice of the two
// strong pairs.
type TwoStrongResult struct {
	Model    string  `json:"model"` // two-strong
	Choices  int     `json:"choices"`
	WeakMin  float64 `json:"weak_min"`
	WeakMax  float64 `json:"weak_max"`
	WeakMode float64 `json:"weak_mode"` // the most frequent (the lowest of them on a tie)
	WeakMean float64 `json:"weak_mean"`
	WeakSd   float64 `json:"weak_sd"`
	// Distribution lists every weak percentage, ascending, with its count.
	Distribution []PercentCount `json:"distribution"`
	Movement     string         `json:"movement"`
	Pairs        int            `json:"pairs"`
}

// PercentCount is a percentage and how often it occurs.
type PercentCount struct {
	Percent float64 `json:"percent"`
	Count   int     `json:"count"`
}

// TwoStrongRows is what a two_strong cell computes: a row per movement.
type TwoStrongRows struct {
	Rows []TwoStrongRow `json:"rows"`
}

// TwoStrongRow is one movement's row, under the row's label.
type TwoStrongRow struct {
	Name string `json:"name"`
	TwoStrongResult
}

func (c *TwoStrongCell) Movements() []string { return rowMovements(c.Rows) }

func (c *TwoStrongCell) Run(env *cell.Env) (*cell.Output, error) {
	res := &TwoStrongRows{}
	out := &cell.Output{Result: res}
	for i, r := range c.Rows {
		two, err := twoStrong(env, r.Movement)
		if err != nil {
			return nil, fmt.Errorf("row %d: %w", i+1, err)
		}
		res.Rows = append(res.Rows, TwoStrongRow{Name: r.name(), TwoStrongResult: *two})
		figs, err := check.Paths(two)
		if err != nil {
			return nil, fmt.Errorf("row %d: %w", i+1, err)
		}
		checks, err := r.checks(env.ID+"/"+r.name()+"/", figs)
		if err != nil {
			return nil, fmt.Errorf("row %d: %w", i+1, err)
		}
		out.Checks = append(out.Checks, checks...)
	}
	out.Blocks = res.blocks(env.ID, c.Caption)
	return out, nil
}

// twoStrong runs the "two strong pairs" model on a movement of the study.
func twoStrong(env *cell.Env, name string) (*TwoStrongResult, error) {
	m, err := env.Movement(name)
	if err != nil {
		return nil, err
	}
	r, err := luck.TwoStrongPairs(m)
	if err != nil {
		return nil, err
	}
	res := &TwoStrongResult{Model: "two-strong", Choices: r.Choices, WeakMin: r.Min, WeakMax: r.Max,
		WeakMode: r.Mode, WeakMean: r.Mean, WeakSd: r.Sd, Distribution: []PercentCount{}, Movement: name, Pairs: m.Pairs}
	for _, d := range r.Distribution {
		res.Distribution = append(res.Distribution, PercentCount{d.Percent, d.Count})
	}
	return res, nil
}

// blocks presents the rows: a table of the spread, and a chart of the
// distribution of the weak pairs' percentages.
func (r *TwoStrongRows) blocks(id, caption string) []reports.Block {
	t := &reports.Table{ID: id, Caption: cell.CaptionOr(caption, "Weak pairs' percentages over every choice of two strong pairs"),
		Columns: []reports.Column{{Name: "movement"}, {Name: "choices"}, {Name: "weak min", Decimals: 2}, {Name: "weak max", Decimals: 2},
			{Name: "most frequent", Decimals: 2}, {Name: "mean", Decimals: 2}, {Name: "sd", Decimals: 2}}}
	chart := &reports.Chart{ID: id + "-chart", Caption: cell.Extend(t.Caption, ": ", "the distribution of the weak pairs' percentages."), Kind: "bar", XName: "percent", YName: "weak pairs"}
	dist := make([]map[string]float64, len(r.Rows))
	var labels []string
	for i, row := range r.Rows {
		t.Rows = append(t.Rows, []any{row.Name, row.Choices, row.WeakMin, row.WeakMax, row.WeakMode, row.WeakMean, row.WeakSd})
		dist[i] = map[string]float64{}
		for _, pc := range row.Distribution {
			key := strconv.FormatFloat(pc.Percent, 'f', 2, 64)
			dist[i][key] += float64(pc.Count)
			if !slices.Contains(labels, key) {
				labels = append(labels, key)
			}
		}
	}
	sortNumericLabels(labels)
	chart.XLabels = labels
	for i, row := range r.Rows {
		s := reports.Series{Name: row.Name}
		for _, l := range labels {
			s.Values = append(s.Values, dist[i][l])
		}
		chart.Series = append(chart.Series, s)
	}
	return []reports.Block{{Table: t}, {Chart: chart}}
}

func sortNumericLabels(labels []string) {
	val := func(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v }
	for i := 1; i < len(labels); i++ {
		for j := i; j > 0 && val(labels[j]) < val(labels[j-1]); j-- {
			labels[j], labels[j-1] = labels[j-1], labels[j]
		}
	}
}

// BussemakerCell runs the Bussemaker model (seed 000): pairs of known
// strength get random pair numbers; how often does each finish where its
// strength says? Its figures are qd, qb and sigma; extreme_sd, the
// farthest any entrant's minimum or maximum lies from its mean, in its
// standard deviations, and beyond_3sd, the number of entrants with an
// extreme beyond 3 of them; and, with published_ranks, ranks_reproduced: 1
// when the printed rank table is reproduced (then checked as the table),
// 0 when not. Publish ranks_reproduced: "0" to check that a table is not
// the one this model and tie rule give.
type BussemakerCell struct {
	cell.Common `yaml:",inline"`
	// Movement names the movement of the study to simulate.
	Movement           string `yaml:"movement"`
	BussemakerSettings `yaml:",inline"`
	// Tolerance for comparing the printed tables with sampled ones, in
	// percentage points, per entry; required when either side is sampled.
	Tolerance float64 `yaml:"tolerance"`
	// FigureTolerance is the tolerance of the published single figures (Qd):
	// they are means over many entries, so much tighter than Tolerance.
	FigureTolerance float64 `yaml:"figure_tolerance"`
	// PublishedSpread is the printed spread table: rows "pair avg sd min max".
	PublishedSpread string `yaml:"published_spread"`
	// PublishedRanks is the printed rank-probability table.
	PublishedRanks string `yaml:"published_ranks"`
	// CompareSampled, if positive, also samples that many numberings (with
	// Seed) and checks that the exact figures lie within the sampling error.
	CompareSampled int64 `yaml:"compare_sampled"`
	// RanksOnly shows the rank-probability table alone, without the
	// percentage table and chart: for a second cell whose percentages are
	// another cell's (the same numberings under another tie rule, which
	// moves only tied places). It changes what is shown, not what is
	// computed, so it is left out of the cache key.
	RanksOnly bool `yaml:"ranks_only" json:"-"`
	// Parts are the parts of a sharded exact run (simulate --merge), merged
	// instead of running the model; they carry their own settings. Set by
	// the command, not by studies.
	Parts []*luck.ExactPart `yaml:"-" json:"-"`
}

// Bussemaker is the bussemaker kind.
var Bussemaker = register(Kind{Name: "bussemaker", Browser: true, New: func() cell.Body { return new(BussemakerCell) }, Results: []any{&BussemakerCellResult{}}, Figures: BussemakerCellResult{}})

// BussemakerSettings are the settings of the Bussemaker model. The zero value is the original model.
type BussemakerSettings struct {
	// Strengths, lower is stronger; default 1..P.
	Strengths []float64 `yaml:"strengths"`
	// Groups like "1-7,8-14": numbers are drawn, and ranks taken, within each.
	Groups string `yaml:"groups"`
	// Method: auto (default: enumerate when at most luck.MaxExact numberings), exact or sample.
	Method luck.Method `yaml:"method"`
	// Samples is the number of random numberings when sampling; default one million.
	Samples int64 `yaml:"samples"`
	// Seed of the random numberings; 0 means the default, 1, as on the
	// command line. Same seed, same figures.
	Seed uint64 `yaml:"seed"`
	// Ties is the rule for equal percentages in the final order: random
	// (default, the seed's program from version 5.8) or first (before 5.8:
	// the tied entrants in the order of their numbers, pair 1 first).
	Ties luck.TieRule `yaml:"ties"`
}

// BussemakerResult is the Bussemaker model on one movement: what the
// bussemaker cell computes and caches, and the simulate command's --json
// with --model bussemaker. The engine's result carries the figures.
type BussemakerResult struct {
	Model string `json:"model"` // bussemaker
	*luck.Result
	Movement string       `json:"movement"`
	Ties     luck.TieRule `json:"ties"`
}

// BussemakerCellResult is what a bussemaker cell computes: the model's
// result (as the cache keeps it), how far the extremes lie and, with
// published_ranks, whether the printed rank table is reproduced.
type BussemakerCellResult struct {
	*BussemakerResult
	// ExtremeSd is the farthest any entrant's minimum or maximum lies from
	// its mean, in its standard deviations; Beyond3Sd counts the entrants
	// with an extreme beyond 3 of them.
	ExtremeSd       float64 `json:"extreme_sd"`
	Beyond3Sd       int     `json:"beyond_3sd"`
	RanksReproduced *bool   `json:"ranks_reproduced,omitempty"`
}

// bussemakerExact are the figures of a bussemaker cell that are compared
// as printed even when the model is sampled: they count, or compare
// tables with their own tolerance.
var bussemakerExact = []string{"extreme_sd", "beyond_3sd", "ranks_reproduced"}

func (c *BussemakerCell) Movements() []string { return []string{c.Movement} }

// settings are the engine's settings of the fields.
func (s *BussemakerSettings) settings(env *cell.Env) (luck.Settings, error) {
	set := luck.Settings{Strengths: s.Strengths, Samples: s.Samples, Seed: s.Seed, Method: s.Method, Ties: s.Ties}
	if s.Groups != "" {
		var err error
		if set.Groups, err = luck.ParseGroups(s.Groups); err != nil {
			return set, fmt.Errorf("groups: %w", err)
		}
	}
	switch {
	case env.OnProgress != nil:
		set.Progress = env.OnProgress
	case env.Progress != nil:
		set.Progress = progressPrinter(env, "numberings")
	}
	return set, nil
}

// bussemaker runs the model on a movement of the study, through the cell
// cache; extra tells apart the runs of one cell.
func bussemaker(env *cell.Env, name string, set luck.Settings, extra string) (*BussemakerResult, error) {
	m, err := env.Movement(name)
	if err != nil {
		return nil, err
	}
	res := &BussemakerResult{}
	cache := env.Cached
	if luck.LargeExact(m, set) {
		cache = env.CachedExpensive // minutes: the committed results first
	}
	err = cache(extra, res, func() error {
		r, err := luck.Bussemaker(env.Ctx, m, set)
		if err != nil {
			return err
		}
		*res = *bussemakerResult(r, name, set.Ties)
		return nil
	})
	return res, err
}

// bussemakerResult is the Result of the engine's result r on movement name:
// one conversion for a run and for a merge of exact shards, so that both
// print the same bytes.
func bussemakerResult(r *luck.Result, name string, ties luck.TieRule) *BussemakerResult {
	return &BussemakerResult{Model: "bussemaker", Result: r, Movement: name, Ties: ties}
}

func (c *BussemakerCell) Run(env *cell.Env) (*cell.Output, error) {
	if len(c.Parts) > 0 {
		return c.merge(env)
	}
	if err := check.Tolerances(c.Tolerance, c.FigureTolerance); err != nil {
		return nil, err
	}
	set, err := c.settings(env)
	if err != nil {
		return nil, err
	}
	res, err := bussemaker(env, c.Movement, set, "BussemakerResult")
	if err != nil {
		return nil, err
	}
	out := &cell.Output{Blocks: res.blocks(env.ID, c.Caption)}
	if c.RanksOnly {
		out.Blocks = slices.DeleteFunc(out.Blocks, func(b reports.Block) bool {
			return b.Table != nil && b.Table.ID == env.ID+"-spread" || b.Chart != nil && b.Chart.ID == env.ID+"-spread-chart"
		})
	}

	sampled := !res.Exact || c.Tolerance > 0
	if sampled && c.Tolerance <= 0 && (len(c.Published) > 0 || c.PublishedSpread != "" || c.PublishedRanks != "") {
		return nil, fmt.Errorf("tolerance: the figures are sampled; state the tolerance of the comparison")
	}
	_, wantReproduced := c.Published["ranks_reproduced"]
	cellRes := &BussemakerCellResult{BussemakerResult: res}
	cellRes.ExtremeSd, _, cellRes.Beyond3Sd = extremes(res.Spread)
	out.Result = cellRes
	var ranksCheck *reports.Check
	if c.PublishedRanks != "" {
		check, err := check.PrintedTable(env.ID+"/ranks", c.PublishedRanks, res.RankProbability, c.Tolerance, c.Errata["ranks"])
		if err != nil {
			return nil, err
		}
		ranksCheck = &check
		reproduced := len(check.Reason) == 0 && check.Status == reports.StatusOK
		cellRes.RanksReproduced = &reproduced
		if wantReproduced {
			out.Blocks = append(out.Blocks, reports.Block{Prose: "The printed rank table against this one: " + check.Computed + "."})
		}
	}
	figs, err := check.Paths(cellRes)
	if err != nil {
		return nil, err
	}
	// The figures that are exact whatever the sampling are compared as
	// printed; the others (qd, qb, sigma, …) within the tolerance when
	// sampled.
	exactPub, pub := map[string]string{}, map[string]string{}
	for k, v := range c.Published {
		if slices.Contains(bussemakerExact, k) {
			exactPub[k] = v
		} else {
			pub[k] = v
		}
	}
	exactErrata, errata := splitErrata(c.Errata, exactPub)
	checks, err := check.Figures(env.ID+"/", figs, exactPub, exactErrata)
	if err != nil {
		return nil, err
	}
	out.Checks = append(out.Checks, checks...)
	if sampled {
		if len(pub) > 0 && c.FigureTolerance <= 0 {
			return nil, fmt.Errorf("figure_tolerance: the figures are sampled; state the tolerance of the published figures")
		}
		checks, err := check.Within(env.ID+"/", figs, pub, errata, c.FigureTolerance)
		if err != nil {
			return nil, err
		}
		out.Checks = append(out.Checks, checks...)
	} else {
		checks, err := check.Figures(env.ID+"/", figs, pub, errata)
		if err != nil {
			return nil, err
		}
		out.Checks = append(out.Checks, checks...)
	}
	if c.PublishedSpread != "" {
		checks, err := compareSpread(env.ID+"/spread/", c.PublishedSpread, res.Spread, c.Tolerance, c.Errata)
		if err != nil {
			return nil, err
		}
		out.Checks = append(out.Checks, checks...)
	}
	if ranksCheck != nil && !wantReproduced {
		out.Checks = append(out.Checks, *ranksCheck)
	}
	if c.CompareSampled > 0 {
		if err := c.compareSampled(env, set, res, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// blocks presents the result: the spread and rank tables, their charts
// and a paragraph on Qd, Qb, sigma and the extremes.
func (r *BussemakerResult) blocks(id, caption string) []reports.Block {
	how := fmt.Sprintf("all %d numberings enumerated (exact)", r.Samples)
	if !r.Exact {
		how = fmt.Sprintf("%d random numberings sampled, seed %d", r.Samples, r.Seed)
	}
	caption = cell.CaptionOr(caption, "Bussemaker model, "+r.Movement)
	spread := &reports.Table{ID: id + "-spread", Caption: cell.Extend(caption, ": ", "percentage by strength ("+how+")."),
		Columns: []reports.Column{{Name: "entrant"}, {Name: "strength"}, {Name: "average", Decimals: 1}, {Name: "s.d.", Decimals: 1}, {Name: "min", Decimals: 1}, {Name: "max", Decimals: 1}}}
	box := &reports.Chart{ID: id + "-spread-chart", Caption: cell.Extend(caption, ": ", "each entrant's percentage, min, mean − sd, mean, mean + sd, max."), Kind: "boxplot", XName: "entrant", YName: "percent", Box: reports.BoxMeanSD, Table: id + "-spread"}
	for i, s := range r.Spread {
		spread.Rows = append(spread.Rows, []any{i + 1, r.Strengths[i], s.Avg, s.Sd, s.Min, s.Max})
		box.XLabels = append(box.XLabels, strconv.Itoa(i+1))
		box.Boxes = append(box.Boxes, [5]float64{s.Min, s.Avg - s.Sd, s.Avg, s.Avg + s.Sd, s.Max})
	}
	inGroup := ""
	if len(r.Groups) > 1 {
		inGroup = " in its group"
	}
	ranks := &reports.Table{ID: id + "-ranks", Caption: cell.Extend(caption, ": ", "probability (%) that entrant i finishes j-th"+inGroup+"."),
		Columns: []reports.Column{{Name: "place \\ entrant"}}}
	heat := &reports.Chart{ID: id + "-ranks-chart", Caption: ranks.Caption, Kind: "heatmap", XName: "entrant", YName: "place", ValueName: "probability (%)"}
	for i := range r.Spread {
		ranks.Columns = append(ranks.Columns, reports.Column{Name: strconv.Itoa(i + 1), Decimals: 1})
		heat.XLabels = append(heat.XLabels, strconv.Itoa(i+1))
	}
	for j, row := range r.RankProbability {
		cells := []any{j + 1}
		grid := make([]*float64, len(row))
		for i, v := range row {
			cells = append(cells, v)
			grid[i] = &row[i]
		}
		ranks.Rows = append(ranks.Rows, cells)
		heat.YLabels = append(heat.YLabels, strconv.Itoa(j+1))
		heat.Grid = append(heat.Grid, grid)
	}
	extreme, at, beyond := extremes(r.Spread)
	far := fmt.Sprintf("The extremes lie at most %.2f standard deviations from the mean (entrant %d); %d of the entrants have an extreme beyond 3.", extreme, at, beyond)
	if at == 0 {
		far = "No entrant's percentage varies."
	}
	ties := ""
	if r.Ties == luck.FirstTies {
		ties = " Ties in the final order go to the entrant with the lower number (the rule before version 5.8)."
	}
	return []reports.Block{{Table: spread}, {Chart: box}, {Table: ranks}, {Chart: heat},
		{Prose: fmt.Sprintf("Qd (the mean probability of finishing in the ideal place) = %.1f; Qb = 100/(1 + σ/3) = %.1f with σ = %.2f, the RMS of the standard deviations. Method: %s.%s%s %s", r.Qd, r.Qb, r.Sigma, how, reductionProse(r), ties, far)}}
}

// extremes is the farthest an entrant's minimum or maximum lies from its
// mean, in its standard deviations, the entrant (1-based), and the number
// of entrants with an extreme beyond 3 standard deviations.
func extremes(spread []luck.Spread) (most float64, at, beyond int) {
	for e, s := range spread {
		if s.Max-s.Min < 1e-9 {
			continue // no spread; Sd is rounding noise
		}
		z := max(s.Max-s.Avg, s.Avg-s.Min) / s.Sd
		if z > most {
			most, at = z, e+1
		}
		if z > 3 {
			beyond++
		}
	}
	return most, at, beyond
}

// compareSampled samples the model and checks the exact rank table and Qd
// against it: each entry within four standard errors of the sample.
func (c *BussemakerCell) compareSampled(env *cell.Env, set luck.Settings, exact *BussemakerResult, out *cell.Output) error {
	if !exact.Exact {
		return fmt.Errorf("compare_sampled: the figures are sampled already; use method: exact")
	}
	set.Method, set.Samples = luck.Sample, c.CompareSampled
	smp, err := bussemaker(env, c.Movement, set, "sampled BussemakerResult")
	if err != nil {
		return err
	}
	n := float64(smp.Samples)
	se := func(x float64) float64 {
		p := max(x/100, 1/n)
		return 100 * math.Sqrt(p*(1-p)/n)
	}
	worst, at := 0.0, ""
	for j, row := range exact.RankProbability {
		for i, x := range row {
			if z := math.Abs(smp.RankProbability[j][i]-x) / se(x); z > worst {
				worst, at = z, fmt.Sprintf("place %d, entrant %d", j+1, i+1)
			}
		}
	}
	qdSE := 0.0
	for e := range exact.Spread {
		qdSE += se(exact.RankProbability[exact.IdealPlace[e]-1][e]) / float64(len(exact.Spread))
	}
	how := fmt.Sprintf("%d sampled numberings, seed %d", smp.Samples, smp.Seed)
	ranks := reports.Check{Name: env.ID + "/sampled/ranks", Published: how,
		Computed: fmt.Sprintf("largest gap %.2f standard errors (%s)", worst, at), Status: reports.StatusOK,
		Reason: "every exact entry within 4 standard errors of the sampled one"}
	if worst > 4 {
		ranks.Status, ranks.Reason = reports.StatusFail, "an exact entry is more than 4 standard errors from the sampled one"
	}
	qd := reports.Check{Name: env.ID + "/sampled/qd", Published: strconv.FormatFloat(smp.Qd, 'f', 2, 64),
		Computed: strconv.FormatFloat(exact.Qd, 'f', 2, 64), Status: reports.StatusOK,
		Reason: fmt.Sprintf("within 4 standard errors (%.3f) of the sampled Qd", 4*qdSE)}
	if math.Abs(exact.Qd-smp.Qd) > 4*qdSE {
		qd.Status, qd.Reason = reports.StatusFail, fmt.Sprintf("more than 4 standard errors (%.3f) from the sampled Qd", 4*qdSE)
	}
	out.Checks = append(out.Checks, ranks, qd)
	out.Blocks = append(out.Blocks, reports.Block{Prose: fmt.Sprintf("Exact against %s: Qd %.2f exact, %.2f sampled; the largest gap in the rank table is %.2f standard errors of the sample (%s).", how, exact.Qd, smp.Qd, worst, at)})
	return nil
}

// compareSpread checks a printed spread table, "pair avg sd min max" a row.
func compareSpread(prefix, text string, spread []luck.Spread, tol float64, errata map[string]string) ([]reports.Check, error) {
	var checks []reports.Check
	rows := 0
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if len(f) != 5 {
			return nil, fmt.Errorf("published_spread: %q: want pair avg sd min max", line)
		}
		p, err := strconv.Atoi(f[0])
		if err != nil || p < 1 || p > len(spread) {
			return nil, fmt.Errorf("published_spread: %q: no entrant %s", line, f[0])
		}
		rows++
		s := spread[p-1]
		for i, v := range []float64{s.Avg, s.Sd, s.Min, s.Max} {
			key := fmt.Sprintf("%d/%s", p, []string{"avg", "sd", "min", "max"}[i])
			var c reports.Check
			if tol > 0 {
				c, err = check.CompareWithin(prefix+key, f[i+1], v, tol, errata["spread/"+key])
			} else {
				c, err = check.Compare(prefix+key, f[i+1], v, errata["spread/"+key])
			}
			if err != nil {
				return nil, err
			}
			checks = append(checks, c)
		}
	}
	if rows == 0 {
		return nil, fmt.Errorf("published_spread: no rows")
	}
	return checks, nil
}

// progressPrinter reports a long computation on the progress writer, at
// most every tenth of the way.
func progressPrinter(env *cell.Env, unit string) func(done, total int64) {
	last := int64(-1)
	return func(done, total int64) {
		if total <= 0 {
			return
		}
		step := done * 10 / total
		if step != last {
			last = step
			fmt.Fprintf(env.Progress, "  %s: %d/%d %s\n", env.ID, done, total, unit)
		}
	}
}

// ExactSettings are the engine's settings of an exact run.
func (b BussemakerSettings) ExactSettings() (luck.Settings, error) {
	set := luck.Settings{Strengths: b.Strengths, Seed: b.Seed, Method: luck.Exact, Ties: b.Ties}
	if b.Groups != "" {
		var err error
		if set.Groups, err = luck.ParseGroups(b.Groups); err != nil {
			return set, fmt.Errorf("groups: %w", err)
		}
	}
	return set, nil
}

// merge sums the parts of a sharded exact run, as an unsharded run would
// have computed it.
func (c *BussemakerCell) merge(env *cell.Env) (*cell.Output, error) {
	m, err := env.Movement(c.Movement)
	if err != nil {
		return nil, err
	}
	r, err := luck.MergeExact(m, c.Parts)
	if err != nil {
		return nil, err
	}
	res := bussemakerResult(r, c.Movement, c.Parts[0].Ties)
	cellRes := &BussemakerCellResult{BussemakerResult: res}
	cellRes.ExtremeSd, _, cellRes.Beyond3Sd = extremes(res.Spread)
	return &cell.Output{Blocks: res.blocks(env.ID, c.Caption), Result: cellRes}, nil
}
