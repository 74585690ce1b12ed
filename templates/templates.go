// Package templates holds the page templates of the reports and the chart
// library they inline, all embedded in the binary; templates are parsed once.
package templates

//go:generate bash echarts/update.sh

import (
	"embed"
	"html/template"
	"strings"
)

//go:embed *.html.tmpl
var files embed.FS

// Report renders one study; Index renders the list of studies; Section
// renders the blocks of one cell as Report does, for a page that recomputes
// the cell in the reader's browser.
var (
	Report  = parse("report.html.tmpl")
	Index   = parse("index.html.tmpl")
	Section = parse("section.html.tmpl")
)

func parse(name string) *template.Template {
	return template.Must(template.New(name).Option("missingkey=error").ParseFS(files, name, "style.html.tmpl", "nav.html.tmpl", "block.html.tmpl", "live.html.tmpl"))
}

// LiveJS is the script of a page with interactive parameters: it reads the
// values from the address and the controls, runs the engine the page
// carries in a Web Worker and puts the recomputed cells in place.
//
//go:embed live.js
var LiveJS string

// LiveWorkerJS runs in the page's Web Worker, after the Go runtime's
// wasm_exec.js: it starts the engine and passes the page's requests to it.
//
//go:embed liveworker.js
var LiveWorkerJS string

// SearchJS is the site's search: it reads the index that search-index.js
// assigns to window.bridgereportSearch and lists the pages that hold every
// word of the query. It is inlined into each page of a site.
//
//go:embed search.js
var SearchJS string

// Starter is the study that bridgereport new writes, with TITLE and
// TITLE_FILE to replace.
//
//go:embed starter.yaml
var Starter string

// Echarts is the vendored chart library (echarts.min.js), inlined into the
// HTML reports and run in goja for the SVG figures. echarts/update.sh copies
// it from the version package-lock.json pins.
//
//go:embed echarts/echarts.min.js
var Echarts string

//go:embed echarts/SOURCE
var echartsSource string

// EchartsVersion is the version of the vendored chart library.
var EchartsVersion = sourceField("version")

// sourceField reads one "key: value" line of echarts/SOURCE.
func sourceField(key string) string {
	for _, line := range strings.Split(echartsSource, "\n") {
		if k, v, ok := strings.Cut(line, ": "); ok && k == key {
			return strings.TrimSpace(v)
		}
	}
	panic("templates: echarts/SOURCE has no " + key) // the file is embedded: a build defect
}
