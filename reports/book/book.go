// Package book turns the prose of finished reports into that of a book:
// callouts set apart, cross-references and citations resolved into
// numbered links, the works cited listed at the end. It runs after every
// block of a report is numbered, once per report or once for all the
// reports of a site (whose references may point at one another).
//
// Citations: the pass reads a BibTeX bibliography and resolves the citations of a
// report: [@key], [@key, p. 3] and [@a; @b] in prose (Pandoc's and
// Quarto's syntax) and the source of a published figure become numbered
// links to a list of references at the end of the report.
//
// The reader is a small strict one of our own: the one Go BibTeX library
// (nickng/bibtex) is not served by the module proxy here, and its errors
// carry no line numbers, which every mistake in a study's input must.
//
// Cross-references: the pass resolves cross-references in a report's prose, in Quarto's
// syntax: @tbl-ID and @fig-ID name a table or figure by its id in
// results.json, @sec-ID a heading by its anchor, and @study:tbl-ID a table
// of another study of the same site. Each becomes a numbered link, "Table
// 3" or "Figure 2 of The catalogue", written as Markdown so that every
// printer shows it. It runs after every block of every report is numbered.
package book

import (
	"fmt"

	"github.com/bridgereport/bridgereport/reports"
)

// Prepare resolves one report that is not part of a site. bib is its
// bibliography, nil when it names none.
func Prepare(r *reports.Report, bib *Bibliography) error {
	return PrepareSite([]*reports.Report{r}, []*Bibliography{bib})[0]
}

// PrepareSite resolves the reports of a site: a reference qualified with
// another report's name (@catalogue:tbl-best) links to that report's page.
// bibs[i] is the bibliography of reps[i] (nil for none); bibs may be
// shorter than reps, or nil. errs[i] is reps[i]'s mistake, if any: one
// report's mistake does not stop the others.
func PrepareSite(reps []*reports.Report, bibs []*Bibliography) (errs []error) {
	errs = make([]error, len(reps))
	site := Site{}
	for i, r := range reps {
		if errs[i] = SplitCallouts(r); errs[i] != nil {
			continue
		}
		labels, err := CollectLabels(r)
		if err != nil {
			errs[i] = fmt.Errorf("%s: %w", r.Provenance.SourceName, err)
			continue
		}
		site[r.Name] = labels
	}
	own := func(r *reports.Report) *Labels { return site[r.Name] }
	if len(reps) == 1 {
		site = nil // a lone report has no site to refer to
		labels := Site{}
		if errs[0] == nil {
			labels[reps[0].Name], errs[0] = CollectLabels(reps[0])
		}
		own = func(r *reports.Report) *Labels { return labels[r.Name] }
	}
	for i, r := range reps {
		if errs[i] != nil {
			continue
		}
		// Citations first: [@tbl-x] is left for the references, and the
		// links citations become hold no @.
		var bib *Bibliography
		if i < len(bibs) {
			bib = bibs[i]
		}
		if errs[i] = ResolveCitations(r, bib); errs[i] != nil {
			continue
		}
		errs[i] = ResolveRefs(r, own(r), site)
	}
	return errs
}
