package reports

import (
	"bufio"
	"fmt"
	"io"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// WriteBalanceText writes the check report of a movement, in the manner of
// `balans -c`: the movement, its score matrix, the figures and the vacancy
// table.
func WriteBalanceText(w io.Writer, name string, m *movement.Movement, b *movement.Balance, v *movement.Vacancy) error {
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
