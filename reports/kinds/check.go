package kinds

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bridgereport/bridgereport/engine/catalogue"
	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/check"
)

// CheckCell is the check report of one movement, in the manner of
// `balans -c`: the movement, its score matrix, S, SS, Qf, Qc, sd, skewness,
// d4, Qo and the vacancy table, as one text layout. The balance command
// runs it.
type CheckCell struct {
	cell.Common `yaml:",inline"`
	// Movement names the movement checked.
	Movement string `yaml:"movement"`
}

// Check is the check kind.
var Check = register(Kind{Name: "check", New: func() cell.Body { return new(CheckCell) }, Results: []any{&CheckResult{}}, Figures: CheckResult{}})

// CheckResult is what a check computes; the balance command's --json.
type CheckResult struct {
	// Balance is the engine's balance of the movement; for sections
	// scored apart, qf and qo pool the sections (see Sections).
	movement.Balance
	Tables      int             `json:"tables"`
	Rounds      int             `json:"rounds"`
	BoardGroups int             `json:"board_groups"`
	Matrix      [][]*int        `json:"matrix"` // null on the diagonal
	Vacancy     *VacancyFigures `json:"vacancy"`
	Warnings    []string        `json:"warnings"`
	// Movement is the name checked, ASC the movement in .ASC form.
	Movement string `json:"movement"`
	ASC      string `json:"asc"`
	// MinSS is the smallest SS any movement with this S and N could have.
	MinSS int64 `json:"min_SS"`
	// Sections are each section's figures when the movement is played as
	// sections scored apart (left out otherwise): qf, qo, qf1_av and qf1_max
	// then pool the sections (catalogue.Measure), while S, SS and the
	// matrix are the whole field's.
	Sections []SectionView `json:"sections,omitempty"`
}

// VacancyFigures is the vacancy quality of a movement: the engine's
// movement.Vacancy, whose json names are the balance figures' (qf1,
// qf1_av, qf1_max).
type VacancyFigures = movement.Vacancy

func (c *CheckCell) Movements() []string { return []string{c.Movement} }

func (c *CheckCell) Run(env *cell.Env) (*cell.Output, error) {
	res, err := c.compute(env)
	if err != nil {
		return nil, err
	}
	figs, err := check.Paths(res)
	if err != nil {
		return nil, err
	}
	block := reports.Block{Pre: &reports.Preformatted{ID: env.ID, Caption: c.Caption, Text: res.text(), Fit: res.fit}}
	return c.Output(env, figs, []reports.Block{block}, res)
}

func (c *CheckCell) compute(env *cell.Env) (*CheckResult, error) {
	m, err := env.Movement(c.Movement)
	if err != nil {
		return nil, err
	}
	b, err := movement.ComputeBalanceContext(env.Ctx, m)
	if err != nil {
		return nil, err
	}
	v, err := movement.ComputeVacancyContext(env.Ctx, m)
	if err != nil {
		if env.Ctx.Err() != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%s: %w", c.Movement, err)
	}
	res := &CheckResult{
		Balance: *b, Tables: m.Tables, Rounds: m.Rounds, BoardGroups: m.Groups,
		Matrix: matrixRows(b), Warnings: append([]string{}, env.Warnings[c.Movement]...),
		Movement: c.Movement, ASC: asc.String(m), MinSS: movement.MinSumSquares(b.S, b.N),
	}
	res.Vacancy = v
	if len(m.Sections) > 0 && !m.Across {
		f := catalogue.Measure(m)
		res.Qf, res.Qo, res.Vacancy.Av, res.Vacancy.Max = f.Qf, f.Qo, f.Qf1av, f.Qf1max
		// Each section is balanced on its own: a section with a sit-out
		// plays its sets fewer times than the other, and the pooled Qf is
		// defined (catalogue.Uniform).
		res.Uniform = f.Uniform
		res.Sections = f.Sections
	}
	return res, nil
}

// text is the check report as balans -c lays it out, every line whole.
func (r *CheckResult) text() string { return r.fit(0) }

// fit is the report for a terminal of width columns (0: every line whole):
// the movement's rounds and the score matrix in blocks of as many tables
// and columns as fit, and the lines of figures broken between figures.
func (r *CheckResult) fit(width int) string {
	var b strings.Builder
	r.write(&b, width)
	return b.String()
}

func (r *CheckResult) write(w io.Writer, width int) {
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	// figures and prose are lines broken to fit width.
	figures := func(format string, args ...any) {
		bw.WriteString(wrapAt(fmt.Sprintf(format, args...), "   ", width) + "\n")
	}
	prose := func(sep, format string, args ...any) {
		bw.WriteString(wrapAt(fmt.Sprintf(format, args...), sep, width) + "\n")
	}
	fmt.Fprintf(bw, "Movement %s\n", r.Movement)
	prose(", ", "%d %s, %d %s, %d %s, %d %s\n", r.Pairs, plural(r.Pairs, "pair", "pairs"), r.Tables, plural(r.Tables, "table", "tables"),
		r.Rounds, plural(r.Rounds, "round", "rounds"), r.BoardGroups, plural(r.BoardGroups, "board group", "board groups"))
	bw.WriteString(fitASC(r.ASC, width))
	fmt.Fprintf(bw, "\nScore matrix (h = %d):\n", r.H)
	r.writeMatrix(bw, width)
	if !r.Uniform {
		const note = "Note: board groups are played unequal numbers of times; the balance is not defined"
		const note2 = "for such a movement and the figures below use each group's own h."
		if width == 0 || width >= len(note) {
			fmt.Fprintf(bw, "\n%s\n%s\n", note, note2)
		} else {
			prose(" ", "\n%s %s", note, note2)
		}
	}
	bw.WriteByte('\n')
	figures("S = %d   N = %d   SS = %d   minimal SS = %d", r.S, r.N, r.SS, r.MinSS)
	figures("Qf = %.2f   Qc = %.2f   sd = %.2f   skewness = %.3f   d4 = %.2f   Qo = %.2f",
		r.Qf, r.Qc, r.Sd, r.Skew, r.D4, r.Qo)
	prose(" ", "\nVacancy quality (Qf with one pair absent):")
	for p, q := range r.Vacancy.Qf1 {
		fmt.Fprintf(bw, "  absent %3d: Qf1 = %6.2f\n", p+1, q)
	}
	figures("Qf1av = %.2f   Qf1max = %.2f", r.Vacancy.Av, r.Vacancy.Max)
	if len(r.Sections) > 0 {
		prose(" ", "\nSections scored apart: Qf, Qo, Qf1av and Qf1max pool the sections (S, SS and the matrix are the whole field's):")
		for i, sec := range r.Sections {
			figures("  section %c: %d pairs, %d tables, Qf = %.2f   Qf1av = %.2f   Qf1max = %.2f   Qo = %.2f",
				'A'+i, sec.Pairs, sec.Tables, sec.Qf, sec.Qf1av, sec.Qf1max, sec.Qo)
		}
	}
}

// writeMatrix writes the score matrix, its columns in blocks that fit
// width (0: one block), each block headed by its pair numbers.
func (r *CheckResult) writeMatrix(bw *bufio.Writer, width int) {
	const label = 5 // "%4d " before each row
	// As wide as the largest pair number and a space: pair 100 is not
	// glued to 99.
	colWidth := max(3, len(strconv.Itoa(r.Pairs))+1)
	for _, row := range r.Matrix {
		for _, x := range row {
			if x != nil {
				colWidth = max(colWidth, len(fmt.Sprint(*x))+1)
			}
		}
	}
	perBlock := r.Pairs
	if width > 0 {
		perBlock = max(1, min(r.Pairs, (width-label)/colWidth))
	}
	for from := 0; from < r.Pairs; from += perBlock {
		to := min(from+perBlock, r.Pairs)
		if from > 0 {
			bw.WriteByte('\n')
		}
		fmt.Fprintf(bw, "%*s", label, "")
		for q := from; q < to; q++ {
			fmt.Fprintf(bw, "%*d", colWidth, q+1)
		}
		bw.WriteByte('\n')
		for p, row := range r.Matrix {
			fmt.Fprintf(bw, "%4d ", p+1)
			for _, x := range row[from:to] {
				if x == nil {
					fmt.Fprintf(bw, "%*s", colWidth, `\`)
				} else {
					fmt.Fprintf(bw, "%*d", colWidth, *x)
				}
			}
			bw.WriteByte('\n')
		}
	}
}

// fitASC lays the rounds of a movement's .ASC text (asc.Write: a header
// line, then a line a round of fixed-width table cells two spaces apart)
// in blocks of as many tables as fit width, each block after the first
// headed by its tables. Width 0, or rounds that fit, leave it as it is.
func fitASC(text string, width int) string {
	lines := strings.SplitAfter(strings.TrimSuffix(text, "\n"), "\n")
	if width <= 0 || len(lines) < 2 {
		return text
	}
	rounds := lines[1:]
	widest := 0
	for _, l := range rounds {
		widest = max(widest, len(strings.TrimRight(l, "\n")))
	}
	if widest <= width {
		return text
	}
	// The header gives the tables, so each cell's width: a cell may hold
	// two spaces itself ("  1- 54  1" of a field of 100 pairs or more).
	head := strings.Fields(lines[0])
	tables, err := strconv.Atoi(head[min(1, len(head)-1)])
	if err != nil || len(head) < 2 || tables < 1 || (widest+2)%tables != 0 {
		return text
	}
	cell := (widest+2)/tables - 2
	perBlock := max(1, (width+2)/(cell+2))
	var b strings.Builder
	b.WriteString(lines[0])
	for from := 0; from*(cell+2) < widest; from += perBlock {
		to := from + perBlock
		if last := min(to, (widest+2)/(cell+2)); from > 0 && last == from+1 {
			fmt.Fprintf(&b, "\n(table %d)\n", last)
		} else if from > 0 {
			fmt.Fprintf(&b, "\n(tables %d–%d)\n", from+1, last)
		}
		for _, l := range rounds {
			l = strings.TrimRight(l, "\n")
			lo, hi := min(from*(cell+2), len(l)), min(to*(cell+2)-2, len(l))
			if lo < hi {
				b.WriteString(l[lo:hi])
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// wrapAt breaks line to fit width between its parts, joined by sep
// ("   " between figures: "Qf = 92.00   Qc = 90.46"; ", " or " " in
// prose), and a part still too wide after its commas. An indented line
// continues two columns further in, so that its lines read as one entry.
// 0 leaves it whole.
func wrapAt(line, sep string, width int) string {
	if width <= 0 || utf8.RuneCountInString(line) <= width {
		return line
	}
	indent := line[:len(line)-len(strings.TrimLeft(line, " "))]
	more := indent
	if indent != "" {
		more += "  "
	}
	type token struct{ join, text string }
	var tokens []token
	for i, part := range strings.Split(line[len(indent):], sep) {
		join := sep
		if i == 0 {
			join = ""
		}
		if utf8.RuneCountInString(more+part) <= width || sep == ", " {
			tokens = append(tokens, token{join, part})
			continue
		}
		for k, sub := range strings.Split(part, ", ") {
			if k > 0 {
				join = ", "
			}
			tokens = append(tokens, token{join, sub})
		}
	}
	var b strings.Builder
	cur := indent + tokens[0].text
	for _, tk := range tokens[1:] {
		if utf8.RuneCountInString(cur+tk.join+tk.text) <= width {
			cur += tk.join + tk.text
			continue
		}
		b.WriteString(cur + strings.TrimRight(tk.join, " ") + "\n")
		cur = more + tk.text
	}
	b.WriteString(cur)
	return b.String()
}
