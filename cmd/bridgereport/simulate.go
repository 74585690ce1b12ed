package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/reports/kinds"

	"github.com/bridgereport/bridgereport/engine/luck"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports/study"
)

var simulateUsage = `--model one-strong|two-strong|bussemaker [--strong N] [--samples N] [--seed S]
       [--strengths "1 1 2 …"] [--groups "1-7,8-14"] [--exact [--shard K/N -o PART]|--sample] [--json] MOVEMENT
       | --merge [--json] PART...

--exact prints the estimate of its CPU time first and refuses a run beyond
an hour of CPU; --shard K/N computes shard K (0…N−1) of the enumeration
into the part file -o (auto/N takes K from JOB_COMPLETION_INDEX, as a
Kubernetes Indexed Job sets it), and --merge sums all N parts into what
--exact prints for the whole, the same bytes (docs/cluster.md).

A scoring model on one movement, laid out as the seeds print it: one strong
pair and two strong pairs (seed 004), the Bussemaker model (seed 000).
--json prints one object per model (floats unrounded):
` + wrap("one-strong {"+jsonKeys(kinds.OneStrongResult{})+"}; two-strong {"+
	jsonKeys(kinds.TwoStrongResult{})+"}; bussemaker {"+jsonKeys(kinds.BussemakerResult{})+"}.") + `

flags:`

// modelFlags lists, per model, the flags it reads besides --model and
// --json.
var modelFlags = map[string][]string{
	"one-strong": {"strong"},
	"two-strong": {},
	"bussemaker": {"samples", "seed", "strengths", "groups", "exact", "sample", "shard", "o"},
}

// checkModelFlags rejects an unknown model and flags the model does not
// use, rather than ignoring them.
func checkModelFlags(model string, set map[string]bool) error {
	own, ok := modelFlags[model]
	if !ok {
		if model == "" {
			return errors.New("--model is required: one-strong, two-strong or bussemaker")
		}
		return fmt.Errorf("--model %q: want one-strong, two-strong or bussemaker", model)
	}
	var stray []string
	for name := range set {
		if name != "model" && name != "json" && !slices.Contains(own, name) {
			stray = append(stray, "--"+name)
		}
	}
	if len(stray) > 0 {
		slices.Sort(stray)
		return fmt.Errorf("%s not used by --model %s", strings.Join(stray, ", "), model)
	}
	return nil
}

func runSimulate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("simulate", simulateUsage, stderr)
	model := fs.String("model", "", "scoring model: one-strong, two-strong or bussemaker")
	strong := fs.Int("strong", 1, "one-strong: the strong pair")
	samples := fs.Int64("samples", luck.DefaultSamples, "bussemaker: random numberings to draw when sampling")
	seed := fs.Uint64("seed", luck.DefaultSeed, "bussemaker: seed of the random numberings")
	strengths := fs.String("strengths", "", "bussemaker: strength of each pair by strength rank, lower is stronger (default 1 2 … P)")
	groups := fs.String("groups", "", `bussemaker: groups of pair numbers ranked apart, e.g. "1-7,8-14"`)
	exact := fs.Bool("exact", false, fmt.Sprintf("bussemaker: enumerate every numbering (above %d only for two-sided movements such as a Mitchell, reduced by symmetry to at most %d scored)", luck.MaxExact, luck.MaxExactReduced))
	sample := fs.Bool("sample", false, "bussemaker: sample even when the numberings could be enumerated")
	asJSON := fs.Bool("json", false, "write one JSON object instead of the text report")
	shard := fs.String("shard", "", "bussemaker --exact: compute shard K/N of the enumeration (auto/N: K from JOB_COMPLETION_INDEX) into the part file -o")
	partFile := fs.String("o", "", "bussemaker --shard: the part file to write")
	merge := fs.Bool("merge", false, "sum the part files of a sharded --exact run (the arguments) into its result")
	nargs := 1
	if slices.Contains(args, "--merge") || slices.Contains(args, "-merge") {
		nargs = -1
	}
	pos, err := parseFlags(fs, args, nargs)
	if err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *merge {
		return runMerge(ctx, pos, set, stdout, stderr, *asJSON)
	}
	if err := checkModelFlags(*model, set); err != nil {
		return &usageError{msg: "simulate: " + err.Error()}
	}
	pm, err := readMovement(pos[0], stderr)
	if err != nil {
		return err
	}
	m, name := pm.Movement, pos[0]
	body := &kinds.SimulateCell{Model: *model, Movement: name}
	cmd := &study.Command{Kind: "simulate", Cell: body, Movements: map[string]*movement.Parsed{name: pm}}
	switch *model {
	case "one-strong":
		if *strong < 1 || *strong > m.Pairs {
			return &usageError{msg: fmt.Sprintf("simulate: --strong %d: the movement has pairs 1..%d", *strong, m.Pairs)}
		}
		body.Strong = *strong
	case "bussemaker":
		b := &body.BussemakerSettings
		b.Samples, b.Seed, b.Groups = *samples, *seed, *groups
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
		if set["strengths"] {
			if b.Strengths, err = luck.ParseStrengths(*strengths, m.Pairs); err != nil {
				return &usageError{msg: "simulate: --strengths: " + err.Error()}
			}
		}
		if _, err := luck.ParseGroups(*groups); set["groups"] && err != nil {
			return &usageError{msg: "simulate: --groups: " + err.Error()}
		}
		bar := newProgress(stderr, "simulate", *asJSON)
		defer bar.done()
		cmd.Progress = bar.count
		if set["shard"] || set["o"] {
			return runShard(ctx, m, name, b, *shard, *partFile, set, stderr, bar.count)
		}
		if *exact {
			if err := exactEstimate(m, name, b, stderr); err != nil {
				return err
			}
		}
	}
	if err := runCell(ctx, cmd, stdout, *asJSON); err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	return nil
}

// localExactBudget is the most CPU-seconds an unsharded --exact may take
// by the estimate: an hour, about half an hour on two cores.
const localExactBudget = 3600

// engineSettings are the engine's settings of an exact run from the flags.
func engineSettings(b *kinds.BussemakerSettings) (luck.Settings, error) {
	set := luck.Settings{Strengths: b.Strengths, Seed: b.Seed, Method: luck.Exact, Ties: b.Ties}
	if b.Groups != "" {
		var err error
		if set.Groups, err = luck.ParseGroups(b.Groups); err != nil {
			return set, &usageError{msg: "simulate: --groups: " + err.Error()}
		}
	}
	return set, nil
}

// exactEstimate prints what an exact run will cost and refuses one beyond
// the local budget, pointing to --shard. Fields the engine cannot
// enumerate at all are left to its own error.
func exactEstimate(m *movement.Movement, name string, b *kinds.BussemakerSettings, stderr io.Writer) error {
	set, err := engineSettings(b)
	if err != nil {
		return err
	}
	est, err := luck.EstimateExact(m, set)
	if err != nil || est.Rate == 0 {
		return nil
	}
	fmt.Fprintf(stderr, "simulate: exact enumeration of %s: %s numberings, %.4g to score, about %s of CPU (%.2f CPU-hours)\n",
		name, est.Numberings, est.Evaluated, cpuTime(est.CPUSeconds), est.CPUHours())
	if err := est.CheckLocal(localExactBudget); errors.Is(err, luck.ErrOverBudget) {
		return fmt.Errorf("simulate: %w; run it in shards on several machines: --shard K/N -o part-K.json for K = 0…N−1, then --merge part-*.json (docs/cluster.md)", err)
	}
	return nil
}

// cpuTime says how long an estimate of seconds is, in the largest unit
// that fits.
func cpuTime(s float64) string {
	switch {
	case s >= 2*86400:
		return fmt.Sprintf("%.0f days", s/86400)
	case s >= 2*3600:
		return fmt.Sprintf("%.0f hours", s/3600)
	case s >= 120:
		return fmt.Sprintf("%.0f minutes", s/60)
	}
	return fmt.Sprintf("%.2g seconds", s)
}

// runShard computes one shard of an exact run into its part file.
func runShard(ctx context.Context, m *movement.Movement, name string, b *kinds.BussemakerSettings,
	shard, file string, flags map[string]bool, stderr io.Writer, progress func(done, total int64)) error {
	switch {
	case b.Method != luck.Exact:
		return &usageError{msg: "simulate: --shard: shards are of an --exact run"}
	case shard == "" || file == "":
		return &usageError{msg: "simulate: --shard K/N and -o PART go together"}
	case flags["json"]:
		return &usageError{msg: "simulate: --shard writes its part as JSON to -o; --json is for the merged result"}
	}
	sh, err := luck.ParseShard(shard, os.Getenv("JOB_COMPLETION_INDEX"))
	if err != nil {
		return &usageError{msg: "simulate: --shard: " + err.Error()}
	}
	set, err := engineSettings(b)
	if err != nil {
		return err
	}
	set.Progress = progress
	part, err := luck.ExactShard(ctx, m, set, sh)
	if err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	part.Movement = name
	// Written beside and renamed: a part file is whole or absent, never
	// half written by a pod that was stopped.
	tmp := file + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	if err := json.NewEncoder(f).Encode(part); err != nil {
		f.Close()
		return fmt.Errorf("simulate: %s: %w", tmp, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	if err := os.Rename(tmp, file); err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	fmt.Fprintf(stderr, "simulate: shard %s of %s: chunks %d…%d of %d written to %s\n", sh, name, part.First, part.End-1, part.Chunks, file)
	return nil
}

// runMerge sums the part files of a sharded exact run and prints the
// result as --exact would.
func runMerge(ctx context.Context, files []string, flags map[string]bool, stdout, stderr io.Writer, asJSON bool) error {
	for name := range flags {
		if name != "merge" && name != "json" {
			return &usageError{msg: fmt.Sprintf("simulate: --%s: --merge takes its settings from the parts", name)}
		}
	}
	if len(files) == 0 {
		return &usageError{msg: "simulate: --merge: give the part files"}
	}
	var parts []*luck.ExactPart
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			return fmt.Errorf("simulate: %w", err)
		}
		p, err := luck.DecodeExactPart(f, file)
		f.Close()
		if err != nil {
			return fmt.Errorf("simulate: --merge: %w", err)
		}
		parts = append(parts, p)
	}
	name := parts[0].Movement
	pm, err := readMovement(name, stderr)
	if err != nil {
		return fmt.Errorf("simulate: --merge: %s: movement %q: %w", files[0], name, err)
	}
	body := &kinds.SimulateCell{Model: "bussemaker", Movement: name, Parts: parts}
	cmd := &study.Command{Kind: "simulate", Cell: body, Movements: map[string]*movement.Parsed{name: pm}}
	if err := runCell(ctx, cmd, stdout, asJSON); err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	return nil
}
