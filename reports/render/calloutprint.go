package render

import (
	"bufio"
	"fmt"
	"html"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
)

// writeMarkdownCallout writes a callout as a blockquote under its label in
// bold; body is its prose made safe (anchoredProse).
func writeMarkdownCallout(w *bufio.Writer, c *reports.Callout, body string) {
	fmt.Fprintf(w, "> **%s**\n>\n", reports.MdText(c.Label()))
	for _, line := range strings.Split(strings.TrimSpace(body), "\n") {
		if line = strings.TrimRight(line, " \r"); line == "" {
			w.WriteString(">\n")
		} else {
			fmt.Fprintf(w, "> %s\n", line)
		}
	}
	w.WriteByte('\n')
}

// writeMarkdownReferences writes the reference list as a numbered list,
// each entry with the anchor its citations link to.
func writeMarkdownReferences(w *bufio.Writer, refs *reports.References) error {
	w.WriteString("## References\n\n")
	for _, e := range refs.Entries {
		text, err := reports.SafeProse(e.Text)
		if err != nil {
			return fmt.Errorf("reference %s: %w", e.Key, err)
		}
		fmt.Fprintf(w, "%d. <a id=\"ref-%s\"></a>%s\n", e.Number, html.EscapeString(e.Key), strings.Join(strings.Fields(text), " "))
	}
	w.WriteByte('\n')
	return nil
}

// writeTextCallout writes a callout set off by a bar down its left side;
// its lines are filled to width when that is known (not 0).
func writeTextCallout(w *bufio.Writer, c *reports.Callout, width int) {
	fmt.Fprintf(w, "| %s\n|\n", TerminalText(c.Label()))
	for _, line := range strings.Split(strings.TrimSpace(TerminalBlock(c.Body)), "\n") {
		if width > 0 {
			line = strings.ReplaceAll(Fill(line, max(width-2, minWrap)), "\n", "\n| ")
		}
		fmt.Fprintln(w, strings.TrimRight("| "+line, " \r"))
	}
}

// writeTextReferences writes the reference list, "[n] entry" a line, or
// filled to width, when that is known, under a hanging indent.
func writeTextReferences(w *bufio.Writer, refs *reports.References, width int) {
	w.WriteString("References\n")
	for _, e := range refs.Entries {
		entry := fmt.Sprintf("[%d] %s", e.Number, strings.Join(strings.Fields(TerminalText(e.Text)), " "))
		if width > 0 {
			entry = FillHanging(entry, width, len(fmt.Sprintf("[%d] ", e.Number)))
		}
		fmt.Fprintf(w, "%s\n", entry)
	}
}
