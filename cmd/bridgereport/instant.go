package main

import (
	"context"
	"io"

	"github.com/bridgereport/bridgereport/engine/scoring"
	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/study"
	"github.com/bridgereport/bridgereport/reports/usage"
)

func runInstant(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("instant", stderr)
	body := &kinds.InstantCell{} // the zero settings are seed 003's, the engine's defaults; the usage names the scale's
	fs.TextVar(&body.Vul, "vul", body.Vul, "vulnerability of the board: none, ns, ew or both")
	fs.TextVar(&body.Scale, "scale", scoring.ScaleACBL, "matchpoint scale: acbl (1 per result beaten) or wbf (2)")
	fs.TextVar(&body.Ties, "ties", body.Ties, "rows with equal percents: report, merge (into one gap) or nudge (±1)")
	asJSON := fs.Bool("json", false, "write one JSON object instead of the table")
	wide := wideFlag(fs)
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	body.File = pos[0]
	return (&study.Command{Cell: body}).Print(ctx, stdout, output(ctx, stdout, *asJSON, *wide))
}

var _ = addCommand(command{
	name: "instant", for_: forAnalysts, summary: "instant-matchpoint table of a board from result frequencies", run: runInstant,
	json:   []usage.JSONSection{{Result: kinds.Instant.Results[0], About: "The instant-matchpoint table of a board: the results as played and every row of the table; a row of `kind` result carries `score` and `count`, a row of `kind` gap `low`, `high`, `lowest` and `highest` instead; `ties` index rows."}},
	schema: 1,
	help: `[--vul none|ns|ew|both] [--scale acbl|wbf] [--ties report|merge|nudge] [--json] FILE

The instant-matchpoint table of a board from FILE, one "score count" line
per NS score.`,
})
