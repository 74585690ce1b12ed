package study

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/luck"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
)

// OneStrongCell shows every pair's percentage when one pair tops every board
// and all other results are equal (seed 004), one column per movement. A
// column's figures are its qf, each pair's percentage (keyed by pair
// number), and how far the other pairs fall from the ideal share of what
// the strong pair leaves, (50·P − 100)/(P − 1) %: ideal, max_dev (the
// largest deviation), rms_dev (the root mean square) and max_ratio and
// rms_ratio (the first column's deviation over this column's).
type OneStrongCell struct {
	Common `yaml:",inline"`
	Strong int `yaml:"strong"` // the strong pair; default 1
	// Columns are movements; published figures are keyed by pair number.
	Columns []BalanceRow `yaml:"columns"`
}

func (c *OneStrongCell) movements() []string {
	var names []string
	for _, r := range c.Columns {
		names = append(names, r.Movement)
	}
	return names
}

func (c *OneStrongCell) run(env *runEnv) (*cellOutput, error) {
	strong := c.Strong
	if strong == 0 {
		strong = 1
	}
	if len(c.Columns) == 0 {
		return nil, fmt.Errorf("columns: give at least one movement")
	}
	t := &reports.Table{ID: env.cell.ID, Caption: captionOr(c.Caption, fmt.Sprintf("Percentages when pair %d tops every board", strong)), Columns: []reports.Column{{Name: "pair"}}}
	chart := &reports.Chart{ID: env.cell.ID + "-chart", Caption: t.Caption, Kind: "line", XName: "pair", YName: "percent"}
	var columns [][]float64
	var qfs []any
	out := &cellOutput{}
	pairs := 0
	dev := &reports.Table{ID: env.cell.ID + "-deviation", Caption: extend(t.Caption, ": ", "the other pairs' deviation from the ideal share."),
		Columns: []reports.Column{{Name: "movement"}, {Name: "ideal", Decimals: 2}, {Name: "max deviation", Decimals: 2}, {Name: "RMS deviation", Decimals: 2},
			{Name: "max ratio", Decimals: 2}, {Name: "RMS ratio", Decimals: 2}}}
	var firstMax, firstRMS float64
	for i, col := range c.Columns {
		m, err := env.movement(col.Movement)
		if err != nil {
			return nil, err
		}
		pct, err := luck.OneStrongPair(m, strong)
		if err != nil {
			return nil, fmt.Errorf("column %d: %w", i+1, err)
		}
		if env.command {
			return c.runCommand(col.Movement, strong, pct)
		}
		if i > 0 && len(pct) != pairs {
			return nil, fmt.Errorf("column %d: %d pairs, the first column has %d", i+1, len(pct), pairs)
		}
		pairs = len(pct)
		columns = append(columns, pct)
		qfs = append(qfs, movement.ComputeBalance(m).Qf)
		t.Columns = append(t.Columns, reports.Column{Name: col.name(), Decimals: 2})
		chart.Series = append(chart.Series, reports.Series{Name: col.name(), Values: pct})
		figs := map[string]float64{"qf": movement.ComputeBalance(m).Qf}
		for p, v := range pct {
			figs[strconv.Itoa(p+1)] = v
		}
		ideal, maxDev, rmsDev := idealDeviation(pct, strong)
		if i == 0 {
			firstMax, firstRMS = maxDev, rmsDev
		}
		figs["ideal"], figs["max_dev"], figs["rms_dev"] = ideal, maxDev, rmsDev
		figs["max_ratio"], figs["rms_ratio"] = firstMax/maxDev, firstRMS/rmsDev
		dev.Rows = append(dev.Rows, []any{col.name(), ideal, maxDev, rmsDev, figs["max_ratio"], figs["rms_ratio"]})
		checks, err := checkFigures(env.cell.ID+"/"+col.name()+"/", figs, col.Published, col.Errata)
		if err != nil {
			return nil, fmt.Errorf("column %d: %w", i+1, err)
		}
		out.Checks = append(out.Checks, checks...)
	}
	t.Rows = append(t.Rows, append([]any{"Qf"}, qfs...))
	for p := 0; p < pairs; p++ {
		row := []any{fmt.Sprintf("pair %d", p+1)}
		for _, col := range columns {
			row = append(row, col[p])
		}
		t.Rows = append(t.Rows, row)
		chart.XLabels = append(chart.XLabels, strconv.Itoa(p+1))
	}
	out.Blocks = []reports.Block{{Table: t}, {Chart: chart}, {Table: dev}}
	return out, nil
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
	Common `yaml:",inline"`
	// Rows are the movements, one a row.
	Rows []BalanceRow `yaml:"rows"`
}

func (c *TwoStrongCell) movements() []string { return rowMovements(c.Rows) }

func (c *TwoStrongCell) run(env *runEnv) (*cellOutput, error) {
	t := &reports.Table{ID: env.cell.ID, Caption: captionOr(c.Caption, "Weak pairs' percentages over every choice of two strong pairs"),
		Columns: []reports.Column{{Name: "movement"}, {Name: "choices"}, {Name: "weak min", Decimals: 2}, {Name: "weak max", Decimals: 2},
			{Name: "most frequent", Decimals: 2}, {Name: "mean", Decimals: 2}, {Name: "sd", Decimals: 2}}}
	chart := &reports.Chart{ID: env.cell.ID + "-chart", Caption: extend(t.Caption, ": ", "the distribution of the weak pairs' percentages."), Kind: "bar", XName: "percent", YName: "weak pairs"}
	out := &cellOutput{}
	dist := map[string]map[string]float64{}
	var labels []string
	for i, r := range c.Rows {
		m, err := env.movement(r.Movement)
		if err != nil {
			return nil, err
		}
		res, err := luck.TwoStrongPairs(m)
		if err != nil {
			return nil, fmt.Errorf("row %d: %w", i+1, err)
		}
		if env.command {
			return c.runCommand(r.Movement, m.Pairs, res)
		}
		t.Rows = append(t.Rows, []any{r.name(), res.Choices, res.Min, res.Max, res.Mode, res.Mean, res.Sd})
		figs := map[string]float64{"weak_min": res.Min, "weak_max": res.Max, "weak_mode": res.Mode, "weak_sd": res.Sd, "weak_mean": res.Mean}
		checks, err := r.checks(env.cell.ID+"/"+r.name()+"/", figs)
		if err != nil {
			return nil, fmt.Errorf("row %d: %w", i+1, err)
		}
		out.Checks = append(out.Checks, checks...)
		d := map[string]float64{}
		for _, pc := range res.Distribution {
			key := strconv.FormatFloat(pc.Percent, 'f', 2, 64)
			d[key] += float64(pc.Count)
			if !containsString(labels, key) {
				labels = append(labels, key)
			}
		}
		dist[r.name()] = d
	}
	sortNumericLabels(labels)
	chart.XLabels = labels
	for _, r := range c.Rows {
		s := reports.Series{Name: r.name()}
		for _, l := range labels {
			s.Values = append(s.Values, dist[r.name()][l])
		}
		chart.Series = append(chart.Series, s)
	}
	out.Blocks = []reports.Block{{Table: t}, {Chart: chart}}
	return out, nil
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
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
	Common `yaml:",inline"`
	// Movement names the movement of the study to simulate.
	Movement string `yaml:"movement"`
	// Strengths, lower is stronger; default 1..P.
	Strengths []float64 `yaml:"strengths"`
	// Groups like "1-7,8-14": numbers are drawn, and ranks taken, within each.
	Groups string `yaml:"groups"`
	// Method: auto (default: enumerate when at most luck.MaxExact numberings), exact or sample.
	Method luck.Method `yaml:"method"`
	// Samples is the number of random numberings when sampling; default one million.
	Samples int64 `yaml:"samples"`
	// Seed of the random numberings; default 1. Same seed, same figures.
	Seed uint64 `yaml:"seed"`
	// Ties is the rule for equal percentages in the final order: random
	// (default, the seed's program from version 5.8) or first (before 5.8:
	// the tied entrants in the order of their numbers, pair 1 first).
	Ties luck.TieRule `yaml:"ties"`
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
}

func (c *BussemakerCell) movements() []string { return []string{c.Movement} }

func (c *BussemakerCell) run(env *runEnv) (*cellOutput, error) {
	m, err := env.movement(c.Movement)
	if err != nil {
		return nil, err
	}
	set := luck.Settings{Strengths: c.Strengths, Samples: c.Samples, Seed: c.Seed, Method: c.Method, Ties: c.Ties}
	if c.Groups != "" {
		if set.Groups, err = luck.ParseGroups(c.Groups); err != nil {
			return nil, fmt.Errorf("groups: %w", err)
		}
	}
	switch {
	case env.onProgress != nil:
		set.Progress = env.onProgress
	case env.progress != nil:
		set.Progress = progressPrinter(env, "numberings")
	}
	var res luck.Result
	cache := env.cached
	if luck.LargeExact(m, set) {
		cache = env.cachedExpensive
	}
	err = cache(nil, &res, func() error {
		r, err := luck.Bussemaker(env.ctx, m, set)
		if err != nil {
			return err
		}
		res = *r
		return nil
	})
	if err != nil {
		return nil, err
	}
	if env.command {
		return c.runCommand(&res)
	}

	how := fmt.Sprintf("all %d numberings enumerated (exact)", res.Samples)
	if !res.Exact {
		how = fmt.Sprintf("%d random numberings sampled, seed %d", res.Samples, res.Seed)
	}
	caption := captionOr(c.Caption, "Bussemaker model, "+c.Movement)
	spread := &reports.Table{ID: env.cell.ID + "-spread", Caption: extend(caption, ": ", "percentage by strength ("+how+")."),
		Columns: []reports.Column{{Name: "entrant"}, {Name: "strength"}, {Name: "average", Decimals: 1}, {Name: "s.d.", Decimals: 1}, {Name: "min", Decimals: 1}, {Name: "max", Decimals: 1}}}
	box := &reports.Chart{ID: env.cell.ID + "-spread-chart", Caption: extend(caption, ": ", "each entrant's percentage, min, mean − sd, mean, mean + sd, max."), Kind: "boxplot", XName: "entrant", YName: "percent"}
	for i, s := range res.Spread {
		spread.Rows = append(spread.Rows, []any{i + 1, res.Strengths[i], s.Avg, s.Sd, s.Min, s.Max})
		box.XLabels = append(box.XLabels, strconv.Itoa(i+1))
		box.Boxes = append(box.Boxes, [5]float64{s.Min, s.Avg - s.Sd, s.Avg, s.Avg + s.Sd, s.Max})
	}
	ranks := &reports.Table{ID: env.cell.ID + "-ranks", Caption: extend(caption, ": ", "probability (%) that entrant i finishes j-th"+map[bool]string{true: " in its group", false: ""}[c.Groups != ""]+"."),
		Columns: []reports.Column{{Name: "place \\ entrant"}}}
	heat := &reports.Chart{ID: env.cell.ID + "-ranks-chart", Caption: ranks.Caption, Kind: "heatmap", XName: "entrant", YName: "place", ValueName: "probability (%)"}
	for i := range res.Spread {
		ranks.Columns = append(ranks.Columns, reports.Column{Name: strconv.Itoa(i + 1), Decimals: 1})
		heat.XLabels = append(heat.XLabels, strconv.Itoa(i+1))
	}
	for j, row := range res.RankProbability {
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
	extreme, at, beyond := extremes(res.Spread)
	far := fmt.Sprintf("The extremes lie at most %.2f standard deviations from the mean (entrant %d); %d of the entrants have an extreme beyond 3.", extreme, at, beyond)
	if at == 0 {
		far = "No entrant's percentage varies."
	}
	ties := ""
	if c.Ties == luck.FirstTies {
		ties = " Ties in the final order go to the entrant with the lower number (the rule before version 5.8)."
	}
	out := &cellOutput{Blocks: []reports.Block{{Table: spread}, {Chart: box}, {Table: ranks}, {Chart: heat},
		{Prose: fmt.Sprintf("Qd (the mean probability of finishing in the ideal place) = %.1f; Qb = 100/(1 + σ/3) = %.1f with σ = %.2f, the RMS of the standard deviations. Method: %s.%s%s %s", res.Qd, res.Qb, res.Sigma, how, reductionProse(&res), ties, far)}}}

	sampled := !res.Exact || c.Tolerance > 0
	if sampled && c.Tolerance <= 0 && (len(c.Published) > 0 || c.PublishedSpread != "" || c.PublishedRanks != "") {
		return nil, fmt.Errorf("tolerance: the figures are sampled; state the tolerance of the comparison")
	}
	figs := map[string]float64{"qd": res.Qd, "qb": res.Qb, "sigma": res.Sigma}
	_, wantReproduced := c.Published["ranks_reproduced"]
	var ranksCheck *reports.Check
	if c.PublishedRanks != "" {
		check, err := comparePrintedTable(env.cell.ID+"/ranks", c.PublishedRanks, res.RankProbability, c.Tolerance, c.Errata["ranks"])
		if err != nil {
			return nil, err
		}
		ranksCheck = &check
		figs["ranks_reproduced"] = 0
		if len(check.Reason) == 0 && check.Status == reports.StatusOK {
			figs["ranks_reproduced"] = 1
		}
		if wantReproduced {
			out.Blocks = append(out.Blocks, reports.Block{Prose: "The printed rank table against this one: " + check.Computed + "."})
		}
	}
	exactFigs := map[string]float64{"extreme_sd": extreme, "beyond_3sd": float64(beyond)}
	if v, ok := figs["ranks_reproduced"]; ok {
		exactFigs["ranks_reproduced"] = v
		delete(figs, "ranks_reproduced")
	}
	exactPub, pub := map[string]string{}, map[string]string{}
	for k, v := range c.Published {
		if _, ok := exactFigs[k]; ok {
			exactPub[k] = v
		} else {
			pub[k] = v
		}
	}
	exactErrata, errata := splitErrata(c.Errata, exactPub)
	checks, err := checkFigures(env.cell.ID+"/", exactFigs, exactPub, exactErrata)
	if err != nil {
		return nil, err
	}
	out.Checks = append(out.Checks, checks...)
	if sampled {
		if len(pub) > 0 && c.FigureTolerance <= 0 {
			return nil, fmt.Errorf("figure_tolerance: the figures are sampled; state the tolerance of the published figures")
		}
		checks, err := checkWithin(env.cell.ID+"/", figs, pub, errata, c.FigureTolerance)
		if err != nil {
			return nil, err
		}
		out.Checks = append(out.Checks, checks...)
	} else {
		checks, err := checkFigures(env.cell.ID+"/", figs, pub, errata)
		if err != nil {
			return nil, err
		}
		out.Checks = append(out.Checks, checks...)
	}
	if c.PublishedSpread != "" {
		checks, err := compareSpread(env.cell.ID+"/spread/", c.PublishedSpread, res.Spread, c.Tolerance, c.Errata)
		if err != nil {
			return nil, err
		}
		out.Checks = append(out.Checks, checks...)
	}
	if ranksCheck != nil && !wantReproduced {
		out.Checks = append(out.Checks, *ranksCheck)
	}
	if c.CompareSampled > 0 {
		if err := c.compareSampled(env, m, set, &res, out); err != nil {
			return nil, err
		}
	}
	return out, nil
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
func (c *BussemakerCell) compareSampled(env *runEnv, m *movement.Movement, set luck.Settings, exact *luck.Result, out *cellOutput) error {
	if !exact.Exact {
		return fmt.Errorf("compare_sampled: the figures are sampled already; use method: exact")
	}
	set.Method, set.Samples = luck.Sample, c.CompareSampled
	var smp luck.Result
	err := env.cached("sampled", &smp, func() error {
		r, err := luck.Bussemaker(env.ctx, m, set)
		if err != nil {
			return err
		}
		smp = *r
		return nil
	})
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
	ranks := reports.Check{Name: env.cell.ID + "/sampled/ranks", Published: how,
		Computed: fmt.Sprintf("largest gap %.2f standard errors (%s)", worst, at), Status: reports.StatusOK,
		Reason: "every exact entry within 4 standard errors of the sampled one"}
	if worst > 4 {
		ranks.Status, ranks.Reason = reports.StatusFail, "an exact entry is more than 4 standard errors from the sampled one"
	}
	qd := reports.Check{Name: env.cell.ID + "/sampled/qd", Published: strconv.FormatFloat(smp.Qd, 'f', 2, 64),
		Computed: strconv.FormatFloat(exact.Qd, 'f', 2, 64), Status: reports.StatusOK,
		Reason: fmt.Sprintf("within 4 standard errors (%.3f) of the sampled Qd", 4*qdSE)}
	if math.Abs(exact.Qd-smp.Qd) > 4*qdSE {
		qd.Status, qd.Reason = reports.StatusFail, fmt.Sprintf("more than 4 standard errors (%.3f) from the sampled Qd", 4*qdSE)
	}
	out.Checks = append(out.Checks, ranks, qd)
	out.Blocks = append(out.Blocks, reports.Block{Prose: fmt.Sprintf("Exact against %s: Qd %.2f exact, %.2f sampled; the largest gap in the rank table is %.2f standard errors of the sample (%s).", how, exact.Qd, smp.Qd, worst, at)})
	return nil
}

// checkWithin compares sampled figures: each must lie within tol of the
// printed one (plus half a unit of its last printed digit).
func checkWithin(prefix string, computed map[string]float64, published, errata map[string]string, tol float64) ([]reports.Check, error) {
	var checks []reports.Check
	for key, pub := range published {
		v, ok := computed[key]
		if !ok {
			return nil, fmt.Errorf("published: unknown figure %q", key)
		}
		c, err := compareWithin(prefix+key, pub, v, tol, errata[key])
		if err != nil {
			return nil, err
		}
		checks = append(checks, c)
	}
	slices.SortFunc(checks, func(a, b reports.Check) int { return strings.Compare(a.Name, b.Name) })
	return checks, nil
}

func compareWithin(name, published string, v, tol float64, erratum string) (reports.Check, error) {
	want, err := strconv.ParseFloat(published, 64)
	if err != nil {
		return reports.Check{}, fmt.Errorf("published %s: %q is not a number", name, published)
	}
	half := 0.5
	if i := strings.IndexByte(published, '.'); i >= 0 {
		for range len(published) - i - 1 {
			half /= 10
		}
	}
	decimals := 0
	if i := strings.IndexByte(published, '.'); i >= 0 {
		decimals = len(published) - i - 1
	}
	c := reports.Check{Name: name, Published: published, Computed: strconv.FormatFloat(v, 'f', decimals+1, 64)}
	ok := v >= want-half-tol && v <= want+half+tol
	switch {
	case ok && erratum == "":
		c.Status, c.Reason = reports.StatusOK, fmt.Sprintf("within %.2g of the printed figure, beyond its rounding", tol)
	case ok:
		c.Status, c.Reason = reports.StatusFail, "declared an erratum, but the published figure reproduces: "+erratum
	case erratum != "":
		c.Status, c.Reason = reports.StatusErratum, erratum
	default:
		c.Status, c.Reason = reports.StatusFail, fmt.Sprintf("more than %.2g from the printed figure, beyond its rounding", tol)
	}
	return c, nil
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
				c, err = compareWithin(prefix+key, f[i+1], v, tol, errata["spread/"+key])
			} else {
				c, err = compare(prefix+key, f[i+1], v, errata["spread/"+key])
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
func progressPrinter(env *runEnv, unit string) func(done, total int64) {
	last := int64(-1)
	return func(done, total int64) {
		if total <= 0 {
			return
		}
		step := done * 10 / total
		if step != last {
			last = step
			fmt.Fprintf(env.progress, "  %s: %d/%d %s\n", env.cell.ID, done, total, unit)
		}
	}
}
