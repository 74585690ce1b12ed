package resolve

import (
	"bytes"
	"fmt"
	"time"

	"github.com/bridgereport/bridgereport/engine/optimize"
)

// OptimizeOptions are the optimiser's settings as an optimize cell's fields
// and the optimize command's flags give them, with balans's options in
// brackets; Settings decodes both the same way. Pair numbers name the pairs
// after renumber.
type OptimizeOptions struct {
	// Iterations are the trial switches per restart; default the engine's [-s].
	Iterations int64 `yaml:"iterations"`
	// Restarts are the independent annealing runs; default the engine's.
	Restarts int `yaml:"restarts"`
	// Seed of the search; default 1. With an iteration budget, the same seed gives the same result.
	Seed uint64 `yaml:"seed"`
	// Mode is the cooling, fast (default) or slow, optionally with its two temperatures, as "slow:2:0.01" [-S n:c1:c2]; or greedy, early balans's steepest descent with random restarts.
	Mode optimize.Cooling `yaml:"mode"`
	// FixRounds are rounds whose orientation is kept as given [-r].
	FixRounds []int `yaml:"fix_rounds"`
	// FixTables are tables whose orientation is kept in every round [-t].
	FixTables []int `yaml:"fix_tables"`
	// FixPairs are pairs whose tables keep their orientation [-i].
	FixPairs []int `yaml:"fix_pairs"`
	// FixGroups are board groups, as A or 1, whose tables keep their orientation [-j].
	FixGroups []optimize.Group `yaml:"fix_groups"`
	// FixFirst keeps the first n table positions of round 1 as given [-f].
	FixFirst int `yaml:"fix_first"`
	// OnlyRound keeps everything fixed but this round [-R].
	OnlyRound int `yaml:"only_round"`
	// OnlyTable keeps everything fixed but this table [-D].
	OnlyTable int `yaml:"only_table"`
	// OnlyPair keeps everything fixed but the tables of this pair and so its opponents [-I].
	OnlyPair int `yaml:"only_pair"`
	// OnlyGroup keeps everything fixed but the tables of this board group [-J].
	OnlyGroup optimize.Group `yaml:"only_group"`
	// Fixers is a file of round × table fixers, a line per round with 0 (free) or 1 (fixed) per table, relative to the study [-a].
	Fixers string `yaml:"fixers"`
	// Absent optimises the movement with this pair absent; its tables keep their orientation [-v].
	Absent int `yaml:"absent"`
	// AbsentRange ranks the vacancy quality over these absent pairs only, as "9-14" [-P].
	AbsentRange optimize.PairRange `yaml:"absent_range"`
	// Renumber renumbers the pairs first: pair p becomes the p-th number; pair fields name the new numbers [-p].
	Renumber []int `yaml:"renumber"`
	// Vacancy ranks equal Qf by the weighted score w1·Qf1max + w2·Qf1av (weighted, the default), by Qf1av, then Qf1max (av-then-max), or not at all (off: Qf, then d4 unless d4 is false).
	Vacancy optimize.Vacancy `yaml:"vacancy"`
	// Weights are w1:w2 of the weighted vacancy score; default "2:1" [-W].
	Weights optimize.Weights `yaml:"weights"`
	// D4 false leaves d4 out of the ranking; default true [-k].
	D4 *bool `yaml:"d4"`
	// Randomize starts every restart from random orientations of the free tables [-z].
	Randomize bool `yaml:"randomize"`
	// Target stops each restart once Qf reaches this value.
	Target float64 `yaml:"target"`
	// ExhaustiveBits: all orientations are enumerated when at most 2^N remain (default the engine's; -1 never).
	ExhaustiveBits int `yaml:"exhaustive_bits"`
	// Time stops the search after this long; the optimize command's
	// --time only, since a study's figures must not depend on the
	// machine's speed. Alone, it lifts the iteration budget.
	Time time.Duration `yaml:"-"`
}

// NoBudget is the iteration budget of a search bounded by time alone.
const NoBudget = 1 << 50

// Settings decodes the options into the engine's settings. readFile reads
// the fixers file; fixers returns its text, an input of the result.
func (o *OptimizeOptions) Settings(readFile func(name string) ([]byte, error)) (set optimize.Settings, fixers []byte, err error) {
	set = optimize.Settings{Iterations: o.Iterations, Restarts: o.Restarts, Seed: o.Seed, Cooling: o.Mode,
		FixRounds: o.FixRounds, FixTables: o.FixTables, FixPairs: o.FixPairs, FixGroups: o.FixGroups, FixFirst: o.FixFirst,
		OnlyRound: o.OnlyRound, OnlyTable: o.OnlyTable, OnlyPair: o.OnlyPair, OnlyGroup: o.OnlyGroup,
		Absent: o.Absent, AbsentRange: o.AbsentRange, Renumber: o.Renumber,
		Vacancy: o.Vacancy, Weights: o.Weights, NoD4: o.D4 != nil && !*o.D4, Randomize: o.Randomize,
		TargetQf: o.Target, ExhaustiveBits: o.ExhaustiveBits, Time: o.Time}
	if set.Time > 0 && set.Iterations == 0 {
		set.Iterations = NoBudget
	}
	if o.Fixers != "" {
		if fixers, err = readFile(o.Fixers); err != nil {
			return set, nil, fmt.Errorf("fixers: %w", err)
		}
		if set.Fixers, err = optimize.ParseFixers(o.Fixers, bytes.NewReader(fixers)); err != nil {
			return set, nil, err
		}
	}
	return set, fixers, nil
}
