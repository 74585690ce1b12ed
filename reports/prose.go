package reports

import (
	"fmt"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Markdown renders study prose. Raw HTML in prose is escaped by safeProse
// before (and goldmark, without WithUnsafe, would drop it), so a study
// cannot inject script.
var Markdown = goldmark.New(
	goldmark.WithExtensions(extension.GFM),
	goldmark.WithParserOptions(parser.WithAutoHeadingID()),
)

// Heading is a heading of a report's prose with the anchor the HTML page
// gives it.
type Heading struct {
	Anchor, Text string
	Level        int
	InCallout    bool
}

// Headings lists the headings of a report's prose and callouts in reading
// order, with the anchors its HTML page gives them: what a reference to a
// section (@sec-ID) resolves against.
func (r *Report) Headings() ([]Heading, error) {
	anchors := map[string]int{}
	var out []Heading
	for _, b := range r.Blocks() {
		src, callout := b.Prose, false
		if b.Callout != nil {
			src, callout = b.Callout.Body, true
		}
		if src == "" {
			continue
		}
		_, _, hs, err := ParseProse(src, anchors)
		if err != nil {
			return nil, err
		}
		for _, h := range hs {
			h.InCallout = callout
			out = append(out, h)
		}
	}
	return out, nil
}

// ParseProse parses prose made safe and gives each heading its anchor:
// the automatic id, with a suffix where an earlier heading (of any cell,
// counted in anchors) took it.
func ParseProse(src string, anchors map[string]int) (ast.Node, []byte, []Heading, error) {
	src, err := SafeProse(src)
	if err != nil {
		return nil, nil, nil, err
	}
	source := []byte(src)
	doc := Markdown.Parser().Parse(text.NewReader(source))
	var headings []Heading
	err = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		id := "section"
		if v, ok := h.AttributeString("id"); ok {
			id = string(v.([]byte))
		}
		if k := anchors[id]; k > 0 {
			id = fmt.Sprintf("%s-%d", id, k)
		}
		anchors[id]++
		h.SetAttributeString("id", []byte(id))
		headings = append(headings, Heading{Anchor: id, Text: headingText(h, source), Level: h.Level})
		return ast.WalkContinue, nil
	})
	if err != nil {
		return nil, nil, nil, err
	}
	return doc, source, headings, nil
}

// headingText is a heading's text as its page shows it, to be escaped by
// the printer that prints it: backslash escapes, entities and character
// references resolved (the raw HTML SafeProse escaped is text again), as
// goldmark resolves them when it renders the heading, and a code span's
// text as written.
func headingText(n ast.Node, source []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		t, ok := c.(*ast.Text)
		if !ok || !entering {
			return ast.WalkContinue, nil
		}
		v := t.Segment.Value(source)
		if _, code := t.Parent().(*ast.CodeSpan); !code {
			v = util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(v)))
		}
		b.Write(v)
		return ast.WalkContinue, nil
	})
	return b.String()
}
