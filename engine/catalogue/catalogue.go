// Package catalogue answers the tournament director's question "N pairs
// turned up: which movement?" with the candidate movements for N pairs:
// every generated family that fits N (movement.ParseSpec names them), each
// re-oriented for one winner by arrow switches (optimize.Search, with a fixed
// iteration budget and seed, so the answer is the same on every machine),
// and the published movements the caller passes (the library), with their
// balance, their Bussemaker Qd (luck.Bussemaker, sampled with a fixed seed)
// and the facts a director weighs (movement.Describe).
// It is pure: no files, no printing.
package catalogue

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/bridgereport/bridgereport/engine/luck"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/engine/optimize"
)

// Limits on the field: smaller fields have no Mitchell, larger ones are
// beyond what a club director brings.
const (
	MinPairs = 6
	MaxPairs = 60
)

// The session lengths, in rounds, for which short Howells, curtailed
// Mitchells and Web Mitchells with fewer sets are listed (For keeps those
// whose rounds fit the board range).
const (
	ShortRoundsMin = 5
	ShortRoundsMax = 15
)

// Defaults of Settings.
const (
	DefaultIterations     = 200_000
	DefaultRestarts       = 2
	DefaultSeed           = 1
	DefaultExhaustiveBits = 14
	DefaultSamples        = 20_000
)

// Boards a session has by default: 24 to 28 (two and a half to three hours).
const (
	DefaultMinBoards = 24
	DefaultMaxBoards = 28
)

// Defaults of the bounds a director sets: boards per round, copies of the
// boards.
const (
	DefaultMinPerRound = 2
	DefaultMaxPerRound = 4
	DefaultMaxCopies   = 1
)

// Rule is the ranking rule of For, in words.
const Rule = "candidates within the bounds (boards per round, copies, tables) first; then those whose rounds fit the board range, " +
	"the others by how far they fall outside it; then one winner before two when that one winner is worth having (Qf 50 or more: " +
	"a Mitchell's two fields count 47 to 50 as one); then one section, or two of about the same size, before two sections more than " +
	"two tables apart; then the higher Qf (at two decimals; two sections scored apart pool theirs), the higher Qf1av, the higher " +
	"Qf1max; then fewer copies of the boards; then by name"

// OneWinnerQf is the least Qf of a movement of one winner that ranks it
// before movements of two (Rule): a two-winner Mitchell, scored as one
// field, has a Qf of about 47 to 50 (46.94 for 7 tables, 49.64 with two
// arrow-switched rounds): a one-winner ranking balanced worse than that is
// not worth a worse balance.
const OneWinnerQf = 50

// UnevenSections is how many pairs more than two tables' worth apart two
// sections must be to rank after one section (Rule).
const UnevenSections = 4

// Published is a published movement the caller offers as a candidate (a
// movement of the library). It is taken as published: never re-oriented.
type Published struct {
	Name     string
	Movement *movement.Movement
}

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
	// MinBoards and MaxBoards are the boards the session should have
	// (0: DefaultMinBoards and DefaultMaxBoards): a candidate fits when
	// rounds × B lies in the range for some whole number B of boards per
	// round.
	MinBoards, MaxBoards int
	// MinPerRound and MaxPerRound bound the boards a round
	// (0: DefaultMinPerRound and DefaultMaxPerRound). With two board
	// groups a round (a split round) a round's boards are even.
	MinPerRound, MaxPerRound int
	// MaxCopies is the most copies of a board group the room has, that is
	// the most tables playing one group in one round (0: DefaultMaxCopies).
	MaxCopies int
	// MaxTables is the most tables the room has (0: no limit).
	MaxTables int
	// Samples is the number of random numberings behind each Qd
	// (0: DefaultSamples; negative: no Qd). The numberings are drawn with
	// Seed, so Qd is the same on every machine.
	Samples int64
	// NoSections leaves out the fields played as two sections.
	NoSections bool
	// allLengths keeps every session length that fits (a section must
	// match the other section's rounds), not only the longest.
	allLengths bool
	// Published are published movements to add as candidates: those with
	// the field's number of pairs, and for an odd field those with one pair
	// more, made a half table (movement.BestPhantom). Movements whose board
	// groups are played unequal numbers of times are left out (their
	// balance is not defined).
	Published []Published
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
	if s.MinBoards == 0 && s.MaxBoards == 0 {
		s.MinBoards, s.MaxBoards = DefaultMinBoards, DefaultMaxBoards
	}
	if s.Samples == 0 {
		s.Samples = DefaultSamples
	}
	if s.MinPerRound == 0 && s.MaxPerRound == 0 {
		s.MinPerRound, s.MaxPerRound = DefaultMinPerRound, DefaultMaxPerRound
	}
	if s.MaxCopies == 0 {
		s.MaxCopies = DefaultMaxCopies
	}
	return s
}

// perRound lists the boards a round, within the settings' bounds and a
// multiple of split, that give a session within the board range; when none
// does, nearest is the one whose session is nearest the range and distance
// how many boards it falls outside (0 when some fits; nearest 0 when no
// number of boards a round is within the bounds).
func perRound(rounds, split int, set Settings) (fit []int, nearest, distance int) {
	distance = math.MaxInt
	for b := set.MinPerRound; b <= set.MaxPerRound; b++ {
		if b%split != 0 {
			continue
		}
		total := rounds * b
		d := max(set.MinBoards-total, total-set.MaxBoards, 0)
		if d == 0 {
			fit = append(fit, b)
		}
		if d < distance {
			nearest, distance = b, d
		}
	}
	if len(fit) > 0 {
		return fit, 0, 0
	}
	if nearest == 0 {
		distance = 0
	}
	return nil, nearest, distance
}

// BoardsPerRound lists the numbers of boards per round B ≥ 1 for which a
// movement of that many rounds has rounds × B boards within min..max.
func BoardsPerRound(rounds, minBoards, maxBoards int) []int {
	var out []int
	for b := 1; rounds > 0 && rounds*b <= maxBoards; b++ {
		if rounds*b >= minBoards {
			out = append(out, b)
		}
	}
	return out
}

// Candidate is one movement for the field.
type Candidate struct {
	// Name is the canonical spec text of a generated movement, or the name
	// of a published one.
	Name string
	// Family is the spec family, or "library" for a published movement.
	Family string
	// Spec names a generated movement as generated, before arrow switches;
	// the zero Spec for a published one.
	Spec movement.Spec
	// Exact is the text that gives Movement exactly, switches and absent
	// pair included: a spec (movement.ParseSpec) for a generated movement,
	// the name with modifiers ("NAME,absent=14") for a published one.
	Exact string
	// Movement is the movement as it should be played: generated, made a
	// half table if need be, and re-oriented by the arrow-switch search.
	Movement *movement.Movement
	// Seated is, for a half table, the movement with every seat filled:
	// Movement is Seated with pair Absent absent (movement.WithoutPair),
	// the form other programs take with the phantom's number. Seated is
	// nil and Absent 0 when no pair is absent.
	Seated *movement.Movement
	Absent int
	// BoardsPerRound lists the boards per round, within the bounds
	// (Settings.MinPerRound, MaxPerRound), that give a session within the
	// board range; empty when none does.
	BoardsPerRound []int
	// Nearest is, when none does, the boards per round within the bounds
	// whose session is nearest the range, and Distance how many boards
	// that session falls outside it (0 when in range).
	Nearest, Distance int
	// Tables is the number of tables the players sit at, and
	// GroupsPerRound the board groups a table plays in a round (2: split
	// rounds; movement.PlayingTables).
	Tables, GroupsPerRound int
	// Excluded says which bound the candidate breaks (copies, tables, or
	// board groups played unequally often), "" when none: such candidates
	// are ranked after all others.
	Excluded string
	// Switched counts the tables the search re-oriented.
	Switched int
	// Proven says the search proved no orientation is better.
	Proven bool
	Facts  movement.Facts
	// QfGenerated is the Qf of the movement before the arrow switches (for
	// a field played as sections, the lower of the sections').
	QfGenerated float64
	// Qf, Qf1av, Qf1max and Qo are the balance figures of Movement
	// (movement.Balance, movement.Vacancy); Qf1 figures are 0 when the field is too small.
	Qf, Qf1av, Qf1max, Qo float64
	// Deal is what the director deals at the first of BoardsPerRound (or
	// Nearest): board sets, boards a set, copies, beside the boards each
	// pair plays.
	Deal Deal
	// Sections are the figures of each section of a field played as
	// several (Movement.Sections), nil for one section; Across is then the
	// Qf of the whole field on shared boards, 0 with each section its own.
	Sections []SectionFigures
	Across   float64
	// Measured says the arrow-switch search and Qd ran: candidates outside
	// the board range, when some candidate is within it, are measured as
	// generated (they rank after every candidate in range).
	Measured bool
	// Qd is the Bussemaker Qd of Movement (luck.Bussemaker): the mean
	// probability, in percent, that a pair finishes in the place of its
	// strength, from Settings.Samples random numberings; QdComputed says
	// it was computed (not for sections scored apart, each its own
	// ranking, nor for a candidate measured as generated).
	Qd         float64
	QdComputed bool
}

// InRange reports whether the candidate's rounds fit the board range.
func (c Candidate) InRange() bool { return len(c.BoardsPerRound) > 0 }

// Specs lists the specs of the generated families that fit a field of the
// given number of pairs: the table count is pairs/2 rounded up, and an odd
// field is a half table (phantom=best), except for the rover and the
// appendix Mitchells, which are built for an odd field, and the Howell,
// which handles one itself.
// The criss-cross Mitchell joins the relay Mitchell when the table count is
// a multiple of 4: the same rounds with stationary boards and no sharing.
// An odd field gets the phantom variants of every family of the even field
// one pair larger, the skip and curtailed Mitchells included, though a
// phantom leaves their groups played unequal numbers of times (the manuals
// warn against it; the balance is then not defined and For marks them
// excluded, with the reason).
// Short Howells, curtailed Mitchells and Web Mitchells with fewer
// board sets are listed for every session length from ShortRoundsMin to
// ShortRoundsMax rounds that their size allows, and the perfect Howell
// (movement.Perfect); For leaves out those that have no arrangement
// (movement.ShortHowell, movement.Perfect).
func Specs(pairs int) []movement.Spec {
	T := (pairs + 1) / 2
	half := pairs%2 == 1
	var out []movement.Spec
	add := func(family string, size int, phantom bool) {
		out = append(out, movement.Spec{Family: family, Size: size, Phantom: phantom})
	}
	if T%2 == 1 {
		add("mitchell", T, half)
		// Large fields play a Mitchell curtailed to the rounds the session
		// has; with a phantom its groups would be played unequally often.
		for r := ShortRoundsMin; r <= min(T-1, ShortRoundsMax); r++ {
			out = append(out, movement.Spec{Family: "mitchell", Size: T, Rounds: r, Phantom: half})
		}
		add("hesitation-mitchell", T, half)
		add("blackpool", T, half)
	} else {
		add("relay-mitchell", T, half)
		if T%4 == 0 {
			add("criss-cross-mitchell", T, half)
		}
		add("skip-mitchell", T, half)
		for r := ShortRoundsMin; r <= min(T-2, ShortRoundsMax); r++ {
			out = append(out, movement.Spec{Family: "skip-mitchell", Size: T, Rounds: r, Phantom: half})
		}
		add("web-mitchell", T, half)
		for sets := max(T/2, ShortRoundsMin) | 1; sets <= min(T-3, ShortRoundsMax); sets += 2 {
			out = append(out, movement.Spec{Family: "web-mitchell", Size: T, Sets: sets, Phantom: half})
		}
	}
	if half && (T-1)%2 == 1 && (T-1)%3 != 0 && T-1 >= 5 {
		add("rover-mitchell", T-1, false)
	}
	if half && T-2 >= 3 {
		add("appendix-mitchell", T-2, false)
	}
	add("howell", pairs, false)
	add("perfect", pairs+pairs%2, half)
	even := pairs + pairs%2
	for r := max(even/2+1, ShortRoundsMin); r <= min(even-2, ShortRoundsMax); r++ {
		out = append(out, movement.Spec{Family: "howell", Size: pairs, Rounds: r})
	}
	return out
}

// For returns the candidate movements for a field of the given number of
// pairs, ranked best first by this rule (Rule says it in words):
//
//  1. candidates within the bounds (copies, tables, boards a round) first;
//  2. candidates whose rounds fit the board range (Settings.MinBoards and
//     MaxBoards) before those that do not, these by how far they fall
//     outside it;
//  3. one winner before two or more, when the one winner is worth having:
//     a one-field movement of Qf at least OneWinnerQf ranks before every
//     movement of several fields (one the search could not join into one
//     field, or sections scored apart) and before one-field movements of
//     lower Qf, which rank with them by their balance;
//  4. one section, or sections of about the same size, before sections
//     more than UnevenSections pairs apart (a split of 11 and 6 pairs is
//     two unequal contests);
//  5. higher Qf, at the printed precision (two decimals), the pooled Qf
//     of sections scored apart (Measure);
//  6. higher Qf1av, then higher Qf1max (the vacancy quality);
//  7. fewer copies of the boards needed;
//  8. the name, so that the order is total.
//
// Besides the single movements (Specs), a field of 12 pairs or more gets
// candidates played as two sections (sectionCandidates). When some
// candidate within the bounds fits the board range, those outside it are
// measured as generated (no arrow-switch search, no Qd; Measured false):
// they rank after it whatever their balance, and the search of a 59-round
// Howell is time no director waits for.
//
// For is deterministic: the same settings give the same list on every
// machine. A cancelled context stops it with the context's error.
func For(ctx context.Context, pairs int, set Settings) ([]Candidate, error) {
	if pairs < MinPairs || pairs > MaxPairs {
		return nil, fmt.Errorf("catalogue: %d pairs: the catalogue covers %d to %d pairs", pairs, MinPairs, MaxPairs)
	}
	set = set.withDefaults()
	if set.MinBoards < 1 || set.MaxBoards < set.MinBoards {
		return nil, fmt.Errorf("catalogue: boards %d-%d: want 1 ≤ MIN ≤ MAX", set.MinBoards, set.MaxBoards)
	}
	if set.MinPerRound < 1 || set.MaxPerRound < set.MinPerRound {
		return nil, fmt.Errorf("catalogue: boards per round %d-%d: want 1 ≤ MIN ≤ MAX", set.MinPerRound, set.MaxPerRound)
	}
	if set.MaxCopies < 1 || set.MaxTables < 0 {
		return nil, fmt.Errorf("catalogue: copies at most %d, tables at most %d: want positive numbers", set.MaxCopies, set.MaxTables)
	}
	var secs []Candidate
	if !set.NoSections && pairs >= 2*MinPairs {
		var err error
		if secs, err = sectionCandidates(ctx, pairs, set); err != nil {
			return nil, err
		}
	}
	fits := slices.ContainsFunc(secs, Candidate.Fits)
	out, err := single(ctx, pairs, set, fits)
	if err != nil {
		return nil, err
	}
	out = append(out, secs...)
	slices.SortStableFunc(out, compare)
	return out, nil
}

// single lists the candidates played as one movement, measured; fits says
// some other candidate within the bounds fits the board range.
func single(ctx context.Context, pairs int, set Settings, fits bool) ([]Candidate, error) {
	keep := func(m *movement.Movement) bool {
		return !(set.MinRounds > 0 && m.Rounds < set.MinRounds || set.MaxRounds > 0 && m.Rounds > set.MaxRounds)
	}
	var out []Candidate
	for _, spec := range Specs(pairs) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		// A session length of the family is listed only when it fits.
		if r := max(spec.Rounds, spec.Sets); r != 0 {
			if fit, _, _ := perRound(r, 1, set); len(fit) == 0 {
				continue
			}
		}
		// A complete Howell far longer than the session is no candidate
		// (no director plays 59 rounds in an evening, and building it
		// takes seconds).
		if r := spec.Size - 1 + spec.Size%2; (spec.Family == "howell" && spec.Rounds == 0 || spec.Family == "perfect") &&
			2*r*set.MinPerRound > 3*set.MaxBoards {
			continue
		}
		seated, absent, err := seat(spec)
		if err != nil && (spec.Rounds != 0 || spec.Sets != 0 || spec.Family == "perfect") {
			continue // no arrangement of this size and length
		}
		if err != nil {
			return nil, fmt.Errorf("catalogue: %w", err)
		}
		m := seated
		if absent != 0 {
			if m, err = seated.WithoutPair(absent); err != nil {
				return nil, fmt.Errorf("catalogue: %s: %w", spec, err)
			}
		}
		if m.Pairs != pairs {
			panic(fmt.Sprintf("catalogue: %s has %d pairs, want %d", spec, m.Pairs, pairs))
		}
		if !keep(m) {
			continue
		}
		c := Candidate{Name: spec.String(), Family: spec.Family, Spec: spec, Movement: m, Absent: absent}
		if absent != 0 {
			c.Seated = seated
		}
		out = append(out, c)
	}
	// Of a family's session lengths, only the longest that fits at each
	// number of boards a round is kept.
	longest := longestFits(out, set)
	out = slices.DeleteFunc(out, func(c Candidate) bool {
		if set.allLengths {
			return false
		}
		r := max(c.Spec.Rounds, c.Spec.Sets)
		fit, _, _ := perRound(r, 1, set)
		return r != 0 && !slices.ContainsFunc(fit, func(b int) bool { return longest[lengthKey(c.Spec, b)] == r })
	})
	generated := len(out)
	for _, p := range set.Published {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		c := Candidate{Name: p.Name, Family: "library", Movement: p.Movement}
		switch p.Movement.Pairs {
		case pairs:
		case pairs + 1:
			if pairs%2 == 0 {
				continue
			}
			v, err := movement.BestPhantom(p.Movement)
			if err != nil {
				return nil, fmt.Errorf("catalogue: %s: %w", p.Name, err)
			}
			if c.Movement, err = p.Movement.WithoutPair(v); err != nil {
				return nil, fmt.Errorf("catalogue: %s: %w", p.Name, err)
			}
			c.Seated, c.Absent = p.Movement, v
		default:
			continue
		}
		if !keep(c.Movement) || !movement.ComputeBalance(c.Movement).Uniform {
			continue
		}
		c.Exact = p.Name
		if c.Absent != 0 {
			c.Exact += fmt.Sprintf(",absent=%d", c.Absent)
		}
		out = append(out, c)
	}
	inRange := fits
	for i := range out {
		prepare(&out[i], set)
		inRange = inRange || out[i].Fits()
	}
	for i := range out {
		c := &out[i]
		generatedM := c.Movement
		measure := !inRange || c.InRange()
		if err := evaluate(ctx, c, measure && i < generated && !set.Unswitched, measure, set); err != nil {
			return nil, err
		}
		if i < generated {
			var err error
			if c.Exact, err = exact(c.Spec, c.Absent, generatedM, c.Movement); err != nil {
				return nil, fmt.Errorf("catalogue: %s: %w", c.Spec, err)
			}
		}
	}
	return out, nil
}

// seat builds the movement a spec names with every seat filled, and the
// pair to leave absent (0: none): for a half table (phantom=best, an odd
// Howell) the movement for one pair more and the pair movement.BestPhantom
// chooses, so that the seated movement without that pair is spec.Build().
func seat(spec movement.Spec) (*movement.Movement, int, error) {
	full := spec
	switch {
	case spec.Phantom:
		full.Phantom = false
	case spec.Family == "howell" && spec.Size%2 == 1 && spec.Absent == 0:
		full.Size++
	default:
		m, err := spec.Build()
		return m, 0, err
	}
	m, err := full.Build()
	if err != nil {
		return nil, 0, err
	}
	v, err := movement.BestPhantom(m)
	return m, v, err
}

// lengthKey names a family, size and sit-out at some boards a round, for
// longestFits.
func lengthKey(spec movement.Spec, perRound int) string {
	return fmt.Sprintf("%s:%d,%v,%d", spec.Family, spec.Size, spec.Phantom, perRound)
}

// longestFits is, for each family, size and number of boards a round, the
// most rounds of the family's session lengths (short Howells, curtailed
// Mitchells, Web Mitchells with fewer sets) built that fit the board range.
func longestFits(cs []Candidate, set Settings) map[string]int {
	out := map[string]int{}
	for _, c := range cs {
		spec := c.Spec
		r := max(spec.Rounds, spec.Sets)
		if r == 0 {
			continue
		}
		fit, _, _ := perRound(r, 1, set)
		for _, b := range fit {
			out[lengthKey(spec, b)] = max(out[lengthKey(spec, b)], r)
		}
	}
	return out
}

// exact is the spec that builds played: the generated spec with the
// arrow switches that turn generated into played and, for a
// half table made with phantom=best, the absent pair named (the search may
// change which pair BestPhantom would choose after the switches).
func exact(spec movement.Spec, absent int, generated, played *movement.Movement) (string, error) {
	if spec.Phantom {
		spec.Phantom, spec.Absent = false, absent
	}
	var err error
	spec.Except = nil
	if spec.Switch, spec.SwitchAt, err = movement.Switches(generated, played); err != nil {
		return "", err
	}
	return spec.String(), nil
}

// prepare works out what the orientation does not change: the tables, the
// boards a round that fit, the facts and the bound the candidate breaks.
func prepare(c *Candidate, set Settings) {
	c.Tables, c.GroupsPerRound = movement.PlayingTables(c.Movement)
	c.BoardsPerRound, c.Nearest, c.Distance = perRound(c.Movement.Rounds, c.GroupsPerRound, set)
	c.Facts = movement.Describe(c.Movement)
	c.Facts.Uniform = Uniform(c.Movement)
	switch {
	case !c.Facts.Uniform:
		c.Excluded = "its board groups are played unequal numbers of times (the balance is not defined)"
	case c.Facts.Copies > set.MaxCopies:
		c.Excluded = fmt.Sprintf("needs %d copies of the boards (at most %d)", c.Facts.Copies, set.MaxCopies)
	case set.MaxTables > 0 && c.Tables > set.MaxTables:
		c.Excluded = fmt.Sprintf("needs %d tables (at most %d)", c.Tables, set.MaxTables)
	case c.Nearest == 0 && len(c.BoardsPerRound) == 0:
		c.Excluded = fmt.Sprintf("no number of boards a round from %d to %d suits its %d board groups a round", set.MinPerRound, set.MaxPerRound, c.GroupsPerRound)
	}
	b := c.Nearest
	if len(c.BoardsPerRound) > 0 {
		b = c.BoardsPerRound[0]
	}
	c.Deal = DealOf(c.Movement, c.Facts, c.GroupsPerRound, b)
}

// evaluate re-orients c.Movement when search is set, and measures it:
// the balance always, Qd when qd is set. A movement already evaluated in
// this process with the same search settings gets the same answer from
// evaluations.
func evaluate(ctx context.Context, c *Candidate, search, qd bool, set Settings) error {
	key := evaluationKey(c, search, qd, set)
	if e, ok := evaluations.get(key); ok {
		e.apply(c)
		return nil
	}
	if err := evaluateNow(ctx, c, search, qd, set); err != nil {
		return err
	}
	evaluations.put(key, evaluatedOf(c, search))
	return nil
}

func evaluateNow(ctx context.Context, c *Candidate, search, qd bool, set Settings) error {
	gen := movement.ComputeBalance(c.Movement)
	c.QfGenerated = gen.Qf
	c.Measured = qd
	if search && gen.Uniform {
		res, err := optimize.Search(ctx, c.Movement, optimize.Settings{
			Iterations:     set.Iterations,
			Restarts:       set.Restarts,
			Seed:           set.Seed,
			ExhaustiveBits: set.ExhaustiveBits,
			// The catalogue ranks by Qf1av: its optimiser ranks so too.
			Vacancy: optimize.VacancyAvThenMax,
		})
		if err != nil {
			return fmt.Errorf("catalogue: %s: %w", c.Name, err)
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		c.Movement, c.Switched, c.Proven = res.Movement, len(res.Switched), res.Proven
		if c.Seated != nil {
			c.Seated = reseat(c.Seated, c.Movement, c.Absent)
		}
		c.Facts = movement.Describe(c.Movement)
	}
	f := Measure(c.Movement)
	c.Qf, c.Qo, c.Qf1av, c.Qf1max, c.Sections, c.Across = f.Qf, f.Qo, f.Qf1av, f.Qf1max, f.Sections, f.Across
	if qd && set.Samples > 0 && !(len(c.Movement.Sections) > 0 && !c.Movement.Across) {
		r, err := luck.Bussemaker(ctx, c.Movement, luck.Settings{Method: luck.Sample, Samples: set.Samples, Seed: set.Seed})
		if err != nil {
			return fmt.Errorf("catalogue: %s: Qd: %w", c.Name, err)
		}
		c.Qd, c.QdComputed = r.Qd, true
	}
	return nil
}

// reseat orients the seated movement's tables as played orients them: the
// played movement is seated without pair absent, re-oriented. The tables
// where the absent pair sits keep their orientation.
func reseat(seated, played *movement.Movement, absent int) *movement.Movement {
	out := seated.Clone()
	renumber := func(p int) int {
		if p >= absent {
			return p + 1
		}
		return p
	}
	for r, row := range played.Schedule {
		for t, tb := range row {
			if tb.Empty() {
				continue
			}
			out.Schedule[r][t].NS, out.Schedule[r][t].EW = renumber(tb.NS), renumber(tb.EW)
		}
	}
	return out
}

// Classes of candidates, in rank order (Rule, steps 3 and 4).
const (
	// OneWinner: one field, balanced well enough for one winner.
	OneWinner = iota
	// ByBalance: several fields (a Mitchell's two, sections scored apart
	// of about the same size) or one field of Qf below OneWinnerQf,
	// ranked by their balance.
	ByBalance
	// UnevenSplit: sections more than UnevenSections pairs apart.
	UnevenSplit
)

// Class is the candidate's class in the ranking (OneWinner, ByBalance,
// UnevenSplit).
func (c Candidate) Class() int {
	switch {
	case Uneven(c.Movement):
		return UnevenSplit
	case c.Facts.Fields == 1 && math.Round(c.Qf*100) >= OneWinnerQf*100:
		return OneWinner
	}
	return ByBalance
}

// Uneven says m is played as sections more than UnevenSections pairs
// apart.
func Uneven(m *movement.Movement) bool {
	if len(m.Sections) < 2 {
		return false
	}
	lo, hi := m.Sections[0].Pairs, m.Sections[0].Pairs
	for _, s := range m.Sections {
		lo, hi = min(lo, s.Pairs), max(hi, s.Pairs)
	}
	return hi-lo > UnevenSections
}

// compare orders candidates by the rule documented on For.
func compare(a, b Candidate) int {
	hundredths := func(x float64) int64 { return int64(math.Round(x * 100)) }
	if (a.Excluded == "") != (b.Excluded == "") {
		if a.Excluded == "" {
			return -1
		}
		return 1
	}
	if a.InRange() != b.InRange() {
		if a.InRange() {
			return -1
		}
		return 1
	}
	if c := cmp.Compare(a.Distance, b.Distance); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Class(), b.Class()); c != 0 {
		return c
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
	return cmp.Compare(a.Name, b.Name)
}
