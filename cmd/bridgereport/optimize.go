package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/load"
	"github.com/bridgereport/bridgereport/reports/resolve"

	"github.com/bridgereport/bridgereport/engine/budget"
	"github.com/bridgereport/bridgereport/engine/optimize"
	"github.com/bridgereport/bridgereport/reports"
)

var optimizeUsage = `[flags] MOVEMENT

Re-orients tables (arrow switches) for the best balance and prints the
improved movement in .ASC form with the figures as # comments. Orientations
rank by Qf, then the vacancy score w1·Qf1max + w2·Qf1av (--weights, default
2:1, as balans; --vacancy av-then-max ranks Qf1av, then Qf1max; --vacancy off
leaves the vacancy quality out), then d4 (--d4 off leaves it out).
Flags name the balans option they implement in brackets. A --fixers file
has one line per round with a 0 (free) or 1 (fixed) per table, e.g. "1 0 0 1";
# starts a comment. --json prints one object (absent only when set,
movement the .ASC text):
` + wrap(jsonKeys(kinds.OptimizeResult{})) + `

flags:`

func runOptimize(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("optimize", optimizeUsage, stderr)
	opts := resolve.OptimizeOptions{Seed: 1}
	opts.Flags(fs)
	timeLimit := fs.Duration("time", 0, "stop after this long, e.g. 30s (results then depend on machine speed)")
	target := fs.Float64("target", 0, "stop each restart once Qf reaches this value")
	exhaustiveBits := fs.Int("exhaustive-bits", 0, fmt.Sprintf("enumerate all orientations when at most 2^N remain (default %d; -1 never)", optimize.DefaultExhaustiveBits))
	outFile := fs.String("o", "", "also write the optimised movement to `FILE` (.ASC)")
	asJSON := fs.Bool("json", false, "write one JSON object instead of the text report")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	set, _, err := opts.Settings(load.ReadText)
	if err != nil {
		return fmt.Errorf("optimize: %w", err)
	}
	set.Time, set.TargetQf, set.ExhaustiveBits = *timeLimit, *target, *exhaustiveBits
	if set.Time > 0 && set.Iterations == 0 {
		set.Iterations = 1 << 50 // --time alone: no iteration budget
	}
	pm, err := readMovement(pos[0], stderr)
	if err != nil {
		return err
	}
	if err := set.Validate(pm.Movement); err != nil {
		var long *budget.TooLong
		if errors.As(err, &long) {
			long.Hint = "give --time, or fewer --iterations or --restarts"
		}
		return &usageError{msg: fmt.Sprintf("%s: %v", pos[0], err)}
	}
	bar := newProgress(stderr, "optimize", *asJSON)
	set.Progress = bar.search
	res, err := kinds.Optimize(ctx, pos[0], pm.Movement, set)
	bar.done()
	if err != nil {
		return err
	}
	if res.Stop == string(optimize.StopCancelled) {
		// Ctrl-C: the best so far is shown, no file is written, and the
		// exit status says the run was interrupted (130).
		fmt.Fprintln(stderr, "optimize: interrupted; showing the best found so far")
		if err := emit(stdout, res.Report(), res, *asJSON); err != nil {
			return err
		}
		return cmp.Or(ctx.Err(), context.Canceled)
	}
	if *outFile != "" {
		if err := reports.WriteFileAtomic(*outFile, []byte(res.Movement)); err != nil {
			return err
		}
	}
	return emit(stdout, res.Report(), res, *asJSON)
}
