package study

import "github.com/bridgereport/bridgereport/reports"

// MarkdownCell is prose.
type MarkdownCell string

func (c *MarkdownCell) Movements() []string { return nil }

func (c *MarkdownCell) Run(*Env) (*Output, error) {
	return &Output{Blocks: []reports.Block{{Prose: string(*c)}}}, nil
}
