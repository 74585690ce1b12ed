package reports

import (
	"context"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// CellSpec is one entry of a study's cells: exactly one of its fields is set,
// and the key names the kind of cell.
type CellSpec struct {
	Markdown   *MarkdownCell   `yaml:"markdown"`
	Movement   *MovementCell   `yaml:"movement"`
	Matrix     *MatrixCell     `yaml:"matrix"`
	Balance    *BalanceCell    `yaml:"balance"`
	Vacancy    *VacancyCell    `yaml:"vacancy"`
	Instant    *InstantCell    `yaml:"instant"`
	Neuberg    *NeubergCell    `yaml:"neuberg"`
	Session    *SessionCell    `yaml:"session"`
	Optimize   *OptimizeCell   `yaml:"optimize"`
	OneStrong  *OneStrongCell  `yaml:"one_strong"`
	TwoStrong  *TwoStrongCell  `yaml:"two_strong"`
	Bussemaker *BussemakerCell `yaml:"bussemaker"`
	Handicap   *HandicapCell   `yaml:"handicap"`
	Fairness   *FairnessCell   `yaml:"fairness"`
}

// cell picks the one kind that is set.
func (s CellSpec) cell() (cellBody, error) {
	v := reflect.ValueOf(s)
	var found []cellBody
	var kinds []string
	for i := 0; i < v.NumField(); i++ {
		kinds = append(kinds, v.Type().Field(i).Tag.Get("yaml"))
		if f := v.Field(i); !f.IsNil() {
			found = append(found, f.Interface().(cellBody))
		}
	}
	if len(found) != 1 {
		return nil, fmt.Errorf("a cell has exactly one of the keys %s", strings.Join(kinds, ", "))
	}
	return found[0], nil
}

// Cell is a decoded cell in its study.
type Cell struct {
	Index int // 0-based position in the study
	Line  int // line of the cell in the study file
	ID    string
	body  cellBody
}

// Kind is the cell's key in the study (markdown, balance, ...).
func (c Cell) Kind() string { return c.body.kind() }

// cellBody is what every kind of cell implements.
type cellBody interface {
	kind() string
	// id is the cell's id: the one given, or one derived from its position.
	id(index int) string
	// movements lists the named movements the cell uses.
	movements() []string
	run(env *runEnv) (*cellOutput, error)
}

// Common holds the fields every analysis cell has.
type Common struct {
	// ID names the cell in checks, chart ids and anchors; derived from the
	// position when empty.
	ID      string `yaml:"id"`
	Caption string `yaml:"caption"`
	// Published figures this cell reproduces, by figure name, as printed
	// (the precision of the string is the precision of the comparison).
	Published map[string]string `yaml:"published"`
	// Errata: published figures known to be wrong, with the reason.
	Errata map[string]string `yaml:"errata"`
}

func (c Common) cellID(kind string, index int) string {
	if c.ID != "" {
		return c.ID
	}
	return fmt.Sprintf("%s-%d", kind, index+1)
}

// runEnv is what a cell sees while it runs.
type runEnv struct {
	ctx       context.Context
	cell      Cell
	movements map[string]*movement.Movement
	values    map[string]string
	progress  io.Writer // nil: no progress
	cacheDir  string    // "" when caching is off
	fromCache bool      // set when the cell's result came from the cache
}

// movement returns a resolved movement by name.
func (e *runEnv) movement(name string) (*movement.Movement, error) {
	m, ok := e.movements[name]
	if !ok {
		return nil, fmt.Errorf("movement %q is not defined", name)
	}
	return m, nil
}

// cellOutput is what a cell produces, in display order.
type cellOutput struct {
	Blocks []Block
	Checks []Check
}

// Block is one piece of a report: prose, a table or a chart.
type Block struct {
	Prose string // Markdown source
	Table *Table
	Chart *Chart
}

// Table is a captioned table; its rows are data (numbers stay numbers in
// results.json) formatted per column for display.
type Table struct {
	ID      string   `json:"id"`
	Caption string   `json:"caption"`
	Columns []Column `json:"columns"`
	Rows    [][]any  `json:"rows"`
	Number  int      `json:"number"`
}

// Column describes a table column.
type Column struct {
	Name string `json:"name"`
	// Decimals for floats in the report; results.json keeps full precision.
	Decimals int `json:"-"`
}

// Text formats a table cell for display.
func (t *Table) Text(row, col int) string {
	switch v := t.Rows[row][col].(type) {
	case nil:
		return ""
	case float64:
		return strconv.FormatFloat(v, 'f', t.Columns[col].Decimals, 64)
	case string:
		return v
	default:
		return fmt.Sprint(v)
	}
}

// Chart is a captioned chart, drawn by echarts in HTML.
type Chart struct {
	ID      string   `json:"id"`
	Caption string   `json:"caption"`
	Kind    string   `json:"kind"` // bar, line, heatmap, boxplot
	XName   string   `json:"x_name"`
	YName   string   `json:"y_name"`
	XLabels []string `json:"x_labels"`
	YLabels []string `json:"y_labels,omitempty"`
	// Series for bar and line charts.
	Series []Series `json:"series,omitempty"`
	// Grid for heatmaps: Grid[y][x]; nil cells (a matrix diagonal) are not drawn.
	Grid [][]*float64 `json:"grid,omitempty"`
	// Boxes for box plots: per x label {min, q1, median, q3, max}.
	Boxes [][5]float64 `json:"boxes,omitempty"`
	// XNumeric makes a line chart's x axis a scale of numbers: the x
	// labels are numbers, and the lines are drawn at them.
	XNumeric bool `json:"x_numeric,omitempty"`
	// Points are labelled markers over a line chart with a numeric x axis.
	Points []ChartPoint `json:"points,omitempty"`
	// SlantXLabels shows every x label of a bar chart, slanted, where
	// echarts would skip some (team names, say, that all matter).
	SlantXLabels bool `json:"-"`
	Number       int  `json:"number"`
}

// Series is one named line or set of bars.
type Series struct {
	Name   string    `json:"name"`
	Values []float64 `json:"values"`
	// Color is a CSS colour; empty takes the next of the palette.
	Color string `json:"color,omitempty"`
}

// ChartPoint is one labelled marker, at (X, Y) on the chart's axes.
type ChartPoint struct {
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	Label string  `json:"label"`
	Color string  `json:"color,omitempty"`
	// Place of the label: right (default), left, top or bottom.
	Place string `json:"place,omitempty"`
}

// entryError is bad input in one entry of a cell (a team, an outcome),
// reported at the entry's line rather than the cell's.
type entryError struct {
	line int
	err  error
}

func (e *entryError) Error() string { return e.err.Error() }
func (e *entryError) Unwrap() error { return e.err }

// Check compares a published figure with the recomputed one.
type Check struct {
	Name      string `json:"name"`
	Published string `json:"published"`
	Computed  string `json:"computed"`
	Status    string `json:"status"` // ok, erratum or fail
	Reason    string `json:"reason,omitempty"`
}

// Check statuses.
const (
	StatusOK      = "ok"
	StatusErratum = "erratum"
	StatusFail    = "fail"
)

// checkFigures compares published figures with computed ones. Every
// published or erratum key must name a computed figure.
func checkFigures(prefix string, computed map[string]float64, published, errata map[string]string) ([]Check, error) {
	for key := range errata {
		if _, ok := published[key]; !ok {
			return nil, fmt.Errorf("errata: %s has no published figure", key)
		}
	}
	var checks []Check
	for _, key := range slices.Sorted(maps.Keys(published)) {
		value, ok := computed[key]
		if !ok {
			return nil, fmt.Errorf("published: unknown figure %q (this cell computes %s)", key, strings.Join(slices.Sorted(maps.Keys(computed)), ", "))
		}
		c, err := compare(prefix+key, published[key], value, errata[key])
		if err != nil {
			return nil, err
		}
		checks = append(checks, c)
	}
	return checks, nil
}

// compare checks one figure at the precision of its published form.
func compare(name, published string, value float64, erratum string) (Check, error) {
	if _, err := strconv.ParseFloat(published, 64); err != nil {
		return Check{}, fmt.Errorf("published %s: %q is not a number", name, published)
	}
	decimals := 0
	if i := strings.IndexByte(published, '.'); i >= 0 {
		decimals = len(published) - i - 1
	}
	c := Check{Name: name, Published: published, Computed: strconv.FormatFloat(value, 'f', decimals, 64)}
	want, _ := strconv.ParseFloat(published, 64)
	got, _ := strconv.ParseFloat(c.Computed, 64)
	switch {
	case got == want && erratum == "":
		c.Status = StatusOK
	case got == want:
		c.Status, c.Reason = StatusFail, "declared an erratum, but the published figure reproduces: "+erratum
	case erratum != "":
		c.Status, c.Reason = StatusErratum, erratum
	default:
		c.Status = StatusFail
	}
	return c, nil
}

// MarkdownCell is prose.
type MarkdownCell string

func (c *MarkdownCell) kind() string        { return "markdown" }
func (c *MarkdownCell) id(index int) string { return fmt.Sprintf("prose-%d", index+1) }
func (c *MarkdownCell) movements() []string { return nil }
func (c *MarkdownCell) run(*runEnv) (*cellOutput, error) {
	return &cellOutput{Blocks: []Block{{Prose: string(*c)}}}, nil
}
