// Package reports turns engine results into what people read: the text
// report of `bridgereport balance`, and the studies, which it decodes, runs
// and renders as HTML (interactive charts), Markdown (static SVG charts, drawn
// by the same echarts library run in goja) and results.json.
package reports
