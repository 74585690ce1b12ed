package render

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bridgereport/bridgereport/reports"
)

// maxTextGrid is the widest heat map whose data the text shows as a grid.
const maxTextGrid = 30

// Text writes the report as plain text, for a terminal: the title
// underlined, prose filled to 80 columns, preformatted blocks as they are, tables with
// aligned columns (numbers to the right), each chart as the table of its
// data, then the checks of published figures, if any. A subcommand's report
// has no title and no checks: its text is its blocks. Text draws no chart,
// so the zero Renderer prints text.
//
// When rd.Width is set (the terminal's width), the text fits it: prose,
// captions and notes are filled to it (to 80 columns at most, as prose
// is without it), and a wider table is narrowed
// (fitColumns), with a line under it naming the columns it left out.
// Preformatted blocks keep their lines whole, however wide: they are
// layouts read and copied column by column, which a cut would silently
// shorten and a refill would scramble; a terminal wraps them and a pager
// (less -S) scrolls them. The one exception is a block of commands to
// paste (Preformatted.CommandLabel), which are continued after a
// backslash, and a block that lays itself out again for the width
// (Preformatted.Fit: the balance report's matrix in blocks of columns).
func (rd *Renderer) Text(w io.Writer, r *reports.Report) error {
	p := &textPrinter{w: bufio.NewWriter(w), width: rd.Width}
	bw := p.w
	first := true // a blank line goes between blocks
	next := func() {
		if !first {
			bw.WriteByte('\n')
		}
		first = false
	}
	if title := TerminalText(r.Title); title != "" {
		next()
		title = p.fitted(title)
		fmt.Fprintf(bw, "%s\n%s\n", title, strings.Repeat("=", longestLine(title)))
		if summary := strings.TrimSpace(TerminalBlock(r.Summary)); summary != "" {
			fmt.Fprintf(bw, "\n%s\n", p.fittedLines(summary))
		}
	}
	for _, b := range r.Blocks() {
		switch {
		case b.Pre != nil:
			next()
			if caption := TerminalText(b.Pre.Caption); caption != "" {
				fmt.Fprintf(bw, "%s\n\n", p.fitted(caption))
			}
			text := b.Pre.Text
			if b.Pre.Fit != nil && p.width > 0 {
				text = b.Pre.Fit(p.width)
			}
			text = TerminalBlock(text)
			if b.Pre.CommandLabel != "" && p.width > 0 {
				text = continueCommands(text, b.Pre.CommandLabel, p.width)
			}
			bw.WriteString(text)
			if !strings.HasSuffix(text, "\n") {
				bw.WriteByte('\n')
			}
		case b.Prose != "":
			next()
			for _, line := range strings.Split(strings.TrimSpace(TerminalBlock(b.Prose)), "\n") {
				fmt.Fprintf(bw, "%s\n", Fill(line, p.proseWidth()))
			}
		case b.Plain != nil:
			next()
			if text := TerminalText(b.Plain.Text); text != "" {
				fmt.Fprintf(bw, "%s\n", Fill(text, p.proseWidth()))
			}
			for _, item := range b.Plain.Items {
				fmt.Fprintf(bw, "%s\n", Fill("- "+TerminalText(item), p.proseWidth()))
			}
		case b.Table != nil:
			next()
			p.table(textCaption("Table", b.Table.Number, b.Table.Caption), b.Table)
		case b.Chart != nil && b.Chart.Kind == "heatmap" && len(b.Chart.XLabels) > maxTextGrid:
			// A grid of more than a screen's columns reads as noise, and its
			// size grows with the square of the field.
			next()
			fmt.Fprintf(bw, "%s\n", p.fitted(fmt.Sprintf("%s (a heat map of %d × %d: its data is in --json)", textCaption("Figure", b.Chart.Number, b.Chart.Caption), len(b.Chart.YLabels), len(b.Chart.XLabels))))
		case b.Chart != nil:
			next()
			p.table(textCaption("Figure", b.Chart.Number, b.Chart.Caption)+" (its data)", b.Chart.DataTable())
		case b.Callout != nil:
			next()
			writeTextCallout(bw, b.Callout, p.fillWidth())
		case b.References != nil:
			next()
			writeTextReferences(bw, b.References, p.fillWidth())
		}
	}
	if len(r.Checks) > 0 {
		next()
		ok, errata, failed := r.Tally()
		checks := &reports.Table{Columns: []reports.Column{{Name: "figure"}, {Name: "published"}, {Name: "computed"}, {Name: "status"}, {Name: "note", Wrap: true}}}
		for _, c := range r.Checks {
			checks.Rows = append(checks.Rows, []any{c.Name, c.PublishedCited(), c.Computed, c.Status, c.Reason})
		}
		p.table("Published figures: "+reports.TallyText(ok, errata, failed)+".", checks)
	}
	return bw.Flush()
}

// textPrinter is the Text printer's output and the width it fits.
type textPrinter struct {
	w     *bufio.Writer
	width int // the terminal's columns; 0: unknown, nothing is fitted
}

// proseWidth is the width prose is filled to: 80 columns, or the
// terminal's if it is narrower.
func (p *textPrinter) proseWidth() int {
	if p.width > 0 {
		return min(textWidth, p.width)
	}
	return textWidth
}

// fitted is a line of text (a caption, a note) filled as prose is, or
// left on one line when the width is unknown.
func (p *textPrinter) fitted(text string) string {
	if p.width <= 0 {
		return text
	}
	return Fill(text, p.proseWidth())
}

// fillWidth is the width callouts and references are filled to: as
// prose, or 0 (their lines whole) when the width is unknown.
func (p *textPrinter) fillWidth() int {
	if p.width <= 0 {
		return 0
	}
	return p.proseWidth()
}

// fittedLines is fitted applied to each line of text.
func (p *textPrinter) fittedLines(text string) string {
	if p.width <= 0 {
		return text
	}
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		lines[i] = Fill(line, p.proseWidth())
	}
	return strings.Join(lines, "\n")
}

// longestLine is the width in runes of the longest line of s.
func longestLine(s string) int {
	n := 0
	for _, line := range strings.Split(s, "\n") {
		n = max(n, utf8.RuneCountInString(line))
	}
	return n
}

// textWidth is the width prose is filled to, for a terminal.
const textWidth = 80

// Fill breaks text between words into lines of at most width runes. A
// word longer than that (a file's absolute path) is broken after its path
// separators (pathPieces), its pieces filled as words joined without a
// space; a word that has none stays whole, on a line of its own.
func Fill(text string, width int) string {
	return fill(text, width, true)
}

// fill is Fill; with breakPaths false a long word stays whole, as the
// cells of a table want it (wrapCell cuts it where the width ends).
func fill(text string, width int, breakPaths bool) string {
	var b strings.Builder
	col := 0
	for _, w := range strings.Fields(text) {
		pieces := []string{w}
		if breakPaths && utf8.RuneCountInString(w) > width {
			pieces = pathPieces(w)
		}
		for i, piece := range pieces {
			n := utf8.RuneCountInString(piece)
			gap := 1 // a space before a word; none inside one
			if i > 0 {
				gap = 0
			}
			switch {
			case col == 0:
			case col+gap+n > width:
				b.WriteByte('\n')
				col = 0
			default:
				b.WriteString(" "[:gap])
				col += gap
			}
			b.WriteString(piece)
			col += n
		}
	}
	return b.String()
}

// pathPieces splits a word after each path separator (/, or \ on
// Windows) that a name follows: the places a line may break inside a
// path, each piece ending with its separator so that the line shows it
// goes on. Never inside a run of separators (https://) nor between two
// digits (3/4, 17/09/2026: a number is never broken).
func pathPieces(w string) []string {
	r := []rune(w)
	var out []string
	start := 0
	for i := 0; i+1 < len(r); i++ {
		if !isPathSeparator(r[i]) || isPathSeparator(r[i+1]) ||
			i > 0 && unicode.IsDigit(r[i-1]) && unicode.IsDigit(r[i+1]) {
			continue
		}
		out = append(out, string(r[start:i+1]))
		start = i + 1
	}
	return append(out, string(r[start:]))
}

func isPathSeparator(c rune) bool { return c == '/' || c == '\\' }

// FillHanging is Fill with every line after the first indented by indent
// spaces, each line within width runes but for a word longer than that.
func FillHanging(text string, width, indent int) string {
	pad := strings.Repeat(" ", indent)
	return strings.ReplaceAll(Fill(text, max(width-indent, minWrap)), "\n", "\n"+pad)
}

// textCaption is "Table 3. caption", or the caption alone when the block
// is not numbered.
func textCaption(what string, number int, caption string) string {
	caption = TerminalText(caption)
	if number == 0 {
		return caption
	}
	return strings.TrimSpace(fmt.Sprintf("%s %d. %s", what, number, caption))
}
