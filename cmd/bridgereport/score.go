package main

import (
	"context"
	"fmt"
	"io"

	"github.com/bridgereport/bridgereport/engine/scoring"
	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/study"
)

func runScore(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("score", stderr)
	body := &kinds.SessionCell{} // the zero settings are the engine's defaults
	fs.IntVar(&body.Expected, "expected", 0, "results each board should have; 0 means the most any board has")
	fs.TextVar(&body.Scale, "scale", scoring.ScaleWBF, "matchpoint scale: wbf (2 per result beaten) or acbl (1)")
	fs.TextVar(&body.Round, "round", body.Round, "round the totals, each board, or none, to 0.1")
	asJSON := fs.Bool("json", false, "write one JSON object instead of the tables")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	if body.Expected < 0 {
		return &usageError{msg: fmt.Sprintf("score: --expected %d: want 0 (automatic) or more", body.Expected)}
	}
	body.File = pos[0]
	return runCell(ctx, &study.Command{Kind: "session", Cell: body}, stdout, *asJSON)
}
