package reports

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// WriteMarkdown writes the report as GitHub-flavoured Markdown: prose as
// written, tables as GFM tables, each figure as the table of its data.
func WriteMarkdown(w io.Writer, r *Result) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# %s\n\n", r.Study.Title)
	if r.Study.Summary != "" {
		fmt.Fprintf(bw, "%s\n\n", r.Study.Summary)
	}
	ok, errata, failed := r.Tally()
	fmt.Fprintf(bw, "Checks against published figures: %d ok, %d errata, %d failed.\n\n", ok, errata, failed)
	for _, c := range r.Cells {
		for _, b := range c.Blocks {
			switch {
			case b.Prose != "":
				fmt.Fprintf(bw, "%s\n\n", strings.TrimSpace(b.Prose))
			case b.Table != nil:
				writeMarkdownTable(bw, fmt.Sprintf("**Table %d.** %s", b.Table.Number, b.Table.Caption), b.Table)
			case b.Chart != nil:
				writeMarkdownTable(bw, fmt.Sprintf("**Figure %d.** %s (data)", b.Chart.Number, b.Chart.Caption), chartTable(b.Chart))
			}
		}
	}
	fmt.Fprintf(bw, "## Published figures\n\n")
	if len(r.Checks) == 0 {
		fmt.Fprintf(bw, "This study checks no published figures.\n\n")
	} else {
		checks := &Table{Columns: []Column{{Name: "figure"}, {Name: "published"}, {Name: "computed"}, {Name: "status"}, {Name: "note"}}}
		for _, c := range r.Checks {
			checks.Rows = append(checks.Rows, []any{c.Name, c.Published, c.Computed, c.Status, c.Reason})
		}
		writeMarkdownTable(bw, "Each published figure against the recomputed one, at the published precision.", checks)
	}
	fmt.Fprintf(bw, "## Provenance\n\n- bridgereport %s\n- study `%s`, SHA-256 `%s`\n", Version, filepath.Base(r.Study.Path), r.StudyHash())
	for _, in := range r.Inputs {
		fmt.Fprintf(bw, "- input `%s`, SHA-256 `%s`\n", in.Path, in.SHA256)
	}
	for _, p := range r.Study.Parameters {
		fmt.Fprintf(bw, "- parameter `%s` = `%s`\n", p.Name, r.Study.Values[p.Name])
	}
	for _, c := range r.Cells {
		if c.FromCache {
			fmt.Fprintf(bw, "- cell `%s` taken from the cache\n", c.Cell.ID)
		}
	}
	return bw.Flush()
}

func writeMarkdownTable(w io.Writer, caption string, t *Table) {
	fmt.Fprintf(w, "%s\n\n|", caption)
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

func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, `\`, `\\`, "\n", " ").Replace(s)
}

// chartTable is the data behind a chart, for reports without scripts.
func chartTable(c *Chart) *Table {
	t := &Table{Columns: []Column{{Name: c.XName}}}
	switch c.Kind {
	case "heatmap":
		t.Columns[0].Name = c.YName + " \\ " + c.XName
		for _, x := range c.XLabels {
			t.Columns = append(t.Columns, Column{Name: x, Decimals: 2})
		}
		for y, row := range c.Grid {
			cells := []any{c.YLabels[y]}
			for _, v := range row {
				if v == nil {
					cells = append(cells, nil)
				} else {
					cells = append(cells, *v)
				}
			}
			t.Rows = append(t.Rows, cells)
		}
	case "boxplot":
		for _, n := range []string{"min", "low", "middle", "high", "max"} {
			t.Columns = append(t.Columns, Column{Name: n, Decimals: 2})
		}
		for i, b := range c.Boxes {
			t.Rows = append(t.Rows, []any{c.XLabels[i], b[0], b[1], b[2], b[3], b[4]})
		}
	default:
		for _, s := range c.Series {
			t.Columns = append(t.Columns, Column{Name: s.Name, Decimals: 2})
		}
		for i, x := range c.XLabels {
			cells := []any{x}
			for _, s := range c.Series {
				cells = append(cells, s.Values[i])
			}
			t.Rows = append(t.Rows, cells)
		}
	}
	return t
}
