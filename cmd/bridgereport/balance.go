package main

import (
	"context"
	"io"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/resolve"
	"github.com/bridgereport/bridgereport/reports/study"
	"github.com/bridgereport/bridgereport/reports/usage"
)

func runBalance(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("balance", stderr)
	asJSON := fs.Bool("json", false, "write one JSON object instead of the text report")
	wide := wideFlag(fs)
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	pm, err := resolve.ReadMovement(pos[0], stderr)
	if err != nil {
		return err
	}
	cmd := &study.Command{Cell: &kinds.CheckCell{Movement: pos[0]},
		Movements: map[string]*movement.Parsed{pos[0]: pm}}
	return cmd.Print(ctx, stdout, output(ctx, stdout, *asJSON, *wide))
}

var _ = addCommand(command{
	name: "balance", for_: forAnalysts, summary: "balance figures of a movement (like balans -c)", run: runBalance,
	json:   []usage.JSONSection{{Result: kinds.Check.Results[0], About: "The check report of one movement (floats unrounded; `matrix` has null on the diagonal)."}},
	schema: 1,
	help: `[--json] MOVEMENT

The check report of a movement, in the manner of balans -c: the movement,
its score matrix, S, SS, Qf, Qc, sd, skewness, d4, Qo and the vacancy table.`,
})
