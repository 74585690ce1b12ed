package main

import (
	"context"
	"fmt"
	"io"

	"github.com/bridgereport/bridgereport/engine/optimize"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/study"
)

const optimizeUsage = `[flags] MOVEMENT

Re-orients tables (arrow switches) for the best balance and prints the
improved movement in .ASC form with the figures as # comments. --json
prints one object: file, qf, qf_before, SS, SS_before, d4, d4_before,
vacancy, vacancy_before, switched, proven_optimal, exhaustive, free_bits,
iterations, stop, seed, mode and movement (the .ASC text).

flags:`

func runOptimize(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("optimize", optimizeUsage, stderr)
	var set optimize.Settings
	var fixRounds, fixTables, fixPairs intList
	fs.Int64Var(&set.Iterations, "iterations", 0, fmt.Sprintf("trial switches per restart (default %d; unlimited with --time alone)", optimize.DefaultIterations))
	fs.DurationVar(&set.Time, "time", 0, "stop after this long, e.g. 30s (results then depend on machine speed)")
	fs.Uint64Var(&set.Seed, "seed", 1, "random seed; with an iteration budget the result is reproducible")
	fs.IntVar(&set.Restarts, "restarts", 0, fmt.Sprintf("independent annealing runs (default %d)", optimize.DefaultRestarts))
	fs.Var(&fixRounds, "fix-round", "keep round `N` as it is (repeatable)")
	fs.Var(&fixTables, "fix-table", "keep table `N` as it is in every round (repeatable)")
	fs.Var(&fixPairs, "fix-pair", "keep pair `N` in its direction at every table (repeatable)")
	fs.IntVar(&set.FixFirst, "fix-first", 0, "keep the first `N` table positions of round 1 (balans -f)")
	fs.TextVar(&set.Mode, "mode", set.Mode, "annealing: fast (cycling temperature, balans' default) or slow (classic cooling)")
	fs.Float64Var(&set.TargetQf, "target", 0, "stop each restart once Qf reaches this value")
	fs.IntVar(&set.ExhaustiveBits, "exhaustive-bits", 0, fmt.Sprintf("enumerate all orientations when at most 2^N remain (default %d; -1 never)", optimize.DefaultExhaustiveBits))
	outFile := fs.String("o", "", "also write the optimised movement to `FILE` (.ASC)")
	asJSON := fs.Bool("json", false, "write one JSON object instead of the text report")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	set.FixRounds, set.FixTables, set.FixPairs = fixRounds, fixTables, fixPairs
	if set.Time > 0 && set.Iterations == 0 {
		set.Iterations = 1 << 50 // --time alone: no iteration budget
	}
	pm, err := readMovement(pos[0], stderr)
	if err != nil {
		return err
	}
	if err := set.Validate(pm.Movement); err != nil {
		return &usageError{msg: fmt.Sprintf("%s: %v", pos[0], err)}
	}
	bar := newProgress(stderr, "optimize", *asJSON)
	set.Progress = bar.search
	res, err := optimize.Search(ctx, pm.Movement, set)
	bar.done()
	if err != nil {
		return err
	}
	r, result, asc, err := study.OptimizeCommand(pos[0], set, res)
	if err != nil {
		return err
	}
	if *outFile != "" {
		if err := reports.WriteFileAtomic(*outFile, []byte(asc)); err != nil {
			return err
		}
	}
	if res.Stop == optimize.StopCancelled {
		fmt.Fprintln(stderr, "optimize: interrupted; showing the best found so far")
	}
	return emit(stdout, r, result, *asJSON)
}
