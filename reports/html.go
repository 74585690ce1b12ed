package reports

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"github.com/bridgereport/bridgereport/templates"
)

// markdown renders study prose. Raw HTML in prose is escaped by safeProse
// before (and goldmark, without WithUnsafe, would drop it), so a study
// cannot inject script.
var markdown = goldmark.New(
	goldmark.WithExtensions(extension.GFM),
	goldmark.WithParserOptions(parser.WithAutoHeadingID()),
)

type tocEntry struct {
	Anchor, Text string
	Sub          bool // a table under the last heading
	Sec          bool // a level-2 heading of the prose, numbered when sections are
}

type htmlTable struct {
	Anchor, Caption string
	Number          int
	Head            []string
	Left            []bool // text columns, left-aligned
	Short           bool   // few rows: kept on one printed page
	Rows            [][]htmlCell
}

type htmlChart struct {
	Anchor, Caption string
	Number          int
	Element         template.HTML
	Script          template.JS
}

type htmlBlock struct {
	Prose template.HTML
	Table *htmlTable
	Chart *htmlChart
	Pre   *Preformatted
	// Callout is a boxed note; References the list of works cited.
	Callout    *htmlCallout
	References []htmlReference
	Plain      *Plain
	// PreShort: a layout short enough to keep on one printed page.
	PreShort bool
}

type reportPage struct {
	Title, Summary, Version string
	EchartsJS               template.JS
	CSP                     string
	OK, Errata, Failed      int
	TOC                     []tocEntry
	Blocks                  []htmlBlock
	Checks                  []Check
	StudyFile, StudyHash    string
	IndexLink               string       // the index of studies, when there is one
	PrintTitle              template.CSS // the title as a CSS string, for printed pages' header
	Inputs                  []Input
	Parameters              []Param
	Source                  string
	NumberSections          bool
	Nav                     *Nav
	SearchJS                template.JS // the site's search, when the page has one
}

type htmlCallout struct {
	Kind, Label string
	Body        template.HTML
}

type htmlReference struct {
	Anchor string
	Number int
	Text   template.HTML
}

// HTML writes the self-contained HTML report: the chart library is inlined
// once, every chart has a fixed id.
func (rd *Renderer) HTML(w io.Writer, r *Report) error {
	page := reportPage{
		Title: r.Title, Summary: r.Summary, Version: r.Provenance.Version,
		Checks: sortedChecks(r.Checks), IndexLink: rd.IndexLink, PrintTitle: cssString(r.Title),
		StudyFile: r.Provenance.SourceName, StudyHash: r.SourceHash(), Inputs: r.Provenance.Inputs, Source: string(r.Provenance.Source),
	}
	if hasCharts(r) {
		page.EchartsJS = template.JS(rd.echartsJS)
	}
	page.OK, page.Errata, page.Failed = r.Tally()
	hashes := []string{rd.echartsHash()}
	page.Parameters = r.Provenance.Parameters
	page.NumberSections, page.Nav = r.NumberSections, r.Nav
	if r.Nav != nil && r.Nav.Search != "" {
		// The search index is a script file beside the pages ('self'):
		// fetch() of a local file does not work from file://.
		page.SearchJS = template.JS(templates.SearchJS)
		hashes = append(hashes, "'self'", scriptHash(templates.SearchJS))
	}
	anchors := map[string]int{}
	for _, c := range r.Sections {
		for _, b := range c.Blocks {
			switch {
			case b.Prose != "":
				html, headings, err := renderProse(b.Prose, anchors)
				if err != nil {
					return err
				}
				page.TOC = append(page.TOC, headings...)
				page.Blocks = append(page.Blocks, htmlBlock{Prose: html})
			case b.Table != nil:
				t := &htmlTable{Anchor: "table-" + b.Table.ID, Caption: b.Table.Caption, Number: b.Table.Number}
				for _, col := range b.Table.Columns {
					t.Head = append(t.Head, col.Name)
				}
				t.Left, t.Rows, t.Short = textColumns(b.Table), htmlRows(b.Table), len(b.Table.Rows) <= 30
				page.TOC = append(page.TOC, tableTOC(b.Table))
				page.Blocks = append(page.Blocks, htmlBlock{Table: t})
			case b.Chart != nil:
				element, script, err := chartElement(b.Chart)
				if err != nil {
					return err
				}
				hashes = append(hashes, scriptHash(script))
				page.Blocks = append(page.Blocks, htmlBlock{Chart: &htmlChart{
					Anchor: "figure-" + b.Chart.ID, Caption: b.Chart.Caption, Number: b.Chart.Number,
					Element: template.HTML(element), Script: template.JS(script),
				}})
			case b.Pre != nil:
				page.Blocks = append(page.Blocks, htmlBlock{Pre: b.Pre, PreShort: strings.Count(b.Pre.Text, "\n") < 30})
			case b.Callout != nil:
				body, _, err := renderProse(b.Callout.Body, anchors)
				if err != nil {
					return err
				}
				page.Blocks = append(page.Blocks, htmlBlock{Callout: &htmlCallout{Kind: b.Callout.Kind, Label: b.Callout.Label(), Body: body}})
			case b.References != nil:
				refs, err := htmlReferences(b.References)
				if err != nil {
					return err
				}
				page.TOC = append(page.TOC, tocEntry{Anchor: "references", Text: "References"})
				page.Blocks = append(page.Blocks, htmlBlock{References: refs})
			case b.Plain != nil:
				page.Blocks = append(page.Blocks, htmlBlock{Plain: b.Plain})
			}
		}
	}
	if len(r.Checks) > 0 {
		page.TOC = append(page.TOC, tocEntry{Anchor: "checks", Text: "Published figures"})
	}
	page.TOC = append(page.TOC, tocEntry{Anchor: "provenance", Text: "Provenance"})
	page.CSP = contentSecurityPolicy(hashes)
	return templates.Report.Execute(w, page)
}

// renderProse renders Markdown to HTML and lists its level-2 headings for
// the table of contents. anchors keeps heading ids unique across cells.
func renderProse(src string, anchors map[string]int) (template.HTML, []tocEntry, error) {
	doc, source, headings, err := parseProse(src, anchors)
	if err != nil {
		return "", nil, err
	}
	var toc []tocEntry
	for _, h := range headings {
		if h.Level <= 2 {
			toc = append(toc, tocEntry{Anchor: h.Anchor, Text: h.Text, Sec: h.Level == 2})
		}
	}
	var buf bytes.Buffer
	if err := markdown.Renderer().Render(&buf, source, doc); err != nil {
		return "", nil, err
	}
	return template.HTML(buf.String()), toc, nil
}

// htmlReferences renders the entries of a reference list.
func htmlReferences(refs *References) ([]htmlReference, error) {
	var out []htmlReference
	for _, e := range refs.Entries {
		text, _, err := renderProse(e.Text, map[string]int{})
		if err != nil {
			return nil, fmt.Errorf("reference %s: %w", e.Key, err)
		}
		// One paragraph: its <p> would put the text below the number.
		t := strings.TrimSpace(string(text))
		t = strings.TrimSuffix(strings.TrimPrefix(t, "<p>"), "</p>")
		out = append(out, htmlReference{Anchor: "ref-" + e.Key, Number: e.Number, Text: template.HTML(t)})
	}
	return out, nil
}

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
		_, _, hs, err := parseProse(src, anchors)
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

// parseProse parses prose made safe and gives each heading its anchor:
// the automatic id, with a suffix where an earlier heading (of any cell,
// counted in anchors) took it.
func parseProse(src string, anchors map[string]int) (ast.Node, []byte, []Heading, error) {
	src, err := safeProse(src)
	if err != nil {
		return nil, nil, nil, err
	}
	source := []byte(src)
	doc := markdown.Parser().Parse(text.NewReader(source))
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

func headingText(n ast.Node, source []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			b.Write(t.Segment.Value(source))
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}
