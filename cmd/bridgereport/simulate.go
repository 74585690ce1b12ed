package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bridgereport/bridgereport/engine/luck"
	"github.com/bridgereport/bridgereport/reports"
)

// The --json contracts of `bridgereport simulate`, one per model.

type oneStrongJSON struct {
	Model   string    `json:"model"`
	Strong  int       `json:"strong"`
	Percent []float64 `json:"percent"` // pairs 1..P
}

type twoStrongJSON struct {
	Model        string         `json:"model"`
	Choices      int            `json:"choices"`
	WeakMin      float64        `json:"weak_min"`
	WeakMax      float64        `json:"weak_max"`
	WeakMode     float64        `json:"weak_mode"`
	WeakMean     float64        `json:"weak_mean"`
	WeakSd       float64        `json:"weak_sd"`
	Distribution []percentCount `json:"distribution"`
}

type percentCount struct {
	Percent float64 `json:"percent"`
	Count   int     `json:"count"`
}

type bussemakerJSON struct {
	Model     string       `json:"model"`
	Exact     bool         `json:"exact"`
	Samples   int64        `json:"samples"`
	Seed      uint64       `json:"seed"`
	Strengths []float64    `json:"strengths"`
	Groups    [][]int      `json:"groups"`
	Qd        float64      `json:"qd"`
	Qb        float64      `json:"qb"`
	Sigma     float64      `json:"sigma"`
	Pairs     []spreadJSON `json:"pairs"`            // per strength 1..P
	RankProb  [][]float64  `json:"rank_probability"` // [place][pair by strength], percent
}

type spreadJSON struct {
	Avg float64 `json:"avg"`
	Sd  float64 `json:"sd"`
	Min float64 `json:"min"`
	Max float64 `json:"max"`
}

const simulateUsage = `--model one-strong|two-strong|bussemaker [--strong N] [--samples N] [--seed S]
       [--strengths "1 1 2 …"] [--groups "1-7,8-14"] [--exact|--sample] [--json] MOVEMENT`

func runSimulate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("simulate", simulateUsage, stderr)
	model := fs.String("model", "", "scoring model: one-strong, two-strong or bussemaker")
	strong := fs.Int("strong", 1, "one-strong: the strong pair")
	samples := fs.Int64("samples", luck.DefaultSamples, "bussemaker: random numberings to draw when sampling")
	seed := fs.Uint64("seed", 1, "bussemaker: seed of the random numberings")
	strengthsFlag := fs.String("strengths", "", "bussemaker: strength of each pair by strength rank, lower is stronger (default 1 2 … P)")
	groupsFlag := fs.String("groups", "", `bussemaker: groups of pair numbers ranked apart, e.g. "1-7,8-14"`)
	exact := fs.Bool("exact", false, fmt.Sprintf("bussemaker: enumerate every numbering (at most %d)", luck.MaxExact))
	sample := fs.Bool("sample", false, "bussemaker: sample even when the numberings could be enumerated")
	asJSON := fs.Bool("json", false, "write one JSON object instead of the text report")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if err := checkModelFlags(*model, set); err != nil {
		return err
	}

	pm, err := loadMovement(pos[0], stderr)
	if err != nil {
		return err
	}
	m := pm.Movement

	switch *model {
	case "one-strong":
		if *strong < 1 || *strong > m.Pairs {
			return &usageError{fmt.Sprintf("simulate: --strong %d: the movement has pairs 1..%d", *strong, m.Pairs)}
		}
		pct, err := luck.OneStrongPair(m, *strong)
		if err != nil {
			return err
		}
		if *asJSON {
			return writeJSON(stdout, oneStrongJSON{Model: *model, Strong: *strong, Percent: pct})
		}
		return reports.WriteOneStrongText(stdout, pos[0], *strong, pct)

	case "two-strong":
		r, err := luck.TwoStrongPairs(m)
		if err != nil {
			return err
		}
		if *asJSON {
			out := twoStrongJSON{Model: *model, Choices: r.Choices, WeakMin: r.Min, WeakMax: r.Max,
				WeakMode: r.Mode, WeakMean: r.Mean, WeakSd: r.Sd, Distribution: []percentCount{}}
			for _, d := range r.Distribution {
				out.Distribution = append(out.Distribution, percentCount{d.Percent, d.Count})
			}
			return writeJSON(stdout, out)
		}
		return reports.WriteTwoStrongText(stdout, pos[0], m.Pairs, r)
	}

	// bussemaker
	bs := luck.Settings{Samples: *samples, Seed: *seed}
	if *samples <= 0 {
		return &usageError{fmt.Sprintf("simulate: --samples %d: the number of samples must be positive", *samples)}
	}
	switch {
	case *exact && *sample:
		return &usageError{"simulate: --exact and --sample exclude each other"}
	case *exact:
		bs.Method = luck.Exact
	case *sample:
		bs.Method = luck.Sample
	}
	if set["strengths"] {
		if bs.Strengths, err = parseStrengths(*strengthsFlag, m.Pairs); err != nil {
			return &usageError{"simulate: --strengths: " + err.Error()}
		}
	}
	if set["groups"] {
		if bs.Groups, err = luck.ParseGroups(*groupsFlag); err != nil {
			return &usageError{"simulate: --groups: " + err.Error()}
		}
	}
	bar := newSimProgress(stderr)
	bs.Progress = bar.update
	r, err := luck.Bussemaker(ctx, m, bs)
	bar.done()
	if err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	if !*asJSON {
		return reports.WriteBussemakerText(stdout, pos[0], r)
	}
	out := bussemakerJSON{
		Model: *model, Exact: r.Exact, Samples: r.Samples, Seed: r.Seed,
		Strengths: r.Strengths, Groups: r.Groups,
		Qd: r.Qd, Qb: r.Qb, Sigma: r.Sigma, RankProb: r.RankProbability,
	}
	for _, s := range r.Spread {
		out.Pairs = append(out.Pairs, spreadJSON{s.Avg, s.Sd, s.Min, s.Max})
	}
	return writeJSON(stdout, out)
}

// modelFlags lists, per model, the flags it reads besides --model and --json.
var modelFlags = map[string][]string{
	"one-strong": {"strong"},
	"two-strong": {},
	"bussemaker": {"samples", "seed", "strengths", "groups", "exact", "sample"},
}

// checkModelFlags rejects an unknown model and flags the model does not use,
// rather than ignoring them.
func checkModelFlags(model string, set map[string]bool) error {
	own, ok := modelFlags[model]
	if !ok {
		if model == "" {
			return &usageError{"simulate: --model is required: one-strong, two-strong or bussemaker"}
		}
		return &usageError{fmt.Sprintf("simulate: --model %q: want one-strong, two-strong or bussemaker", model)}
	}
	var stray []string
	for name := range set {
		if name != "model" && name != "json" && !slices.Contains(own, name) {
			stray = append(stray, "--"+name)
		}
	}
	if len(stray) > 0 {
		slices.Sort(stray)
		return &usageError{fmt.Sprintf("simulate: %s not used by --model %s", strings.Join(stray, ", "), model)}
	}
	return nil
}

// parseStrengths reads P numbers separated by spaces or commas.
func parseStrengths(text string, pairs int) ([]float64, error) {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	if len(fields) != pairs {
		return nil, fmt.Errorf("%d strengths given, the movement has %d pairs", len(fields), pairs)
	}
	s := make([]float64, len(fields))
	for i, f := range fields {
		x, err := strconv.ParseFloat(f, 64)
		if err != nil || x != x || x > 1e15 || x < -1e15 {
			return nil, fmt.Errorf("strength %d: %q is not a number", i+1, f)
		}
		s[i] = x
	}
	return s, nil
}

// simProgress draws a progress bar on stderr when stderr is a terminal and
// the run has lasted long enough to be worth one.
type simProgress struct {
	w     io.Writer
	on    bool
	start time.Time
	last  time.Time
	drawn bool
}

func newSimProgress(stderr io.Writer) *simProgress {
	return &simProgress{w: stderr, on: isTerminal(stderr), start: time.Now()}
}

func (b *simProgress) update(done, total int64) {
	now := time.Now()
	if !b.on || now.Sub(b.start) < time.Second || now.Sub(b.last) < 100*time.Millisecond {
		return
	}
	b.last, b.drawn = now, true
	const width = 30
	frac := float64(done) / float64(total)
	n := int(frac * width)
	fmt.Fprintf(b.w, "\rsimulate [%s%s] %3.0f%%  %d of %d", strings.Repeat("#", n), strings.Repeat(".", width-n), 100*frac, done, total)
}

// done clears the bar, if one was drawn.
func (b *simProgress) done() {
	if b.drawn {
		fmt.Fprint(b.w, "\r\033[K")
	}
}
