package reports

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/render"
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
func chartRenderer(c *Chart) (render.Renderer, error) {
	global := []charts.GlobalOpts{
		charts.WithInitializationOpts(opts.Initialization{ChartID: chartDOMID(c.ID), Width: "100%", Height: chartHeight(c)}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true)}),
		charts.WithAnimation(false),
	}
	switch c.Kind {
	case "bar", "line":
		global = append(global,
			charts.WithXAxisOpts(opts.XAxis{Name: c.XName, NameLocation: "middle", NameGap: 30}),
			charts.WithYAxisOpts(opts.YAxis{Name: c.YName, Scale: opts.Bool(true)}),
			charts.WithLegendOpts(opts.Legend{Show: opts.Bool(len(c.Series) > 1)}))
		if c.Kind == "bar" {
			ch := charts.NewBar()
			ch.SetGlobalOptions(global...)
			ch.SetXAxis(c.XLabels)
			for _, s := range c.Series {
				data := make([]opts.BarData, len(s.Values))
				for i, v := range s.Values {
					data[i] = opts.BarData{Value: round6(v)}
				}
				ch.AddSeries(s.Name, data)
			}
			return ch, nil
		}
		ch := charts.NewLine()
		ch.SetGlobalOptions(global...)
		ch.SetXAxis(c.XLabels)
		for _, s := range c.Series {
			data := make([]opts.LineData, len(s.Values))
			for i, v := range s.Values {
				data[i] = opts.LineData{Value: round6(v)}
			}
			ch.AddSeries(s.Name, data)
		}
		return ch, nil
	case "heatmap":
		lo, hi := math.Inf(1), math.Inf(-1)
		var data []opts.HeatMapData
		for y, row := range c.Grid {
			for x, v := range row {
				if v == nil {
					continue
				}
				lo, hi = math.Min(lo, *v), math.Max(hi, *v)
				// One decimal is what a cell label can show; the tables and
				// results.json keep full precision.
				data = append(data, opts.HeatMapData{Value: [3]any{x, y, math.Round(*v*10) / 10}})
			}
		}
		global = append(global,
			charts.WithXAxisOpts(opts.XAxis{Name: c.XName, Type: "category", Data: c.XLabels, SplitArea: &opts.SplitArea{Show: opts.Bool(true)}}),
			charts.WithYAxisOpts(opts.YAxis{Name: c.YName, Type: "category", Data: c.YLabels, Inverse: opts.Bool(true), SplitArea: &opts.SplitArea{Show: opts.Bool(true)}}),
			charts.WithVisualMapOpts(opts.VisualMap{Calculable: opts.Bool(true), Min: float32(lo), Max: float32(hi), Orient: "horizontal", Left: "center", Bottom: "0",
				InRange: &opts.VisualMapInRange{Color: []string{"#f7fbff", "#6baed6", "#08306b"}}}),
			charts.WithGridOpts(opts.Grid{Bottom: "70"}))
		ch := charts.NewHeatMap()
		ch.SetGlobalOptions(global...)
		ch.SetXAxis(c.XLabels)
		ch.AddSeries(c.YName, data, charts.WithLabelOpts(opts.Label{Show: opts.Bool(len(c.XLabels) <= 16)}))
		return ch, nil
	case "boxplot":
		global = append(global,
			charts.WithXAxisOpts(opts.XAxis{Name: c.XName, NameLocation: "middle", NameGap: 30}),
			charts.WithYAxisOpts(opts.YAxis{Name: c.YName, Scale: opts.Bool(true)}))
		ch := charts.NewBoxPlot()
		ch.SetGlobalOptions(global...)
		ch.SetXAxis(c.XLabels)
		data := make([]opts.BoxPlotData, len(c.Boxes))
		for i, b := range c.Boxes {
			data[i] = opts.BoxPlotData{Value: []float64{round6(b[0]), round6(b[1]), round6(b[2]), round6(b[3]), round6(b[4])}}
		}
		ch.AddSeries(c.YName, data)
		return ch, nil
	}
	return nil, fmt.Errorf("chart %s: unknown kind %q", c.ID, c.Kind)
}

func chartHeight(c *Chart) string {
	if c.Kind == "heatmap" {
		return fmt.Sprintf("%dpx", min(900, 160+26*len(c.YLabels)))
	}
	return "380px"
}

// round6 keeps chart data short; tables and results.json keep full precision.
func round6(v float64) float64 { return math.Round(v*1e6) / 1e6 }
