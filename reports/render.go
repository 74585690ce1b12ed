package reports

import (
	"github.com/bridgereport/bridgereport/templates"
)

// Renderer prints reports: HTML with interactive charts, Markdown with
// static SVG figures, results.json, and the index page of several reports.
// Build it once: it compiles the chart library that draws the SVG figures.
type Renderer struct {
	echartsJS string // inlined into every HTML report
	svg       *SVGRenderer
}

// NewRenderer returns a renderer with the embedded chart library.
func NewRenderer() (*Renderer, error) {
	return newRenderer(templates.Echarts)
}

func newRenderer(echartsJS string) (*Renderer, error) {
	svg, err := newSVGRenderer(echartsJS)
	if err != nil {
		return nil, err
	}
	return &Renderer{echartsJS: echartsJS, svg: svg}, nil
}

// SVG draws one chart as the Markdown report's figure shows it.
func (rd *Renderer) SVG(c *Chart) ([]byte, error) { return rd.svg.Chart(c) }
