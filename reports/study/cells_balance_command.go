package study

import (
	"bufio"
	"fmt"
	"io"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
)

// BalanceUsage is the help of the balance command.
const BalanceUsage = `[--json] MOVEMENT

The check report of a movement, in the manner of balans -c: the movement,
its score matrix, S, SS, Qf, Qc, sd, skewness, d4, Qo and the vacancy table.
--json prints one object: pairs, tables, rounds, board_groups, h, uniform,
S, N, SS, qf, qc, qo, sd, skew, d4, matrix (null on the diagonal), vacancy
{qf1, qf1_av, qf1_max} and warnings; floats unrounded.

flags:`

// writeBalanceText writes the check report of a movement, in the manner of
// `balans -c`: the movement, its score matrix, the figures and the vacancy
// table.
func writeBalanceText(w io.Writer, name string, m *movement.Movement, b *movement.Balance, v *movement.Vacancy) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "Movement %s\n", name)
	fmt.Fprintf(bw, "%d pairs, %d tables, %d rounds, %d board groups\n\n", m.Pairs, m.Tables, m.Rounds, m.Groups)
	if err := movement.WriteASC(bw, m); err != nil {
		return err
	}
	fmt.Fprintf(bw, "\nScore matrix (h = %d):\n", b.H)
	width := 3
	for _, x := range b.Matrix {
		width = max(width, len(fmt.Sprint(x))+1)
	}
	fmt.Fprintf(bw, "%*s", 5, "")
	for q := 1; q <= b.Pairs; q++ {
		fmt.Fprintf(bw, "%*d", width, q)
	}
	bw.WriteByte('\n')
	for p := 1; p <= b.Pairs; p++ {
		fmt.Fprintf(bw, "%4d ", p)
		for q := 1; q <= b.Pairs; q++ {
			if p == q {
				fmt.Fprintf(bw, "%*s", width, `\`)
			} else {
				fmt.Fprintf(bw, "%*d", width, b.At(p, q))
			}
		}
		bw.WriteByte('\n')
	}
	if !b.Uniform {
		fmt.Fprintln(bw, "\nNote: board groups are played unequal numbers of times; the balance is not defined")
		fmt.Fprintln(bw, "for such a movement and the figures below use each group's own h.")
	}
	fmt.Fprintf(bw, "\nS = %d   N = %d   SS = %d   minimal SS = %d\n", b.S, b.N, b.SS, movement.MinSumSquares(b.S, b.N))
	fmt.Fprintf(bw, "Qf = %.2f   Qc = %.2f   sd = %.2f   skewness = %.3f   d4 = %.2f   Qo = %.2f\n",
		b.Qf, b.Qc, b.Sd, b.Skew, b.D4, b.Qo)
	fmt.Fprintf(bw, "\nVacancy quality (Qf with one pair absent):\n")
	for p, q := range v.Qf1 {
		fmt.Fprintf(bw, "  absent %3d: Qf1 = %6.2f\n", p+1, q)
	}
	fmt.Fprintf(bw, "Qf1av = %.2f   Qf1max = %.2f\n", v.Av, v.Max)
	return bw.Flush()
}

// balanceView is the --json object of the balance command.
type balanceView struct {
	Pairs       int          `json:"pairs"`
	Tables      int          `json:"tables"`
	Rounds      int          `json:"rounds"`
	BoardGroups int          `json:"board_groups"`
	H           int          `json:"h"`
	Uniform     bool         `json:"uniform"`
	S           int64        `json:"S"`
	N           int64        `json:"N"`
	SS          int64        `json:"SS"`
	Qf          float64      `json:"qf"`
	Qc          float64      `json:"qc"`
	Qo          float64      `json:"qo"`
	Sd          float64      `json:"sd"`
	Skew        float64      `json:"skew"`
	D4          float64      `json:"d4"`
	Matrix      [][]*int     `json:"matrix"`
	Vacancy     *vacancyView `json:"vacancy"`
	Warnings    []string     `json:"warnings"`
}

// vacancyView is movement.Vacancy with the names of the balance figures.
type vacancyView struct {
	Qf1    []float64 `json:"qf1"`
	Qf1Av  float64   `json:"qf1_av"`
	Qf1Max float64   `json:"qf1_max"`
}

func viewVacancy(v *movement.Vacancy) *vacancyView {
	if v == nil {
		return nil
	}
	return &vacancyView{Qf1: v.Qf1, Qf1Av: v.Av, Qf1Max: v.Max}
}

func viewBalance(m *movement.Movement, b *movement.Balance, v *movement.Vacancy, warnings []string) balanceView {
	out := balanceView{
		Pairs: m.Pairs, Tables: m.Tables, Rounds: m.Rounds, BoardGroups: m.Groups,
		H: b.H, Uniform: b.Uniform, S: b.S, N: b.N, SS: b.SS,
		Qf: b.Qf, Qc: b.Qc, Qo: b.Qo, Sd: b.Sd, Skew: b.Skew, D4: b.D4,
		Matrix: make([][]*int, b.Pairs), Vacancy: viewVacancy(v), Warnings: append([]string{}, warnings...),
	}
	// The score matrix, with null on the diagonal.
	for p := range out.Matrix {
		out.Matrix[p] = make([]*int, b.Pairs)
		for q := range out.Matrix[p] {
			if p != q {
				x := b.At(p+1, q+1)
				out.Matrix[p][q] = &x
			}
		}
	}
	return out
}

// runCommand is the balance command: the check report of one movement.
func (c *BalanceCell) runCommand(env *runEnv) (*cellOutput, error) {
	if len(c.Rows) != 1 {
		return nil, fmt.Errorf("rows: the balance command shows one movement, not %d", len(c.Rows))
	}
	name := c.Rows[0].Movement
	m, err := env.movement(name)
	if err != nil {
		return nil, err
	}
	b, err := movement.ComputeBalanceContext(env.ctx, m)
	if err != nil {
		return nil, err
	}
	v, err := movement.ComputeVacancyContext(env.ctx, m)
	if err != nil {
		if env.ctx.Err() != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	block, err := layout(func(w io.Writer) error { return writeBalanceText(w, name, m, b, v) })
	if err != nil {
		return nil, err
	}
	return &cellOutput{Blocks: []reports.Block{block}, Result: viewBalance(m, b, v, env.warnings[name])}, nil
}
