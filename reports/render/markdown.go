package render

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/yuin/goldmark/ast"
)

// Markdown writes the report as GitHub-flavoured Markdown: prose as written,
// tables as GFM tables, each figure an SVG image with its data folded below
// it. The images are returned by path relative to the Markdown file. Every
// figure is drawn before anything is written.
func (rd *Renderer) Markdown(w io.Writer, r *reports.Report) (map[string][]byte, error) {
	figures, _, err := rd.markdown(w, r)
	return figures, err
}

func (rd *Renderer) markdown(w io.Writer, r *reports.Report) (figures map[string][]byte, cached int, err error) {
	figures, paths, cached, err := rd.renderFigures(r)
	if err != nil {
		return nil, 0, err
	}
	return figures, cached, writeMarkdown(w, r, paths)
}

// writeMarkdown prints the report, its figures drawn already at paths.
func writeMarkdown(w io.Writer, r *reports.Report, paths map[*reports.Chart]string) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# %s\n\n", reports.MdText(r.Title))
	if summary := reports.MdText(r.Summary); summary != "" {
		fmt.Fprintf(bw, "%s\n\n", summary)
	}
	if len(r.Checks) > 0 {
		ok, errata, failed := r.Tally()
		fmt.Fprintf(bw, "Checks against published figures: %s.\n\n", reports.TallyText(ok, errata, failed))
	}
	linked, err := linkedFragments(r)
	if err != nil {
		return err
	}
	// Anchors as the HTML page has them (table-ID, figure-ID, the headings'
	// ids), so that the links of references jump on a forge too; headings
	// in order, as Headings numbers them.
	headings, written := map[string]int{}, map[string]bool{}
	for _, c := range r.Sections {
		for _, b := range c.Blocks {
			switch {
			case b.Prose != "":
				prose, err := anchoredProse(b.Prose, headings, linked, written)
				if err != nil {
					return err
				}
				fmt.Fprintf(bw, "%s\n\n", reports.ContainProse(strings.TrimSpace(prose)))
			case b.Table != nil:
				writeMarkdownTable(bw, fmt.Sprintf("%s**Table %d.** %s", mdAnchor("table-"+b.Table.ID, written), b.Table.Number, reports.MdText(b.Table.Caption)), b.Table)
			case b.Chart != nil:
				writeMarkdownFigure(bw, b.Chart, paths[b.Chart], mdAnchor("figure-"+b.Chart.ID, written))
			case b.Pre != nil:
				writeMarkdownPre(bw, b.Pre)
			case b.Plain != nil:
				writeMarkdownPlain(bw, b.Plain)
			case b.Callout != nil:
				body, err := anchoredProse(b.Callout.Body, headings, linked, written)
				if err != nil {
					return err
				}
				writeMarkdownCallout(bw, b.Callout, body)
			case b.References != nil:
				if err := writeMarkdownReferences(bw, b.References); err != nil {
					return err
				}
			}
		}
	}
	if len(r.Checks) > 0 {
		fmt.Fprintf(bw, "## Published figures\n\n")
		checks := &reports.Table{Columns: []reports.Column{{Name: "figure"}, {Name: "published"}, {Name: "computed"}, {Name: "status"}, {Name: "note"}}}
		for _, c := range r.Checks {
			checks.Rows = append(checks.Rows, []any{c.Name, c.PublishedCited(), c.Computed, c.Status, c.Reason})
		}
		writeMarkdownTable(bw, "Each published figure against the recomputed one, at the published precision.", checks)
	}
	fmt.Fprintf(bw, "## Provenance\n\n- bridgereport %s\n- study %s, SHA-256 `%s`\n", reports.MdText(r.Provenance.Version), mdCode(r.Provenance.SourceName), r.SourceHash())
	for _, in := range r.Provenance.Inputs {
		if in.Library != "" {
			fmt.Fprintf(bw, "- library movement %s, SHA-256 %s\n", mdCode(in.Library), mdCode(in.SHA256))
		} else {
			fmt.Fprintf(bw, "- input %s, SHA-256 %s\n", mdCode(in.Path), mdCode(in.SHA256))
		}
	}
	for _, p := range r.Provenance.Parameters {
		fmt.Fprintf(bw, "- parameter %s = %s\n", mdCode(p.Name), mdCode(p.Value))
	}
	return bw.Flush()
}

// renderFigures draws every chart of a report as SVG, keyed by its path
// relative to the Markdown file, and counts those taken from the cache.
func (rd *Renderer) renderFigures(r *reports.Report) (files map[string][]byte, paths map[*reports.Chart]string, cached int, err error) {
	files = map[string][]byte{}
	paths = map[*reports.Chart]string{}
	for _, b := range r.Blocks() {
		if b.Chart == nil {
			continue
		}
		data, fromCache, err := rd.figure(r.Name, b.Chart)
		if err != nil {
			return nil, nil, 0, err
		}
		if fromCache {
			cached++
		}
		p := figurePath(b.Chart.ID, files)
		files[p], paths[b.Chart] = data, p
	}
	return files, paths, cached, nil
}

// figurePath names a chart's SVG after its id, kept to characters that need
// no escaping in a Markdown link or a file name; a clash gets a suffix.
func figurePath(id string, taken map[string][]byte) string {
	name := strings.Map(func(c rune) rune {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' {
			return c
		}
		return '_'
	}, id)
	if name == "" {
		name = "figure"
	}
	if len(name) > 80 { // a file name has a limit (255 bytes on most systems)
		sum := sha256.Sum256([]byte(id))
		name = name[:64] + "-" + hex.EncodeToString(sum[:6])
	}
	p := "figures/" + name + ".svg"
	for i := 2; ; i++ {
		if _, ok := taken[p]; !ok {
			return p
		}
		p = fmt.Sprintf("figures/%s-%d.svg", name, i)
	}
}

// writeMarkdownFigure writes a figure as its image, after its anchor, and
// caption, with its data in a folded block that forges render as a table.
func writeMarkdownFigure(w io.Writer, c *reports.Chart, path, anchor string) {
	fmt.Fprintf(w, "%s![Figure %d. %s](%s)\n\n**Figure %d.** %s\n\n", anchor, c.Number, reports.MdText(c.Caption), path, c.Number, reports.MdText(c.Caption))
	fmt.Fprintf(w, "<details><summary>Data of figure %d</summary>\n\n", c.Number)
	writeMarkdownTable(w, "", c.DataTable())
	fmt.Fprint(w, "</details>\n\n")
}

// writeMarkdownTable writes a table under its caption, if any.
func writeMarkdownTable(w io.Writer, caption string, t *reports.Table) {
	if caption != "" {
		fmt.Fprintf(w, "%s\n\n", caption)
	}
	fmt.Fprint(w, "|")
	for _, c := range t.Columns {
		fmt.Fprintf(w, " %s |", mdEscape(c.Name))
	}
	fmt.Fprint(w, "\n|")
	for i := range t.Columns {
		if i == 0 {
			fmt.Fprint(w, " :--- |")
		} else {
			fmt.Fprint(w, " ---: |")
		}
	}
	fmt.Fprintln(w)
	for i := range t.Rows {
		fmt.Fprint(w, "|")
		for j := range t.Columns {
			fmt.Fprintf(w, " %s |", mdEscape(t.Text(i, j)))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
}

// mdEscape is the text of a table cell: mdText escapes its pipes too.
func mdEscape(s string) string { return reports.MdText(s) }

// mdCode writes s as a code span, fenced with more backticks than it holds
// in a row, on one line.
func mdCode(s string) string {
	s = strings.NewReplacer("\r", " ", "\n", " ").Replace(s)
	if strings.Trim(s, " ") == "" {
		return "` `" // an empty span would be two backticks of text
	}
	run, longest := 0, 0
	for _, c := range s {
		if c == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if longest > 0 || strings.HasPrefix(s, " ") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// writeMarkdownPre writes a text layout as a fenced block whose fence is
// longer than any run of backticks in the text, so the text cannot end it.
func writeMarkdownPre(w *bufio.Writer, p *reports.Preformatted) {
	if caption := reports.MdText(p.Caption); caption != "" {
		fmt.Fprintf(w, "%s\n\n", caption)
	}
	fence, run := 3, 0
	for _, r := range p.Text {
		if r == '`' {
			run++
			fence = max(fence, run+1)
		} else {
			run = 0
		}
	}
	f := strings.Repeat("`", fence)
	fmt.Fprintf(w, "%s text\n%s", f, p.Text)
	if !strings.HasSuffix(p.Text, "\n") {
		w.WriteByte('\n')
	}
	fmt.Fprintf(w, "%s\n\n", f)
}

// writeMarkdownPlain writes plain text as an escaped paragraph and list.
func writeMarkdownPlain(w *bufio.Writer, p *reports.Plain) {
	if text := reports.MdText(p.Text); text != "" {
		fmt.Fprintf(w, "%s\n\n", text)
	}
	for _, item := range p.Items {
		fmt.Fprintf(w, "- %s\n", reports.MdText(item))
	}
	if len(p.Items) > 0 {
		w.WriteByte('\n')
	}
}

// mdAnchor is an empty link target with the given id, for a reference's
// link to jump to, or "" when the id is not a plain slug (ids come from
// data) or an earlier anchor of the page took it.
func mdAnchor(id string, written map[string]bool) string {
	if !slug(id) || written[id] {
		return ""
	}
	written[id] = true
	return `<a id="` + id + `"></a>`
}

// slug says whether s is non-empty and only lower-case ASCII letters,
// digits and hyphens: safe in an attribute and a link without escaping.
func slug(s string) bool {
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return s != ""
}

// linkedFragments are the fragments (#id) that the links of a report's
// prose and callouts point at: the headings that need an anchor.
func linkedFragments(r *reports.Report) (map[string]bool, error) {
	linked := map[string]bool{}
	for _, b := range r.Blocks() {
		src := b.Prose
		if b.Callout != nil {
			src = b.Callout.Body
		}
		if src == "" || !strings.Contains(src, "](#") {
			continue
		}
		doc, _, _, err := reports.ParseProse(src, map[string]int{})
		if err != nil {
			return nil, err
		}
		_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if l, ok := n.(*ast.Link); ok && entering {
				if id, ok := strings.CutPrefix(string(l.Destination), "#"); ok {
					linked[id] = true
				}
			}
			return ast.WalkContinue, nil
		})
	}
	return linked, nil
}

// anchoredProse is prose made safe, with an anchor at the start of each
// heading's text that a link of the report points at: a forge gives
// headings ids of its own, which need not be those of the HTML page.
// headings counts the anchors taken, as parseProse does for the HTML page.
func anchoredProse(src string, headings map[string]int, linked, written map[string]bool) (string, error) {
	doc, source, _, err := reports.ParseProse(src, headings)
	if err != nil {
		return "", err
	}
	type insert struct {
		at     int
		anchor string
	}
	var inserts []insert
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !ok || !entering || h.Lines().Len() == 0 {
			return ast.WalkContinue, nil
		}
		v, _ := h.AttributeString("id")
		id, _ := v.([]byte)
		if linked[string(id)] {
			if a := mdAnchor(string(id), written); a != "" {
				inserts = append(inserts, insert{h.Lines().At(0).Start, a})
			}
		}
		return ast.WalkContinue, nil
	})
	var b strings.Builder
	at := 0
	for _, in := range inserts { // in document order, so by offset
		b.Write(source[at:in.at])
		b.WriteString(in.anchor)
		at = in.at
	}
	b.Write(source[at:])
	return b.String(), nil
}
