package main

import (
	"context"
	"io"

	"github.com/bridgereport/bridgereport/reports/study"
)

const instantUsage = `[--vul none|ns|ew|both] [--scale acbl|wbf] [--ties report|merge|nudge] [--json] FILE

The instant-matchpoint table of a board from FILE, one "score count" line
per NS score. --json prints one object: file, vulnerability, scale,
tie_remedy, results, top, rows and ties.

flags:`

func runInstant(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("instant", instantUsage, stderr)
	cell := study.NewInstantCell() // seed 003's settings, the engine's defaults
	fs.TextVar(&cell.Vul, "vul", cell.Vul, "vulnerability of the board: none, ns, ew or both")
	fs.TextVar(&cell.Scale, "scale", cell.Scale, "matchpoint scale: acbl (1 per result beaten) or wbf (2)")
	fs.TextVar(&cell.Ties, "ties", cell.Ties, "rows with equal percents: report, merge (into one gap) or nudge (±1)")
	asJSON := fs.Bool("json", false, "write one JSON object instead of the table")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	cell.File = pos[0]
	r, result, err := (&study.Command{Kind: "instant", Cell: cell}).Run(ctx)
	if err != nil {
		return err
	}
	return emit(stdout, r, result, *asJSON)
}
