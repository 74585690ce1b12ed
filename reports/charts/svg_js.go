//go:build js

package charts

import (
	"errors"
	"time"
)

// In the browser (the page's engine is built for GOOS=js) the page draws
// its charts with the echarts it carries, and no Markdown figure is ever
// drawn: goja, with the Unicode tables it brings, would be three quarters of
// the engine's size for nothing.

// SVGRenderer draws no SVG in the browser.
type SVGRenderer struct {
	Timeout time.Duration
}

// NewSVGRenderer returns a renderer that refuses to draw.
func NewSVGRenderer(string) *SVGRenderer { return &SVGRenderer{} }

var errNoSVG = errors.New("charts: no SVG figures in the browser")

// Render refuses: the browser draws charts itself.
func (r *SVGRenderer) Render(option string, width, height int) (string, error) {
	return "", errNoSVG
}
