package render

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/bridgereport/bridgereport/reports"
)

// minWrap is the narrowest a wrapped column is made: at 24 columns a
// reason still reads as a phrase a line, over a few lines.
const minWrap = 24

// table writes a table under its caption: columns two spaces apart, the
// first and text cells to the left, numbers to the right. When the
// terminal's width is known and the table is wider, it is narrowed by
// fitColumns and a line under it names the columns left out.
func (p *textPrinter) table(caption string, t *reports.Table) {
	w := p.w
	if caption != "" {
		fmt.Fprintf(w, "%s\n", p.fitted(caption))
	}
	cells := make([][]string, len(t.Rows))
	natural := make([]int, len(t.Columns))
	header := make([]int, len(t.Columns))
	right := make([]bool, len(t.Columns))
	for j, c := range t.Columns {
		header[j] = utf8.RuneCountInString(TerminalText(c.Name))
		natural[j] = header[j]
		right[j] = j > 0
	}
	for i, row := range t.Rows {
		cells[i] = make([]string, len(t.Columns))
		for j := range t.Columns {
			cells[i][j] = TerminalText(t.Text(i, j))
			natural[j] = max(natural[j], utf8.RuneCountInString(cells[i][j]))
			if _, isText := row[j].(string); isText && !reports.Numeric(cells[i][j]) {
				right[j] = false
			}
		}
	}
	shown, width := fitColumns(t.Columns, natural, header, p.width)
	line := func(texts []string) {
		// A wrapped cell takes several lines; the row is as tall as its
		// tallest cell.
		parts := make([][]string, len(texts))
		height := 1
		for j, s := range texts {
			if !shown[j] {
				continue
			}
			parts[j] = []string{s}
			if utf8.RuneCountInString(s) > width[j] {
				parts[j] = wrapCell(s, width[j])
			}
			height = max(height, len(parts[j]))
		}
		for k := range height {
			var b strings.Builder
			sep := ""
			for j := range texts {
				if !shown[j] {
					continue
				}
				b.WriteString(sep)
				sep = "  "
				s := ""
				if k < len(parts[j]) {
					s = parts[j][k]
				}
				pad := strings.Repeat(" ", max(0, width[j]-utf8.RuneCountInString(s)))
				if right[j] {
					b.WriteString(pad + s)
				} else {
					b.WriteString(s + pad)
				}
			}
			fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
		}
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
	var left []string
	for j, c := range t.Columns {
		if !shown[j] {
			left = append(left, TerminalText(c.Name))
		}
	}
	if len(left) > 0 {
		fmt.Fprintf(w, "%s\n", p.fitted(fmt.Sprintf("Left out to fit %d columns: %s; --wide prints every column.", p.width, strings.Join(left, ", "))))
	}
}

// fitColumns chooses which columns a text table shows, and how wide, to
// fit in limit runes (0: no limit, every column at its natural width).
// The rule, as kubectl's and gh's tables narrow to a terminal: first the
// wrapped columns (Column.Wrap, free text) are narrowed, the widest first,
// down to minWrap or their header; if the table is still too wide,
// columns are left out, the highest Priority first and the rightmost
// first among equals, never the first column nor one that names the row
// with it (Column.Names), until it fits, the wrapped columns taking back
// the room each frees; last, each column left out is put back, the most
// important first, if the table still fits with it (its wrapped columns
// narrowed again). A table whose naming columns alone are too wide is
// printed wider than limit.
//
// Leaving a column out rather than cutting its cells short keeps every
// figure shown whole: a truncated number or name is worse than none, and
// the line under the table says what --wide would show.
func fitColumns(cols []reports.Column, natural, header []int, limit int) (shown []bool, width []int) {
	shown = make([]bool, len(cols))
	for j := range shown {
		shown[j] = true
	}
	width = slices.Clone(natural)
	total := func() int {
		sum, n := 0, 0
		for j := range cols {
			if shown[j] {
				sum += width[j]
				n++
			}
		}
		return sum + 2*max(n-1, 0)
	}
	if limit <= 0 || total() <= limit {
		return shown, width
	}
	floor := make([]int, len(cols))
	for j, c := range cols {
		floor[j] = natural[j]
		if c.Wrap {
			floor[j] = min(natural[j], max(header[j], minWrap))
		}
	}
	// narrow gives each wrapped column its natural width, then takes one
	// column at a time from the widest, the rightmost first among equals,
	// until the table fits or each is at its floor.
	narrow := func() {
		for j, c := range cols {
			if c.Wrap {
				width[j] = natural[j]
			}
		}
		for total() > limit {
			widest := -1
			for j := range cols {
				if shown[j] && width[j] > floor[j] && (widest < 0 || width[j] >= width[widest]) {
					widest = j
				}
			}
			if widest < 0 {
				return
			}
			width[widest]--
		}
	}
	narrow()
	order := make([]int, 0, len(cols))
	for j := 1; j < len(cols); j++ {
		if !cols[j].Names {
			order = append(order, j)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(cols[b].Priority, cols[a].Priority), cmp.Compare(b, a))
	})
	var dropped []int
	for _, j := range order {
		if total() <= limit {
			break
		}
		shown[j] = false
		dropped = append(dropped, j)
		narrow()
	}
	for _, j := range slices.Backward(dropped) {
		shown[j] = true
		narrow()
		if total() > limit {
			shown[j] = false
			narrow()
		}
	}
	return shown, width
}

// wrapCell fills text over lines of at most width runes, cutting a word
// longer than that (a path, a spec) where the width ends: a cell keeps the
// columns it was given whatever its word (fill, not Fill's path pieces).
func wrapCell(text string, width int) []string {
	var out []string
	for _, line := range strings.Split(fill(text, width, false), "\n") {
		for utf8.RuneCountInString(line) > width {
			cut := len(string([]rune(line)[:width]))
			out = append(out, line[:cut])
			line = line[cut:]
		}
		out = append(out, line)
	}
	return out
}

// continueCommands continues each line of text that begins with label
// and is wider than width, a label and a shell command, on the lines
// after it: it breaks the command between words (never inside quotes or
// $(...), never between a flag and its value), ends each line but the
// last with a backslash, which a shell reads as no break, and indents the
// rest under the command. A word wider than the line stays whole.
func continueCommands(text, label string, width int) string {
	lines := strings.Split(text, "\n")
	var out []string
	for _, line := range lines {
		command, isCommand := strings.CutPrefix(line, label)
		if !isCommand || utf8.RuneCountInString(line) <= width {
			out = append(out, line)
			continue
		}
		indent := strings.Repeat(" ", utf8.RuneCountInString(label))
		cur := label
		for i, unit := range commandUnits(command) {
			switch {
			case i == 0:
				cur += unit
			case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(unit)+2 > width:
				out = append(out, cur+" \\")
				cur = indent + unit
			default:
				cur += " " + unit
			}
		}
		out = append(out, cur)
	}
	return strings.Join(out, "\n")
}

// commandUnits splits a shell command into the pieces a line may break
// between: its words (a quoted string or a $(...) is one word), each flag
// with the value after it.
func commandUnits(command string) []string {
	var words []string
	var b strings.Builder
	var quote rune // ' or ", inside a quoted string
	depth := 0     // of $( ... )
	prev := rune(0)
	for _, c := range command {
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			}
		case c == '\'' || c == '"':
			if quote == c {
				quote = 0
			} else if quote == 0 {
				quote = c
			}
		case c == '(' && prev == '$':
			depth++
		case c == ')' && depth > 0:
			depth--
		case c == ' ' && quote == 0 && depth == 0:
			if b.Len() > 0 {
				words = append(words, b.String())
				b.Reset()
			}
			prev = c
			continue
		}
		b.WriteRune(c)
		prev = c
	}
	if b.Len() > 0 {
		words = append(words, b.String())
	}
	var units []string
	for i := 0; i < len(words); i++ {
		if strings.HasPrefix(words[i], "-") && i+1 < len(words) && !strings.HasPrefix(words[i+1], "-") {
			units = append(units, words[i]+" "+words[i+1])
			i++
			continue
		}
		units = append(units, words[i])
	}
	return units
}
