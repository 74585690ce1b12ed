// Package reports turns engine results into what people read: the text
// reports of the subcommands (balance, handicap, instant, score, simulate),
// and the studies, which it decodes, runs and renders as HTML (interactive
// charts), Markdown (static SVG charts, drawn by the same echarts library run
// in goja) and results.json.
package reports
