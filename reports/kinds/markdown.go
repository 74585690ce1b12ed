package kinds

import (
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
)

// MarkdownCell is prose.
type MarkdownCell string

// Markdown is the markdown kind.
var Markdown = register(Kind{Name: "markdown", New: func() cell.Body { return new(MarkdownCell) }})

func (c *MarkdownCell) Movements() []string { return nil }

func (c *MarkdownCell) Run(*cell.Env) (*cell.Output, error) {
	return &cell.Output{Blocks: []reports.Block{{Prose: string(*c)}}}, nil
}
