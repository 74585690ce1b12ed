package study

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/book"
	"github.com/bridgereport/bridgereport/reports/disk"
	"github.com/bridgereport/bridgereport/reports/load"
)

// LoadBibliography reads the study's bibliography, with its hash for the
// provenance; nil when the study names none.
func (s *Study) LoadBibliography(allowOutside bool) (*book.Bibliography, *reports.Input, error) {
	if s.Bibliography == "" {
		return nil, nil, nil
	}
	fail := func(err error) (*book.Bibliography, *reports.Input, error) {
		return nil, nil, &load.StudyError{File: s.Path, Line: s.BibliographyLine, Err: fmt.Errorf("bibliography: %w", err)}
	}
	path, err := load.InputPath(s.Dir, s.Bibliography, allowOutside)
	if err != nil {
		return fail(err)
	}
	data, err := disk.ReadFile(path, disk.MaxInputBytes)
	if err != nil {
		return fail(err)
	}
	bib, err := book.ParseBibliography(bytes.NewReader(data), path)
	if err != nil {
		return nil, nil, err // "studies/refs.bib:12: ...": the place is in the file itself
	}
	sum := sha256.Sum256(data)
	return bib, &reports.Input{Path: s.Bibliography, SHA256: hex.EncodeToString(sum[:])}, nil
}

// Finish resolves the callouts, cross-references and citations of the
// reports of studies run together (a site: @other:tbl-x links to the
// other report), or of one. bibs[i] is reps[i]'s bibliography, or nil.
// errs[i] is the mistake of studies[i], at its line of the study; warnings
// (another study's table named in a study run alone) go to the report's
// Warnings.
func Finish(studies []*Study, reps []*reports.Report, bibs []*book.Bibliography) (errs []error) {
	before := make([]int, len(reps))
	for i, r := range reps {
		before[i] = len(r.Warnings)
	}
	errs = book.PrepareSite(reps, bibs)
	// The pass names the file by its base name; the run, as given.
	for i, r := range reps {
		base := r.Provenance.SourceName + ":"
		for j := before[i]; j < len(r.Warnings); j++ {
			if rest, ok := strings.CutPrefix(r.Warnings[j], base); ok {
				r.Warnings[j] = studies[i].Path + ":" + rest
			}
		}
		if se := (*reports.SourceError)(nil); errors.As(errs[i], &se) {
			errs[i] = &load.StudyError{File: studies[i].Path, Line: se.Line, Err: se.Err}
		}
	}
	return errs
}
