package reports

import (
	"sort"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// CodeRanges are the byte ranges of a prose text that are code or raw
// HTML (code spans, code blocks, HTML), sorted: a pass that rewrites
// references or citations leaves them as written.
func CodeRanges(src string) [][2]int {
	source := []byte(src)
	doc := Markdown.Parser().Parse(text.NewReader(source))
	var out [][2]int
	addLines := func(lines *text.Segments) {
		for i := 0; i < lines.Len(); i++ {
			s := lines.At(i)
			out = append(out, [2]int{s.Start, s.Stop})
		}
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.CodeSpan:
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*ast.Text); ok {
					// The backticks around the span count as code too.
					out = append(out, [2]int{max(0, t.Segment.Start-1), min(len(src), t.Segment.Stop+1)})
				}
			}
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock:
			addLines(n.Lines())
		case *ast.CodeBlock:
			addLines(n.Lines())
		case *ast.HTMLBlock:
			addLines(n.Lines())
		case *ast.RawHTML:
			addLines(n.Segments)
		}
		return ast.WalkContinue, nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

// InRanges says whether the byte range [start, stop) overlaps one of the
// ranges.
func InRanges(ranges [][2]int, start, stop int) bool {
	for _, r := range ranges {
		if start < r[1] && r[0] < stop {
			return true
		}
	}
	return false
}
