package kinds

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/bridgereport/bridgereport/engine/catalogue"
	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/check"
	"github.com/bridgereport/bridgereport/reports/load"
	"github.com/bridgereport/bridgereport/reports/resolve"
	"github.com/bridgereport/bridgereport/studies/library"
)

// CatalogueCell answers "N pairs turned up: which movement?" for one field
// size or a range of them (engine/catalogue): per field size a table of the
// candidate movements, ranked, with a recommendation and its reason; over
// a range, charts of the best Qf of each family and of Qd by field size.
// Each field size is cached on its own. A library movement's published Qf
// and Qo (its annotation) are checked against the catalogue's figure; other
// published figures are given as "PAIRS/NAME/FIGURE": "value" (figures qf,
// qf_generated, qf1_av, qf1_max, qo, qd), for example
// "14/mitchell:7/qf_generated": "46.94".
type CatalogueCell struct {
	cell.Common `yaml:",inline"`
	// Pairs is a field size (13) or a range of them ([6, 40]), within 6..60.
	Pairs IntRange `yaml:"pairs"`
	// Boards is the session's number of boards, MIN-MAX (default [24, 28]):
	// a candidate fits when rounds × B lies in it for some B boards per round.
	Boards IntRange `yaml:"boards"`
	// Minutes is the session's length: with MinutesPerBoard it gives the
	// board range when Boards is not given, from 85% of
	// Minutes/MinutesPerBoard boards to all of them.
	Minutes int `yaml:"minutes"`
	// Hours is the session's length in hours (2.5), instead of Minutes.
	Hours float64 `yaml:"hours"`
	// MinutesPerBoard is the time a board takes, the change of round
	// included (default 7).
	MinutesPerBoard int `yaml:"minutes_per_board"`
	// BoardsPerRound bounds the boards a round, MIN-MAX (default [2, 4]).
	BoardsPerRound IntRange `yaml:"boards_per_round"`
	// MaxCopies is the most copies of a board set the room has (default 1:
	// no barometer, no duplicated sets). Candidates breaking a bound are
	// shown apart, with the reason.
	MaxCopies int `yaml:"max_copies"`
	// MaxTables is the most tables the room has (default: no limit).
	MaxTables int `yaml:"max_tables"`
	// Iterations is the arrow-switch budget per restart (default
	// catalogue.DefaultIterations); the search is deterministic.
	Iterations int64 `yaml:"iterations"`
	// Samples is the number of random numberings behind each Qd (default
	// catalogue.DefaultSamples), drawn with a fixed seed.
	Samples int64 `yaml:"samples"`
	// Late is the round after which a pair arrives (0: none), for one
	// field size: the answer adds the plan, with the recommended
	// movement's figures as played.
	Late int `yaml:"late"`
	// Leave is the round after which a pair leaves (0: none), likewise,
	// and the plans, one per pair that may leave, ranked.
	Leave int `yaml:"leave"`
	// Extra is the round after which an extra pair joins the field (0:
	// none), for one field size: the plans (fill, rover, appendix table,
	// restart), ranked by the figures as played, and the cards of the best.
	Extra int `yaml:"extra"`
	// Pair is, with Leave, the pair that leaves (0: a plan for each pair).
	Pair int `yaml:"pair"`
}

// Catalogue is the catalogue kind.
var Catalogue = register(Kind{Name: "catalogue", Browser: true, New: func() cell.Body { return new(CatalogueCell) }, Results: []any{[]*CatalogueAnswer{}}, Figures: CatalogueCandidate{}, Prefix: "PAIRS/NAME/"})

// IntRange is a number or a range of numbers, [MIN, MAX]: in YAML 13 or [6, 40]; in a
// flag 13 or 6-40.
type IntRange [2]int

// UnmarshalYAML reads 13 or [6, 40].
func (r *IntRange) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		return r.UnmarshalText([]byte(n.Value))
	}
	var two []int
	if err := n.Decode(&two); err != nil || len(two) != 2 || two[0] > two[1] || two[0] < 1 {
		return fmt.Errorf("line %d: want a number or [MIN, MAX] with 1 ≤ MIN ≤ MAX", n.Line)
	}
	*r = IntRange{two[0], two[1]}
	return nil
}

// UnmarshalText reads 13 or 24-28.
func (r *IntRange) UnmarshalText(text []byte) error {
	lo, hi, isRange := strings.Cut(strings.TrimSpace(string(text)), "-")
	a, errA := strconv.Atoi(lo)
	b, errB := a, error(nil)
	if isRange {
		b, errB = strconv.Atoi(hi)
	}
	if errA != nil || errB != nil || a > b {
		return fmt.Errorf("%q is not a number or a range MIN-MAX with MIN ≤ MAX", text)
	}
	if a < 1 {
		return fmt.Errorf("%q: want numbers of 1 or more", text)
	}
	*r = IntRange{a, b}
	return nil
}

// MarshalText writes 13 or 24-28.
func (r IntRange) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// Count writes the range with its noun: 1 board, 24-28 boards.
func (r IntRange) Count(one, many string) string {
	if r[0] == 1 && r[1] == 1 {
		return "1 " + one
	}
	return r.String() + " " + many
}

// count writes n with its noun: 1 board, 2 boards.
func count(n int, one, many string) string {
	return strconv.Itoa(n) + " " + plural(n, one, many)
}

// String writes 13 or 24-28.
func (r IntRange) String() string {
	if r[0] == r[1] {
		return strconv.Itoa(r[0])
	}
	return fmt.Sprintf("%d-%d", r[0], r[1])
}

func (IntRange) JSONSchema() map[string]any {
	number := map[string]any{"anyOf": []any{map[string]any{"type": "integer"}, load.ParameterRef()}}
	return map[string]any{"anyOf": []any{
		map[string]any{"type": "integer"},
		load.ParameterRef(),
		map[string]any{"type": "array", "items": number, "minItems": 2, "maxItems": 2},
	}}
}

// CatalogueCandidate is one candidate movement, as the catalogue command's
// --json prints it and the cache keeps it.
type CatalogueCandidate struct {
	Name           string  `json:"name"`
	Family         string  `json:"family"`
	Tables         int     `json:"tables"`
	Rounds         int     `json:"rounds"`
	BoardGroups    int     `json:"board_groups"`
	InRange        bool    `json:"in_range"`
	BoardsPerRound []int   `json:"boards_per_round"`
	TotalBoards    []int   `json:"total_boards"`
	Copies         int     `json:"copies"`
	Stationary     int     `json:"stationary"`
	SitOutRounds   int     `json:"sit_out_rounds"`
	SitOutBoards   []int   `json:"sit_out_boards"`
	Winners        int     `json:"winners"`
	MetFraction    float64 `json:"met_fraction"`
	MaxMeetings    int     `json:"max_meetings"`
	Switched       int     `json:"switched"`
	QfGenerated    float64 `json:"qf_generated"`
	Qf             float64 `json:"qf"`
	Qf1Av          float64 `json:"qf1_av"`
	Qf1Max         float64 `json:"qf1_max"`
	Qo             float64 `json:"qo"`
	Qd             float64 `json:"qd"`
	// Class is the candidate's class in the ranking rule: "one winner"
	// (one field of Qf 50 or more), "by balance" (several fields, or one
	// of lower Qf) or "uneven sections" (more than two tables apart).
	Class string `json:"class"`
	// QdComputed says Qd was computed: not for sections scored apart, nor
	// for a candidate outside the board range when some candidate is in
	// it (the table shows "—", never 0).
	QdComputed bool   `json:"qd_computed"`
	Absent     *int   `json:"absent"`
	ASC        string `json:"asc"`
	// Spec gives the movement exactly as played (switches, absent pair):
	// movement, balance, optimize, simulate and study cells take it.
	Spec string `json:"spec"`
	// GroupsPerRound is 2 when a table plays two board groups a round.
	GroupsPerRound int `json:"groups_per_round"`
	// NearestBoardsPerRound is, when no boards per round within the bounds
	// fits the board range, the one nearest it, and BoardsOutside how many
	// boards its session falls outside the range (0 otherwise).
	NearestBoardsPerRound int `json:"nearest_boards_per_round"`
	BoardsOutside         int `json:"boards_outside"`
	// Excluded is the bound the candidate breaks, "" when none.
	Excluded string `json:"excluded"`
	// The boards to deal at the first of boards_per_round (or the
	// nearest): deal_sets sets of deal_boards_per_set boards, deal_copies
	// copies, deal_boards in all; boards_played is what each pair that
	// never sits out plays. 40 pairs in a curtailed 20-table Mitchell play
	// 24 boards, but its 20 sets need 40 boards dealt.
	DealSets         int `json:"deal_sets"`
	DealBoardsPerSet int `json:"deal_boards_per_set"`
	DealCopies       int `json:"deal_copies"`
	DealBoards       int `json:"deal_boards"`
	BoardsPlayed     int `json:"boards_played"`
	// What the pairs play, from the movement's sit-outs: the fewest
	// boards a pair plays and how many pairs play that few, the most, and
	// how many pairs play fewer than the most.
	BoardsPlayedLeast int `json:"boards_played_least"`
	PairsPlayingLeast int `json:"pairs_playing_least"`
	BoardsPlayedMost  int `json:"boards_played_most"`
	PairsPlayingFewer int `json:"pairs_playing_fewer"`
	// Sections are each section's figures for a field played as sections
	// (null for one movement); across_qf is the Qf of the whole field on
	// shared boards (0 when each section has its own).
	Sections []SectionView `json:"sections"`
	AcrossQf float64       `json:"across_qf"`
}

// Fits is the catalogue's rule (catalogue.Fits) on the cached row: the
// recommendation and --pick choose among the candidates that fit.
func (c CatalogueCandidate) Fits() bool { return catalogue.Fits(c.Excluded, c.InRange) }

// SectionView is one section's figures, as a movement of its own.
type SectionView = catalogue.SectionFigures

// catalogueField is the cached catalogue of one field size.
type catalogueField struct {
	Pairs      int                  `json:"pairs"`
	Candidates []CatalogueCandidate `json:"candidates"`
}

func (c *CatalogueCell) Movements() []string { return nil }

// settings are the engine settings of the cell, defaults filled in.
func (c *CatalogueCell) settings() (catalogue.Settings, error) {
	set := catalogue.Settings{Iterations: c.Iterations, Samples: c.Samples,
		MinBoards: catalogue.DefaultMinBoards, MaxBoards: catalogue.DefaultMaxBoards,
		MinPerRound: catalogue.DefaultMinPerRound, MaxPerRound: catalogue.DefaultMaxPerRound,
		MaxCopies: cmp.Or(c.MaxCopies, catalogue.DefaultMaxCopies), MaxTables: c.MaxTables}
	if c.Minutes < 0 || c.MinutesPerBoard < 0 || c.MaxCopies < 0 || c.MaxTables < 0 {
		return set, fmt.Errorf("minutes, minutes_per_board, max_copies and max_tables are positive numbers")
	}
	minutes, err := c.minutes()
	if err != nil {
		return set, err
	}
	if minutes > 0 && c.Boards != (IntRange{}) {
		return set, fmt.Errorf("boards and %s both give the session's length: give one", map[bool]string{true: "hours", false: "minutes"}[c.Hours != 0])
	}
	if minutes > 0 && minutes < c.minutesPerBoard() {
		return set, fmt.Errorf("a session of %s at %d minutes a board holds no board", count(minutes, "minute", "minutes"), c.minutesPerBoard())
	}
	if minutes > 0 {
		set.MinBoards, set.MaxBoards = BoardsForMinutes(minutes, c.minutesPerBoard())
	}
	if c.Boards != (IntRange{}) {
		set.MinBoards, set.MaxBoards = c.Boards[0], c.Boards[1]
	}
	if set.MinBoards < 1 || set.MaxBoards < set.MinBoards {
		return set, fmt.Errorf("boards: %d-%d: want MIN-MAX with 1 ≤ MIN ≤ MAX (minutes: %d at %d a board)", set.MinBoards, set.MaxBoards, minutes, c.minutesPerBoard())
	}
	if c.BoardsPerRound != (IntRange{}) {
		set.MinPerRound, set.MaxPerRound = c.BoardsPerRound[0], c.BoardsPerRound[1]
	}
	if set.MinPerRound < 1 || set.MaxPerRound < set.MinPerRound {
		return set, fmt.Errorf("boards_per_round: %s: want MIN-MAX with 1 ≤ MIN ≤ MAX", c.BoardsPerRound)
	}
	if c.Pairs[0] < catalogue.MinPairs || c.Pairs[1] > catalogue.MaxPairs || c.Pairs[0] > c.Pairs[1] {
		return set, fmt.Errorf("pairs: %s: the catalogue covers %d to %d pairs", c.Pairs, catalogue.MinPairs, catalogue.MaxPairs)
	}
	if c.Samples < 0 {
		return set, fmt.Errorf("samples: %d: want a positive number (0: %d)", c.Samples, catalogue.DefaultSamples)
	}
	return set, nil
}

// minutes is the session's length in minutes, from Minutes or Hours (0:
// not given).
func (c *CatalogueCell) minutes() (int, error) {
	switch {
	case c.Hours == 0:
		return c.Minutes, nil
	case !(c.Hours > 0 && c.Hours <= 24): // NaN fails this too
		return 0, fmt.Errorf("hours: %v: want the session's length, more than 0 and at most 24 hours", c.Hours)
	case c.Minutes != 0:
		return 0, fmt.Errorf("hours and minutes both give the session's length: give one")
	}
	return int(math.Round(c.Hours * 60)), nil
}

// DefaultMinutesPerBoard is the time a board takes, movement included.
const DefaultMinutesPerBoard = 7

func (c *CatalogueCell) minutesPerBoard() int {
	return cmp.Or(c.MinutesPerBoard, DefaultMinutesPerBoard)
}

// BoardsForMinutes is the board range a session of that many minutes
// holds: at most minutes/perBoard boards, at least 85% of that.
func BoardsForMinutes(minutes, perBoard int) (lo, hi int) {
	hi = minutes / perBoard
	return (hi*85 + 99) / 100, hi
}

// field computes (or reads from the cache) the catalogue of one field size.
func (c *CatalogueCell) field(env *cell.Env, pairs int, set catalogue.Settings) (catalogueField, error) {
	pub, hash, err := publishedFor(pairs)
	if err != nil {
		return catalogueField{}, err
	}
	set.Published = pub
	out := catalogueField{Pairs: pairs}
	key := struct {
		Pairs                    int
		MinBoards, MaxBoards     int
		Library                  string
		MinPerRound, MaxPerRound int
		MaxCopies, MaxTables     int
		Ranking                  string
	}{pairs, set.MinBoards, set.MaxBoards, hash, set.MinPerRound, set.MaxPerRound, set.MaxCopies, set.MaxTables, catalogue.Rule}
	err = env.Cached(key, &out, func() error {
		cs, err := catalogue.For(env.Ctx, pairs, set)
		if err != nil {
			return err
		}
		for _, cand := range cs {
			v, err := viewCandidate(cand)
			if err != nil {
				return err
			}
			out.Candidates = append(out.Candidates, v)
		}
		return nil
	})
	return out, err
}

func viewCandidate(c catalogue.Candidate) (CatalogueCandidate, error) {
	f := c.Facts
	v := CatalogueCandidate{
		Name: c.Name, Family: c.Family, Tables: c.Tables, Rounds: f.Rounds, BoardGroups: f.Groups,
		InRange: c.InRange(), BoardsPerRound: append([]int{}, c.BoardsPerRound...), TotalBoards: []int{}, SitOutBoards: []int{},
		Copies: f.Copies, Stationary: len(f.Stationary), SitOutRounds: f.MaxSitOuts, Winners: f.Winners(),
		MetFraction: f.Field, MaxMeetings: f.MaxMeetings, Switched: c.Switched,
		QfGenerated: c.QfGenerated, Qf: c.Qf, Qf1Av: c.Qf1av, Qf1Max: c.Qf1max, Qo: c.Qo, Qd: c.Qd, QdComputed: c.QdComputed, Class: classNames[c.Class()], Spec: c.Exact,
		GroupsPerRound: c.GroupsPerRound, NearestBoardsPerRound: c.Nearest, BoardsOutside: c.Distance, Excluded: c.Excluded,
	}
	for _, b := range c.BoardsPerRound {
		v.TotalBoards = append(v.TotalBoards, b*f.Rounds)
		v.SitOutBoards = append(v.SitOutBoards, b*f.MaxSitOuts)
	}
	d := c.Deal
	v.DealSets, v.DealBoardsPerSet, v.DealCopies, v.DealBoards, v.BoardsPlayed = d.Sets, d.PerSet, d.Copies, d.Boards, d.Played
	v.BoardsPlayedLeast, v.PairsPlayingLeast, v.BoardsPlayedMost, v.PairsPlayingFewer = d.Least, d.AtLeast, d.Most, d.Fewer
	v.Sections = slices.Clip(c.Sections)
	v.AcrossQf = c.Across
	m := c.Movement
	if c.Seated != nil {
		m = c.Seated
		v.Absent = &c.Absent
	}
	v.ASC = asc.String(m)
	return v, nil
}

// libraryByPairs is the library's movements by number of pairs, with a
// hash of their text per size (part of the cache key).
var libraryByPairs = sync.OnceValues(func() (map[int][]catalogue.Published, error) {
	out := map[int][]catalogue.Published{}
	for _, name := range library.Names() {
		data, err := library.Read(name)
		if err != nil {
			return nil, err
		}
		pm, err := asc.Parse(name, bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		out[pm.Movement.Pairs] = append(out[pm.Movement.Pairs], catalogue.Published{Name: name, Movement: pm.Movement})
	}
	return out, nil
})

// publishedFor lists the library movements a field of that size may play
// (that size, and one pair more for an odd field) and a hash of them.
func publishedFor(pairs int) ([]catalogue.Published, string, error) {
	all, err := libraryByPairs()
	if err != nil {
		return nil, "", err
	}
	list := slices.Clone(all[pairs])
	if pairs%2 == 1 {
		list = append(list, all[pairs+1]...)
	}
	h := sha256.New()
	for _, p := range list {
		fmt.Fprintf(h, "%s\n", p.Name)
		if err := asc.Write(h, p.Movement); err != nil {
			return nil, "", err
		}
	}
	return list, hex.EncodeToString(h.Sum(nil)), nil
}

// cardsLabel begins the line of the command that prints a movement's
// cards, in the text and in the plans.
const cardsLabel = "Cards: "

// catalogueColumns are the columns of a field's table. On a narrow
// terminal (Column.Priority) a director comparing candidates keeps the
// movement, its balance and why it is shown apart, then its shape (rounds,
// boards a round), then the other figures; the family repeats the spec.
var catalogueColumns = []reports.Column{
	{Name: "rank"}, {Name: "movement", Names: true}, {Name: "family", Priority: 6}, {Name: "tables", Priority: 3}, {Name: "rounds", Priority: 2},
	{Name: "boards/round", Priority: 2}, {Name: "boards", Priority: 3}, {Name: "boards to deal", Priority: 4}, {Name: "copies", Priority: 4},
	{Name: "stationary", Priority: 5}, {Name: "sit-out (boards)", Priority: 5},
	{Name: "winners", Priority: 4}, {Name: "met %", Decimals: 0, Priority: 5}, {Name: "most meetings", Priority: 5},
	{Name: "Qf generated", Decimals: 2, Priority: 6}, {Name: "Qf", Decimals: 2}, {Name: "Qf1av", Decimals: 2, Priority: 2}, {Name: "Qf1max", Decimals: 2, Priority: 5},
	{Name: "Qo", Decimals: 2, Priority: 5}, {Name: "Qd", Decimals: 1, Priority: 3}, {Name: "absent", Priority: 5}, {Name: "shown apart because", Priority: 1, Wrap: true},
}

func joinInts(xs []int, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, sep)
}

// The classes of the ranking rule (catalogue.Candidate.Class), by name.
const (
	classOneWinner = "one winner"
	classByBalance = "by balance"
	classUneven    = "uneven sections"
)

var classNames = map[int]string{catalogue.OneWinner: classOneWinner, catalogue.ByBalance: classByBalance, catalogue.UnevenSplit: classUneven}

// Glossary says the words of a director's answer (the catalogue, the
// guide) in a director's words; docs/commands.md has it too.
const Glossary = "Words used here. Qf, the quality factor: how evenly each pair is compared with every other, " +
	"at the table or through the boards both play, from 0 to 100 (perfect); a Mitchell scored as one field has about 47, " +
	"with an arrow switch (NS and EW change places for a round) about 90; sections scored apart pool theirs. " +
	"Qf1av: Qf with one pair absent, over every pair that may be. " +
	"Qd: the chance, in percent, that a pair finishes in the place its strength deserves, from random numberings of the pairs. " +
	"A sit-out: a round a pair does not play, its table having no opponents for it. " +
	"Copies: sets of the same deals the room needs when more tables play a set in the same round. " +
	"—: a figure not computed."

// notComputed stands in a table for a figure that was not computed.
const notComputed = "—"

// fieldTable is the table of one field size's candidates, in rank order.
func fieldTable(id, caption string, cands []CatalogueCandidate) *reports.Table {
	t := &reports.Table{ID: id, Caption: caption, Columns: catalogueColumns}
	for i, c := range cands {
		bpr, total, sitOut := "outside", "-", "-"
		if c.InRange {
			bpr, total, sitOut = joinInts(c.BoardsPerRound, " or "), joinInts(c.TotalBoards, " or "), joinInts(c.SitOutBoards, " or ")
		}
		absent := ""
		if c.Absent != nil {
			absent = strconv.Itoa(*c.Absent)
		}
		deal := "-"
		if c.DealBoards > 0 {
			deal = strconv.Itoa(c.DealBoards)
		}
		// A figure not computed is "—", never a 0 that reads as computed.
		var qd, qf1av, qf1max any = c.Qd, c.Qf1Av, c.Qf1Max
		if !c.QdComputed {
			qd = notComputed
		}
		if c.Qf1Av == 0 && c.Qf1Max == 0 {
			qf1av, qf1max = notComputed, notComputed // too few pairs for one to be absent
		}
		t.Rows = append(t.Rows, []any{i + 1, c.Name, c.Family, c.Tables, c.Rounds, bpr, total, deal, c.Copies, c.Stationary, sitOut,
			c.Winners, 100 * c.MetFraction, c.MaxMeetings, c.QfGenerated, c.Qf, qf1av, qf1max, c.Qo, qd, absent, c.Excluded})
	}
	return t
}

// recommend names the best candidate and says why, in words: the first
// within the bounds, in the board range or, when none is, nearest it; ""
// when every candidate breaks a bound.
func recommend(pairs int, boards IntRange, cands []CatalogueCandidate) (name, reason string) {
	i := catalogue.Recommend(cands)
	switch {
	case i < 0 && (len(cands) == 0 || cands[0].Excluded != ""):
		return "", fmt.Sprintf("Every movement for %d pairs breaks a bound (copies of the boards, tables, boards a round); the candidates below say which.", pairs)
	case i < 0:
		return "", nothingFits(pairs, boards, cands)
	}
	best := cands[i]
	var b strings.Builder
	if best.InRange {
		perRound := joinInts(best.BoardsPerRound, " or ") + " boards"
		if len(best.BoardsPerRound) == 1 && best.BoardsPerRound[0] == 1 {
			perRound = "1 board"
		}
		fmt.Fprintf(&b, "%s: %s of %s (%s in all) at %d tables", best.Name, count(best.Rounds, "round", "rounds"),
			perRound, joinInts(best.TotalBoards, " or "), best.Tables)
	} else {
		fmt.Fprintf(&b, "%s: no movement fits %s within the bounds; the nearest is %d rounds of %s (%d in all) at %d tables", best.Name, boards.Count("board", "boards"),
			best.Rounds, count(best.NearestBoardsPerRound, "board", "boards"), best.Rounds*best.NearestBoardsPerRound, best.Tables)
	}
	switch {
	case best.Family == "sections":
		fmt.Fprintf(&b, ", played as %s, %s", sectionsText(best), whyNotOneSection(best, cands))
	case best.Winners == 1:
		b.WriteString(", one winner")
	default:
		fmt.Fprintf(&b, ", %d winners (no movement in range gives one with Qf %d or more)", best.Winners, catalogue.OneWinnerQf)
	}
	if best.InRange {
		fmt.Fprintf(&b, ", the first in range by the rule (Qf %.2f", best.Qf)
	} else {
		fmt.Fprintf(&b, ", the first of those nearest the range (Qf %.2f", best.Qf)
	}
	if len(cands) > i+1 && cands[i+1].InRange == best.InRange && cands[i+1].Excluded == "" && cands[i+1].BoardsOutside == best.BoardsOutside {
		next := cands[i+1]
		fmt.Fprintf(&b, "; next %s with %.2f", next.Name, next.Qf)
		same := func(x, y float64) bool { return fmt.Sprintf("%.2f", x) == fmt.Sprintf("%.2f", y) }
		switch {
		case best.Class != next.Class && next.Class == classUneven:
			b.WriteString(", ranked after it as sections more than two tables apart (two unequal contests)")
		case best.Class != next.Class && next.Winners == 1:
			fmt.Fprintf(&b, ", ranked after it as its one winner has Qf below %d", catalogue.OneWinnerQf)
		case best.Class != next.Class:
			fmt.Fprintf(&b, " but %d winners", next.Winners)
		case best.Winners != next.Winners:
			fmt.Fprintf(&b, " and %d winners", next.Winners)
		case !same(best.Qf, next.Qf):
		case !same(best.Qf1Av, next.Qf1Av) || !same(best.Qf1Max, next.Qf1Max):
			fmt.Fprintf(&b, ", ranked after it on the vacancy quality (Qf1av %.2f against %.2f)", next.Qf1Av, best.Qf1Av)
		case best.Copies != next.Copies:
			fmt.Fprintf(&b, ", ranked after it as it needs %d copies of the boards", next.Copies)
		default:
			b.WriteString(", the same figures, ranked by name")
		}
	}
	fmt.Fprintf(&b, "); each pair meets %.0f%% of the field", 100*best.MetFraction)
	switch best.Stationary {
	case 0:
	case 1:
		b.WriteString(", 1 pair stays put")
	default:
		fmt.Fprintf(&b, ", %d pairs stay put", best.Stationary)
	}
	if best.Copies > 1 {
		fmt.Fprintf(&b, ", %d copies of the boards are needed", best.Copies)
	}
	if best.Absent != nil {
		fmt.Fprintf(&b, "; it is played as a half table (pair %d of the movement file absent): one pair sits out each round", *best.Absent)
	}
	switch {
	case best.Family == "sections" && best.AcrossQf == 0:
		b.WriteString("; each section is scored apart (its Qf pools the sections; Qd —: not computed for sections scored apart).")
	case best.QdComputed:
		fmt.Fprintf(&b, "; Qd %.1f%%.", best.Qd)
	default:
		b.WriteString("; Qd —: not computed.")
	}
	return best.Name, b.String()
}

// sectionsText is a field played as sections in words: "two sections of 17
// and 14 pairs (A1 to A9, B1 to B7), each with its own winners".
func sectionsText(c CatalogueCandidate) string {
	labels := sectionTables(c.Spec)
	var sizes, tables []string
	for i, s := range c.Sections {
		letter := movement.SectionLetters(i)
		sizes = append(sizes, strconv.Itoa(s.Pairs))
		if i < len(labels) {
			tables = append(tables, labels[i])
		} else {
			tables = append(tables, fmt.Sprintf("%s1 to %s%d", letter, letter, s.Tables))
		}
	}
	scored := "each scored apart"
	if c.AcrossQf != 0 && c.Winners == 1 {
		scored = "scored across the field"
	}
	return fmt.Sprintf("%s sections of %s pairs (tables %s), %s, %d winners", numberWord(len(c.Sections)), strings.Join(sizes, " and "),
		strings.Join(tables, ", "), scored, c.Winners)
}

// sectionTables are each section's tables of the movement spec gives, as
// the cards and the export number them ("A1 to A8", "B1 to B7": a section
// of split tables has fewer tables than table positions); nil when the
// spec cannot be resolved. From the spec, not the candidate's movement, so
// that an answer read from the cache says the same.
func sectionTables(spec string) []string {
	pm, err := resolve.Named(spec)
	if err != nil || len(pm.Movement.Sections) < 2 {
		return nil
	}
	m := pm.Movement
	room := movement.NewRoom(m)
	first, last := map[int]string{}, map[int]string{}
	for _, t := range movement.RoomTables(m) {
		sec, _ := room.Table(t)
		if first[sec] == "" {
			first[sec] = room.TableLabel(t)
		}
		last[sec] = room.TableLabel(t)
	}
	var out []string
	for sec := range m.Sections {
		out = append(out, first[sec]+" to "+last[sec])
	}
	return out
}

// whyNotOneSection says why a field played as sections is recommended:
// no movement of one section fits the session, or the best that does
// balances worse.
func whyNotOneSection(best CatalogueCandidate, cands []CatalogueCandidate) string {
	var fits, nearest *CatalogueCandidate
	for i, c := range cands {
		if c.Family == "sections" || c.Excluded != "" {
			continue
		}
		if c.InRange && fits == nil {
			fits = &cands[i]
		}
		if !c.InRange && nearest == nil {
			nearest = &cands[i]
		}
	}
	switch {
	case fits != nil && fits.Winners == 1:
		return fmt.Sprintf("because the best movement of one section that fits, %s, has one winner at Qf %.2f only (below %d: not worth the worse balance)",
			fits.Name, fits.Qf, catalogue.OneWinnerQf)
	case fits != nil:
		return fmt.Sprintf("because the best movement of one section that fits, %s, has %d winners too and balances worse (Qf %.2f)", fits.Name, fits.Winners, fits.Qf)
	case nearest != nil && nearest.NearestBoardsPerRound > 0:
		return fmt.Sprintf("because no movement of one section fits the session within the bounds (the nearest, %s, needs %d rounds of %s, %d in all)",
			nearest.Name, nearest.Rounds, count(nearest.NearestBoardsPerRound, "board", "boards"), nearest.Rounds*nearest.NearestBoardsPerRound)
	}
	return "because no movement of one section fits the session within the bounds"
}

// numberWord writes small counts as words.
func numberWord(n int) string {
	if n >= 2 && n <= 4 {
		return [...]string{"two", "three", "four"}[n-2]
	}
	return strconv.Itoa(n)
}

// nothingFits says why no candidate within the bounds fits the board
// range: the rounds those within the bounds have, and the nearest.
func nothingFits(pairs int, boards IntRange, cands []CatalogueCandidate) string {
	var rounds []string
	for _, c := range cands {
		if r := strconv.Itoa(c.Rounds); c.Excluded == "" && !slices.Contains(rounds, r) {
			rounds = append(rounds, r)
		}
	}
	slices.SortFunc(rounds, func(a, b string) int { x, _ := strconv.Atoi(a); y, _ := strconv.Atoi(b); return x - y })
	best := cands[0]
	sections := ""
	if pairs >= 2*catalogue.MinPairs {
		sections = " (two sections included)"
	}
	return fmt.Sprintf("No movement for %d pairs fits %s within the bounds: those within them have %s rounds, and no number of boards a round "+
		"within the bounds gives %s in that many rounds%s; the nearest is %s, %d rounds of %s (%d in all) at %d tables.",
		pairs, boards.Count("board", "boards"), strings.Join(rounds, ", "), boards.Count("board", "boards"), sections, best.Name, best.Rounds,
		count(best.NearestBoardsPerRound, "board", "boards"), best.Rounds*best.NearestBoardsPerRound, best.Tables)
}

// answers computes the candidates of every field size of the cell, ranked,
// with the recommendation for each.
func (c *CatalogueCell) answers(env *cell.Env) ([]*CatalogueAnswer, []catalogueField, error) {
	if c.Pairs == (IntRange{}) {
		return nil, nil, fmt.Errorf("pairs: give a field size (13) or a range ([6, 40])")
	}
	set, err := c.settings()
	if err != nil {
		return nil, nil, err
	}
	minutes, _ := c.minutes() // checked by settings
	boards := IntRange{set.MinBoards, set.MaxBoards}
	var answers []*CatalogueAnswer
	var fields []catalogueField
	for n := c.Pairs[0]; n <= c.Pairs[1]; n++ {
		f, err := c.field(env, n, set)
		if err != nil {
			return nil, nil, fmt.Errorf("%d pairs: %w", n, err)
		}
		fields = append(fields, f)
		name, reason := recommend(f.Pairs, boards, f.Candidates)
		a := &CatalogueAnswer{Pairs: f.Pairs, Boards: [2]int{boards[0], boards[1]}, Rule: catalogue.Rule, Reason: reason,
			Samples: cmpOr(set.Samples, catalogue.DefaultSamples), Candidates: f.Candidates,
			Minutes: minutes, MinutesPerBoard: c.minutesPerBoard(), BoardsPerRound: [2]int{set.MinPerRound, set.MaxPerRound},
			MaxCopies: set.MaxCopies, MaxTables: set.MaxTables}
		if name != "" {
			a.Recommended = &name
		}
		answers = append(answers, a)
		if env.OnProgress != nil {
			env.OnProgress(int64(n-c.Pairs[0]+1), int64(c.Pairs[1]-c.Pairs[0]+1))
		}
	}
	return answers, fields, nil
}

// CatalogueAnswer is the answer for one field size: an element of the
// catalogue cell's Result, which the catalogue command runs on one size.
type CatalogueAnswer struct {
	Pairs       int                  `json:"pairs"`
	Boards      [2]int               `json:"boards"`
	Rule        string               `json:"rule"`
	Recommended *string              `json:"recommended"` // null when nothing fits
	Reason      string               `json:"reason"`
	Samples     int64                `json:"samples"`
	Candidates  []CatalogueCandidate `json:"candidates"` // in rank order
	// Minutes is the session's length when it gave the board range (0:
	// not given), at MinutesPerBoard minutes a board.
	Minutes         int `json:"minutes"`
	MinutesPerBoard int `json:"minutes_per_board"`
	// The bounds: boards a round (MIN, MAX), copies, tables (0: no limit).
	BoardsPerRound [2]int `json:"boards_per_round"`
	MaxCopies      int    `json:"max_copies"`
	MaxTables      int    `json:"max_tables"`
	// Change is the plan when a pair arrives late or leaves early (null
	// when not asked).
	Change *FieldChange `json:"change"`
	// Plans are the plans for an extra pair (--extra) or a pair leaving
	// (--leave), best first (null when not asked).
	Plans []PlanView `json:"plans"`
}

// plansPerRound is the boards a round of the recommendation, the plans'
// cards' too.
func (a *CatalogueAnswer) plansPerRound() int {
	if len(a.Candidates[0].BoardsPerRound) > 0 {
		return a.Candidates[0].BoardsPerRound[0]
	}
	return a.Candidates[0].NearestBoardsPerRound
}

// blocks are the answer: the session and its bounds, the recommendation
// with its deal, its spec and the command that prints its cards, the plan
// for a pair arriving late or leaving early, the plans for a pair leaving
// or an extra pair (with the guide cards that change), and the table of
// candidates.
func (a *CatalogueAnswer) blocks(id string) []reports.Block {
	boards := IntRange(a.Boards)
	reason := a.session() + " " + a.Reason
	if a.Recommended != nil {
		reason = a.session() + " Recommended: " + a.Reason + " Deal: " + dealText(a.Candidates[0]) + ". Its spec and the command that prints its cards:"
	}
	blocks := []reports.Block{{Prose: reason}}
	if a.Recommended != nil {
		// Commands on lines of their own, never wrapped: they paste as
		// printed (on a narrow terminal, continued after a backslash).
		blocks = append(blocks, reports.Block{Pre: &reports.Preformatted{ID: fmt.Sprintf("%s-%d-commands", id, a.Pairs),
			Text: "Spec: " + a.Candidates[0].Spec + "\n" + cardsLabel + a.cardsCommand() + "\n", CommandLabel: cardsLabel}})
	}
	if a.Change != nil {
		blocks = append(blocks, reports.Block{Prose: a.Change.Plan})
	}
	if len(a.Plans) > 0 {
		blocks = append(blocks, reports.Block{Pre: &reports.Preformatted{ID: fmt.Sprintf("%s-%d-plans", id, a.Pairs), Text: a.plansText(), CommandLabel: cardsLabel}})
	}
	caption := fmt.Sprintf("%d pairs, %s boards", a.Pairs, boards)
	return append(blocks, reports.Block{Table: fieldTable(fmt.Sprintf("%s-%d", id, a.Pairs), caption, a.Candidates)})
}

func (c *CatalogueCell) Run(env *cell.Env) (*cell.Output, error) {
	if c.Pair != 0 && c.Leave == 0 {
		return nil, fmt.Errorf("pair %d: the pair that leaves: give leave too", c.Pair)
	}
	if (c.Late != 0 || c.Leave != 0 || c.Extra != 0) && c.Pairs[0] != c.Pairs[1] {
		return nil, fmt.Errorf("late, leave, extra: a plan is for one field size, not %s", c.Pairs)
	}
	if c.Extra < 0 || c.Late < 0 || c.Leave < 0 {
		return nil, fmt.Errorf("extra %d, late %d, leave %d: want a round, 1 or more", c.Extra, c.Late, c.Leave)
	}
	if c.Extra != 0 && (c.Late != 0 || c.Leave != 0) {
		return nil, fmt.Errorf("extra and late or leave: give one change of the field")
	}
	answers, fields, err := c.answers(env)
	if err != nil {
		return nil, err
	}
	if a := answers[0]; c.Late != 0 || c.Leave != 0 {
		if a.Change, err = c.change(a); err != nil {
			return nil, err
		}
	}
	if a := answers[0]; c.Extra != 0 || c.Leave != 0 {
		if a.Plans, err = c.plans(env, a); err != nil {
			return nil, err
		}
		if err := a.compareCards(env.Ctx); err != nil {
			return nil, err
		}
	}
	out := &cell.Output{Result: answers}
	a0 := answers[0]
	out.Blocks = append(out.Blocks, reports.Block{Prose: fmt.Sprintf("Ranked by this rule: %s. Sessions of %s boards. Qd from %d random numberings per movement, drawn alike on every machine.",
		catalogue.Rule, IntRange(a0.Boards), a0.Samples)})
	computed := map[string]float64{}
	for _, f := range answers {
		out.Blocks = append(out.Blocks, f.blocks(env.ID)...)
		for _, cand := range f.Candidates {
			if err := check.AddPaths(computed, fmt.Sprintf("%d/%s/", f.Pairs, cand.Name), cand); err != nil {
				return nil, err
			}
		}
	}
	checks, err := check.Figures(env.ID+"/", computed, c.Published, c.Errata)
	if err != nil {
		return nil, err
	}
	out.Checks = append(checks, libraryChecks(env.ID, fields)...)
	if len(fields) > 1 {
		out.Blocks = append(out.Blocks, catalogueCharts(env.ID, fields)...)
	}
	out.Blocks = append(out.Blocks, reports.Block{Prose: Glossary})
	return out, nil
}

func cmpOr(x, def int64) int64 {
	if x != 0 {
		return x
	}
	return def
}

// libraryChecks compares each library candidate's figures, as the
// catalogue computes them for the whole field, with its annotation.
func libraryChecks(id string, fields []catalogueField) []reports.Check {
	var checks []reports.Check
	for _, f := range fields {
		for _, cand := range f.Candidates {
			if cand.Family != "library" || cand.Absent != nil {
				continue
			}
			data, err := library.Read(cand.Name)
			if err != nil {
				continue
			}
			qf, qo := library.Published(data)
			for _, fig := range []struct {
				key, published string
				value          float64
			}{{"qf", qf, cand.Qf}, {"qo", qo, cand.Qo}} {
				if fig.published == "" {
					continue
				}
				// A misannotated file's figures belong to another layout.
				erratum := library.Misannotated[cand.Name]
				c, err := check.Compare(fmt.Sprintf("%s/%d/%s/%s", id, f.Pairs, cand.Name, fig.key), fig.published, fig.value, erratum)
				if err == nil {
					checks = append(checks, c)
				}
			}
		}
	}
	return checks
}

// catalogueCharts draws, over the field sizes, the best Qf of each family
// (a heatmap: a family that has no movement for a size leaves a gap) and
// the Qd of the recommended movement and the best Qd in range.
func catalogueCharts(id string, fields []catalogueField) []reports.Block {
	best := map[string]map[int]float64{}
	for _, f := range fields {
		for _, c := range f.Candidates {
			if best[c.Family] == nil {
				best[c.Family] = map[int]float64{}
			}
			if q, ok := best[c.Family][f.Pairs]; !ok || c.Qf > q {
				best[c.Family][f.Pairs] = c.Qf
			}
		}
	}
	heat := &reports.Chart{ID: id + "-best-qf", Caption: "Best Qf of each family by field size (every candidate, in the board range or not)",
		Kind: "heatmap", XName: "pairs", YName: "family", ValueName: "best Qf"}
	qd := &reports.Chart{ID: id + "-qd", Caption: "Qd by field size: the recommended movement, and the best Qd in the board range",
		Kind: "line", XName: "pairs", YName: "Qd (%)", Series: []reports.Series{{Name: "recommended"}, {Name: "best in range"}}}
	for _, f := range fields {
		heat.XLabels = append(heat.XLabels, strconv.Itoa(f.Pairs))
		qd.XLabels = append(qd.XLabels, strconv.Itoa(f.Pairs))
		// A Qd not computed (sections scored apart) is a gap, not a 0.
		rec, top := -1.0, -1.0
		for i, c := range f.Candidates {
			if !c.InRange {
				break
			}
			if !c.QdComputed {
				continue
			}
			if i == 0 {
				rec = c.Qd
			}
			top = max(top, c.Qd)
		}
		for s, v := range []float64{rec, top} {
			if v < 0 {
				qd.Series[s].Gaps = append(qd.Series[s].Gaps, len(qd.Series[s].Values))
				v = 0
			}
			qd.Series[s].Values = append(qd.Series[s].Values, v)
		}
	}
	for _, fam := range slices.Sorted(maps.Keys(best)) {
		heat.YLabels = append(heat.YLabels, fam)
		row := make([]*float64, len(fields))
		for i, f := range fields {
			if q, ok := best[fam][f.Pairs]; ok {
				row[i] = &q
			}
		}
		heat.Grid = append(heat.Grid, row)
	}
	return []reports.Block{{Chart: heat}, {Chart: qd}}
}
