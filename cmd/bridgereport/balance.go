package main

import (
	"context"
	"io"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports/study"
)

const balanceUsage = `[--json] MOVEMENT

The check report of a movement, in the manner of balans -c: the movement,
its score matrix, S, SS, Qf, Qc, sd, skewness, d4, Qo and the vacancy table.
--json prints one object: pairs, tables, rounds, board_groups, h, uniform,
S, N, SS, qf, qc, qo, sd, skew, d4, matrix (null on the diagonal), vacancy
{qf1, qf1_av, qf1_max} and warnings; floats unrounded.

flags:`

func runBalance(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("balance", balanceUsage, stderr)
	asJSON := fs.Bool("json", false, "write one JSON object instead of the text report")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	pm, err := readMovement(pos[0], stderr)
	if err != nil {
		return err
	}
	cmd := &study.Command{Kind: "balance", Cell: &study.BalanceCell{Rows: []study.BalanceRow{{Movement: pos[0]}}},
		Movements: map[string]*movement.Parsed{pos[0]: pm}}
	r, result, err := cmd.Run(ctx)
	if err != nil {
		return err
	}
	return emit(stdout, r, result, *asJSON)
}
