// Package templates holds the page templates of the reports, embedded in the
// binary and parsed once.
package templates

import (
	"embed"
	"html/template"
)

//go:embed *.html.tmpl
var files embed.FS

// Report renders one study; Index renders the list of studies.
var (
	Report = parse("report.html.tmpl")
	Index  = parse("index.html.tmpl")
)

func parse(name string) *template.Template {
	return template.Must(template.New(name).Option("missingkey=error").ParseFS(files, name, "style.html.tmpl"))
}
