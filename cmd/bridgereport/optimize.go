package main

import (
	"context"
	"io"

	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/resolve"
	"github.com/bridgereport/bridgereport/reports/study"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
)

var optimizeUsage = `[flags] MOVEMENT

Re-orients tables (arrow switches) for the best balance, as a study's
optimize cell does: the figures before and after, and the improved movement
in .ASC form with the figures as # comments (-o FILE writes it alone). Orientations
rank by Qf, then the vacancy score w1·Qf1max + w2·Qf1av (--weights, default
2:1, as balans; --vacancy av-then-max ranks Qf1av, then Qf1max; --vacancy off
leaves the vacancy quality out), then d4 (--d4 off leaves it out).
Flags name the balans option they implement in brackets. A --fixers file
has one line per round with a 0 (free) or 1 (fixed) per table, e.g. "1 0 0 1";
# starts a comment.`

func runOptimize(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("optimize", optimizeUsage, stderr)
	opts := resolve.OptimizeOptions{Seed: 1}
	opts.Flags(fs)
	outFile := fs.String("o", "", "also write the optimised movement to `FILE` (.ASC)")
	asJSON := fs.Bool("json", false, "write one JSON object instead of the text report")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	pm, err := readMovement(pos[0], stderr)
	if err != nil {
		return err
	}
	body := &kinds.OptimizeCell{OptimizeOptions: opts, ShowMovements: pos[:1], Rows: []kinds.BalanceRow{{Movement: pos[0]}}}
	cmd := &study.Command{Kind: "optimize", Cell: body, Movements: map[string]*movement.Parsed{pos[0]: pm}}
	bar := reports.NewProgress(stderr, "optimize", *asJSON)
	cmd.Progress = bar.Count
	r, result, err := cmd.Run(ctx)
	bar.Done()
	if err != nil {
		return err
	}
	if *outFile != "" {
		if err := reports.WriteFileAtomic(*outFile, []byte(result.([]*kinds.OptimizeResult)[0].Movement)); err != nil {
			return err
		}
	}
	return emit(stdout, r, result, *asJSON)
}
