package kinds

import (
	"bufio"
	"fmt"
	"io"
	"strings"

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
	block := reports.Block{Pre: &reports.Preformatted{ID: env.ID, Caption: c.Caption, Text: res.text()}}
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

// text is the check report as balans -c lays it out.
func (r *CheckResult) text() string {
	var b strings.Builder
	r.write(&b)
	return b.String()
}

func (r *CheckResult) write(w io.Writer) {
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	fmt.Fprintf(bw, "Movement %s\n", r.Movement)
	fmt.Fprintf(bw, "%d %s, %d %s, %d %s, %d %s\n\n", r.Pairs, plural(r.Pairs, "pair", "pairs"), r.Tables, plural(r.Tables, "table", "tables"),
		r.Rounds, plural(r.Rounds, "round", "rounds"), r.BoardGroups, plural(r.BoardGroups, "board group", "board groups"))
	bw.WriteString(r.ASC)
	fmt.Fprintf(bw, "\nScore matrix (h = %d):\n", r.H)
	width := 3
	for _, row := range r.Matrix {
		for _, x := range row {
			if x != nil {
				width = max(width, len(fmt.Sprint(*x))+1)
			}
		}
	}
	fmt.Fprintf(bw, "%*s", 5, "")
	for q := 1; q <= r.Pairs; q++ {
		fmt.Fprintf(bw, "%*d", width, q)
	}
	bw.WriteByte('\n')
	for p, row := range r.Matrix {
		fmt.Fprintf(bw, "%4d ", p+1)
		for _, x := range row {
			if x == nil {
				fmt.Fprintf(bw, "%*s", width, `\`)
			} else {
				fmt.Fprintf(bw, "%*d", width, *x)
			}
		}
		bw.WriteByte('\n')
	}
	if !r.Uniform {
		fmt.Fprintln(bw, "\nNote: board groups are played unequal numbers of times; the balance is not defined")
		fmt.Fprintln(bw, "for such a movement and the figures below use each group's own h.")
	}
	fmt.Fprintf(bw, "\nS = %d   N = %d   SS = %d   minimal SS = %d\n", r.S, r.N, r.SS, r.MinSS)
	fmt.Fprintf(bw, "Qf = %.2f   Qc = %.2f   sd = %.2f   skewness = %.3f   d4 = %.2f   Qo = %.2f\n",
		r.Qf, r.Qc, r.Sd, r.Skew, r.D4, r.Qo)
	fmt.Fprintf(bw, "\nVacancy quality (Qf with one pair absent):\n")
	for p, q := range r.Vacancy.Qf1 {
		fmt.Fprintf(bw, "  absent %3d: Qf1 = %6.2f\n", p+1, q)
	}
	fmt.Fprintf(bw, "Qf1av = %.2f   Qf1max = %.2f\n", r.Vacancy.Av, r.Vacancy.Max)
	if len(r.Sections) > 0 {
		fmt.Fprintf(bw, "\nSections scored apart: Qf, Qo, Qf1av and Qf1max pool the sections (S, SS and the matrix are the whole field's):\n")
		for i, sec := range r.Sections {
			fmt.Fprintf(bw, "  section %c: %d pairs, %d tables, Qf = %.2f   Qf1av = %.2f   Qf1max = %.2f   Qo = %.2f\n",
				'A'+i, sec.Pairs, sec.Tables, sec.Qf, sec.Qf1av, sec.Qf1max, sec.Qo)
		}
	}
}
