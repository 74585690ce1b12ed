package main

import (
	"context"
	"io"
	"os"

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
	seasonBody := &kinds.SeasonCell{}
	fs.IntVar(&seasonBody.BestOf, "best-of", 0, "a season: also each partnership's average over its best N sessions")
	fs.IntVar(&seasonBody.Resamples, "resamples", 0, "a season: bootstrap resamples a session (0: 2000)")
	fs.Uint64Var(&seasonBody.Seed, "seed", 0, "a season: seed of the bootstrap and the optimiser")
	pos, err := parseFlags(fs, args, -1)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return &usageError{msg: "score: want a FILE, several results files or a folder\nbridgereport score -h shows its flags and arguments"}
	}
	if fi, err := os.Stat(pos[0]); len(pos) > 1 || err == nil && fi.IsDir() {
		if len(pos) == 1 {
			seasonBody.Files = pos[0]
		} else {
			seasonBody.Paths = pos
		}
		return (&study.Command{Cell: seasonBody}).Print(ctx, stdout, *asJSON)
	}
	body.File = pos[0]
	return (&study.Command{Cell: body}).Print(ctx, stdout, *asJSON)
}
