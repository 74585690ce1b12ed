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
	return PrepareSite([]*reports.Report{r}, []*cite.Bibliography{bib})
}

// PrepareSite resolves the reports of a site: a reference qualified with
// another report's name (@catalogue:tbl-best) links to that report's page.
// bibs[i] is the bibliography of reps[i] (nil for none); bibs may be
// shorter than reps, or nil.
func PrepareSite(reps []*reports.Report, bibs []*cite.Bibliography) error {
	site := xref.Site{}
	for _, r := range reps {
		if err := reports.SplitCallouts(r); err != nil {
			return err
		}
		labels, err := xref.Collect(r)
		if err != nil {
			return fmt.Errorf("%s: %w", r.Provenance.SourceName, err)
		}
		site[r.Name] = labels
	}
	if len(reps) == 1 {
		site = nil // a lone report has no site to refer to
	}
	for i, r := range reps {
		own := siteLabels(site, r)
		if own == nil {
			var err error
			if own, err = xref.Collect(r); err != nil {
				return err
			}
		}
		// Citations first: [@tbl-x] is left for the references, and the
		// links citations become hold no @.
		var bib *cite.Bibliography
		if i < len(bibs) {
			bib = bibs[i]
		}
		if err := cite.Resolve(r, bib); err != nil {
			return err
		}
		if err := xref.Resolve(r, own, site); err != nil {
			return err
		}
	}
	return nil
}

func siteLabels(site xref.Site, r *reports.Report) *xref.Labels {
	if site == nil {
		return nil
	}
	return site[r.Name]
}
