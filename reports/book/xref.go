package book

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
)

// The kinds of target, as references write them.
const (
	Table   = "tbl"
	Figure  = "fig"
	Section = "sec"
)

var kindNames = map[string]string{Table: "Table", Figure: "Figure", Section: "Section"}

// Target is something a reference can point at.
type Target struct {
	Kind   string // Table, Figure or Section
	ID     string // the table's or figure's id, the heading's anchor
	Number string // "3"; a level-3 heading's is "2.1"
	Anchor string // the element's id on the page
}

// Labels are the targets of one report.
type Labels struct {
	Name, Title string
	report      *reports.Report
	targets     map[string][]Target // by kind + "-" + id
	// unnumbered headings (levels 1 and 4 to 6, and those in callouts),
	// which a reference cannot name by number
	unnumbered map[string]int
}

// CollectLabels lists the tables, figures and headings of a report. Call it
// after the blocks are numbered and the callouts split (the headings in
// callouts have anchors but no numbers).
func CollectLabels(r *reports.Report) (*Labels, error) {
	l := &Labels{Name: r.Name, Title: r.Title, report: r, targets: map[string][]Target{}, unnumbered: map[string]int{}}
	for _, b := range r.Blocks() {
		switch {
		case b.Table != nil:
			l.add(Target{Kind: Table, ID: b.Table.ID, Number: fmt.Sprint(b.Table.Number), Anchor: "table-" + b.Table.ID})
		case b.Chart != nil:
			l.add(Target{Kind: Figure, ID: b.Chart.ID, Number: fmt.Sprint(b.Chart.Number), Anchor: "figure-" + b.Chart.ID})
		}
	}
	headings, err := r.Headings()
	if err != nil {
		return nil, err
	}
	sec, sub := 0, 0
	for _, h := range headings {
		switch {
		case h.InCallout || h.Level < 2 || h.Level > 3:
			l.unnumbered[h.Anchor] = h.Level
		case h.Level == 2:
			sec, sub = sec+1, 0
			l.add(Target{Kind: Section, ID: h.Anchor, Number: fmt.Sprint(sec), Anchor: h.Anchor})
		default:
			sub++
			l.add(Target{Kind: Section, ID: h.Anchor, Number: fmt.Sprintf("%d.%d", sec, sub), Anchor: h.Anchor})
		}
	}
	return l, nil
}

func (l *Labels) add(t Target) {
	l.targets[t.Kind+"-"+t.ID] = append(l.targets[t.Kind+"-"+t.ID], t)
}

// lookup finds the one target of a label, or says why not.
func (l *Labels) lookup(kind, id string) (Target, error) {
	ts := l.targets[kind+"-"+id]
	switch {
	case len(ts) == 1:
		return ts[0], nil
	case len(ts) > 1:
		return Target{}, fmt.Errorf("%d %ss have the id %q: the reference is ambiguous; give them distinct ids", len(ts), strings.ToLower(kindNames[kind]), id)
	}
	if level, ok := l.unnumbered[id]; ok && kind == Section {
		return Target{}, fmt.Errorf("the heading %q has no number (level %d, or in a callout): refer to a level-2 or level-3 heading", id, level)
	}
	var ids []string
	for k, ts := range l.targets {
		if ts[0].Kind == kind {
			ids = append(ids, strings.TrimPrefix(k, kind+"-"))
		}
	}
	msg := fmt.Sprintf("no %s has the id %q", strings.ToLower(kindNames[kind]), id)
	if near := reports.Nearest(id, ids); near != "" {
		msg += fmt.Sprintf(" (did you mean %s-%s?)", kind, near)
	} else if len(ids) == 0 {
		msg += fmt.Sprintf(" (this study has no %ss)", strings.ToLower(kindNames[kind]))
	}
	return Target{}, fmt.Errorf("%s", msg)
}

// reference matches @tbl-ID, @fig-ID, @sec-ID and @study:KIND-ID. The
// character before the @ is matched too (Go's regexp has no look-behind):
// a word character there makes it an e-mail address, a backslash an
// escaped @. An id ends with a letter, digit or underscore, so that the
// full stop after "see @tbl-scores." is not part of it.
var reference = regexp.MustCompile(`(^|[^A-Za-z0-9_@\\])@(?:([A-Za-z0-9_][A-Za-z0-9_.-]*):)?(tbl|fig|sec)-([A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?)`)

// Site is the labels of every report of a site, by report name.
type Site map[string]*Labels

// ResolveRefs rewrites the references in a report's prose and callouts as
// links. own are the report's labels; site, when not nil, the labels of
// every report of its site, for qualified references. An unknown or
// ambiguous label is a *reports.SourceError at the reference's line.
func ResolveRefs(r *reports.Report, own *Labels, site Site) error {
	sections := false
	err := rewriteProse(r, func(src string, warn func(offset int, warning string)) (string, error) {
		out, secs, warnings, err := resolveText(src, own, site)
		for _, w := range warnings {
			warn(w.offset, w.text)
		}
		sections = sections || secs
		return out, err
	})
	if sections {
		r.NumberSections = true
	}
	return err
}

// rewriteProse rewrites each prose text of a report (a block's prose or a
// callout's body) that holds an @, as a pass resolves them; its errors and
// warnings at an offset of the text are placed at the study's line.
func rewriteProse(r *reports.Report, rewrite func(src string, warn func(offset int, warning string)) (string, error)) error {
	for i := range r.Sections {
		s := &r.Sections[i]
		for j := range s.Blocks {
			b := &s.Blocks[j]
			src := b.Text()
			if *src == "" || !strings.Contains(*src, "@") {
				continue
			}
			warn := func(offset int, warning string) {
				r.Warnings = append(r.Warnings, positioned(r, s.ID, b.Line, *src, &proseError{offset: offset, err: fmt.Errorf("warning: %s", warning)}).Error())
			}
			out, err := rewrite(*src, warn)
			if err != nil {
				return positioned(r, s.ID, b.Line, *src, err)
			}
			*src = out
		}
	}
	return nil
}

// proseError is an error at a byte offset of a prose text.
type proseError struct {
	offset int
	err    error
}

func (e *proseError) Error() string { return e.err.Error() }

// positioned turns an error at an offset of a block's prose into one at
// the study's line, or names the cell when the line is unknown.
func positioned(r *reports.Report, cell string, first int, src string, err error) error {
	e, ok := err.(*proseError)
	if !ok {
		return &reports.SourceError{File: r.Provenance.SourceName, Err: err}
	}
	if first == 0 {
		return &reports.SourceError{File: r.Provenance.SourceName, Err: fmt.Errorf("cell %s: %w", cell, e.err)}
	}
	return &reports.SourceError{File: r.Provenance.SourceName, Line: first + strings.Count(src[:e.offset], "\n"), Err: e.err}
}

// refWarning is a warning at a byte offset of a prose text.
type refWarning struct {
	offset int
	text   string
}

// resolveText rewrites the references of one prose text; secs says whether
// it refers to a section of its own report.
func resolveText(src string, own *Labels, site Site) (out string, secs bool, warnings []refWarning, err error) {
	code := reports.CodeRanges(src)
	var b strings.Builder
	at := 0
	for _, m := range reference.FindAllStringSubmatchIndex(src, -1) {
		start, stop := m[3], m[1] // from the @, after the character before it
		if reports.InRanges(code, start, stop) {
			continue
		}
		page, kind, id := group(src, m, 2), group(src, m, 3), group(src, m, 4)
		label := src[start:stop]
		fail := func(err error) (string, bool, []refWarning, error) {
			return "", false, nil, &proseError{offset: start, err: fmt.Errorf("%s: %w", label, err)}
		}
		labels, link := own, "#"
		if page != "" && (own == nil || page != own.Name) {
			if site == nil {
				// A study run on its own cannot know another's numbers:
				// the link is made by name, and a warning says so.
				anchor := map[string]string{Table: "table-", Figure: "figure-", Section: ""}[kind] + id
				b.WriteString(src[at:start])
				fmt.Fprintf(&b, "[%s %s of %s](../%s/index.html#%s)", kindNames[kind], reports.EscapeMarkdown(id), reports.EscapeMarkdown(page), page, anchor)
				at = stop
				warnings = append(warnings, refWarning{start, fmt.Sprintf("%s: another study's %s is numbered only when the studies run together as a site (run their folder)", label, strings.ToLower(kindNames[kind]))})
				continue
			}
			if labels = site[page]; labels == nil {
				return fail(fmt.Errorf("no study %q in this site (studies: %s)", page, strings.Join(site.names(), ", ")))
			}
			link = "../" + page + "/index.html#"
		}
		t, err := labels.lookup(kind, id)
		if err != nil {
			return fail(err)
		}
		text := kindNames[kind] + " " + t.Number
		if labels != own {
			text += " of *" + reports.EscapeMarkdown(labels.Title) + "*"
			if kind == Section {
				labels.report.NumberSections = true
			}
		} else if kind == Section {
			secs = true
		}
		b.WriteString(src[at:start])
		fmt.Fprintf(&b, "[%s](%s%s)", text, link, t.Anchor)
		at = stop
	}
	b.WriteString(src[at:])
	return b.String(), secs, warnings, nil
}

func group(s string, m []int, i int) string {
	if m[2*i] < 0 {
		return ""
	}
	return s[m[2*i]:m[2*i+1]]
}

func (s Site) names() []string {
	var out []string
	for name := range s {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}
