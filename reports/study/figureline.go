package study

import (
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
)

// figureEntry is one figure named under published:, beats: or errata: in a
// cell, with its line and the scalar values beside that key (a row's
// movement, a team's name), which tell apart entries of one key in a cell's
// several rows.
type figureEntry struct {
	key     string
	line    int
	context []string
	rank    int // published 0, beats 1, errata 2: the entry a check names first
}

// figureEntries collects the figure entries under a cell's node.
func figureEntries(n *yaml.Node, context []string) []figureEntry {
	var out []figureEntry
	switch n.Kind {
	case yaml.MappingNode:
		var here []string
		for i := 0; i+1 < len(n.Content); i += 2 {
			if v := n.Content[i+1]; v.Kind == yaml.ScalarNode {
				here = append(here, v.Value)
			}
		}
		ctx := append(append([]string(nil), context...), here...)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			rank := map[string]int{"published": 0, "beats": 1, "errata": 2}
			if r, ok := rank[k.Value]; ok && v.Kind == yaml.MappingNode {
				for j := 0; j+1 < len(v.Content); j += 2 {
					out = append(out, figureEntry{key: v.Content[j].Value, line: v.Content[j].Line, context: ctx, rank: r})
				}
				continue
			}
			out = append(out, figureEntries(v, ctx)...)
		}
	case yaml.SequenceNode, yaml.DocumentNode:
		for _, c := range n.Content {
			out = append(out, figureEntries(c, context)...)
		}
	}
	return out
}

// placeChecks sets the line of each check to that of its entry in the
// cell: the entry whose key ends the check's name and whose neighbouring
// values (a row's movement, a team) the name holds most of; the cell's own
// line when no entry matches.
func placeChecks(c Cell, checks []reports.Check) {
	for i := range checks {
		name := checks[i].Name
		best, bestScore := c.Line, -1
		for _, e := range c.figures {
			if name != e.key && !strings.HasSuffix(name, "/"+e.key) {
				continue
			}
			score := 0
			mid := "/" + strings.TrimSuffix(name, e.key)
			for _, v := range e.context {
				if v != "" && (strings.Contains(mid, "/"+v+"/") || strings.Contains(mid, "/"+cell.Slug(v)+"/")) {
					score += 4
				}
			}
			score -= e.rank
			if score > bestScore {
				best, bestScore = e.line, score
			}
		}
		checks[i].Line = best
	}
}
