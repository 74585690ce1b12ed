// Package reports is the document side of bridgereport: a Report of
// sections of blocks (prose, tables, charts), the checks of published figures
// and the provenance, and one Renderer that prints it as HTML (interactive
// charts), Markdown (static SVG figures drawn by the same echarts library run
// in goja), results.json, and the index page of several reports. It knows
// nothing of bridge or of the study language: package reports/study decodes
// and runs studies and builds their reports.
package reports
