package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/bridgereport/bridgereport/engine/budget"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/engine/optimize"
	"github.com/bridgereport/bridgereport/reports/batch"
	"github.com/bridgereport/bridgereport/reports/disk"
	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/load"
	"github.com/bridgereport/bridgereport/reports/resolve"
	"github.com/bridgereport/bridgereport/reports/study"
	"github.com/bridgereport/bridgereport/reports/usage"
)

func runOptimize(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("optimize", stderr)
	opts := resolve.OptimizeOptions{Seed: 1}
	optimizeFlags(fs, &opts)
	outFile := fs.String("o", "", "also write the optimised movement to `FILE` (.ASC)")
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
	// Work of hours without a time limit is refused at once, naming the
	// flags that bound it; the cell reports every other mistake.
	if set, _, err := opts.Settings(load.ReadText); err == nil {
		if long := (*budget.TooLong)(nil); errors.As(set.Validate(pm.Movement), &long) {
			hint := "give --time, or fewer --iterations or --restarts"
			if long.Hint == optimize.ExhaustiveBudgetHint {
				hint = "give --time, or a smaller --exhaustive-bits"
			}
			long.What, long.Hint = pos[0], hint
			return &usageError{msg: fmt.Sprintf("optimize: %v", long)}
		}
	}
	if err := ascHoldsSections(pm.Movement, pos[0], *outFile); err != nil {
		return err
	}
	if *outFile != "" {
		// Refused before the search, which may take hours, not after it.
		if err := disk.CheckWritable(*outFile); err != nil {
			return &usageError{msg: fmt.Sprintf("optimize: -o %v", err)}
		}
	}
	body := &kinds.OptimizeCell{OptimizeOptions: opts, ShowMovements: pos[:1], Rows: []kinds.BalanceRow{{Movement: pos[0]}}}
	cmd := &study.Command{Cell: body, Movements: map[string]*movement.Parsed{pos[0]: pm}}
	bar := batch.NewProgress(stderr, "optimize", *asJSON)
	bar.Width = terminalWidth(ctx, stderr)
	cmd.Progress = bar.Count
	r, result, err := study.Answer[*kinds.OptimizeCellResult](ctx, cmd)
	bar.Done()
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err // Ctrl-C: no partial output, exit 130
	}
	if *outFile != "" {
		if err := disk.WriteFileAtomic(*outFile, []byte(result.Rows[0].Movement)); err != nil {
			return err
		}
	}
	return study.Print(stdout, r, result, output(ctx, stdout, *asJSON, *wide))
}

var _ = addCommand(command{
	name: "optimize", for_: forAnalysts, summary: "re-orient tables for the best balance (like balans)", run: runOptimize,
	json:   []usage.JSONSection{{Result: kinds.Optimize.Results[0], About: "The optimize cell's result: one optimisation by arrow switches per row, here the one movement; `movement` is the optimised movement in .ASC form; `absent` only when set; `verdict` says whether the result is proven optimal, and why. Changed when optimize began to run the optimize cell: the object, its keys unchanged, is now `rows[0]`, with the row's `label` added."}},
	schema: 1,
	help: `[flags] MOVEMENT

Re-orients tables (arrow switches) for the best balance, as a study's
optimize cell does: the figures before and after, and the improved movement
in .ASC form with the figures as # comments (-o FILE writes it alone). Orientations
rank by Qf, then the vacancy score w1·Qf1max + w2·Qf1av (--weights, default
2:1, as balans; --vacancy av-then-max ranks Qf1av, then Qf1max; --vacancy off
leaves the vacancy quality out), then d4 (--d4 off leaves it out).
Flags name the balans option they implement in brackets. A --fixers file
has one line per round with a 0 (free) or 1 (fixed) per table, e.g. "1 0 0 1";
# starts a comment.`,
})
