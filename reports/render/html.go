package render

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/charts"
	"github.com/bridgereport/bridgereport/templates"
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
	Print           string // the print size of a table wider than the paper (printSize)
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
	Pre   *reports.Preformatted
	// Callout is a boxed note; References the list of works cited.
	Callout    *htmlCallout
	References []htmlReference
	Plain      *reports.Plain
	// PreShort: a layout short enough to keep on one printed page.
	PreShort bool
	// LiveOpen, on the first block of a cell the page recomputes, is the
	// id of the marker before its blocks, LiveClose, on its last, puts the
	// marker after them; LiveBar puts the controls above it.
	LiveOpen           string
	LiveClose, LiveBar bool
}

type reportPage struct {
	Title, Summary, Version string
	EchartsJS               template.JS
	CSP                     string
	OK, Errata, Failed      int
	TOC                     []tocEntry
	Blocks                  []htmlBlock
	Checks                  []reports.Check
	StudyFile, StudyHash    string
	IndexLink               string       // the index of studies, when there is one
	PrintTitle              template.CSS // the title as a CSS string, for printed pages' header
	Inputs                  []reports.Input
	Parameters              []reports.Param
	Source                  string
	NumberSections          bool
	Nav                     *reports.Nav
	SearchJS                template.JS // the site's search, when the page has one
	Live                    *htmlLive   // the controls and engine of a page that recomputes
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
func (rd *Renderer) HTML(w io.Writer, r *reports.Report) error {
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
		hashes = append(hashes, "'self'", charts.ScriptHash(templates.SearchJS))
	}
	anchors := map[string]int{}
	live := map[string]bool{}
	if r.Live != nil {
		for _, c := range r.Live.Cells {
			live[c.ID] = true
		}
	}
	for _, c := range r.Sections {
		first := len(page.Blocks)
		for _, b := range c.Blocks {
			hb, toc, err := htmlBlockOf(b, anchors)
			if err != nil {
				return err
			}
			if hb.Chart != nil {
				hashes = append(hashes, charts.ScriptHash(string(hb.Chart.Script)))
			}
			page.TOC = append(page.TOC, toc...)
			page.Blocks = append(page.Blocks, hb)
		}
		if c.Kind != "" && live[c.ID] {
			// The cell's blocks between two empty markers, which the
			// page's script fills again when the cell is recomputed (an
			// element around them would lay its tables out apart from the
			// page's); the controls stand above the first.
			if first == len(page.Blocks) {
				page.Blocks = append(page.Blocks, htmlBlock{})
			}
			page.Blocks[first].LiveOpen = reports.LiveID(c.ID)
			page.Blocks[first].LiveBar = page.Live == nil
			page.Blocks[len(page.Blocks)-1].LiveClose = true
			if page.Live == nil {
				lp, err := livePage(r)
				if err != nil {
					return err
				}
				page.Live = lp
				hashes = append(hashes, charts.ScriptHash(string(page.Live.Script)), "'wasm-unsafe-eval'")
			}
		}
	}
	if len(r.Checks) > 0 {
		page.TOC = append(page.TOC, tocEntry{Anchor: "checks", Text: "Published figures"})
	}
	page.TOC = append(page.TOC, tocEntry{Anchor: "provenance", Text: "Provenance"})
	page.CSP = charts.ContentSecurityPolicy(hashes)
	if page.Live != nil {
		// The engine runs in a Web Worker started from a blob: address
		// (a page from file:// can start no other).
		page.CSP += "; worker-src blob:"
	}
	return templates.Report.Execute(w, page)
}

// htmlBlockOf is a block as the page's template prints it, with the
// contents entries it adds (headings of prose, a table's caption).
func htmlBlockOf(b reports.Block, anchors map[string]int) (htmlBlock, []tocEntry, error) {
	switch {
	case b.Prose != "":
		html, headings, err := renderProse(b.Prose, anchors)
		return htmlBlock{Prose: html}, headings, err
	case b.Table != nil:
		t := &htmlTable{Anchor: "table-" + b.Table.ID, Caption: b.Table.Caption, Number: b.Table.Number}
		for _, col := range b.Table.Columns {
			t.Head = append(t.Head, col.Name)
		}
		t.Left, t.Rows, t.Short = textColumns(b.Table), htmlRows(b.Table), len(b.Table.Rows) <= 30
		t.Print = printSize(t)
		return htmlBlock{Table: t}, []tocEntry{tableTOC(b.Table)}, nil
	case b.Chart != nil:
		element, script, err := charts.ChartElement(b.Chart)
		if err != nil {
			return htmlBlock{}, nil, err
		}
		return htmlBlock{Chart: &htmlChart{
			Anchor: "figure-" + b.Chart.ID, Caption: b.Chart.Caption, Number: b.Chart.Number,
			Element: template.HTML(element), Script: template.JS(script),
		}}, nil, nil
	case b.Pre != nil:
		return htmlBlock{Pre: b.Pre, PreShort: strings.Count(b.Pre.Text, "\n") < 30}, nil, nil
	case b.Callout != nil:
		body, _, err := renderProse(b.Callout.Body, anchors)
		return htmlBlock{Callout: &htmlCallout{Kind: b.Callout.Kind, Label: b.Callout.Label(), Body: body}}, nil, err
	case b.References != nil:
		refs, err := htmlReferences(b.References)
		return htmlBlock{References: refs}, []tocEntry{{Anchor: "references", Text: "References"}}, err
	case b.Plain != nil:
		return htmlBlock{Plain: b.Plain}, nil, nil
	}
	return htmlBlock{}, nil, nil
}

// renderProse renders Markdown to HTML and lists its level-2 headings for
// the table of contents. anchors keeps heading ids unique across cells.
func renderProse(src string, anchors map[string]int) (template.HTML, []tocEntry, error) {
	doc, source, headings, err := reports.ParseProse(src, anchors)
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
	if err := reports.Markdown.Renderer().Render(&buf, source, doc); err != nil {
		return "", nil, err
	}
	return template.HTML(buf.String()), toc, nil
}

// htmlReferences renders the entries of a reference list.
func htmlReferences(refs *reports.References) ([]htmlReference, error) {
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
