// Package charts turns a report's charts into what each printer shows: the
// echarts option of an interactive chart in the HTML page (built with
// go-echarts, checked and hash-pinned for the page's Content-Security-
// Policy), and the static SVG figure of the Markdown report, drawn by the
// same chart library run in goja and checked to be a plain drawing. Built
// for the browser (GOOS=js, the engine a live page carries) it draws no SVG
// and links no goja (svg_js.go): the page draws with its own echarts.
package charts
