package kinds

import (
	"fmt"
	"slices"

	"github.com/bridgereport/bridgereport/reports"
)

// ChartGrid lays a balance cell's chart out as a grid: each row's value
// at its place (the row's `at`: a column and a line of the grid), so that
// rows that belong together (one size, one number of switched rounds) read
// across and down instead of as one long run of bars. A place without a
// row is left empty.
type ChartGrid struct {
	// X names the grid's columns (tables, say).
	X string `yaml:"x"`
	// Y names the grid's lines (switched rounds, say).
	Y string `yaml:"y"`
}

// gridChart builds the grid chart of a balance cell: columns and lines in
// the order the rows first name them.
func gridChart(id, caption, value string, g *ChartGrid, rows []BalanceRow, values []float64) (*reports.Chart, error) {
	ch := &reports.Chart{ID: id, Caption: caption, Kind: "heatmap", XName: g.X, YName: g.Y, ValueName: value}
	seen := map[[2]string]bool{}
	for i, r := range rows {
		if len(r.At) != 2 || r.At[0] == "" || r.At[1] == "" {
			return nil, fmt.Errorf("row %d (%s): chart_grid: give the row's place, at: [%s, %s]", i+1, r.name(), g.X, g.Y)
		}
		place := [2]string{r.At[0], r.At[1]}
		if seen[place] {
			return nil, fmt.Errorf("row %d (%s): at: [%s, %s] is the place of another row", i+1, r.name(), r.At[0], r.At[1])
		}
		seen[place] = true
		if !slices.Contains(ch.XLabels, r.At[0]) {
			ch.XLabels = append(ch.XLabels, r.At[0])
		}
		if !slices.Contains(ch.YLabels, r.At[1]) {
			ch.YLabels = append(ch.YLabels, r.At[1])
		}
	}
	ch.Grid = make([][]*float64, len(ch.YLabels))
	for y := range ch.Grid {
		ch.Grid[y] = make([]*float64, len(ch.XLabels))
	}
	for i, r := range rows {
		x, y := slices.Index(ch.XLabels, r.At[0]), slices.Index(ch.YLabels, r.At[1])
		v := values[i]
		ch.Grid[y][x] = &v
	}
	return ch, nil
}
