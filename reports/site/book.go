package site

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
)

// Book joins the reports of a site, resolved already (package book), into
// one report to print as one PDF: a contents page, then each report under
// its title, which starts a page. Anchors are made unique by the report's
// name (table-x of the catalogue becomes table-catalogue--x) and the links
// of the prose follow them, those between reports included. The reports
// themselves are left as they are.
func Book(title string, reps []*reports.Report) (*reports.Report, error) {
	b := &reports.Report{Name: "book", Title: title, Summary: fmt.Sprintf("%d studies in one document.", len(reps))}
	var contents strings.Builder
	contents.WriteString("**Contents**\n\n")
	type study struct {
		r        *reports.Report
		headings []reports.Heading // as on the report's own page
		first    int               // index of its title in the book's headings
	}
	var studies []study
	for _, r := range reps {
		hs, err := r.Headings()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", r.Name, err)
		}
		studies = append(studies, study{r: r, headings: hs})
	}
	// Pass 1: the blocks, with their ids prefixed; the headings' anchors
	// on the book's page come out of the book itself, below.
	var sections []reports.Section
	for _, s := range studies {
		r := s.r
		head := "# " + reports.EscapeMarkdown(r.Title) + "\n"
		if r.Summary != "" {
			head += "\n" + reports.EscapeMarkdown(r.Summary) + "\n"
		}
		sections = append(sections, reports.Section{ID: r.Name + "--title", Blocks: []reports.Block{{Prose: head}}})
		for _, sec := range r.Sections {
			c := reports.Section{ID: r.Name + "--" + sec.ID, FromCache: sec.FromCache}
			for _, blk := range sec.Blocks {
				c.Blocks = append(c.Blocks, prefixed(r.Name, blk))
			}
			sections = append(sections, c)
		}
		for _, ch := range r.Checks {
			ch.Name = r.Name + ": " + ch.Name
			if ch.Cited != nil {
				cited := *ch.Cited
				cited.Key = r.Name + "--" + cited.Key
				ch.Cited = &cited
			}
			b.Checks = append(b.Checks, ch)
		}
		b.NumberSections = b.NumberSections || r.NumberSections
		b.Provenance.Version = r.Provenance.Version
		b.Provenance.Inputs = append(b.Provenance.Inputs, r.Provenance.Inputs...)
		for _, p := range r.Provenance.Parameters {
			p.Name = r.Name + "." + p.Name
			b.Provenance.Parameters = append(b.Provenance.Parameters, p)
		}
		b.Provenance.Source = fmt.Appendf(b.Provenance.Source, "# ---- %s ----\n%s\n", r.Provenance.SourceName, r.Provenance.Source)
	}
	b.Provenance.SourceName = "site"
	b.Sections = sections
	all, err := b.Headings()
	if err != nil {
		return nil, err
	}
	// Pass 2: map each report's anchors to the book's, in order: the
	// book's headings are each report's title and then its own.
	at := 0
	anchors := map[string]map[string]string{} // report → its anchor → the book's
	for i := range studies {
		s := &studies[i]
		if at+1+len(s.headings) > len(all) {
			return nil, fmt.Errorf("%s: the book has fewer headings than the report", s.r.Name)
		}
		s.first = at
		m := map[string]string{}
		for j, h := range s.headings {
			m[h.Anchor] = all[at+1+j].Anchor
		}
		anchors[s.r.Name] = m
		at += 1 + len(s.headings)
		fmt.Fprintf(&contents, "%d. [%s](#%s)\n", i+1, reports.EscapeMarkdown(s.r.Title), all[s.first].Anchor)
		for _, h := range s.headings {
			if h.Level == 2 && !h.InCallout {
				fmt.Fprintf(&contents, "   - [%s](#%s)\n", reports.EscapeMarkdown(h.Text), m[h.Anchor])
			}
		}
	}
	for i := range b.Sections {
		name, _, _ := strings.Cut(b.Sections[i].ID, "--")
		for j := range b.Sections[i].Blocks {
			blk := &b.Sections[i].Blocks[j]
			if blk.Prose != "" {
				blk.Prose = relink(blk.Prose, name, anchors)
			}
			if blk.Callout != nil {
				blk.Callout.Body = relink(blk.Callout.Body, name, anchors)
			}
		}
	}
	b.Sections = append([]reports.Section{{ID: "contents", Blocks: []reports.Block{{Prose: contents.String()}}}}, b.Sections...)
	return b, nil
}

// prefixed is a copy of a block whose ids (and so anchors) start with the
// report's name.
func prefixed(name string, b reports.Block) reports.Block {
	switch {
	case b.Table != nil:
		t := *b.Table
		t.ID = name + "--" + t.ID
		b.Table = &t
	case b.Chart != nil:
		c := *b.Chart
		c.ID = name + "--" + c.ID
		b.Chart = &c
	case b.Pre != nil:
		p := *b.Pre
		p.ID = name + "--" + p.ID
		b.Pre = &p
	case b.Callout != nil:
		c := *b.Callout
		b.Callout = &c
	case b.References != nil:
		refs := &reports.References{}
		for _, e := range b.References.Entries {
			e.Key = name + "--" + e.Key
			refs.Entries = append(refs.Entries, e)
		}
		b.References = refs
	}
	return b
}

// link is a Markdown link to an anchor of this page or of another report's
// page, as package xref and cite write them.
var link = regexp.MustCompile(`\]\((?:\.\./([^/()\s]+)/index\.html)?#([^()\s]+)\)`)

// relink points the links of a report's prose at the book's anchors.
func relink(src, report string, anchors map[string]map[string]string) string {
	return link.ReplaceAllStringFunc(src, func(m string) string {
		g := link.FindStringSubmatch(m)
		page, anchor := g[1], g[2]
		if page == "" {
			page = report
		}
		if _, ok := anchors[page]; !ok {
			return m // a page outside the book
		}
		if a, ok := anchors[page][anchor]; ok {
			return "](#" + a + ")"
		}
		for _, kind := range []string{"table-", "figure-", "layout-", "ref-"} {
			if rest, ok := strings.CutPrefix(anchor, kind); ok {
				return "](#" + kind + page + "--" + rest + ")"
			}
		}
		return m
	})
}
