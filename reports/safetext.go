package reports

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

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

// MdText is the Markdown source of a line of data (a title, a caption, a
// cell, a name from a results file) that reads as the text it is, so that
// no data string changes the document around it: raw HTML becomes text (an
// entity renders as the character it names), the characters of inline
// Markdown (emphasis, code, links, strikethrough, math, table pipes) are
// escaped, so is a first character that could start a block (a list, a
// heading, a quote, a fence, a rule), and the line stays one line, trimmed,
// so that four spaces cannot start a code block.
func MdText(s string) string {
	s = strings.TrimSpace(MdLineReplacer.Replace(s))
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i, c := range s {
		switch {
		case c == '&':
			b.WriteString("&amp;")
		case c == '<':
			b.WriteString("&lt;")
		case c == '>':
			b.WriteString("&gt;")
		case strings.ContainsRune(mdInline, c),
			i == 0 && c < 0x80 && (unicode.IsPunct(c) || unicode.IsSymbol(c)) && !alnumAt(s, 1),
			(c == '.' || c == ')') && allDigits(s[:i]) && !alnumAt(s, i+1):
			b.WriteByte('\\')
			b.WriteRune(c)
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// mdInline are the characters that mean something inside a line of
// GitHub-flavoured Markdown, wherever they stand.
const mdInline = "\\`*_[]~|$"

var MdLineReplacer = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ")

// alnumAt says whether s has an ASCII letter or digit at byte i: a
// block marker (- x, 1. x, # x, ---) is followed by a space, the end or
// more of itself, never by a letter or digit, so -50 and 52.17 stay as
// they are.
func alnumAt(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	c := s[i]
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// MarkdownText is the Markdown source that reads as s, on one line: for a
// name or note from a results file put into prose, where a Plain block
// will not do.
func MarkdownText(s string) string { return MdText(s) }

// ContainProse keeps a prose block's structure inside it: a code fence
// the prose leaves open (data pasted into prose, or a slip) would swallow
// the rest of the document, so it is closed at the end of the block.
func ContainProse(src string) string {
	if proseContained(src) {
		return src
	}
	for _, c := range []string{"`", "~"} {
		run := max(3, longestRun(src, c[0]))
		closed := src + "\n" + strings.Repeat(c, run)
		if proseContained(closed) {
			return closed
		}
	}
	return src + "\n" + strings.Repeat("`", max(3, longestRun(src, '`'))) + "\n" + strings.Repeat("~", max(3, longestRun(src, '~')))
}

// proseContained says whether a paragraph after src is a paragraph of its
// own, not code or part of a block that src left open.
func proseContained(src string) bool {
	const end = "bridgereport-end-of-prose"
	source := []byte(src + "\n\n" + end + "\n")
	doc := Markdown.Parser().Parse(text.NewReader(source))
	p, ok := doc.LastChild().(*ast.Paragraph)
	if !ok || p.Lines().Len() != 1 {
		return false
	}
	line := p.Lines().At(0)
	return strings.TrimSpace(string(line.Value(source))) == end
}

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	run, longest := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return longest
}

// SafeProse makes study prose safe for both printers: raw HTML in it (HTML
// blocks and inline tags) is escaped so that it shows as the text it is,
// and a link or image to a javascript:, vbscript:, data: or file: address is
// pointed at "#blocked-…" instead; one that cannot be (its scheme is written
// with entities or escapes) is refused.
func SafeProse(src string) (string, error) {
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
	doc := Markdown.Parser().Parse(text.NewReader(source))
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

// ProseLinks says what safeProse does to the links of study prose before
// a report is printed: the schemes of the links it blocks (javascript,
// data, …), and the error of one it refuses (a scheme written with
// entities or escapes), so that the study can name their lines.
func ProseLinks(src string) (blocked []string, err error) {
	_, schemes := proseHazards([]byte(src))
	if _, err := SafeProse(src); err != nil {
		return schemes, err
	}
	return schemes, nil
}

// EscapeMarkdown escapes, with a backslash, every character that could make
// a short text (a title, a name, an id) Markdown rather than text; it
// stays one line of inline text as written.
func EscapeMarkdown(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_[]<>&#!|~", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
