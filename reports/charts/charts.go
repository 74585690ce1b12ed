package charts

import (
	"cmp"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
	echarts "github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/render"
	"github.com/go-echarts/go-echarts/v2/types"
)

// chartDOMID turns a chart id into one that is also a JavaScript identifier:
// go-echarts names script variables after it. A fixed id keeps reports
// byte-identical (go-echarts would otherwise draw a random one).
func chartDOMID(id string) string {
	var b strings.Builder
	b.WriteString("chart_")
	for _, c := range id {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// chartRenderer builds the go-echarts chart for a Chart.
func chartRenderer(c *reports.Chart) (render.Renderer, error) {
	global := []echarts.GlobalOpts{
		echarts.WithInitializationOpts(opts.Initialization{ChartID: chartDOMID(c.ID), Width: "100%", Height: chartHeight(c)}),
		echarts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true)}),
		echarts.WithAnimation(false),
	}
	switch c.Kind {
	case "bar", "line":
		if c.Kind == "line" {
			return lineChart(c, global)
		}
		xAxis := opts.XAxis{Name: c.XName, NameLocation: "middle", NameGap: 30}
		if c.SlantXLabels {
			// The name goes to the end of the axis, clear of the labels,
			// and the grid makes room for them above the legend.
			xAxis.NameLocation, xAxis.NameGap = "end", 10
			xAxis.AxisLabel = &opts.AxisLabel{Show: opts.Bool(true), Interval: "0", Rotate: 35}
			global = append(global, echarts.WithGridOpts(opts.Grid{Bottom: "40", Right: "60", ContainLabel: opts.Bool(true)}))
		}
		global = append(global,
			echarts.WithXAxisOpts(xAxis),
			// Bars start at zero: a bar's length is its value.
			echarts.WithYAxisOpts(opts.YAxis{Name: c.YName}),
			echarts.WithLegendOpts(opts.Legend{Show: opts.Bool(len(c.Series) > 1)}))
		if len(c.Points) > 0 {
			return nil, fmt.Errorf("chart %s: points are drawn only over a line chart", c.ID)
		}
		ch := echarts.NewBar()
		ch.SetGlobalOptions(global...)
		ch.SetXAxis(c.XLabels)
		for _, s := range c.Series {
			data := make([]opts.BarData, len(s.Values))
			for i, v := range s.Values {
				data[i] = opts.BarData{Value: Round6(v)}
				if s.Gap(i) {
					data[i].Value = noData
				}
			}
			ch.AddSeries(s.Name, data, seriesColor(s.Color)...)
		}
		return ch, nil
	case "heatmap":
		lo, hi := math.Inf(1), math.Inf(-1)
		var data []heatCell
		whole := true
		for y, row := range c.Grid {
			for x, v := range row {
				if v == nil {
					continue
				}
				lo, hi = math.Min(lo, *v), math.Max(hi, *v)
				// One decimal is what a cell label can show; the tables and
				// results.json keep full precision.
				r := math.Round(*v*10) / 10
				whole = whole && r == math.Trunc(r)
				data = append(data, heatCell{Value: [3]any{x, y, r}})
			}
		}
		shown := len(c.XLabels) <= 24
		label := opts.Label{Show: opts.Bool(shown)}
		if len(c.XLabels) > 14 {
			label.FontSize = 9
		}
		if shown && !whole {
			// echarts prints a number as short as it goes, so 56 stood
			// beside 56.2: when any cell has a decimal, every cell's label
			// shows one, as its own text (a template with no field, never
			// code); the value, and the tooltip, stay the number.
			for i := range data {
				r := data[i].Value[2].(float64)
				if r == 0 {
					r = 0 // not -0.0
				}
				data[i].Label = &opts.Label{Formatter: strconv.FormatFloat(r, 'f', 1, 64)}
			}
		}
		// The colour scale stands on the right, clear of the x labels, and
		// names the value; the y name sits above the inverse axis, clear of
		// its first label.
		valueName := cmp.Or(c.ValueName, "value")
		global = append(global,
			echarts.WithXAxisOpts(opts.XAxis{Name: c.XName, Type: "category", Data: c.XLabels, NameLocation: "middle", NameGap: 28,
				SplitArea: &opts.SplitArea{Show: opts.Bool(true)}}),
			echarts.WithYAxisOpts(opts.YAxis{Name: c.YName, Type: "category", Data: c.YLabels, Inverse: opts.Bool(true), NameLocation: "start", NameGap: 10,
				SplitArea: &opts.SplitArea{Show: opts.Bool(true)}}),
			echarts.WithVisualMapOpts(opts.VisualMap{Calculable: opts.Bool(true), Min: float32(lo), Max: float32(hi), Orient: "vertical", Right: "10", Top: "middle",
				Text: []string{valueName, ""}, InRange: &opts.VisualMapInRange{Color: []string{"#f7fbff", "#6baed6", "#08306b"}}}),
			echarts.WithGridOpts(opts.Grid{Left: fmt.Sprint(heatmapLeft(c)), Right: fmt.Sprint(heatmapMargin.right),
				Top: fmt.Sprint(heatmapMargin.top), Bottom: fmt.Sprint(heatmapMargin.bottom)}),
			echarts.WithLegendOpts(opts.Legend{Show: opts.Bool(false)}))
		ch := echarts.NewHeatMap()
		ch.SetGlobalOptions(global...)
		ch.SetXAxis(c.XLabels)
		// opts.HeatMapData has no label: the series takes the cells as its
		// data instead.
		ch.AddSeries(valueName, nil, echarts.WithLabelOpts(label),
			echarts.WithSeriesOpts(func(s *echarts.SingleSeries) { s.Data = data }))
		return ch, nil
	case "boxplot":
		global = append(global,
			echarts.WithXAxisOpts(opts.XAxis{Name: c.XName, NameLocation: "middle", NameGap: 30}),
			echarts.WithYAxisOpts(opts.YAxis{Name: c.YName, Scale: opts.Bool(true)}))
		ch := echarts.NewBoxPlot()
		ch.SetGlobalOptions(global...)
		ch.SetXAxis(c.XLabels)
		data := make([]opts.BoxPlotData, len(c.Boxes))
		for i, b := range c.Boxes {
			data[i] = opts.BoxPlotData{Value: []float64{Round6(b[0]), Round6(b[1]), Round6(b[2]), Round6(b[3]), Round6(b[4])}}
		}
		ch.AddSeries(c.YName, data)
		return ch, nil
	}
	return nil, fmt.Errorf("chart %s: unknown kind %q", c.ID, c.Kind)
}

// lineChart draws lines over category labels or, with XNumeric, over a
// scale of numbers; points are scatter series laid over it, one per point
// so that each keeps its colour, and left out of the legend, since their
// labels name them.
func lineChart(c *reports.Chart, global []echarts.GlobalOpts) (render.Renderer, error) {
	var xs []float64
	if c.XNumeric {
		xs = make([]float64, len(c.XLabels))
		for i, l := range c.XLabels {
			x, err := strconv.ParseFloat(l, 64)
			if err != nil {
				return nil, fmt.Errorf("chart %s: x label %q is not a number", c.ID, l)
			}
			if c.XLog && !(x > 0) {
				return nil, fmt.Errorf("chart %s: x label %q is not positive: no place on a log axis", c.ID, l)
			}
			xs[i] = x
		}
	} else if len(c.Points) > 0 || c.XLog {
		return nil, fmt.Errorf("chart %s: points and a log axis need a numeric x axis", c.ID)
	}
	var names []string
	for _, s := range c.Series {
		names = append(names, s.Name)
	}
	legend := opts.Legend{Show: opts.Bool(len(c.Series) > 1)}
	if longLegend(c) {
		// A column at the right, beside a narrower grid, rather than rows
		// that grow down over the chart and its axis names.
		legend.Orient, legend.Left, legend.Top = "vertical", legendColumnLeft, "middle"
		global = append(global, echarts.WithGridOpts(opts.Grid{Right: gridBesideLegend}))
	}
	if len(c.Points) > 0 {
		legend.Data = names
	}
	if c.XNumeric {
		// Above the grid, where it cannot cover the x axis name.
		legend.Top = "0"
		global = append(global, echarts.WithGridOpts(opts.Grid{Top: "55"}))
	}
	xAxis := opts.XAxis{Name: c.XName, NameLocation: "middle", NameGap: 30}
	tooltip := opts.Tooltip{Show: opts.Bool(true)}
	if c.XNumeric {
		xAxis.Type = "value"
		if c.XLog {
			// From the first x to the last, not out to powers of ten.
			xAxis.Type, xAxis.Min, xAxis.Max = "log", "dataMin", "dataMax"
		}
		// Every line has a value at each x: show them all there.
		tooltip.Trigger = "axis"
	}
	global = append(global,
		echarts.WithXAxisOpts(xAxis),
		echarts.WithYAxisOpts(opts.YAxis{Name: c.YName, Scale: opts.Bool(true)}),
		echarts.WithLegendOpts(legend),
		echarts.WithTooltipOpts(tooltip))
	ch := echarts.NewLine()
	ch.SetGlobalOptions(global...)
	if !c.XNumeric {
		ch.SetXAxis(c.XLabels)
	}
	for _, s := range c.Series {
		data := make([]opts.LineData, len(s.Values))
		for i, v := range s.Values {
			switch {
			case s.Gap(i) && c.XNumeric:
				data[i] = opts.LineData{Value: []any{xs[i], noData}}
			case s.Gap(i):
				data[i] = opts.LineData{Value: noData}
			case c.XNumeric:
				data[i] = opts.LineData{Value: []float64{xs[i], Round6(v)}}
			default:
				data[i] = opts.LineData{Value: Round6(v)}
			}
		}
		so := seriesColor(s.Color)
		if c.XNumeric && !c.XLog {
			// Hundreds of x values: a symbol at each would hide the lines.
			// On a log axis the values are few and spread out.
			so = append(so, echarts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(false)}))
		}
		ch.AddSeries(s.Name, data, so...)
	}
	if len(c.Points) > 0 {
		sc := echarts.NewScatter()
		for _, p := range c.Points {
			// A light backing keeps the label readable across lines.
			so := append(seriesColor(p.Color), echarts.WithLabelOpts(opts.Label{Show: opts.Bool(true), Position: cmp.Or(p.Place, "right"),
				Formatter: "{b}", FontWeight: "bold", BackgroundColor: "rgba(255,255,255,0.85)"}))
			sc.AddSeries(p.Label, []opts.ScatterData{{Name: p.Label, Value: []float64{Round6(p.X), Round6(p.Y)}, SymbolSize: 12}}, so...)
		}
		ch.Overlap(sc)
		ch.Accept(pointsOnTop{})
	}
	return ch, nil
}

// pointZ is the z of the points' series. At echarts' default, 2 for every
// series, the lines are drawn after the points: across their symbols and
// over the labels' white backing. Any z above 2 draws them last.
const pointZ = 10

// pointsOnTop gives the scatter series, the points, a z above the lines'.
// go-echarts' series have no z field; a ConfigurationVisitor is its way to
// set an option it lacks, on the option itself, so the page and the SVG
// (the same option) both get it.
type pointsOnTop struct {
	echarts.BaseConfigurationVisitor
}

func (pointsOnTop) VisitSeriesOpt(series echarts.MultiSeries) any {
	type withZ struct {
		echarts.SingleSeries
		Z int `json:"z"`
	}
	out := make([]any, len(series))
	for i, s := range series {
		out[i] = s
		if s.Type == types.ChartScatter {
			out[i] = withZ{s, pointZ}
		}
	}
	return out
}

// heatCell is a heatmap cell: x, y and value, and, when the value alone
// would not print right, its label.
type heatCell struct {
	Value [3]any      `json:"value"`
	Label *opts.Label `json:"label,omitempty"`
}

// seriesColor sets a series' colour, when one is given, for its line or
// bars, its symbols and its legend icon alike.
func seriesColor(color string) []echarts.SeriesOpts {
	if color == "" {
		return nil
	}
	return []echarts.SeriesOpts{
		echarts.WithItemStyleOpts(opts.ItemStyle{Color: color}),
		echarts.WithLineStyleOpts(opts.LineStyle{Color: color}),
	}
}

// heatmapMargin is the room around a heatmap's grid, in pixels: axis labels
// and names, and the colour scale on the right.
// noData is echarts' value for a point with no data: a line breaks there
// and no bar is drawn.
const noData = "-"

var heatmapMargin = struct{ left, right, top, bottom int }{50, 110, 40, 50}

// heatmapLeft is the left margin, wide enough for the longest y label
// (family names, say, not only pair numbers); about 7 pixels a character.
func heatmapLeft(c *reports.Chart) int {
	longest := 0
	for _, l := range c.YLabels {
		longest = max(longest, len([]rune(l)))
	}
	return max(heatmapMargin.left, 16+7*longest)
}

func chartHeight(c *reports.Chart) string {
	if c.Kind == "heatmap" {
		return fmt.Sprintf("%dpx", min(900, heatmapMargin.top+heatmapMargin.bottom+28*len(c.YLabels)))
	}
	return "380px"
}

// Round6 keeps chart data short; tables and results.json keep full precision.
func Round6(v float64) float64 { return math.Round(v*1e6) / 1e6 }

// A long legend is a column at the right of the chart, the grid narrowed
// to leave it room (narrowLegend moves it under a narrow chart).
const (
	legendColumnLeft = "69%"
	gridBesideLegend = "33%"
)

// longLegend says a legend would not fit on a line or two above the chart:
// many series, or long names such as partnerships.
func longLegend(c *reports.Chart) bool {
	n := 0
	for _, s := range c.Series {
		n += len(s.Name) + 4 // the icon and the gap
	}
	return n > 100 && !c.XNumeric
}
