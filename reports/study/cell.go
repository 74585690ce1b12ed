package study

import (
	"fmt"

	"github.com/bridgereport/bridgereport/reports/cell"
)

// cellID is a cell's id: the one given, or one derived from its kind and
// position.
func cellID(kind string, body cell.Body, index int) string {
	if kind == "markdown" {
		return fmt.Sprintf("prose-%d", index+1)
	}
	if c, ok := body.(interface{ GivenID() string }); ok && c.GivenID() != "" {
		return c.GivenID()
	}
	return fmt.Sprintf("%s-%d", kind, index+1)
}

// Cell is a decoded cell in its study.
type Cell struct {
	Index int // 0-based position in the study
	Line  int // line of the cell in the study file
	ID    string
	kind  string
	body  cell.Body
	// figures are the cell's published, beats and errata entries with
	// their lines, to place a check in the study file (figureline.go).
	figures []figureEntry
	// proseLine is the line of a markdown cell's first line of text; 0
	// when its lines cannot be placed (proselint.go).
	proseLine int
	// live are the interactive parameters the cell uses, itself or
	// through its movements: the page recomputes it when one changes.
	live []string
}

// Kind is the cell's key in the study (markdown, balance, ...).
func (c Cell) Kind() string { return c.kind }
