package study

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/kinds"
)

// ProseWarning is Markdown in a study that probably does not render as its
// author meant, at its line in the study file.
type ProseWarning struct {
	File string
	Line int
	Msg  string
}

func (w ProseWarning) String() string {
	return fmt.Sprintf("%s:%d: warning: %s", w.File, w.Line, w.Msg)
}

// proseStart is where a markdown cell's text begins in the file: the line
// of its first line, when each line of the text is a line of the file (a
// literal block, |, or a one-line scalar); 0 when lines cannot be placed
// (a folded block joins them).
func proseStart(n *yaml.Node) int {
	if n.Kind != yaml.MappingNode || len(n.Content) != 2 || n.Content[0].Value != "markdown" {
		return 0
	}
	v := n.Content[1]
	switch {
	case v.Style&yaml.LiteralStyle != 0:
		return v.Line + 1
	case v.Style&yaml.FoldedStyle != 0 || strings.Contains(v.Value, "\n"):
		return 0
	}
	return v.Line
}

var (
	listStart = regexp.MustCompile(`^\s{0,3}([-+*]|\d{1,9}[.)])(\s|$)`)
	bareURL   = regexp.MustCompile(`(^|\s)(https?://[^\s)>\]]*[^\s)>\].,;:!?])`)
	codeSpan  = regexp.MustCompile("`[^`]*`")
)

// LintProse looks for Markdown that is probably not meant: a line that
// starts like a list item in the middle of a paragraph (Markdown starts a
// list there, and the line's text becomes a bullet), a paragraph with an
// unclosed $ (a formula that does not end), and a bare URL (write <url> or
// [text](url)). first is the line of the text's first line in the file; 0
// places every warning at the cell's line, cellLine.
func LintProse(file string, text string, first, cellLine int) []ProseWarning {
	var out []ProseWarning
	at := func(i int) int {
		if first == 0 {
			return cellLine
		}
		return first + i
	}
	lines := strings.Split(text, "\n")
	fenced, prevText, prevList := false, false, false
	dollars, dollarLine := 0, 0
	endParagraph := func() {
		if dollars%2 == 1 {
			out = append(out, ProseWarning{file, at(dollarLine), "the paragraph from here has an odd number of $: a formula is not closed, or write \\$ for a dollar sign"})
		}
		dollars = 0
	}
	for i, l := range lines {
		trimmed := strings.TrimSpace(l)
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fenced = !fenced
			endParagraph()
			prevText, prevList = false, false
			continue
		}
		if fenced {
			continue
		}
		if trimmed == "" {
			endParagraph()
			prevText, prevList = false, false
			continue
		}
		isList := listStart.MatchString(l)
		if isList && prevText && !prevList {
			marker := listStart.FindStringSubmatch(l)[1]
			ordered := marker[0] >= '0' && marker[0] <= '9'
			if !ordered || marker == "1." || marker == "1)" {
				out = append(out, ProseWarning{file, at(i), fmt.Sprintf("the line starts with %q in the middle of a paragraph: Markdown makes it a list item; reflow the line, or put a blank line before it if a list is meant", marker)})
			}
		}
		heading := strings.HasPrefix(trimmed, "#")
		plain := codeSpan.ReplaceAllString(l, "")
		for j := 0; j < len(plain); j++ {
			if plain[j] == '\\' {
				j++
				continue
			}
			if plain[j] == '$' {
				if dollars == 0 {
					dollarLine = i
				}
				dollars++
			}
		}
		if m := bareURL.FindStringSubmatch(plain); m != nil {
			out = append(out, ProseWarning{file, at(i), fmt.Sprintf("a bare URL %s: write <%s> or [text](%s)", m[2], m[2], m[2])})
		}
		prevText, prevList = !heading, isList || (prevList && strings.HasPrefix(l, " "))
		if heading {
			endParagraph()
		}
	}
	endParagraph()
	slices.SortStableFunc(out, func(a, b ProseWarning) int { return a.Line - b.Line })
	return out
}

// LintProse lints the study's markdown cells.
func (s *Study) LintProse() []ProseWarning {
	var out []ProseWarning
	for _, c := range s.Cells {
		if m, ok := c.body.(*kinds.MarkdownCell); ok {
			out = append(out, LintProse(s.Path, string(*m), c.proseLine, c.Line)...)
			out = append(out, lintLinks(s.Path, string(*m), c.proseLine, c.Line)...)
		}
	}
	slices.SortStableFunc(out, func(a, b ProseWarning) int { return a.Line - b.Line })
	return out
}

// lintLinks names the line of each link the report blocks (a javascript:
// or data: address becomes "#blocked-…"): the report keeps the text, the
// author learns why the link does nothing.
func lintLinks(file, text string, first, cellLine int) []ProseWarning {
	blocked, _ := reports.ProseLinks(text)
	if len(blocked) == 0 {
		return nil
	}
	var out []ProseWarning
	if first != 0 {
		for i, l := range strings.Split(text, "\n") {
			if schemes, _ := reports.ProseLinks(l); len(schemes) > 0 {
				out = append(out, ProseWarning{file, first + i, blockedWords(schemes)})
			}
		}
	}
	if len(out) == 0 {
		out = append(out, ProseWarning{file, cellLine, blockedWords(blocked)})
	}
	return out
}

func blockedWords(schemes []string) string {
	return fmt.Sprintf("a link to a %s: address is blocked in the report (only http, https, mailto and relative links are allowed)", schemes[0])
}
