package render

import (
	"bufio"
	"fmt"
	"io"
	"strings"
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
func (rd *Renderer) Text(w io.Writer, r *reports.Report) error {
	bw := bufio.NewWriter(w)
	first := true // a blank line goes between blocks
	next := func() {
		if !first {
			bw.WriteByte('\n')
		}
		first = false
	}
	if title := TerminalText(r.Title); title != "" {
		next()
		fmt.Fprintf(bw, "%s\n%s\n", title, strings.Repeat("=", utf8.RuneCountInString(title)))
		if summary := strings.TrimSpace(TerminalBlock(r.Summary)); summary != "" {
			fmt.Fprintf(bw, "\n%s\n", summary)
		}
	}
	for _, b := range r.Blocks() {
		switch {
		case b.Pre != nil:
			next()
			if caption := TerminalText(b.Pre.Caption); caption != "" {
				fmt.Fprintf(bw, "%s\n\n", caption)
			}
			text := TerminalBlock(b.Pre.Text)
			bw.WriteString(text)
			if !strings.HasSuffix(text, "\n") {
				bw.WriteByte('\n')
			}
		case b.Prose != "":
			next()
			for _, line := range strings.Split(strings.TrimSpace(TerminalBlock(b.Prose)), "\n") {
				fmt.Fprintf(bw, "%s\n", Fill(line, textWidth))
			}
		case b.Plain != nil:
			next()
			if text := TerminalText(b.Plain.Text); text != "" {
				fmt.Fprintf(bw, "%s\n", Fill(text, textWidth))
			}
			for _, item := range b.Plain.Items {
				fmt.Fprintf(bw, "%s\n", Fill("- "+TerminalText(item), textWidth))
			}
		case b.Table != nil:
			next()
			writeTextTable(bw, textCaption("Table", b.Table.Number, b.Table.Caption), b.Table)
		case b.Chart != nil && b.Chart.Kind == "heatmap" && len(b.Chart.XLabels) > maxTextGrid:
			// A grid of more than a screen's columns reads as noise, and its
			// size grows with the square of the field.
			next()
			fmt.Fprintf(bw, "%s (a heat map of %d × %d: its data is in --json)\n", textCaption("Figure", b.Chart.Number, b.Chart.Caption), len(b.Chart.YLabels), len(b.Chart.XLabels))
		case b.Chart != nil:
			next()
			writeTextTable(bw, textCaption("Figure", b.Chart.Number, b.Chart.Caption)+" (its data)", b.Chart.DataTable())
		case b.Callout != nil:
			next()
			writeTextCallout(bw, b.Callout)
		case b.References != nil:
			next()
			writeTextReferences(bw, b.References)
		}
	}
	if len(r.Checks) > 0 {
		next()
		ok, errata, failed := r.Tally()
		checks := &reports.Table{Columns: []reports.Column{{Name: "figure"}, {Name: "published"}, {Name: "computed"}, {Name: "status"}, {Name: "note"}}}
		for _, c := range r.Checks {
			checks.Rows = append(checks.Rows, []any{c.Name, c.PublishedCited(), c.Computed, c.Status, c.Reason})
		}
		writeTextTable(bw, fmt.Sprintf("Published figures: %d ok, %d errata, %d failed.", ok, errata, failed), checks)
	}
	return bw.Flush()
}

// textWidth is the width prose is filled to, for a terminal.
const textWidth = 80

// Fill breaks text between words into lines of at most width runes (a
// longer word has a line of its own).
func Fill(text string, width int) string {
	var b strings.Builder
	col := 0
	for _, w := range strings.Fields(text) {
		n := utf8.RuneCountInString(w)
		switch {
		case col == 0:
		case col+1+n > width:
			b.WriteByte('\n')
			col = 0
		default:
			b.WriteByte(' ')
			col++
		}
		b.WriteString(w)
		col += n
	}
	return b.String()
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

// writeTextTable writes a table under its caption: columns two spaces
// apart, the first and text cells to the left, numbers to the right.
func writeTextTable(w *bufio.Writer, caption string, t *reports.Table) {
	if caption != "" {
		fmt.Fprintf(w, "%s\n", caption)
	}
	cells := make([][]string, len(t.Rows))
	width := make([]int, len(t.Columns))
	right := make([]bool, len(t.Columns))
	for j, c := range t.Columns {
		width[j] = utf8.RuneCountInString(TerminalText(c.Name))
		right[j] = j > 0
	}
	for i, row := range t.Rows {
		cells[i] = make([]string, len(t.Columns))
		for j := range t.Columns {
			cells[i][j] = TerminalText(t.Text(i, j))
			width[j] = max(width[j], utf8.RuneCountInString(cells[i][j]))
			if _, isText := row[j].(string); isText && !reports.Numeric(cells[i][j]) {
				right[j] = false
			}
		}
	}
	line := func(texts []string) {
		var b strings.Builder
		for j, s := range texts {
			if j > 0 {
				b.WriteString("  ")
			}
			pad := strings.Repeat(" ", width[j]-utf8.RuneCountInString(s))
			if right[j] {
				b.WriteString(pad + s)
			} else {
				b.WriteString(s + pad)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
	names := make([]string, len(t.Columns))
	rules := make([]string, len(t.Columns))
	for j, c := range t.Columns {
		names[j], rules[j] = TerminalText(c.Name), strings.Repeat("-", width[j])
	}
	line(names)
	line(rules)
	for _, row := range cells {
		line(row)
	}
}
