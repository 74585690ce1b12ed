package book

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
)

var (
	// bracket is a [...] without brackets inside; what follows it is
	// matched so that links ([text](url), [text][ref]) are left alone.
	bracket = regexp.MustCompile(`(!?)\[([^\[\]]*)\](.?)`)
	// citeKey is @key inside a bracket, not part of a word or escaped.
	citeKey = regexp.MustCompile(`(^|[^A-Za-z0-9_@\\])@([A-Za-z0-9_](?:[A-Za-z0-9_:.-]*[A-Za-z0-9_])?)`)
	// crossRef is the key of a cross-reference (package xref's business).
	crossRef = regexp.MustCompile(`^(?:[A-Za-z0-9_][A-Za-z0-9_.-]*:)?(?:tbl|fig|sec)-`)
)

// ResolveCitations numbers the works a report cites in the order first cited, in
// its prose, callouts and the sources of its published figures; rewrites
// each citation as links to the list of references; and appends that list
// as the report's last section. bib may be nil for a report that cites
// nothing. An unknown key is a *reports.SourceError at its line.
func ResolveCitations(r *reports.Report, bib *Bibliography) error {
	c := &citer{bib: bib, number: map[string]int{}}
	err := rewriteProse(r, func(src string, _ func(offset int, warning string)) (string, error) {
		return c.text(src)
	})
	if err != nil {
		return err
	}
	for i := range r.Checks {
		ch := &r.Checks[i]
		if ch.Source == "" {
			continue
		}
		key, locator, _ := strings.Cut(strings.TrimPrefix(ch.Source, "@"), ",")
		key = strings.TrimSpace(key)
		if err := c.known(key); err != nil {
			return &reports.SourceError{File: r.Provenance.SourceName, Line: ch.Line, Err: fmt.Errorf("published figure %s: source %s: %w", ch.Name, key, err)}
		}
		ch.Cited = &reports.Citation{Key: key, Number: c.cite(key), Locator: strings.TrimSpace(locator)}
	}
	if len(c.order) == 0 {
		return nil
	}
	refs := &reports.References{}
	for i, key := range c.order {
		refs.Entries = append(refs.Entries, reports.Reference{Key: key, Number: i + 1, Text: bib.Entries[key].Markdown()})
	}
	r.Sections = append(r.Sections, reports.Section{ID: "references", Blocks: []reports.Block{{References: refs}}})
	return nil
}

type citer struct {
	bib    *Bibliography
	number map[string]int
	order  []string
}

func (c *citer) cite(key string) int {
	if n, ok := c.number[key]; ok {
		return n
	}
	c.order = append(c.order, key)
	c.number[key] = len(c.order)
	return len(c.order)
}

func (c *citer) known(key string) error {
	if c.bib == nil {
		return fmt.Errorf("a citation, but the study names no bibliography (bibliography: refs.bib)")
	}
	if _, ok := c.bib.Entries[key]; ok {
		return nil
	}
	msg := fmt.Sprintf("no entry %q in %s", key, c.bib.File)
	if near := reports.Nearest(key, c.bib.Keys); near != "" {
		msg += fmt.Sprintf(" (did you mean @%s?)", near)
	}
	return fmt.Errorf("%s", msg)
}

// text rewrites the citations of one prose text.
func (c *citer) text(src string) (string, error) {
	code := reports.CodeRanges(src)
	var b strings.Builder
	at := 0
	for _, m := range bracket.FindAllStringSubmatchIndex(src, -1) {
		image, after := src[m[2]:m[3]], src[m[6]:m[7]]
		if image != "" || after == "(" || after == "[" || after == ":" && lineStart(src, m[0]) || reports.InRanges(code, m[0], m[5]+1) {
			continue
		}
		inner := src[m[4]:m[5]]
		keys := citeKey.FindAllStringSubmatchIndex(inner, -1)
		if len(keys) == 0 {
			continue
		}
		refs := 0
		for _, k := range keys {
			if crossRef.MatchString(inner[k[4]:k[5]]) {
				refs++
			}
		}
		if refs == len(keys) {
			continue // [@tbl-x]: cross-references in brackets
		}
		if refs > 0 {
			return "", &proseError{m[4], fmt.Errorf("[%s]: cross-references and citations in one bracket: write them apart", inner)}
		}
		b.WriteString(src[at:m[4]])
		last := 0
		for _, k := range keys {
			key := inner[k[4]:k[5]]
			if err := c.known(key); err != nil {
				return "", &proseError{m[4] + k[4] - 1, fmt.Errorf("[%s]: %w", inner, err)}
			}
			n := c.cite(key)
			b.WriteString(inner[last : k[4]-1])
			fmt.Fprintf(&b, "[%d](#ref-%s)", n, key)
			last = k[5]
		}
		b.WriteString(inner[last:])
		at = m[5]
	}
	b.WriteString(src[at:])
	return b.String(), nil
}

// lineStart says whether only up to three spaces stand between the start
// of its line and offset: where a link reference definition ([x]: url)
// starts.
func lineStart(src string, offset int) bool {
	line := src[strings.LastIndexByte(src[:offset], '\n')+1 : offset]
	return len(line) <= 3 && strings.TrimLeft(line, " ") == ""
}
