package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/engine/optimize"
)

// optimizeJSON is the --json contract of `bridgereport optimize`.
type optimizeJSON struct {
	File          string              `json:"file"`
	Qf            float64             `json:"qf"`
	QfBefore      float64             `json:"qf_before"`
	SS            int64               `json:"SS"`
	SSBefore      int64               `json:"SS_before"`
	D4            float64             `json:"d4"`
	D4Before      float64             `json:"d4_before"`
	Vacancy       *vacJSON            `json:"vacancy"`
	VacancyBefore *vacJSON            `json:"vacancy_before"`
	Switched      []optimize.TablePos `json:"switched"`
	ProvenOptimal bool                `json:"proven_optimal"`
	Exhaustive    bool                `json:"exhaustive"`
	FreeBits      int                 `json:"free_bits"`
	Iterations    int64               `json:"iterations"`
	Stop          string              `json:"stop"`
	Seed          uint64              `json:"seed"`
	Mode          string              `json:"mode"`
	Movement      string              `json:"movement"`
}

func runOptimize(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("optimize", "[flags] MOVEMENT", stderr)
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
	mode := fs.String("mode", "fast", "annealing: fast (cycling temperature, balans' default) or slow (classic cooling)")
	fs.Float64Var(&set.TargetQf, "target", 0, "stop each restart once Qf reaches this value")
	fs.IntVar(&set.ExhaustiveBits, "exhaustive-bits", 0, fmt.Sprintf("enumerate all orientations when at most 2^N remain (default %d; -1 never)", optimize.DefaultExhaustiveBits))
	outFile := fs.String("o", "", "also write the optimised movement to `FILE` (.ASC)")
	asJSON := fs.Bool("json", false, "write one JSON object instead of the text report")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	switch *mode {
	case "fast":
		set.Mode = optimize.ModeFast
	case "slow":
		set.Mode = optimize.ModeSlow
	default:
		return &usageError{fmt.Sprintf("optimize: --mode %q: want fast or slow", *mode)}
	}
	set.FixRounds, set.FixTables, set.FixPairs = fixRounds, fixTables, fixPairs
	timeOnly := set.Time > 0 && set.Iterations == 0
	if timeOnly {
		set.Iterations = 1 << 50
	}
	pm, err := loadMovement(pos[0], stderr)
	if err != nil {
		return err
	}
	m := pm.Movement
	if err := set.Validate(m); err != nil {
		return &usageError{fmt.Sprintf("%s: %v", pos[0], err)}
	}
	if isTerminal(stderr) {
		set.Progress = progressLine(stderr)
	}
	res, err := optimize.Search(ctx, m, set)
	if set.Progress != nil {
		fmt.Fprint(stderr, "\r\033[K")
	}
	if err != nil {
		return err
	}
	var asc bytes.Buffer
	if err := movement.WriteASC(&asc, res.Movement); err != nil {
		return err
	}
	if *outFile != "" {
		if err := writeFileAtomic(*outFile, asc.Bytes()); err != nil {
			return err
		}
	}
	if res.Stop == optimize.StopCancelled {
		fmt.Fprintln(stderr, "optimize: interrupted; showing the best found so far")
	}
	if *asJSON {
		out := optimizeJSON{
			File: pos[0], Qf: res.After.Qf, QfBefore: res.Before.Qf, SS: res.After.SS, SSBefore: res.Before.SS,
			D4: res.After.D4, D4Before: res.Before.D4, Switched: res.Switched, ProvenOptimal: res.Proven,
			Exhaustive: res.Exhaustive, FreeBits: res.FreeBits, Iterations: res.Iterations, Stop: string(res.Stop),
			Seed: set.Seed, Mode: set.Mode.String(), Movement: asc.String(),
		}
		if v := res.VacancyAfter; v != nil {
			out.Vacancy = &vacJSON{Qf1: v.Qf1, Qf1Av: v.Av, Qf1Max: v.Max}
		}
		if v := res.VacancyBefore; v != nil {
			out.VacancyBefore = &vacJSON{Qf1: v.Qf1, Qf1Av: v.Av, Qf1Max: v.Max}
		}
		return writeJSON(stdout, out)
	}
	return writeOptimizeText(stdout, pos[0], set, res, asc.String())
}

// writeOptimizeText writes the figures as # comments above the movement, so
// the whole output reads back as a movement file.
func writeOptimizeText(w io.Writer, name string, set optimize.Settings, res *optimize.Result, asc string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# bridgereport optimize %s\n", name)
	fmt.Fprintf(&b, "# seed %d, mode %s, %d iterations, stopped: %s\n", set.Seed, set.Mode, res.Iterations, res.Stop)
	figures := func(label string, bal *movement.Balance, v *movement.Vacancy) {
		fmt.Fprintf(&b, "# %-7s Qf %6.2f", label, bal.Qf)
		if v != nil {
			fmt.Fprintf(&b, "  Qf1av %6.2f  Qf1max %6.2f", v.Av, v.Max)
		}
		fmt.Fprintf(&b, "  d4 %.3f\n", bal.D4)
	}
	if !res.Before.Uniform {
		b.WriteString("# note: board groups are played unequal numbers of times, where Qf is not defined\n")
	}
	figures("before:", res.Before, res.VacancyBefore)
	figures("after:", res.After, res.VacancyAfter)
	fmt.Fprintf(&b, "# switched %d tables:", len(res.Switched))
	for i, p := range res.Switched {
		if i == 0 || res.Switched[i-1].Round != p.Round {
			fmt.Fprintf(&b, "\n#   round %d, tables", p.Round)
		}
		fmt.Fprintf(&b, " %d", p.Table)
	}
	b.WriteString("\n")
	switch {
	case res.Proven && res.Exhaustive && res.Stop != optimize.StopBound:
		fmt.Fprintf(&b, "# proven optimal: every one of 2^%d orientations was ranked\n", res.FreeBits)
	case res.Proven:
		b.WriteString("# proven optimal: Qf and every Qf1 are at their bounds\n")
	case res.Exhaustive:
		b.WriteString("# not proven: the exhaustive search was stopped early\n")
	default:
		b.WriteString("# not proven: annealing gives no guarantee\n")
	}
	b.WriteString(asc)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeFileAtomic writes data to a temporary file beside path and renames
// it, so a reader never sees half a movement.
func writeFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if err := firstErr(werr, cerr); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// progressLine draws one overwritten status line, once the run has taken
// more than a second.
func progressLine(w io.Writer) func(optimize.Progress) {
	return func(p optimize.Progress) {
		if p.Elapsed < time.Second {
			return
		}
		what := "iterations"
		if p.Exhaustive {
			what = "orientations"
		}
		done := fmt.Sprintf("%.1fM", float64(p.Iterations)/1e6)
		if p.Budget < 1<<50 {
			done += fmt.Sprintf("/%.1fM", float64(p.Budget)/1e6)
		}
		fmt.Fprintf(w, "\roptimize: %s %s, best Qf %.2f, %s\033[K", done, what, p.BestQf, p.Elapsed.Round(time.Second))
	}
}
