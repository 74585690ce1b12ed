// Package book turns the prose of finished reports into that of a book:
// callouts set apart, cross-references and citations resolved into
// numbered links, the works cited listed at the end. It runs after every
// block of a report is numbered, once per report or once for all the
// reports of a site (whose references may point at one another).
package book

import (
	"fmt"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cite"
	"github.com/bridgereport/bridgereport/reports/xref"
)

// Prepare resolves one report that is not part of a site. bib is its
// bibliography, nil when it names none.
func Prepare(r *reports.Report, bib *cite.Bibliography) error {
	return PrepareSite([]*reports.Report{r}, []*cite.Bibliography{bib})[0]
}

// PrepareSite resolves the reports of a site: a reference qualified with
// another report's name (@catalogue:tbl-best) links to that report's page.
// bibs[i] is the bibliography of reps[i] (nil for none); bibs may be
// shorter than reps, or nil. errs[i] is reps[i]'s mistake, if any: one
// report's mistake does not stop the others.
func PrepareSite(reps []*reports.Report, bibs []*cite.Bibliography) (errs []error) {
	errs = make([]error, len(reps))
	site := xref.Site{}
	for i, r := range reps {
		if errs[i] = reports.SplitCallouts(r); errs[i] != nil {
			continue
		}
		labels, err := xref.Collect(r)
		if err != nil {
			errs[i] = fmt.Errorf("%s: %w", r.Provenance.SourceName, err)
			continue
		}
		site[r.Name] = labels
	}
	own := func(r *reports.Report) *xref.Labels { return site[r.Name] }
	if len(reps) == 1 {
		site = nil // a lone report has no site to refer to
		labels := xref.Site{}
		if errs[0] == nil {
			labels[reps[0].Name], errs[0] = xref.Collect(reps[0])
		}
		own = func(r *reports.Report) *xref.Labels { return labels[r.Name] }
	}
	for i, r := range reps {
		if errs[i] != nil {
			continue
		}
		// Citations first: [@tbl-x] is left for the references, and the
		// links citations become hold no @.
		var bib *cite.Bibliography
		if i < len(bibs) {
			bib = bibs[i]
		}
		if errs[i] = cite.Resolve(r, bib); errs[i] != nil {
			continue
		}
		errs[i] = xref.Resolve(r, own(r), site)
	}
	return errs
}
