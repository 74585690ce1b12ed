package render

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/charts"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// hostileName is a player's name as a hostile results file may carry it: a
// line break and a fence to close a code block, raw HTML to run once
// outside it, and terminal escapes (a colour and a window title).
const hostileName = "Ann\n```\n<script>alert(1)</script>\n<img src=x onerror=alert(1)>\x1b[31m red \x1b]0;owned\x07 \u009b2J\r\n~~~\n# heading\n- item\n    code |"

// dataReport puts s in every place of a report that holds data. A chart
// refuses labels with control characters (Chart.validate), so its labels
// get s without them.
func dataReport(s string) *reports.Report {
	l := chartLabel(s)
	return &reports.Report{Name: "r", Title: s, Summary: s,
		Sections: []reports.Section{{ID: "c", Blocks: []reports.Block{
			{Prose: "Plain prose.\n"},
			{Table: &reports.Table{ID: "t", Number: 1, Caption: s, Columns: []reports.Column{{Name: s}, {Name: "n"}}, Rows: [][]any{{s, 1.5}, {"x", s}}}},
			{Pre: &reports.Preformatted{ID: "p", Caption: s, Text: s}},
			{Plain: &reports.Plain{Text: s, Items: []string{s, "plain " + s}}},
			{Chart: &reports.Chart{ID: "f", Number: 1, Caption: s, Kind: "bar", XName: l, YName: l, XLabels: []string{l, "b"},
				Series: []reports.Series{{Name: l, Values: []float64{1, 2}}}}},
			{Prose: "More prose.\n"},
		}}},
		Checks: []reports.Check{{Name: s, Published: s, Computed: s, Status: reports.StatusOK, Reason: s}},
		Provenance: reports.Provenance{Version: s, SourceName: s, Source: []byte(s),
			Inputs:     []reports.Input{{Path: s, SHA256: s}, {Library: s, SHA256: "00"}},
			Parameters: []reports.Param{{Name: s, Value: s}}},
	}
}

func chartLabel(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, "?"))
	if r := []rune(s); len(r) > charts.MaxLabel {
		s = string(r[:charts.MaxLabel])
	}
	return s
}

// markdownShape is the block structure of a Markdown document, one line
// per block (its kind, depth and, for headings and lists, their form), and
// the raw HTML it holds.
func markdownShape(t testing.TB, md []byte) (blocks, html []string) {
	t.Helper()
	doc := reports.Markdown.Parser().Parse(text.NewReader(md))
	depth := 0
	err := ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if n.Type() != ast.TypeBlock && n.Type() != ast.TypeDocument {
			if raw, ok := n.(*ast.RawHTML); ok && entering {
				var b strings.Builder
				for i := 0; i < raw.Segments.Len(); i++ {
					seg := raw.Segments.At(i)
					b.Write(seg.Value(md))
				}
				html = append(html, b.String())
			}
			return ast.WalkContinue, nil
		}
		if !entering {
			depth--
			return ast.WalkContinue, nil
		}
		depth++
		line := fmt.Sprintf("%*s%s", depth, "", n.Kind())
		switch n := n.(type) {
		case *ast.Heading:
			line += fmt.Sprint(" level ", n.Level)
		case *ast.List:
			line += fmt.Sprintf(" ordered %v marker %c", n.IsOrdered(), n.Marker)
		case *ast.HTMLBlock:
			var b strings.Builder
			for i := 0; i < n.Lines().Len(); i++ {
				seg := n.Lines().At(i)
				b.Write(seg.Value(md))
			}
			html = append(html, b.String())
		}
		blocks = append(blocks, line)
		return ast.WalkContinue, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return blocks, html
}

// checkMarkdownData renders the data report with s and with a plain word
// and fails if s changed the document's blocks or brought raw HTML. Drawn
// renders the figures too (slow: the fuzz target leaves them out, and
// puts s in the chart's labels as well).
func checkMarkdownData(t *testing.T, s string, drawn bool) {
	t.Helper()
	render := func(s string) []byte {
		var b strings.Builder
		r := dataReport(s)
		if drawn {
			if _, err := NewRenderer().Markdown(&b, r); err != nil {
				t.Fatal(err)
			}
			return []byte(b.String())
		}
		c := r.Sections[0].Blocks[4].Chart
		c.XName, c.YName, c.XLabels[0], c.Series[0].Name = s, s, s, s
		if err := writeMarkdown(&b, r, map[*reports.Chart]string{c: "figures/f.svg"}); err != nil {
			t.Fatal(err)
		}
		return []byte(b.String())
	}
	plain, hostile := render("word"), render(s)
	wantBlocks, wantHTML := markdownShape(t, plain)
	gotBlocks, gotHTML := markdownShape(t, hostile)
	if strings.Join(gotBlocks, "\n") != strings.Join(wantBlocks, "\n") {
		t.Fatalf("the data %q changed the block structure:\n%s\n\nMarkdown:\n%s", s, diffLines(wantBlocks, gotBlocks), hostile)
	}
	if strings.Join(gotHTML, "") != strings.Join(wantHTML, "") {
		t.Fatalf("the data %q brought raw HTML %q; want only %q\nMarkdown:\n%s", s, gotHTML, wantHTML, hostile)
	}
}

func diffLines(want, got []string) string {
	for i := range max(len(want), len(got)) {
		var w, g string
		if i < len(want) {
			w = want[i]
		}
		if i < len(got) {
			g = got[i]
		}
		if w != g {
			return fmt.Sprintf("block %d: want %q, got %q", i, w, g)
		}
	}
	return ""
}

// TestHostileNamesMarkdown: a name that carries a fence, raw HTML and
// block markers leaves the Markdown report's structure as it is.
func TestHostileNamesMarkdown(t *testing.T) {
	for _, s := range []string{hostileName, "`", "```", "````\n", "~~~", "| a | b |", "1. x", "- x", "> x", "    code",
		"<div>", "<!--", "[x]: http://example.org", "![x](javascript:alert(1))", "*", "\\", "a\\|b", "http://example.org", "$x$", "\x00", "&lt;b&gt;"} {
		checkMarkdownData(t, s, false)
	}
	checkMarkdownData(t, hostileName, true)
}

// TestHostileNamesText: the terminal printer passes no escape sequence or
// control character from the data.
func TestHostileNamesText(t *testing.T) {
	r := dataReport(hostileName)
	c := r.Sections[0].Blocks[4].Chart // the Text printer draws no chart: any label will do
	c.XName, c.YName, c.XLabels[0], c.Series[0].Name = hostileName, hostileName, hostileName, hostileName
	var b strings.Builder
	if err := new(Renderer).Text(&b, r); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, c := range out {
		if c < 0x20 && c != '\n' || c == 0x7f || c >= 0x80 && c < 0xa0 {
			t.Fatalf("control character %U in the terminal text:\n%q", c, out)
		}
	}
	for _, gone := range []string{"owned", "[31m", "[2J"} {
		if strings.Contains(out, gone) {
			t.Errorf("%q of an escape sequence left in the terminal text:\n%s", gone, out)
		}
	}
	if !strings.Contains(out, "Ann ``` <script>alert(1)</script> <img src=x onerror=alert(1)> red") {
		t.Errorf("the name is not shown as text on one line:\n%s", out)
	}
}

func TestTerminalText(t *testing.T) {
	cases := []struct{ in, want string }{
		{"plain", "plain"},
		{"a\x1b[1;31mb\x1b[0m", "ab"},
		{"a\x1b]0;title\x07b", "ab"},
		{"a\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\b", "alinkb"},
		{"a\u009b31mb", "ab"},
		{"a\x1bcb", "ab"}, // reset
		{"a\rb\tc\nd", "a b c d"},
		{"a\u202eb", "ab"},
		{"caf\xe9", "caf\ufffd"},
		{"Ärger\x7f", "Ärger"},
		{"unterminated\x1b]0;x", "unterminated"},
	}
	for _, c := range cases {
		if got := TerminalText(c.in); got != c.want {
			t.Errorf("TerminalText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := TerminalBlock("a\r\nb\tc\x1b[2J"); got != "a\nb\tc" {
		t.Errorf("terminalBlock kept %q", got)
	}
}

// FuzzMarkdownData: no data string changes the block structure of the
// Markdown report or brings raw HTML into it.
func FuzzMarkdownData(f *testing.F) {
	for _, s := range []string{hostileName, "word", "```", "~~~~", "1) x", "<b>", "a\n\n- b", "    x", "| x", "\\`"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.TrimSpace(reports.MdLineReplacer.Replace(s)) == "" {
			return // an empty caption or summary is left out, rightly
		}
		checkMarkdownData(t, s, false)
	})
}

// TestProseFenceContained: a fence left open in prose (a name pasted into
// it) is closed at the end of its block, so the table after it stays a
// table and the HTML in the fence stays code.
func TestProseFenceContained(t *testing.T) {
	for _, prose := range []string{"Ranks that change:\n\n- pair 1 (Ann\n```\n<script>alert(1)</script>)", "~~~~\nx", "- a\n\n```\n````"} {
		r := &reports.Report{Name: "r", Title: "T", Sections: []reports.Section{{Blocks: []reports.Block{
			{Prose: prose},
			{Table: &reports.Table{ID: "t", Number: 1, Caption: "c", Columns: []reports.Column{{Name: "a"}}, Rows: [][]any{{"x"}}}},
		}}}}
		var b strings.Builder
		if _, err := NewRenderer().Markdown(&b, r); err != nil {
			t.Fatal(err)
		}
		md := []byte(b.String())
		blocks, html := markdownShape(t, md)
		// The only raw HTML is the printer's anchor of the table.
		if !slices.ContainsFunc(blocks, func(s string) bool { return strings.TrimSpace(s) == "Table" }) || !slices.Equal(html, []string{`<a id="table-t">`, "</a>"}) {
			t.Errorf("prose %q: the table after it is lost or raw HTML got out (%q):\n%s", prose, html, md)
		}
	}
}

// FuzzTerminalText: what reaches the terminal has no control character
// but line breaks and tabs (in blocks), is UTF-8, and passes unchanged a
// second time.
func FuzzTerminalText(f *testing.F) {
	for _, s := range []string{hostileName, "a\x1b[1;31mb", "\x1b]0;t\x07", "\u009b2J", "caf\xe9", "\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, lines := range []bool{false, true} {
			out := terminalSafe(s, lines)
			if !utf8.ValidString(out) {
				t.Fatalf("%q: output %q is not UTF-8", s, out)
			}
			for _, c := range out {
				if c < 0x20 && !(lines && (c == '\n' || c == '\t')) || c == 0x7f || c >= 0x80 && c < 0xa0 || c >= 0x202a && c <= 0x202e || c >= 0x2066 && c <= 0x2069 {
					t.Fatalf("%q: output %q holds %U", s, out, c)
				}
			}
			if again := terminalSafe(out, lines); again != out {
				t.Fatalf("%q: %q changes again to %q", s, out, again)
			}
		}
	})
}
