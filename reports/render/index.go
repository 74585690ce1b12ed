package render

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/charts"
	"github.com/bridgereport/bridgereport/reports/disk"
	"github.com/bridgereport/bridgereport/templates"
)

// indexEntry is one report on the index page.
type indexEntry struct {
	Title, Summary, Link string
	Headline             []string
	File                 string // the study file's name
	OK, Errata, Failed   int
	Live                 bool // the page recomputes cells in the browser
}

// Broken is a study that produced no report, with the reason.
type Broken struct {
	Source string // the study file
	Error  string // with the file and line where known
}

// WriteIndex writes outDir/index.html, listing the reports (already written
// into outDir by Write) with their headline checks, and the broken ones.
func (rd *Renderer) WriteIndex(outDir, version string, reps []*reports.Report, broken []Broken) error {
	var buf bytes.Buffer
	if err := rd.Index(&buf, version, reps, broken); err != nil {
		return err
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	return disk.WriteFileAtomic(filepath.Join(outDir, "index.html"), buf.Bytes())
}

// Index writes the index page of several reports, linked as <name>/index.html.
func (rd *Renderer) Index(w io.Writer, version string, reps []*reports.Report, broken []Broken) error {
	return rd.SiteIndex(w, version, reps, broken, nil)
}

// SiteIndex writes the index page of a site of reports: the index with the
// site's navigation and search, when nav is set.
func (rd *Renderer) SiteIndex(w io.Writer, version string, reps []*reports.Report, broken []Broken, nav *reports.Nav) error {
	var entries []indexEntry
	for _, r := range reps {
		e := indexEntry{Title: r.Title, Summary: r.Summary, Link: r.Name + "/index.html", Headline: headline(r), File: r.Provenance.SourceName, Live: r.Live != nil}
		e.OK, e.Errata, e.Failed = r.Tally()
		entries = append(entries, e)
	}
	page := map[string]any{
		"Version": version, "Studies": entries, "Broken": broken, "Nav": nav, "SearchJS": template.JS(""),
		"Title": "bridgereport studies", "Heading": "Studies", "CSP": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'",
	}
	if nav != nil {
		page["Title"], page["Heading"] = nav.Title, nav.Title
		if nav.Search != "" {
			page["SearchJS"] = template.JS(templates.SearchJS)
			page["CSP"] = charts.ContentSecurityPolicy([]string{"'self'", charts.ScriptHash(templates.SearchJS)})
		}
	}
	return templates.Index.Execute(w, page)
}

// headline lists a report's headline checks, as figures a reader can scan.
func headline(r *reports.Report) []string {
	var parts []string
	for _, c := range r.HeadlineChecks() {
		parts = append(parts, fmt.Sprintf("%s = %s (%s)", c.Name, c.Computed, c.Status))
	}
	return parts
}
