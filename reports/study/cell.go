package study

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/load"
)

// decodeCell decodes one entry of a study's cells: a mapping with a single
// key, the kind, whose value is the cell's body.
func decodeCell(n *yaml.Node) (kind string, body cell.Body, err error) {
	if n.Kind != yaml.MappingNode || len(n.Content) != 2 {
		return "", nil, fmt.Errorf("a cell is a mapping with one key, its kind: one of %s", strings.Join(kinds.Names(), ", "))
	}
	kind = n.Content[0].Value
	k, ok := kinds.Lookup(kind)
	if !ok {
		return "", nil, fmt.Errorf("unknown cell kind %q (known: %s)", kind, strings.Join(kinds.Names(), ", "))
	}
	body = k.New()
	if err := load.StrictDecode(n.Content[1], body); err != nil {
		return "", nil, err
	}
	return kind, body, nil
}

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
}

// Kind is the cell's key in the study (markdown, balance, ...).
func (c Cell) Kind() string { return c.kind }
