package study

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
)

// MovementCell shows the layout of a movement: NS-EW and board group at
// each table, round by round (its cards are a guide cell's).
type MovementCell struct {
	Common `yaml:",inline"`
	// Movement names the movement whose layout is shown.
	Movement string `yaml:"movement"`
	// BoardsPerRound shows board numbers instead of board groups: group g
	// is boards g·B+1 to g·B+B (0: the groups' letters).
	BoardsPerRound int `yaml:"boards_per_round"`
}

func (c *MovementCell) movements() []string { return []string{c.Movement} }

func (c *MovementCell) run(env *runEnv) (*cellOutput, error) {
	m, err := env.movement(c.Movement)
	if err != nil {
		return nil, err
	}
	if len(c.Published) > 0 {
		return nil, fmt.Errorf("published: a movement cell has no figures (use a balance cell)")
	}
	t := &reports.Table{ID: env.cell.ID, Caption: captionOr(c.Caption, "The movement "+c.Movement+": NS-EW and board group at each table")}
	t.Columns = append(t.Columns, reports.Column{Name: "round"})
	for tb := 1; tb <= m.Tables; tb++ {
		t.Columns = append(t.Columns, reports.Column{Name: fmt.Sprintf("table %d", tb)})
	}
	for r, row := range m.Schedule {
		cells := []any{r + 1}
		for _, tb := range row {
			if tb.Empty() {
				cells = append(cells, "")
				continue
			}
			cells = append(cells, fmt.Sprintf("%d-%d %s", tb.NS, tb.EW, boardsOf(m, tb.Group, c.BoardsPerRound)))
		}
		t.Rows = append(t.Rows, cells)
	}
	return &cellOutput{Blocks: []reports.Block{{Table: t}}}, nil
}

// MatrixCell shows the score matrix of a movement as a table and a heatmap,
// and can check it against a published matrix (rows of numbers, `\` on the
// diagonal).
type MatrixCell struct {
	Common `yaml:",inline"`
	// Movement names the movement whose score matrix is shown.
	Movement string `yaml:"movement"`
	// PublishedMatrix is the matrix as printed.
	PublishedMatrix string `yaml:"published_matrix"`
}

func (c *MatrixCell) movements() []string { return []string{c.Movement} }

func (c *MatrixCell) run(env *runEnv) (*cellOutput, error) {
	m, err := env.movement(c.Movement)
	if err != nil {
		return nil, err
	}
	b := movement.ComputeBalance(m)
	caption := captionOr(c.Caption, fmt.Sprintf("Score matrix of %s (h = %d)", c.Movement, b.H))
	t := &reports.Table{ID: env.cell.ID, Caption: caption, Columns: []reports.Column{{Name: "pair"}}}
	ch := &reports.Chart{ID: env.cell.ID + "-heatmap", Caption: caption, Kind: "heatmap", XName: "pair", YName: "pair", ValueName: "score"}
	for q := 1; q <= b.Pairs; q++ {
		t.Columns = append(t.Columns, reports.Column{Name: strconv.Itoa(q)})
		ch.XLabels = append(ch.XLabels, strconv.Itoa(q))
		ch.YLabels = append(ch.YLabels, strconv.Itoa(q))
	}
	for p := 1; p <= b.Pairs; p++ {
		row := []any{p}
		grid := make([]*float64, b.Pairs)
		for q := 1; q <= b.Pairs; q++ {
			if p == q {
				row = append(row, `\`)
				continue
			}
			row = append(row, b.At(p, q))
			v := float64(b.At(p, q))
			grid[q-1] = &v
		}
		t.Rows = append(t.Rows, row)
		ch.Grid = append(ch.Grid, grid)
	}
	out := &cellOutput{Blocks: []reports.Block{{Table: t}, {Chart: ch}}}
	computed := map[string]float64{"qf": b.Qf, "sd": b.Sd, "SS": float64(b.SS), "S": float64(b.S)}
	checks, err := checkFigures(env.cell.ID+"/", computed, c.Published, c.Errata)
	if err != nil {
		return nil, err
	}
	out.Checks = checks
	if c.PublishedMatrix != "" {
		check, err := compareMatrix(env.cell.ID+"/matrix", c.PublishedMatrix, b)
		if err != nil {
			return nil, err
		}
		out.Checks = append(out.Checks, check)
	}
	return out, nil
}

// compareMatrix checks a printed matrix entry by entry.
func compareMatrix(name, printed string, b *movement.Balance) (reports.Check, error) {
	var rows [][]string
	for _, line := range strings.Split(strings.TrimSpace(printed), "\n") {
		if f := strings.Fields(line); len(f) > 0 {
			rows = append(rows, f)
		}
	}
	if len(rows) != b.Pairs {
		return reports.Check{}, fmt.Errorf("published_matrix: %d rows, the movement has %d pairs", len(rows), b.Pairs)
	}
	var diffs []string
	for p, row := range rows {
		if len(row) != b.Pairs {
			return reports.Check{}, fmt.Errorf("published_matrix: row %d has %d entries, want %d", p+1, len(row), b.Pairs)
		}
		for q, s := range row {
			if p == q {
				continue
			}
			v, err := strconv.Atoi(s)
			if err != nil {
				return reports.Check{}, fmt.Errorf("published_matrix: row %d: %q is not a number", p+1, s)
			}
			if got := b.At(p+1, q+1); got != v {
				diffs = append(diffs, fmt.Sprintf("(%d,%d) printed %d computed %d", p+1, q+1, v, got))
			}
		}
	}
	c := reports.Check{Name: name, Published: fmt.Sprintf("%d×%d matrix", b.Pairs, b.Pairs), Computed: "identical", Status: reports.StatusOK}
	if len(diffs) > 0 {
		c.Computed, c.Status = fmt.Sprintf("%d entries differ: %s", len(diffs), strings.Join(diffs[:min(5, len(diffs))], "; ")), reports.StatusFail
	}
	return c, nil
}

// BalanceCell is a table of balance figures, one row per movement.
type BalanceCell struct {
	Common `yaml:",inline"`
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

// checks compares the row's published figures, and those it must reach or
// beat, with the computed ones.
func (r BalanceRow) checks(prefix string, figs map[string]float64) ([]reports.Check, error) {
	checks, err := checkFigures(prefix, figs, r.Published, r.Errata)
	if err != nil {
		return nil, err
	}
	beats, err := checkBeats(prefix, figs, r.Beats, r.Published)
	return append(checks, beats...), err
}

func (c *BalanceCell) movements() []string { return rowMovements(c.Rows) }

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

// balanceFigures computes every figure of balanceColumns for a movement.
func balanceFigures(m *movement.Movement, wantVacancy bool) (map[string]float64, error) {
	b := movement.ComputeBalance(m)
	f := map[string]float64{
		"pairs": float64(m.Pairs), "tables": float64(m.Tables), "rounds": float64(m.Rounds), "groups": float64(m.Groups),
		"h": float64(b.H), "S": float64(b.S), "N": float64(b.N), "SS": float64(b.SS),
		"qf": b.Qf, "qc": b.Qc, "sd": b.Sd, "skew": b.Skew, "d4": b.D4, "qo": b.Qo,
	}
	// Arrow switches in mid-round: the rounds that have one, the pairs that
	// make one.
	for _, k := range movement.MidRoundSwitches(m) {
		if k > 0 {
			f["mid_rounds"]++
		}
	}
	for _, k := range movement.MidRoundPairs(m) {
		if k > 0 {
			f["mid_pairs"]++
		}
	}
	if wantVacancy {
		v, err := movement.ComputeVacancy(m)
		if err != nil {
			return nil, err
		}
		f["qf1_av"], f["qf1_max"], f["qf1_last"] = v.Av, v.Max, v.Qf1[m.Pairs-1]
	}
	return f, nil
}

func (c *BalanceCell) run(env *runEnv) (*cellOutput, error) {
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
	t := &reports.Table{ID: env.cell.ID, Caption: captionOr(c.Caption, "Balance"), Columns: []reports.Column{{Name: "movement"}}}
	for _, name := range cols {
		i := slices.IndexFunc(balanceColumns, func(bc figureColumn) bool { return bc.name == name })
		if i < 0 {
			return nil, fmt.Errorf("columns: unknown figure %q", name)
		}
		t.Columns = append(t.Columns, reports.Column{Name: name, Decimals: balanceColumns[i].decimals})
	}
	var out cellOutput
	var chart *reports.Chart
	if c.Chart != "" {
		if !slices.Contains(cols, c.Chart) {
			return nil, fmt.Errorf("chart: %q is not one of the columns", c.Chart)
		}
		chart = &reports.Chart{ID: env.cell.ID + "-chart", Caption: t.Caption, Kind: "bar", XName: "movement", YName: c.Chart,
			Series: []reports.Series{{Name: c.Chart}}}
	}
	labels := map[string]bool{}
	for i, r := range c.Rows {
		label := r.name()
		if labels[label] {
			return nil, fmt.Errorf("rows: label %q appears twice (labels name the checks)", label)
		}
		labels[label] = true
		m, err := env.movement(r.Movement)
		if err != nil {
			return nil, fmt.Errorf("row %d: %w", i+1, err)
		}
		needVacancy := false
		for _, col := range cols {
			needVacancy = needVacancy || strings.HasPrefix(col, "qf1")
		}
		for key := range r.Published {
			needVacancy = needVacancy || strings.HasPrefix(key, "qf1")
		}
		figs, err := balanceFigures(m, needVacancy)
		if err != nil {
			return nil, fmt.Errorf("row %d: %w", i+1, err)
		}
		row := []any{label}
		for _, col := range cols {
			row = append(row, figs[col])
		}
		t.Rows = append(t.Rows, row)
		checks, err := r.checks(env.cell.ID+"/"+label+"/", figs)
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

// VacancyCell shows Qf with each pair absent, and the pooled figures.
type VacancyCell struct {
	Common `yaml:",inline"`
	// Movement names the movement whose pairs are made absent in turn.
	Movement string `yaml:"movement"`
}

func (c *VacancyCell) movements() []string { return []string{c.Movement} }

func (c *VacancyCell) run(env *runEnv) (*cellOutput, error) {
	m, err := env.movement(c.Movement)
	if err != nil {
		return nil, err
	}
	v, err := movement.ComputeVacancy(m)
	if err != nil {
		return nil, err
	}
	caption := captionOr(c.Caption, "Qf with one pair absent, "+c.Movement)
	t := &reports.Table{ID: env.cell.ID, Caption: caption, Columns: []reports.Column{{Name: "absent pair"}, {Name: "Qf1", Decimals: 2}}}
	ch := &reports.Chart{ID: env.cell.ID + "-chart", Caption: caption, Kind: "bar", XName: "absent pair", YName: "Qf1", Series: []reports.Series{{Name: "Qf1"}}}
	figs := map[string]float64{"qf1_av": v.Av, "qf1_max": v.Max}
	for p, q := range v.Qf1 {
		t.Rows = append(t.Rows, []any{p + 1, q})
		ch.XLabels = append(ch.XLabels, strconv.Itoa(p+1))
		ch.Series[0].Values = append(ch.Series[0].Values, q)
		figs[fmt.Sprintf("qf1_%d", p+1)] = q
	}
	t.Rows = append(t.Rows, []any{"pooled (Qf1av)", v.Av}, []any{"maximum", v.Max})
	checks, err := checkFigures(env.cell.ID+"/", figs, c.Published, c.Errata)
	if err != nil {
		return nil, err
	}
	return &cellOutput{Blocks: []reports.Block{{Table: t}, {Chart: ch}}, Checks: checks}, nil
}

func captionOr(caption, fallback string) string {
	if caption != "" {
		return caption
	}
	return fallback
}

// extend adds to a caption after sep, so that "Qf of the Mitchell." and
// ": by round" read "Qf of the Mitchell: by round", punctuated once.
func extend(caption, sep, more string) string {
	return strings.TrimRight(caption, ". ") + sep + more
}
