package charts

import (
	"fmt"

	"github.com/bridgereport/bridgereport/reports"
)

// Chart draws a report chart as SVG at its fixed size, from the same echarts
// option as the HTML report.
func (r *SVGRenderer) Chart(c *reports.Chart) ([]byte, error) {
	option, w, h, err := SVGOption(c)
	if err != nil {
		return nil, err
	}
	return r.Draw(c, option, w, h)
}

func (r *SVGRenderer) Draw(c *reports.Chart, option string, w, h int) ([]byte, error) {
	svg, err := r.Render(option, w, h)
	if err != nil {
		return nil, fmt.Errorf("chart %s: svg: %w", c.ID, err)
	}
	return []byte(svg), nil
}

// SVGOption is the echarts option of a chart and the size of its SVG: all
// that the drawing depends on, besides the library.
func SVGOption(c *reports.Chart) (option string, width, height int, err error) {
	option, err = chartOption(c)
	if err != nil {
		return "", 0, 0, err
	}
	width, height = svgSize(c)
	return option, width, height, nil
}

// svgSize is the fixed size of a chart's SVG. Heatmaps get square cells,
// with room around the grid for the axes and the colour scale.
func svgSize(c *reports.Chart) (width, height int) {
	if c.Kind != "heatmap" {
		return 800, 400
	}
	nx, ny := max(len(c.XLabels), 1), max(len(c.YLabels), 1)
	cell := min(max(560/max(nx, ny), 18), 40)
	m := heatmapMargin
	return heatmapLeft(c) + m.right + cell*nx, m.top + m.bottom + cell*ny
}
