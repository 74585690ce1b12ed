package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/optimize"
	"github.com/bridgereport/bridgereport/reports/resolve"
)

// optimizeFlags registers the options as the optimize command's flags, one
// for each of the cell's YAML keys (fix_rounds is --fix-round, and so on);
// the balans option each one implements is in brackets. The command then
// decodes them with Settings, as a cell's fields are.
func optimizeFlags(fs *flag.FlagSet, o *resolve.OptimizeOptions) {
	fs.Int64Var(&o.Iterations, "iterations", o.Iterations, fmt.Sprintf("trial switches per restart (default %d; unlimited with --time alone) [-s]", optimize.DefaultIterations))
	fs.IntVar(&o.Restarts, "restarts", o.Restarts, fmt.Sprintf("independent annealing runs (default %d)", optimize.DefaultRestarts))
	fs.Uint64Var(&o.Seed, "seed", o.Seed, "random seed; with an iteration budget the result is reproducible")
	fs.TextVar(&o.Mode, "mode", o.Mode, "`MODE[:C1[:C2]]` cooling: fast (temperature cycling between C1 0.05 and C2 1, balans' default) or slow\n(classic cooling from C1 1 to C2 0.05); temperatures in units of the mean uphill ΔSS [-S 0|1:c1:c2];\nor greedy (early balans: the best single switch until none improves, then a random restart; no temperatures)")
	fs.Var(listOf(&o.FixRounds, atoi), "fix-round", "keep round `N` as it is (repeatable) [-r]")
	fs.Var(listOf(&o.FixTables, atoi), "fix-table", "keep table `N` as it is in every round (repeatable) [-t]")
	fs.Var(listOf(&o.FixPairs, atoi), "fix-pair", "keep pair `N` in its direction at every table (repeatable) [-i]")
	fs.Var(listOf(&o.FixGroups, parseGroup), "fix-group", "keep the tables of board group `G` (a letter or number; repeatable) [-j]")
	fs.IntVar(&o.FixFirst, "fix-first", o.FixFirst, "keep the first `N` table positions of round 1 [-f]")
	fs.IntVar(&o.OnlyRound, "only-round", o.OnlyRound, "keep everything fixed except round `N` [-R]")
	fs.IntVar(&o.OnlyTable, "only-table", o.OnlyTable, "keep everything fixed except table `N` [-D]")
	fs.IntVar(&o.OnlyPair, "only-pair", o.OnlyPair, "keep everything fixed except the tables of pair `N` and its opponents [-I]")
	fs.TextVar(&o.OnlyGroup, "only-group", optimize.Group(0), "keep everything fixed except the tables of board group `G` [-J]")
	fs.StringVar(&o.Fixers, "fixers", o.Fixers, "keep the tables marked 1 in `FILE`: a line per round, a 0 (free) or 1 (fixed) per table,\n# comments [-a]")
	fs.IntVar(&o.Absent, "absent", o.Absent, "optimise the movement with pair `N` absent [-v]")
	fs.TextVar(&o.AbsentRange, "absent-range", o.AbsentRange, "rank the vacancy quality over absent pairs `N1-N2` only [-P]")
	fs.Var(listOf(&o.Renumber, atoi), "renumber", "renumber the pairs first: pair p becomes the p-th of `P1,P2,…` [-p]")
	fs.TextVar(&o.Vacancy, "vacancy", o.Vacancy, "`RANKING` of equal Qf: weighted (the score w1·Qf1max + w2·Qf1av), av-then-max, or off (no vacancy\nquality: Qf, then d4)")
	fs.TextVar(&o.Weights, "weights", optimize.DefaultWeights, "`W1:W2`, the weights of Qf1max and Qf1av in the vacancy score [-W]")
	fs.Func("d4", "rank orientations equal in Qf and vacancy quality by d4: `on` or off (default on) [-k 1|0]", func(s string) error {
		v, err := strconv.ParseBool(map[string]string{"on": "true", "off": "false"}[s])
		if err != nil {
			return fmt.Errorf("want on or off, got %q", s)
		}
		o.D4 = &v
		return nil
	})
	fs.BoolVar(&o.Randomize, "randomize", o.Randomize, "start every restart from random orientations [-z]")
	fs.DurationVar(&o.Time, "time", 0, "stop after this long, e.g. 30s (results then depend on machine speed)")
	fs.Float64Var(&o.Target, "target", 0, "stop each restart once Qf reaches this value")
	fs.IntVar(&o.ExhaustiveBits, "exhaustive-bits", 0, fmt.Sprintf("enumerate all orientations when at most 2^N remain (default %d; -1 never)", optimize.DefaultExhaustiveBits))
}

// atoi reads a whole number.
func atoi(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("not a whole number")
	}
	return n, nil
}

// parseGroup reads a board group as optimize.Group's text.
func parseGroup(s string) (optimize.Group, error) {
	var g optimize.Group
	err := g.UnmarshalText([]byte(s))
	return g, err
}

// listFlag is a repeatable flag whose values may also be given with commas
// (--fix-round 1 --fix-round 3, or --fix-round 1,3).
type listFlag[T any] struct {
	list  *[]T
	parse func(string) (T, error)
}

func listOf[T any](list *[]T, parse func(string) (T, error)) *listFlag[T] {
	return &listFlag[T]{list, parse}
}

func (l *listFlag[T]) String() string {
	if l == nil || l.list == nil || len(*l.list) == 0 {
		return ""
	}
	return fmt.Sprint(*l.list)
}

func (l *listFlag[T]) Set(s string) error {
	for _, f := range strings.Split(s, ",") {
		v, err := l.parse(strings.TrimSpace(f))
		if err != nil {
			return fmt.Errorf("%q: %v", f, err)
		}
		*l.list = append(*l.list, v)
	}
	return nil
}
