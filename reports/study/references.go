package study

import (
	"fmt"

	"github.com/bridgereport/bridgereport/reports/load"
)

// checkReferences makes sure every movement a cell names is defined, so a
// broken study fails before any cell runs.
func (s *Study) checkReferences() error {
	defined := map[string]bool{}
	for _, d := range s.Movements {
		defined[d.Name] = true
	}
	for _, c := range s.Cells {
		for _, name := range c.body.Movements() {
			if !defined[name] {
				return &load.StudyError{File: s.Path, Line: c.Line, Err: fmt.Errorf("cell %d (%s): movement %q is not defined", c.Index+1, c.Kind(), name)}
			}
		}
	}
	return nil
}
