package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/bridgereport/bridgereport/engine/luck"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports/study"
)

const simulateUsage = `--model one-strong|two-strong|bussemaker [--strong N] [--samples N] [--seed S]
       [--strengths "1 1 2 …"] [--groups "1-7,8-14"] [--exact|--sample] [--json] MOVEMENT

--json prints one object per model: one-strong {model, strong, percent};
two-strong {model, choices, weak_min, weak_max, weak_mode, weak_mean,
weak_sd, distribution}; bussemaker {model, exact, samples, seed, strengths,
groups, qd, qb, sigma, pairs, rank_probability}, and after an exact run of a
large field symmetry_order, symmetry_used, strength_reversal and
numberings_evaluated.

flags:`

func runSimulate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("simulate", simulateUsage, stderr)
	model := fs.String("model", "", "scoring model: one-strong, two-strong or bussemaker")
	strong := fs.Int("strong", 1, "one-strong: the strong pair")
	samples := fs.Int64("samples", luck.DefaultSamples, "bussemaker: random numberings to draw when sampling")
	seed := fs.Uint64("seed", 1, "bussemaker: seed of the random numberings")
	strengths := fs.String("strengths", "", "bussemaker: strength of each pair by strength rank, lower is stronger (default 1 2 … P)")
	groups := fs.String("groups", "", `bussemaker: groups of pair numbers ranked apart, e.g. "1-7,8-14"`)
	exact := fs.Bool("exact", false, fmt.Sprintf("bussemaker: enumerate every numbering (above %d only for two-sided movements such as a Mitchell, reduced by symmetry to at most %d scored)", luck.MaxExact, luck.MaxExactReduced))
	sample := fs.Bool("sample", false, "bussemaker: sample even when the numberings could be enumerated")
	asJSON := fs.Bool("json", false, "write one JSON object instead of the text report")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if err := study.CheckModelFlags(*model, set); err != nil {
		return &usageError{msg: "simulate: " + err.Error()}
	}
	pm, err := readMovement(pos[0], stderr)
	if err != nil {
		return err
	}
	m, name := pm.Movement, pos[0]
	cmd := &study.Command{Movements: map[string]*movement.Parsed{name: pm}}
	switch *model {
	case "one-strong":
		if *strong < 1 || *strong > m.Pairs {
			return &usageError{msg: fmt.Sprintf("simulate: --strong %d: the movement has pairs 1..%d", *strong, m.Pairs)}
		}
		cmd.Kind, cmd.Cell = "one_strong", &study.OneStrongCell{Strong: *strong, Columns: []study.BalanceRow{{Movement: name}}}
	case "two-strong":
		cmd.Kind, cmd.Cell = "two_strong", &study.TwoStrongCell{Rows: []study.BalanceRow{{Movement: name}}}
	default:
		cell := &study.BussemakerCell{Movement: name, Samples: *samples, Seed: *seed, Groups: *groups}
		if *samples <= 0 {
			return &usageError{msg: fmt.Sprintf("simulate: --samples %d: the number of samples must be positive", *samples)}
		}
		switch {
		case *exact && *sample:
			return &usageError{msg: "simulate: --exact and --sample exclude each other"}
		case *exact:
			cell.Method = luck.Exact
		case *sample:
			cell.Method = luck.Sample
		}
		if set["strengths"] {
			if cell.Strengths, err = luck.ParseStrengths(*strengths, m.Pairs); err != nil {
				return &usageError{msg: "simulate: --strengths: " + err.Error()}
			}
		}
		if _, err := luck.ParseGroups(*groups); set["groups"] && err != nil {
			return &usageError{msg: "simulate: --groups: " + err.Error()}
		}
		bar := newProgress(stderr, "simulate", *asJSON)
		defer bar.done()
		cmd.Kind, cmd.Cell, cmd.Progress = "bussemaker", cell, bar.count
	}
	r, result, err := cmd.Run(ctx)
	if err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	return emit(stdout, r, result, *asJSON)
}
