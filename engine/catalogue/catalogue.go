// Package catalogue answers the tournament director's question "N pairs
// turned up: which movement?" with the candidate movements for N pairs:
// every generated family that fits N (movement.ParseSpec names them), each
// re-oriented for one winner by arrow switches (optimize.Search, with a fixed
// iteration budget and seed, so the answer is the same on every machine),
// with its balance and the facts a director weighs (movement.Describe).
// It is pure: no files, no printing.
package catalogue

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/engine/optimize"
)

// Limits on the field: smaller fields have no Mitchell, larger ones are
// beyond what a club director brings.
const (
	MinPairs = 6
	MaxPairs = 40
)

// The session lengths, in rounds, for which short Howells are listed.
const (
	ShortRoundsMin = 6
	ShortRoundsMax = 13
)

// Defaults of Settings.
const (
	DefaultIterations     = 200_000
	DefaultRestarts       = 2
	DefaultSeed           = 1
	DefaultExhaustiveBits = 14
)

// Settings configures For. The zero value means the defaults.
type Settings struct {
	// Iterations is the arrow-switch search's budget per restart
	// (0: DefaultIterations).
	Iterations int64
	// Restarts is the number of independent searches (0: DefaultRestarts).
	Restarts int
	// Seed seeds the search (0: DefaultSeed).
	Seed uint64
	// ExhaustiveBits: movements with at most this many independent
	// orientations are searched exhaustively (0: DefaultExhaustiveBits).
	ExhaustiveBits int
	// MinRounds and MaxRounds keep only candidates with that many rounds
	// (0: no limit).
	MinRounds, MaxRounds int
	// Unswitched skips the arrow-switch search: every candidate is given as
	// generated.
	Unswitched bool
}

func (s Settings) withDefaults() Settings {
	if s.Iterations == 0 {
		s.Iterations = DefaultIterations
	}
	if s.Restarts == 0 {
		s.Restarts = DefaultRestarts
	}
	if s.Seed == 0 {
		s.Seed = DefaultSeed
	}
	if s.ExhaustiveBits == 0 {
		s.ExhaustiveBits = DefaultExhaustiveBits
	}
	return s
}

// Candidate is one movement for the field.
type Candidate struct {
	// Spec names the movement as generated, before arrow switches.
	Spec movement.Spec
	// Movement is the movement as it should be played: generated, made a
	// half table if need be, and re-oriented by the arrow-switch search.
	Movement *movement.Movement
	// Switched counts the tables the search re-oriented.
	Switched int
	// Proven says the search proved no orientation is better.
	Proven bool
	Facts  movement.Facts
	// Qf, Qf1av, Qf1max and Qo are the balance figures of Movement
	// (DOMAIN.md §2); Qf1 figures are 0 when the field is too small.
	Qf, Qf1av, Qf1max, Qo float64
}

// Specs lists the specs of the generated families that fit a field of the
// given number of pairs: the table count is pairs/2 rounded up, and an odd
// field is a half table (phantom=best), except for the rover and the
// appendix Mitchells, which are built for an odd field, and the Howell,
// which handles one itself.
// The skip Mitchell is left out for an odd field: its pairs play all board
// groups but one, so a phantom leaves the groups played unequal numbers of
// times (the manuals warn against it; the balance is then not defined).
// Short Howells are listed for every session length from ShortRoundsMin to
// ShortRoundsMax rounds that their size allows; For leaves out those
// ShortHowell has no arrangement for.
func Specs(pairs int) []movement.Spec {
	T := (pairs + 1) / 2
	half := pairs%2 == 1
	var out []movement.Spec
	add := func(family string, size int, phantom bool) {
		out = append(out, movement.Spec{Family: family, Size: size, Phantom: phantom})
	}
	if T%2 == 1 {
		add("mitchell", T, half)
		add("hesitation-mitchell", T, half)
		add("blackpool", T, half)
	} else {
		add("relay-mitchell", T, half)
		if !half {
			add("skip-mitchell", T, false)
		}
		add("web-mitchell", T, half)
	}
	if half && (T-1)%2 == 1 && (T-1)%3 != 0 && T-1 >= 5 {
		add("rover-mitchell", T-1, false)
	}
	if half && T-2 >= 3 {
		add("appendix-mitchell", T-2, false)
	}
	add("howell", pairs, false)
	even := pairs + pairs%2
	for r := max(even/2+1, ShortRoundsMin); r <= min(even-2, ShortRoundsMax); r++ {
		out = append(out, movement.Spec{Family: "howell", Size: pairs, Rounds: r})
	}
	return out
}

// For returns the candidate movements for a field of the given number of
// pairs, ranked best first by this rule:
//
//  1. one winner before two or more (a movement the search could not join
//     into one field is ranked after every one-field movement);
//  2. higher Qf, at the printed precision (two decimals);
//  3. higher Qf1av, then higher Qf1max (the vacancy quality);
//  4. fewer copies of the boards needed;
//  5. the canonical spec text, so that the order is total.
//
// For is deterministic: the same settings give the same list on every
// machine. A cancelled context stops it with the context's error.
func For(ctx context.Context, pairs int, set Settings) ([]Candidate, error) {
	if pairs < MinPairs || pairs > MaxPairs {
		return nil, fmt.Errorf("catalogue: %d pairs: the catalogue covers %d to %d pairs", pairs, MinPairs, MaxPairs)
	}
	set = set.withDefaults()
	var out []Candidate
	for _, spec := range Specs(pairs) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		m, err := spec.Build()
		if err != nil && spec.Family == "howell" && spec.Rounds != 0 {
			continue // no short Howell of this size
		}
		if err != nil {
			return nil, fmt.Errorf("catalogue: %w", err)
		}
		if m.Pairs != pairs {
			panic(fmt.Sprintf("catalogue: %s has %d pairs, want %d", spec, m.Pairs, pairs))
		}
		if set.MinRounds > 0 && m.Rounds < set.MinRounds || set.MaxRounds > 0 && m.Rounds > set.MaxRounds {
			continue
		}
		c, err := evaluate(ctx, spec, m, set)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	slices.SortStableFunc(out, compare)
	return out, nil
}

// evaluate re-orients m and measures it.
func evaluate(ctx context.Context, spec movement.Spec, m *movement.Movement, set Settings) (Candidate, error) {
	c := Candidate{Spec: spec, Movement: m}
	if !set.Unswitched {
		res, err := optimize.Search(ctx, m, optimize.Settings{
			Iterations:     set.Iterations,
			Restarts:       set.Restarts,
			Seed:           set.Seed,
			ExhaustiveBits: set.ExhaustiveBits,
			// The catalogue ranks by Qf1av: its optimiser ranks so too.
			Vacancy: optimize.VacancyAvThenMax,
		})
		if err != nil {
			return c, fmt.Errorf("catalogue: %s: %w", spec, err)
		}
		if err := ctx.Err(); err != nil {
			return c, err
		}
		c.Movement, c.Switched, c.Proven = res.Movement, len(res.Switched), res.Proven
	}
	b := movement.ComputeBalance(c.Movement)
	c.Qf, c.Qo = b.Qf, b.Qo
	if v, err := movement.ComputeVacancy(c.Movement); err == nil {
		c.Qf1av, c.Qf1max = v.Av, v.Max
	}
	c.Facts = movement.Describe(c.Movement)
	return c, nil
}

// compare orders candidates by the rule documented on For.
func compare(a, b Candidate) int {
	hundredths := func(x float64) int64 { return int64(math.Round(x * 100)) }
	oneA, oneB := a.Facts.Fields == 1, b.Facts.Fields == 1
	if oneA != oneB {
		if oneA {
			return -1
		}
		return 1
	}
	if c := cmp.Compare(hundredths(b.Qf), hundredths(a.Qf)); c != 0 {
		return c
	}
	if c := cmp.Compare(hundredths(b.Qf1av), hundredths(a.Qf1av)); c != 0 {
		return c
	}
	if c := cmp.Compare(hundredths(b.Qf1max), hundredths(a.Qf1max)); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Facts.Copies, b.Facts.Copies); c != 0 {
		return c
	}
	return cmp.Compare(a.Spec.String(), b.Spec.String())
}
