package reports

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Text that reaches a page: titles, captions, table cells and prose come
// from studies and from results files, and a report is published as it is.
// HTML pages escape them with html/template; Markdown pages are rendered by
// whatever forge or site hosts them, often without sanitising, so the
// Markdown printer escapes them too, and prose is made safe once, the same
// way for both printers.

// mdText escapes a line of text for Markdown: raw HTML becomes text (an
// entity renders as the character it names) and the line stays one line.
func mdText(s string) string {
	return mdTextReplacer.Replace(s)
}

var mdTextReplacer = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\r\n", " ", "\n", " ", "\r", " ")

// safeProse makes study prose safe for both printers: raw HTML in it (HTML
// blocks and inline tags) is escaped so that it shows as the text it is,
// and a link or image to a javascript:, vbscript:, data: or file: address is
// pointed at "#blocked-…" instead; one that cannot be (its scheme is written
// with entities or escapes) is refused.
func safeProse(src string) (string, error) {
	for attempt := 0; ; attempt++ {
		raw, schemes := proseHazards([]byte(src))
		if len(schemes) == 0 {
			return escapeSegments(src, raw), nil
		}
		if attempt > 0 {
			return "", fmt.Errorf("prose: link to a %s: address: only http, https, mailto and relative links are allowed", schemes[0])
		}
		for _, scheme := range schemes {
			re := regexp.MustCompile(`(?i)` + regexp.QuoteMeta(scheme) + `\s*:`)
			src = re.ReplaceAllString(src, "#blocked-"+scheme+"-")
		}
	}
}

// proseHazards finds the raw HTML of a Markdown source and the schemes of
// its dangerous links.
func proseHazards(source []byte) (raw []text.Segment, schemes []string) {
	doc := markdown.Parser().Parse(text.NewReader(source))
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		var dest []byte
		switch n := n.(type) {
		case *ast.HTMLBlock:
			for i := 0; i < n.Lines().Len(); i++ {
				raw = append(raw, n.Lines().At(i))
			}
			if n.HasClosure() {
				raw = append(raw, n.ClosureLine)
			}
		case *ast.RawHTML:
			for i := 0; i < n.Segments.Len(); i++ {
				raw = append(raw, n.Segments.At(i))
			}
		case *ast.Link:
			dest = n.Destination
		case *ast.Image:
			dest = n.Destination
		case *ast.AutoLink:
			dest = n.URL(source)
		}
		if dest == nil {
			return ast.WalkContinue, nil
		}
		// As a browser reads it: entities and escapes resolved.
		dest = util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(dest)))
		d := strings.ToLower(strings.TrimSpace(string(dest)))
		if html.IsDangerousURL(dest) || strings.HasPrefix(d, "file:") {
			scheme, _, _ := strings.Cut(d, ":")
			if !slices.Contains(schemes, scheme) {
				schemes = append(schemes, scheme)
			}
		}
		return ast.WalkContinue, nil
	})
	return raw, schemes
}

// escapeSegments escapes < and > inside the given segments of src.
func escapeSegments(src string, raw []text.Segment) string {
	if len(raw) == 0 {
		return src
	}
	slices.SortFunc(raw, func(a, b text.Segment) int { return a.Start - b.Start })
	var b strings.Builder
	at := 0
	for _, s := range raw {
		if s.Start < at {
			continue // overlapping segments: escaped already
		}
		b.WriteString(src[at:s.Start])
		b.WriteString(strings.NewReplacer("<", "&lt;", ">", "&gt;").Replace(src[s.Start:s.Stop]))
		at = s.Stop
	}
	b.WriteString(src[at:])
	return b.String()
}
