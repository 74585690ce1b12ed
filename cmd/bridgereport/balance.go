package main

import (
	"context"
	"io"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
)

// balanceJSON is the --json contract of `bridgereport balance`.
type balanceJSON struct {
	Pairs       int      `json:"pairs"`
	Tables      int      `json:"tables"`
	Rounds      int      `json:"rounds"`
	BoardGroups int      `json:"board_groups"`
	H           int      `json:"h"`
	Uniform     bool     `json:"uniform"`
	S           int64    `json:"S"`
	N           int64    `json:"N"`
	SS          int64    `json:"SS"`
	Qf          float64  `json:"qf"`
	Qc          float64  `json:"qc"`
	Qo          float64  `json:"qo"`
	Sd          float64  `json:"sd"`
	Skew        float64  `json:"skew"`
	D4          float64  `json:"d4"`
	Matrix      [][]*int `json:"matrix"`
	Vacancy     *vacJSON `json:"vacancy"`
	Warnings    []string `json:"warnings"`
}

type vacJSON struct {
	Qf1    []float64 `json:"qf1"`
	Qf1Av  float64   `json:"qf1_av"`
	Qf1Max float64   `json:"qf1_max"`
}

func runBalance(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("balance", "[--json] MOVEMENT", stderr)
	asJSON := fs.Bool("json", false, "write one JSON object instead of the text report")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	pm, err := loadMovement(pos[0], stderr)
	if err != nil {
		return err
	}
	m := pm.Movement
	b := movement.ComputeBalance(m)
	v, err := movement.ComputeVacancy(m)
	if err != nil {
		return err
	}
	if !*asJSON {
		return reports.WriteBalanceText(stdout, pos[0], m, b, v)
	}
	out := balanceJSON{
		Pairs: m.Pairs, Tables: m.Tables, Rounds: m.Rounds, BoardGroups: m.Groups,
		H: b.H, Uniform: b.Uniform, S: b.S, N: b.N, SS: b.SS,
		Qf: b.Qf, Qc: b.Qc, Qo: b.Qo, Sd: b.Sd, Skew: b.Skew, D4: b.D4,
		Matrix:   matrixJSON(b),
		Vacancy:  &vacJSON{Qf1: v.Qf1, Qf1Av: v.Av, Qf1Max: v.Max},
		Warnings: []string{},
	}
	for _, w := range pm.Warnings {
		out.Warnings = append(out.Warnings, w.Error())
	}
	return writeJSON(stdout, out)
}

// matrixJSON is the score matrix with null on the diagonal.
func matrixJSON(b *movement.Balance) [][]*int {
	rows := make([][]*int, b.Pairs)
	for p := range rows {
		rows[p] = make([]*int, b.Pairs)
		for q := range rows[p] {
			if p != q {
				v := b.At(p+1, q+1)
				rows[p][q] = &v
			}
		}
	}
	return rows
}
