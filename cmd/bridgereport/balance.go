package main

import (
	"context"
	"io"

	"github.com/bridgereport/bridgereport/reports/kinds"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports/study"
)

var balanceUsage = `[--json] MOVEMENT

The check report of a movement, in the manner of balans -c: the movement,
its score matrix, S, SS, Qf, Qc, sd, skewness, d4, Qo and the vacancy table.`

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
	cmd := &study.Command{Kind: "check", Cell: &kinds.CheckCell{Movement: pos[0]},
		Movements: map[string]*movement.Parsed{pos[0]: pm}}
	return runCell(ctx, cmd, stdout, *asJSON)
}
