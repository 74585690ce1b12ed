// Package budget estimates how long a computation of the engine will take
// before it starts, from its size and a rate measured once on a reference
// machine, and refuses work beyond a limit when no time bound is given.
//
// The rates are fixed constants, not measured at run time: the same work
// gets the same estimate, and the same refusal, on every machine, as the
// results themselves are the same on every machine. They were measured on
// one core of a 2-core build machine (go test -bench, see each constant);
// a faster machine finishes sooner than estimated, which is the safe side.
//
// A caller asks before it starts: Estimate.Check refuses work over the
// limit with an error (*TooLong) that says how long it would take and what
// to do; Estimate.Long says whether the work deserves a progress line.
package budget

import (
	"fmt"
	"math"
	"time"
)

// Rates of the reference machine, units a second on one core.
const (
	// SwitchesPerSecond is the optimiser's trial switches (annealing,
	// greedy or exhaustive) a second on a movement of RatePairs pairs
	// (BenchmarkAnnealTrials, 15-table Mitchell: 5.7 M/s under load, 8 M/s
	// idle). A switch costs time in proportion to the pairs beyond that.
	SwitchesPerSecond = 8e6
	RatePairs         = 30
	// PlaySamplesPerSecond is the Bussemaker model's table-plays scored a
	// second: a numbering of a movement with 49 table-rounds takes about
	// 320 ns (BenchmarkBussemaker/cores=1), 6.5 ns a play.
	PlaySamplesPerSecond = 1.5e8
	// ComparisonsPerSecond is the score-matrix updates of balance and
	// vacancy a second (relay-mitchell:500: 7.5·10⁸ updates in 3.5 s
	// under load).
	ComparisonsPerSecond = 2e8
	// LinesPerSecond is traveller lines matchpointed a second when a
	// results file is scored every way the analysis tries.
	LinesPerSecond = 2e6
)

// DefaultLimit is the longest work started without a time bound: longer
// work is refused with its estimate (the README promises that work of
// days is refused; four hours is already more than anyone waits for at a
// terminal).
const DefaultLimit = 4 * time.Hour

// ProgressAfter is how long work may run before it shows progress.
const ProgressAfter = 3 * time.Second

// Estimate is the work of one computation and the time it takes at the
// reference rate.
type Estimate struct {
	// Work says what is done, in words: "9000000000 iterations × 64
	// restarts".
	Work string
	// Units counts the work, in Unit ("switches", "numberings"): the
	// figure the rate applies to.
	Units float64
	Unit  string
	// Rate is Units done a second at the reference.
	Rate float64
}

// Seconds is the estimated time, in seconds; +Inf when the work is
// unbounded.
func (e Estimate) Seconds() float64 {
	if e.Units == 0 {
		return 0
	}
	if !(e.Rate > 0) {
		return math.Inf(1)
	}
	return e.Units / e.Rate
}

// Duration is the estimated time, saturated at the largest Duration.
func (e Estimate) Duration() time.Duration {
	s := e.Seconds()
	if s >= float64(math.MaxInt64)/1e9 {
		return time.Duration(math.MaxInt64)
	}
	return time.Duration(s * 1e9)
}

// Long says whether the work runs long enough to show progress.
func (e Estimate) Long() bool { return e.Seconds() >= ProgressAfter.Seconds() }

// String is the estimate in words: "about 20 hours at 8 M switches a
// second".
func (e Estimate) String() string {
	return fmt.Sprintf("%s at %s %s a second", Words(e.Seconds()), Count(e.Rate), e.Unit)
}

// Check refuses the work when it would take longer than limit (0:
// DefaultLimit) and the caller gives no time bound; hint says what the
// user can do ("give --time or fewer iterations").
func (e Estimate) Check(what string, limit time.Duration, bounded bool, hint string) error {
	if limit == 0 {
		limit = DefaultLimit
	}
	if bounded || e.Seconds() <= limit.Seconds() {
		return nil
	}
	return &TooLong{What: what, Estimate: e, Limit: limit, Hint: hint}
}

// TooLong is the error of work refused by Check. A command may replace
// Hint with its own flags before printing it.
type TooLong struct {
	What     string // the computation: "optimize"
	Estimate Estimate
	Limit    time.Duration
	Hint     string
}

func (e *TooLong) Error() string {
	msg := fmt.Sprintf("%s: %s (%s %s) would take %s, more than the %s allowed without a time limit",
		e.What, e.Estimate.Work, Count(e.Estimate.Units), e.Estimate.Unit, e.Estimate, Words(e.Limit.Seconds())[len("about "):])
	if e.Hint != "" {
		msg += "; " + e.Hint
	}
	return msg
}

// Words says a time in seconds roughly: "about 20 hours".
func Words(seconds float64) string {
	switch {
	case math.IsInf(seconds, 1) || seconds > 1e3*365*86400:
		return "about forever"
	case seconds >= 2*365*86400:
		return fmt.Sprintf("about %.0f years", seconds/(365*86400))
	case seconds >= 2*86400:
		return fmt.Sprintf("about %.0f days", seconds/86400)
	case seconds >= 2*3600:
		return fmt.Sprintf("about %.0f hours", seconds/3600)
	case seconds >= 120:
		return fmt.Sprintf("about %.0f minutes", seconds/60)
	case seconds >= 1.5:
		return fmt.Sprintf("about %.0f seconds", seconds)
	}
	return "about a second"
}

// Count says a large count with a unit prefix: 8 M, 576 G, 1.2 k.
func Count(x float64) string {
	for _, p := range []struct {
		at     float64
		prefix string
	}{{1e15, "P"}, {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}} {
		if x >= p.at {
			return fmt.Sprintf("%.3g %s", x/p.at, p.prefix)
		}
	}
	return fmt.Sprintf("%.3g", x)
}

// Switches is the optimiser's annealing or greedy search: iterations
// trial switches in each of restarts runs, on a movement of pairs pairs.
func Switches(iterations int64, restarts, pairs int) Estimate {
	return Estimate{Work: fmt.Sprintf("%d iterations × %d restarts", iterations, restarts),
		Units: float64(iterations) * float64(restarts), Unit: "switches", Rate: switchRate(pairs)}
}

// Orientations is the optimiser's exhaustive search of 2^bits
// orientations, one switch each.
func Orientations(bits, pairs int) Estimate {
	return Estimate{Work: fmt.Sprintf("every orientation of %d free tables", bits),
		Units: math.Ldexp(1, bits), Unit: "switches", Rate: switchRate(pairs)}
}

func switchRate(pairs int) float64 {
	return SwitchesPerSecond * RatePairs / float64(max(pairs, RatePairs))
}

// Numberings is the Bussemaker model over n numberings (sampled or
// enumerated) of a movement with plays table-rounds.
func Numberings(n float64, plays int) Estimate {
	return Estimate{Work: fmt.Sprintf("%s numberings of %d table-rounds", Count(n), plays),
		Units: n * float64(max(plays, 1)), Unit: "plays scored", Rate: PlaySamplesPerSecond}
}

// Balance is the score matrix of a movement: groupPlays[g] is the number
// of tables that play board group g.
func Balance(pairs int, groupPlays []int) Estimate {
	var u float64
	for _, n := range groupPlays {
		u += 2 * float64(n) * float64(n) // four updates a pair of plays
	}
	u += float64(pairs) * float64(pairs)
	return Estimate{Work: fmt.Sprintf("the balance of %d pairs", pairs), Units: u, Unit: "comparisons", Rate: ComparisonsPerSecond}
}

// Vacancy is the balance with each pair absent in turn, as
// movement.ComputeVacancy does it: each absence changes the scores of the
// other tables of the groups the pair played.
func Vacancy(pairs int, groupPlays []int) Estimate {
	e := Balance(pairs, groupPlays)
	for _, n := range groupPlays {
		e.Units += 2 * 3 * float64(n) * float64(n) // 2n absent pairs, 3n changes each
	}
	e.Units += float64(pairs) * float64(pairs)
	e.Work = fmt.Sprintf("the vacancy of %d pairs", pairs)
	return e
}

// Score is the analysis of a results file: lines traveller lines scored
// every way the method is sought (9 ways, 18 with several sections),
// then the luck model of each field, counted in line scorings.
func Score(lines, sections int, luck ...Estimate) Estimate {
	ways := 9.0
	if sections > 1 {
		ways = 18
	}
	u := ways * float64(lines)
	for _, l := range luck {
		u += l.Seconds() * LinesPerSecond
	}
	return Estimate{Work: fmt.Sprintf("the analysis of %d traveller lines", lines), Units: u, Unit: "line scorings", Rate: LinesPerSecond}
}

// Sum is several computations run one after the other, in the unit of
// the longest: a catalogue's movements, a study's cells.
func Sum(work string, parts ...Estimate) Estimate {
	var seconds float64
	var longest Estimate
	for _, p := range parts {
		seconds += p.Seconds()
		if p.Seconds() >= longest.Seconds() {
			longest = p
		}
	}
	if longest.Rate == 0 {
		return Estimate{Work: work}
	}
	return Estimate{Work: work, Units: seconds * longest.Rate, Unit: longest.Unit, Rate: longest.Rate}
}
