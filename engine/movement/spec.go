package movement

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine"
)

// ErrNotSpec is returned by ParseSpec for text that is not a movement spec
// at all (no "family:" prefix), so that callers can try it as a file or a
// library name instead.
var ErrNotSpec = errors.New("not a movement spec (family:size)")

// Spec is a movement named in one line, "family:size,key=value,...":
//
//	mitchell:7                 standard Mitchell, 7 tables (odd)
//	relay-mitchell:8           relay (share-and-relay) Mitchell, 8 tables (even)
//	stay-mitchell:7            Mitchell with stationary boards, NS up, EW down, 7 tables (odd)
//	criss-cross-mitchell:8     criss-cross Mitchell, stationary boards, 8 tables (a multiple of 4)
//	mitchell:17,rounds=8       the same, curtailed to its first 8 rounds (played
//	                           for 8 of its 17 rounds: every board set is still
//	                           played once a round, 8 times in all)
//	skip-mitchell:8            skip Mitchell, 8 tables (even), 7 rounds
//	skip-mitchell:8,rounds=5   the same, curtailed to 5 rounds (1..tables-1)
//	web-mitchell:10            Web Mitchell, 10 tables (even), 9 board sets
//	web-mitchell:10,sets=13    the same with 13 sets (odd, from tables/2), 13 rounds
//	blackpool:7                Mitchell, 7 tables (odd), with 2 extra sets on a relay
//	blackpool:7,extra=4        the same with 4 extra sets (2, 4 or 6)
//	rover-mitchell:7           Mitchell, 7 tables (odd, not a multiple of 3), and a rover pair
//	hesitation-mitchell:7      hesitation Mitchell, 7 tables (odd), 8 rounds
//	appendix-mitchell:9        Mitchell on a base of 9 tables with 1½ tables appended (21 pairs)
//	howell:13                  complete Howell, 13 pairs (from 4; odd: a half table)
//	howell:16,rounds=12        short (3/4) Howell, 16 pairs, 12 rounds (ShortHowell;
//	                           odd: for one pair more, as a half table)
//	perfect:12                 a Howell with perfect balance, 12 pairs, 11 rounds (Perfect)
//	perfect:12,sessions=2      the same in 2 sessions, each playing its own board groups
//	perfect:8,rounds=14        a double Howell with perfect balance (rounds: P-1 or 2(P-1))
//	perfect:6,vacancy=super    the superperfect Howell-6: Qf1 100 with any pair absent
//	                           (SuperperfectHowell6)
//	multisession:14,sessions=6+7+6+7
//	                           14 pairs in 4 sessions of 6, 7, 6 and 7 rounds, every
//	                           round a barometer group: Howell rounds repeated (Multisession)
//	multisession:16,sessions=6+6+6+6+6,base=perfect
//	                           the same from the perfect Howell's board groups
//	multisession:22,sessions=7+7+7,starter=5-1+2-10+...
//	                           the same from the cyclic 1-factorisation this starter of
//	                           Z21 generates (CyclicRounds), x NS against y in x-y
//
// A field played as two (or more) sections, each its own movement with its
// own pairs and tables, side by side in the same rounds (JoinSections), is
// the sections' specs joined by "/", then, optionally, how they are played:
//
//	sections:rover-mitchell:7/mitchell:7
//	                           29 pairs: 15 in a rover Mitchell, 14 in a Mitchell,
//	                           7 rounds; each section its own boards, scored apart
//	sections:mitchell:8,rounds=7/mitchell:8,rounds=7/boards=shared,score=across
//	                           two sections on the same deals (each section its own
//	                           copy), scored across the field
//
// The options are boards=own (the default: the second section's board sets
// follow the first's) or boards=shared, and score=apart (the default) or
// score=across (needs boards=shared). Each section's spec takes its own
// modifiers; the pairs and tables of the second section are numbered after
// the first's (pair 1 of "mitchell:7" in the second section above is pair 16
// of the field).
//
// The size is the number of tables for the Mitchells (of the base, for
// the appendix Mitchell), of pairs for the Howells and multisession movements. Modifiers, for every family, applied in this order:
//
//	switch=2+5     arrow-switch rounds 2 and 5 (Movement.SwitchRounds)
//	except=1+6     ... at every table but tables 1 and 6
//	switch=r3t1.4  arrow-switch tables 1 and 4 of round 3 only (except
//	               does not apply); items mix: switch=2+r3t1.4+5
//	rover=2:2+3:4  an extra pair takes pair 2's seat in round 2, pair 4's in
//	               round 3 (WithRover; see late.go for the three modifiers of
//	               a late or leaving pair)
//	appendix=2:9   an extra pair plays pair 9 at an added table in round 2
//	               (WithAppendix)
//	miss=16:1-1    pair 16 misses round 1: it arrives late (Missing)
//	join=1         with absent=N: pair N, the half table's absent pair,
//	               arrives after round 1 and plays its seats from then on,
//	               numbered after every other pair (JoinLate)
//	absent=14      pair 14 is absent (Movement.WithoutPair): a half table
//	phantom=best   the pair BestPhantom chooses is absent (HalfTable)
//
// A parameter at its default is accepted but not printed: String is the
// canonical text, and ParseSpec(s.String()) gives s back.
type Spec struct {
	Family string
	// Size is the number of tables (Mitchells) or pairs (Howell).
	Size int
	// Rounds (skip-mitchell, howell, perfect), Sets (web-mitchell), Extra
	// (blackpool) and Sessions (perfect) are family parameters; 0 means the
	// family's default.
	Rounds, Sets, Extra, Sessions int
	// Switch lists arrow-switched rounds, Except the tables those rounds
	// leave unswitched (1-based).
	Switch, Except []int
	// SwitchAt lists arrow switches at some tables of a round ("r3t1.4"),
	// applied after Switch and Except.
	SwitchAt []RoundTables
	// Absent is a pair left out (0: none); Phantom leaves out the best one.
	Absent  int
	Phantom bool
	// Super (perfect, "vacancy=super") asks for perfect balance with any
	// one pair absent too: the superperfect Howell-6.
	Super bool
	// SessionRounds (multisession, "sessions=6+7+6+7") are the rounds of
	// each session; Base (multisession) is the cycle repeated, BaseHowell
	// when empty.
	SessionRounds []int
	Base          Base
	// Starter (multisession, "starter=1-10+2-13+...") replaces the base by
	// the cyclic 1-factorisation it generates (CyclicRounds).
	Starter [][2]int
	// Parts (sections) are the sections' specs; SharedBoards and Across
	// say the sections play the same deals and are scored across the
	// field (JoinSections).
	Parts        []Spec
	SharedBoards bool
	Across       bool
	// Rover and Appendix place an extra pair (WithRover, WithAppendix);
	// Miss lists pairs missing rounds (Missing).
	Rover, Appendix []RoundPair
	Miss            []PairRounds
	// Join (with Absent) is the round after which the absent pair arrives
	// (JoinLate); 0: it never does.
	Join int
}

// family describes one spec family: its size unit, its own parameters,
// which sizes it accepts and how it is built.
type family struct {
	unit   string
	params []string
	// check returns what is wrong with the size, "" if nothing.
	check func(n int) string
	build func(s Spec) (*Movement, error)
}

var families = map[string]family{
	"mitchell": {unit: "tables", params: []string{"rounds"},
		check: func(n int) string {
			return need(n%2 == 1 && n >= 3, "a standard Mitchell needs an odd number of tables, 3 or more (relay-mitchell, skip-mitchell and web-mitchell take even numbers)")
		},
		build: buildMitchell},
	"relay-mitchell": {unit: "tables",
		check: func(n int) string {
			return need(n%2 == 0 && n >= 4, "a relay Mitchell needs an even number of tables, 4 or more")
		},
		build: func(s Spec) (*Movement, error) { return RelayMitchell(s.Size) }},
	"stay-mitchell": {unit: "tables",
		check: func(n int) string {
			return need(n%2 == 1 && n >= 3, "a Mitchell with stationary boards needs an odd number of tables, 3 or more")
		},
		build: func(s Spec) (*Movement, error) { return StayMitchell(s.Size) }},
	"criss-cross-mitchell": {unit: "tables",
		check: func(n int) string {
			return need(n%4 == 0 && n >= 4, "a criss-cross Mitchell needs a multiple of 4 tables (with 4k+2 tables some pairs would play a board group twice)")
		},
		build: func(s Spec) (*Movement, error) { return CrissCrossMitchell(s.Size) }},
	"skip-mitchell": {unit: "tables", params: []string{"rounds"},
		check: func(n int) string {
			return need(n%2 == 0 && n >= 4, "a skip Mitchell needs an even number of tables, 4 or more")
		},
		build: func(s Spec) (*Movement, error) { return SkipMitchell(s.Size, s.Rounds) }},
	"web-mitchell": {unit: "tables", params: []string{"sets"},
		check: func(n int) string {
			return need(n%2 == 0 && n >= 4, "a Web Mitchell needs an even number of tables, 4 or more")
		},
		build: func(s Spec) (*Movement, error) { return WebMitchell(s.Size, s.Sets) }},
	"blackpool": {unit: "tables", params: []string{"extra"},
		check: func(n int) string {
			return need(n%2 == 1 && n >= 3, "a Blackpool needs an odd number of tables, 3 or more")
		},
		build: func(s Spec) (*Movement, error) { return Blackpool(s.Size, s.Extra) }},
	"rover-mitchell": {unit: "tables",
		check: func(n int) string {
			return need(n >= 5 && n%2 == 1 && n%3 != 0, "a rover Mitchell needs an odd number of tables, 5 or more, not a multiple of 3")
		},
		build: func(s Spec) (*Movement, error) { return RoverMitchell(s.Size) }},
	"hesitation-mitchell": {unit: "tables",
		check: func(n int) string {
			return need(n%2 == 1 && n >= 3, "a hesitation Mitchell needs an odd number of tables, 3 or more")
		},
		build: func(s Spec) (*Movement, error) { return HesitationMitchell(s.Size) }},
	"appendix-mitchell": {unit: "tables",
		check: func(n int) string { return need(n >= 3, "an appendix Mitchell needs a base of 3 tables or more") },
		build: func(s Spec) (*Movement, error) { return AppendixMitchell(s.Size) }},
	"howell": {unit: "pairs", params: []string{"rounds"},
		check: func(n int) string { return need(n >= 4, "a Howell needs at least 4 pairs") },
		build: buildHowell},
	"perfect": {unit: "pairs", params: []string{"rounds", "sessions", "vacancy"},
		check: func(n int) string {
			return need(n%2 == 0 && n >= 4 && n <= 64, "a perfect Howell needs an even number of pairs from 4 to 64")
		},
		build: func(s Spec) (*Movement, error) {
			rounds, sessions := s.Rounds, s.Sessions
			if rounds == 0 {
				rounds = s.Size - 1
			}
			if s.Super {
				if s.Size != 6 || rounds != 5 || sessions > 1 {
					return nil, fmt.Errorf("vacancy=super: built for 6 pairs in 5 rounds and 1 session only")
				}
				return SuperperfectHowell6(), nil
			}
			return Perfect(s.Size, rounds, max(sessions, 1))
		}},
	"multisession": {unit: "pairs", params: []string{"sessions", "base", "starter"},
		check: func(n int) string {
			return need(n%2 == 0 && n >= 4 && n <= 64, "a multisession movement needs an even number of pairs from 4 to 64")
		},
		build: func(s Spec) (*Movement, error) {
			if len(s.SessionRounds) == 0 {
				return nil, fmt.Errorf("sessions: give the rounds of each session, as sessions=6+6+6")
			}
			if s.Starter != nil {
				return MultisessionStarter(s.Size, s.SessionRounds, s.Starter)
			}
			return Multisession(s.Size, s.SessionRounds, s.Base)
		}},
}

// modifiers are the keys every family accepts, in canonical order;
// lateModifiers too, though an unknown key's message lists only the first.
var (
	modifiers     = []string{"switch", "except", "absent", "phantom"}
	lateModifiers = []string{"rover", "appendix", "miss", "join"}
)

func need(ok bool, msg string) string {
	if ok {
		return ""
	}
	return msg
}

// Families lists the spec families, sorted. "sections" (a field played
// as several movements, see Spec) is not listed: it joins families.
func Families() []string {
	var out []string
	for name := range families {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

// SpecError is a spec that names a family but is wrong; the message says
// what is wrong in words.
type SpecError struct {
	Spec string
	Msg  string
}

// Error names the spec, clipped: a spec pasted whole is a line, a
// mistake repeated a thousand times is not read.
func (e *SpecError) Error() string { return engine.ClipTo(e.Spec, maxQuoted) + ": " + e.Msg }

// maxQuoted is the most bytes of a spec an error repeats: a long real
// spec (a Howell with switches, absent pair and phantom) is 60.
const maxQuoted = 200

// ParseSpec parses a one-line movement spec (see Spec). Text without a
// "family:" prefix gets ErrNotSpec; a spec that names a family but is wrong
// gets a *SpecError.
func ParseSpec(text string) (Spec, error) {
	text = strings.TrimSpace(text)
	head, rest, found := strings.Cut(text, ":")
	if !found || len(head) < 2 || strings.Trim(head, "abcdefghijklmnopqrstuvwxyz-") != "" {
		return Spec{}, ErrNotSpec
	}
	bad := func(format string, args ...any) (Spec, error) {
		return Spec{}, &SpecError{Spec: text, Msg: fmt.Sprintf(format, args...)}
	}
	if head == "sections" {
		return parseSections(text, rest)
	}
	fam, ok := families[head]
	if !ok {
		return bad("unknown movement family %q (known: %s)", engine.Clip(head), strings.Join(Families(), ", "))
	}
	parts := strings.Split(rest, ",")
	s := Spec{Family: head}
	n, err := strconv.Atoi(strings.TrimSpace(parts[0]))
	if err != nil || n < 1 {
		return bad("the size must be a whole number of %s from 1, not %q", fam.unit, engine.Clip(parts[0]))
	}
	s.Size = n
	if n > MaxPairs || fam.unit == "tables" && n > MaxTables {
		limit := MaxPairs
		if fam.unit == "tables" {
			limit = MaxTables
		}
		return bad("%d %s: more than the %d %s the engine handles", n, fam.unit, limit, fam.unit)
	}
	if msg := fam.check(n); msg != "" {
		return bad("%s", msg)
	}
	known := append(slices.Clone(fam.params), modifiers...)
	seen := map[string]bool{}
	for _, part := range parts[1:] {
		key, val, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			return bad("%q is not key=value (known keys: %s)", engine.Clip(part), strings.Join(known, ", "))
		}
		if !slices.Contains(known, key) && !slices.Contains(lateModifiers, key) {
			return bad("unknown modifier %q (known: %s)", engine.Clip(key), strings.Join(known, ", "))
		}
		if seen[key] {
			return bad("%s is given twice", key)
		}
		seen[key] = true
		switch {
		case key == "sessions" && head == "multisession":
			list, err := parseList(val)
			if err != nil {
				return bad("sessions: %v", err)
			}
			s.SessionRounds = list
			continue
		case key == "starter":
			st, err := parseStarter(val)
			if err != nil {
				return bad("starter: %v", err)
			}
			s.Starter = st
			continue
		case key == "base":
			if b := Base(val); b != BaseHowell && b != BasePerfect {
				return bad("base must be \"howell\" or \"perfect\", not %q", engine.Clip(val))
			}
			s.Base = Base(val)
			continue
		}
		switch key {
		case "rover", "appendix":
			list, err := parseRoundPairs(val)
			if err != nil {
				return bad("%s: %v", key, err)
			}
			if key == "rover" {
				s.Rover = list
			} else {
				s.Appendix = list
			}
		case "miss":
			list, err := parseMiss(val)
			if err != nil {
				return bad("miss: %v", err)
			}
			s.Miss = list
		case "rounds", "sets", "extra", "sessions", "absent", "join":
			v, err := strconv.Atoi(val)
			if err != nil || v < 1 {
				return bad("%s must be a whole number from 1, not %q", key, engine.Clip(val))
			}
			switch key {
			case "rounds":
				s.Rounds = v
			case "sets":
				s.Sets = v
			case "extra":
				s.Extra = v
			case "sessions":
				s.Sessions = v
			case "absent":
				s.Absent = v
			case "join":
				s.Join = v
			}
		case "switch":
			rounds, at, err := parseSwitch(val)
			if err != nil {
				return bad("switch: %v", err)
			}
			s.Switch, s.SwitchAt = rounds, at
		case "except":
			list, err := parseList(val)
			if err != nil {
				return bad("except: %v", err)
			}
			s.Except = list
		case "vacancy":
			if val != "super" {
				return bad("vacancy must be \"super\" (perfect balance with any pair absent), not %q", engine.Clip(val))
			}
			s.Super = true
		case "phantom":
			if val != "best" {
				return bad("phantom must be \"best\", not %q (absent=N names the pair)", engine.Clip(val))
			}
			s.Phantom = true
		}
	}
	if s.Starter != nil && s.Base != "" {
		return bad("base and starter both name the cycle: give one")
	}
	if s.Phantom && s.Absent != 0 {
		return bad("absent and phantom both leave a pair out: give one")
	}
	if (s.Rover != nil || s.Appendix != nil) && (s.Phantom || s.Absent != 0) {
		return bad("rover and appendix add a pair to a full movement; a half table has a seat for it: give it the absent pair's number and miss=PAIR:1-R")
	}
	if s.Join != 0 && s.Absent == 0 {
		return bad("join says when the absent pair arrives: give absent=PAIR too")
	}
	if s.Rover != nil && s.Appendix != nil {
		return bad("rover and appendix both place the extra pair: give one")
	}
	if len(s.Except) > 0 && len(s.Switch) == 0 {
		return bad("except lists tables left unswitched, but no round is switched")
	}
	s.normalise()
	return s, nil
}

// normalise drops family parameters given at their default, so that String
// is canonical.
func (s *Spec) normalise() {
	switch {
	case s.Family == "skip-mitchell" && s.Rounds == s.Size-1,
		s.Family == "mitchell" && s.Rounds == s.Size,
		s.Family == "web-mitchell" && s.Sets == s.Size-1,
		s.Family == "blackpool" && s.Extra == 2,
		s.Family == "howell" && s.Rounds == s.Size-1+s.Size%2,
		s.Family == "perfect" && s.Rounds == s.Size-1:
		s.Rounds, s.Sets, s.Extra = 0, 0, 0
	}
	if s.Sessions == 1 {
		s.Sessions = 0
	}
	if s.Base == BaseHowell {
		s.Base = ""
	}
}

// buildMitchell builds a standard Mitchell, or one curtailed to its first
// rounds: every board group is still played once a round, so the groups are
// played equally often and the balance is defined.
func buildMitchell(s Spec) (*Movement, error) {
	m, err := Mitchell(s.Size)
	if err != nil || s.Rounds == 0 {
		return m, err
	}
	if s.Rounds < 1 || s.Rounds > s.Size {
		return nil, fmt.Errorf("rounds=%d: a Mitchell of %d tables plays 1 to %d rounds", s.Rounds, s.Size, s.Size)
	}
	return m.RoundSpan(0, s.Rounds), nil
}

// buildHowell builds a complete Howell, or a short one when rounds are
// given; an odd field plays the movement for one pair more as a half table.
func buildHowell(s Spec) (*Movement, error) {
	if s.Rounds == 0 {
		return CompleteHowell(s.Size)
	}
	if s.Size%2 == 0 {
		return ShortHowell(s.Size, s.Rounds)
	}
	full, err := ShortHowell(s.Size+1, s.Rounds)
	if err != nil {
		return nil, err
	}
	m, _, err := HalfTable(full)
	return m, err
}

// parseList parses "2+5+7" into its numbers.
func parseList(val string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(val, "+") {
		v, err := strconv.Atoi(f)
		if err != nil || v < 1 {
			return nil, fmt.Errorf("%q is not a list of positive numbers joined by +", engine.Clip(val))
		}
		out = append(out, v)
	}
	return out, nil
}

// parseStarter parses "x-y+x-y+...", the pairs of a starter.
func parseStarter(val string) ([][2]int, error) {
	var out [][2]int
	for _, f := range strings.Split(val, "+") {
		a, b, ok := strings.Cut(f, "-")
		x, errX := strconv.Atoi(a)
		y, errY := strconv.Atoi(b)
		if !ok || errX != nil || errY != nil || x < 1 || y < 1 {
			return nil, fmt.Errorf("%q is not a list of pairs x-y of positive numbers joined by +", engine.Clip(val))
		}
		out = append(out, [2]int{x, y})
	}
	return out, nil
}

// String returns the canonical text of the spec.
func (s Spec) String() string {
	var b strings.Builder
	if s.Family == "sections" {
		return sectionsText(s)
	}
	fmt.Fprintf(&b, "%s:%d", s.Family, s.Size)
	for _, kv := range []struct {
		key string
		v   int
	}{{"rounds", s.Rounds}, {"sets", s.Sets}, {"extra", s.Extra}, {"sessions", s.Sessions}} {
		if kv.v != 0 {
			fmt.Fprintf(&b, ",%s=%d", kv.key, kv.v)
		}
	}
	list := func(key string, l []int) {
		if len(l) == 0 {
			return
		}
		parts := make([]string, len(l))
		for i, v := range l {
			parts[i] = strconv.Itoa(v)
		}
		fmt.Fprintf(&b, ",%s=%s", key, strings.Join(parts, "+"))
	}
	if s.Super {
		b.WriteString(",vacancy=super")
	}
	list("sessions", s.SessionRounds)
	if s.Base != "" {
		fmt.Fprintf(&b, ",base=%s", s.Base)
	}
	if len(s.Starter) > 0 {
		parts := make([]string, len(s.Starter))
		for i, e := range s.Starter {
			parts[i] = fmt.Sprintf("%d-%d", e[0], e[1])
		}
		fmt.Fprintf(&b, ",starter=%s", strings.Join(parts, "+"))
	}
	if sw := switchText(s.Switch, s.SwitchAt); sw != "" {
		fmt.Fprintf(&b, ",switch=%s", sw)
	}
	list("except", s.Except)
	if len(s.Rover) > 0 {
		fmt.Fprintf(&b, ",rover=%s", roundPairsText(s.Rover))
	}
	if len(s.Appendix) > 0 {
		fmt.Fprintf(&b, ",appendix=%s", roundPairsText(s.Appendix))
	}
	if len(s.Miss) > 0 {
		fmt.Fprintf(&b, ",miss=%s", missText(s.Miss))
	}
	if s.Absent != 0 {
		fmt.Fprintf(&b, ",absent=%d", s.Absent)
	}
	if s.Join != 0 {
		fmt.Fprintf(&b, ",join=%d", s.Join)
	}
	if s.Phantom {
		b.WriteString(",phantom=best")
	}
	return b.String()
}

// Build generates the movement the spec names, with its modifiers applied.
func (s Spec) Build() (*Movement, error) {
	if s.Family == "sections" {
		return buildSections(s)
	}
	fam, ok := families[s.Family]
	if !ok {
		return nil, &SpecError{Spec: s.String(), Msg: fmt.Sprintf("unknown movement family %q (known: %s)", engine.Clip(s.Family), strings.Join(Families(), ", "))}
	}
	wrap := func(err error) error { return &SpecError{Spec: s.String(), Msg: err.Error()} }
	m, err := fam.build(s)
	if err != nil {
		return nil, wrap(err)
	}
	if m, err = s.Modify(m); err != nil {
		return nil, wrap(err)
	}
	return m, nil
}
