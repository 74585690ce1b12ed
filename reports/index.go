package reports

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/bridgereport/bridgereport/templates"
)

// indexEntry is one report on the index page.
type indexEntry struct {
	Title, Summary, Link, Headline string
	File                           string // the study file's name
	OK, Errata, Failed             int
}

// Broken is a study that produced no report, with the reason.
type Broken struct {
	Source string // the study file
	Error  string // with the file and line where known
}

// WriteIndex writes outDir/index.html, listing the reports (already written
// into outDir by Write) with their headline checks, and the broken ones.
func (rd *Renderer) WriteIndex(outDir, version string, reps []*Report, broken []Broken) error {
	var buf bytes.Buffer
	if err := rd.Index(&buf, version, reps, broken); err != nil {
		return err
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	return WriteFileAtomic(filepath.Join(outDir, "index.html"), buf.Bytes())
}

// Index writes the index page of several reports, linked as <name>/index.html.
func (rd *Renderer) Index(w io.Writer, version string, reps []*Report, broken []Broken) error {
	var entries []indexEntry
	for _, r := range reps {
		e := indexEntry{Title: r.Title, Summary: r.Summary, Link: r.Name + "/index.html", Headline: headline(r), File: r.Provenance.SourceName}
		e.OK, e.Errata, e.Failed = r.Tally()
		entries = append(entries, e)
	}
	return templates.Index.Execute(w, map[string]any{"Version": version, "Studies": entries, "Broken": broken})
}

// headline lists a report's headline checks, as figures a reader can scan.
func headline(r *Report) string {
	var parts []string
	for _, c := range r.HeadlineChecks() {
		parts = append(parts, fmt.Sprintf("%s = %s (%s)", c.Name, c.Computed, c.Status))
	}
	return strings.Join(parts, "; ")
}
