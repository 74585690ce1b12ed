package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/engine/luck"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports/batch"
	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/resolve"
	"github.com/bridgereport/bridgereport/reports/study"
	"github.com/bridgereport/bridgereport/reports/usage"
)

// modelFlags lists, per model, the flags it reads besides --model and
// --json: the others are refused rather than ignored.
var modelFlags = map[string]string{"one-strong": "strong", "two-strong": "", "bussemaker": "samples seed strengths groups exact sample shard o"}

// strayFlags names the flags set beyond those allowed (names separated by
// spaces), in order, or is "".
func strayFlags(fs *flag.FlagSet, allowed string) string {
	var stray []string
	fs.Visit(func(f *flag.Flag) {
		if !slices.Contains(strings.Fields(allowed), f.Name) {
			stray = append(stray, "--"+f.Name)
		}
	})
	return strings.Join(stray, ", ")
}

func runSimulate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("simulate", stderr)
	model := fs.String("model", "", "scoring model: one-strong, two-strong or bussemaker")
	strong := fs.Int("strong", 1, "one-strong: the strong pair")
	samples := fs.Int64("samples", luck.DefaultSamples, "bussemaker: random numberings to draw when sampling")
	seed := fs.Uint64("seed", luck.DefaultSeed, "bussemaker: seed of the random numberings")
	strengths := fs.String("strengths", "", "bussemaker: strength of each pair by strength rank, lower is stronger (default 1 2 … P)")
	groups := fs.String("groups", "", `bussemaker: groups of pair numbers ranked apart, e.g. "1-7,8-14"`)
	exact := fs.Bool("exact", false, fmt.Sprintf("bussemaker: enumerate every numbering (above %d through the movement's symmetries, within an hour of CPU by the estimate)", luck.MaxExact))
	sample := fs.Bool("sample", false, "bussemaker: sample even when the numberings could be enumerated")
	asJSON := fs.Bool("json", false, "write one JSON object instead of the text report")
	wide := wideFlag(fs)
	shard := fs.String("shard", "", "bussemaker --exact: compute shard K/N of the enumeration (auto/N: K from JOB_COMPLETION_INDEX) into the part file -o")
	partFile := fs.String("o", "", "bussemaker --shard: the part file to write")
	merge := fs.Bool("merge", false, "sum the part files of a sharded --exact run (the arguments) into its result")
	// One movement, or with --merge (however it is spelt: --merge=true)
	// the part files: counted once the flags are read, in the words of
	// parseFlags.
	pos, err := parseFlags(fs, args, -1)
	if err != nil {
		return err
	}
	if !*merge && len(pos) != 1 {
		return &usageError{msg: fmt.Sprintf("simulate: want 1 argument(s), got %d\nbridgereport simulate -h shows its flags and arguments", len(pos))}
	}
	own, known := modelFlags[*model]
	switch stray := strayFlags(fs, own+" model json wide"); {
	case *merge:
		return runMerge(ctx, pos, strayFlags(fs, "merge json wide"), stdout, stderr, output(ctx, stdout, *asJSON, *wide))
	case *model == "":
		return &usageError{msg: "simulate: --model is required: one-strong, two-strong or bussemaker"}
	case !known:
		return &usageError{msg: fmt.Sprintf("simulate: --model %q: want one-strong, two-strong or bussemaker", *model)}
	case stray != "":
		return &usageError{msg: fmt.Sprintf("simulate: %s not used by --model %s", stray, *model)}
	}
	pm, err := resolve.ReadMovement(pos[0], stderr)
	if err != nil {
		return err
	}
	m, name := pm.Movement, pos[0]
	cmd := &study.Command{Movements: map[string]*movement.Parsed{name: pm}}
	// The progress line is cleared before anything else is printed, which
	// would otherwise go on at its end.
	endProgress := func() {}
	switch *model {
	case "one-strong":
		if *strong < 1 || *strong > m.Pairs {
			return &usageError{msg: fmt.Sprintf("simulate: --strong %d: the movement has pairs 1..%d", *strong, m.Pairs)}
		}
		cmd.Cell = &kinds.OneStrongCell{Strong: *strong, Columns: []kinds.BalanceRow{{Movement: name}}}
	case "two-strong":
		cmd.Cell = &kinds.TwoStrongCell{Rows: []kinds.BalanceRow{{Movement: name}}}
	case "bussemaker":
		b := kinds.BussemakerSettings{Samples: *samples, Seed: *seed, Groups: *groups}
		if *samples <= 0 {
			return &usageError{msg: fmt.Sprintf("simulate: --samples %d: the number of samples must be positive", *samples)}
		}
		switch {
		case *exact && *sample:
			return &usageError{msg: "simulate: --exact and --sample exclude each other"}
		case *exact:
			b.Method = luck.Exact
		case *sample:
			b.Method = luck.Sample
		}
		if *strengths != "" { // an empty flag is refused by parseFlags
			if b.Strengths, err = luck.ParseStrengths(*strengths, m.Pairs); err != nil {
				return &usageError{msg: "simulate: --strengths: " + err.Error()}
			}
		}
		if *groups != "" { // the flag's name in its errors, before any work
			g, err := luck.ParseGroups(*groups)
			if err == nil {
				err = luck.CheckGroups(m.Pairs, g)
			}
			if err != nil {
				return &usageError{msg: "simulate: --groups: " + strings.TrimPrefix(err.Error(), "groups: ")}
			}
		}
		cmd.Cell = &kinds.BussemakerCell{Movement: name, BussemakerSettings: b}
		bar := batch.NewProgress(stderr, "simulate", *asJSON)
		bar.Width = terminalWidth(ctx, stderr)
		defer bar.Done()
		endProgress = bar.Done
		cmd.Progress = bar.Count
		if *shard != "" || *partFile != "" {
			switch {
			case b.Method != luck.Exact:
				return &usageError{msg: "simulate: shards are of an --exact run"}
			case *shard == "" || *partFile == "":
				return &usageError{msg: "simulate: --shard K/N and -o PART go together"}
			case *asJSON:
				return &usageError{msg: "simulate: --shard writes its part as JSON to -o; --json is for the merged result"}
			}
			done, err := writeShard(ctx, m, name, b, *shard, os.Getenv("JOB_COMPLETION_INDEX"), *partFile, stderr, bar.Count)
			if err != nil {
				return simulateError(err)
			}
			bar.Done()
			fmt.Fprintln(stderr, "simulate:", done)
			return nil
		}
		if *exact {
			note, err := exactEstimate(m, name, b)
			if note != "" {
				fmt.Fprintln(stderr, "simulate:", note)
			}
			if err != nil {
				return fmt.Errorf("simulate: %w", err)
			}
		}
	}
	r, result, err := cmd.Run(ctx)
	endProgress()
	if err == nil {
		err = study.Print(stdout, r, result, output(ctx, stdout, *asJSON, *wide))
	}
	if err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	return nil
}

// runMerge sums the part files of a sharded exact run and prints the
// result as --exact would.
func runMerge(ctx context.Context, files []string, stray string, stdout, stderr io.Writer, out study.Output) error {
	if stray != "" {
		return &usageError{msg: "simulate: --merge takes its settings from the parts: " + stray}
	}
	body, err := mergeCell(files)
	if err != nil {
		return simulateError(err)
	}
	pm, err := resolve.ReadMovement(body.Movement, stderr)
	if err != nil {
		// A movement file is named as the shards were given it, so relative
		// to the folder they ran in, which need not be this one.
		return fmt.Errorf("simulate: --merge: %s: movement %q: %w (the parts name the movement as --shard was given it: run --merge where that name reads the same movement)", files[0], body.Movement, err)
	}
	err = (&study.Command{Cell: body, Movements: map[string]*movement.Parsed{body.Movement: pm}}).Print(ctx, stdout, out)
	if pe := (*luck.PartError)(nil); errors.As(err, &pe) && pe.Part < len(files) {
		// The engine knows the parts by index; the user by file.
		where := files[pe.Part]
		if pe.Other >= 0 && pe.Other < len(files) {
			where += " (with " + files[pe.Other] + ")"
		}
		return fmt.Errorf("simulate: --merge: %s: %w", where, pe.Err)
	}
	return simulateError(err)
}

// simulateError names the command in an error, which a usage error does
// already.
func simulateError(err error) error {
	if u := (*usageError)(nil); err == nil || errors.As(err, &u) {
		return err
	}
	return fmt.Errorf("simulate: %w", err)
}

var _ = addCommand(command{
	name: "simulate", for_: forAnalysts, summary: "scoring models: one or two strong pairs, Bussemaker", run: runSimulate,
	json: []usage.JSONSection{
		{When: "--model one-strong", Name: "one-strong", Result: kinds.OneStrong.Results[0], About: "The one_strong cell's result: each pair's percentage when one pair tops every board (floats unrounded), in the one column of the movement, with the other pairs' deviation from their ideal share. Changed when simulate began to run the one_strong cell: the object was {model, strong, percent, movement}; `strong` is kept, `percent` and `movement` are now `columns[0].percent` and `columns[0].movement`, and `model` is gone (the flag says it)."},
		{When: "--model two-strong", Name: "two-strong", Result: kinds.TwoStrong.Results[0], About: "The two_strong cell's result: the spread of the weak pairs' percentages over every choice of the two strong pairs, in the one row of the movement. Changed when simulate began to run the two_strong cell: the keys of the object are now those of `rows[0]`, unchanged, with the row's `name` added."},
		{When: "--model bussemaker", Name: "bussemaker", Result: kinds.Bussemaker.Results[0], About: "The Bussemaker model: per strength the spread of percentages, and the probability (percent) of each place; `extreme_sd` and `beyond_3sd` (the entrants furthest from their mean, in standard deviations) came with the bussemaker cell, and `ranks_reproduced` is set only when a study gives a printed rank table."}},
	schema: 1,
	help: `--model one-strong|two-strong|bussemaker [--strong N] [--samples N] [--seed S]
       [--strengths "1 1 2 …"] [--groups "1-7,8-14"] [--exact [--shard K/N -o PART]|--sample] [--json] MOVEMENT
       | --merge [--json] PART...

A scoring model on one movement, as a study's one_strong, two_strong or
bussemaker cell shows it: one strong pair and two strong pairs (seed 004),
the Bussemaker model (seed 000).

--exact prints the estimate of its CPU time first and refuses a run beyond
an hour of CPU; --shard K/N computes shard K (0…N−1) of the enumeration
into the part file -o (auto/N takes K from JOB_COMPLETION_INDEX, as a
Kubernetes Indexed Job sets it), and --merge sums all N parts into what
--exact prints for the whole, the same bytes (docs/cluster.md).`,
})
