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
	Plain *Plain
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
	src, err := safeProse(src)
	if err != nil {
		return "", nil, err
	}
	source := []byte(src)
	doc := markdown.Parser().Parse(text.NewReader(source))
	var toc []tocEntry
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
		if h.Level <= 2 {
			toc = append(toc, tocEntry{Anchor: id, Text: headingText(h, source)})
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		return "", nil, err
	}
	var buf bytes.Buffer
	if err := markdown.Renderer().Render(&buf, source, doc); err != nil {
		return "", nil, err
	}
	return template.HTML(buf.String()), toc, nil
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
