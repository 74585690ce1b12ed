package movement

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
)

// The movement as the Bridgemate Data Connector takes it (the scoring
// program's side of Bridgemate Control Software, JSON over HTTP), from its
// public developers' guide (github.com/bridgesystems/Bridgemate-Data-
// Connector-Scoring-Program-Client, Documentation/MD: SectionDTO, TableDTO,
// RoundDTO, SectionUpdateDTO, "Update the movement for a section"): a
// section has tables, a table has rounds, a round names the NS pair, the
// EW pair and the lowest and highest board played; the boards of a round
// are consecutive; pair 0 with the other pair above 0 is a sit-out, both 0
// an empty table, and a sit-out or empty round has no boards (0 and 0).
// Pair numbers are unique within a section. An update (UpdateMovement, for
// a pair arriving late) lists for each table the rounds from the first
// changed one: rounds below it stay, rounds above the last listed are
// deleted.

// BridgemateSection is the movement part of a SectionDTO (and of a
// SectionUpdateDTO: the same fields, HasExplicitParticipations false).
type BridgemateSection struct {
	SessionGuid               string            `json:"SessionGuid"`
	ScoringGroupNumber        int               `json:"ScoringGroupNumber"`
	Letters                   string            `json:"Letters"`
	Winners                   int               `json:"Winners"`
	GameType                  int               `json:"GameType"`
	HasExplicitParticipations bool              `json:"HasExplicitParticipations"`
	Tables                    []BridgemateTable `json:"Tables"`
}

// BridgemateTable is a TableDTO.
type BridgemateTable struct {
	SessionGuid    string            `json:"SessionGuid"`
	SectionLetters string            `json:"SectionLetters"`
	TableNumber    int               `json:"TableNumber"`
	Rounds         []BridgemateRound `json:"Rounds"`
}

// BridgemateRound is a RoundDTO (the pairs part; the team fields are for
// team events).
type BridgemateRound struct {
	SessionGuid     string `json:"SessionGuid"`
	SectionLetters  string `json:"SectionLetters"`
	TableNumber     int    `json:"TableNumber"`
	RoundNumber     int    `json:"RoundNumber"`
	PairNS          int    `json:"PairNS"`
	PairEW          int    `json:"PairEW"`
	LowBoardNumber  int    `json:"LowBoardNumber"`
	HighBoardNumber int    `json:"HighBoardNumber"`
}

// gameTypePairs is the Data Connector's GameType of a pairs event.
const gameTypePairs = 10

// BridgemateOptions say how to write a movement for the Data Connector.
type BridgemateOptions struct {
	// BoardsPerRound is the boards a table plays in a round (required).
	BoardsPerRound int
	// FromRound, above 1, writes the update from that round on
	// (UpdateMovement): each table's rounds FromRound to the last.
	FromRound int
	// SessionGuid is the session's guid, 32 upper-case hex digits; empty:
	// one derived from the movement (the same movement, the same guid).
	SessionGuid string
}

// BoardNumbers numbers the boards of m's board groups for a program that
// takes a table's boards in a round as one consecutive range: first[g] is
// the first board of group g, group g size[g] boards. A table that plays
// two groups in a round (a split table) needs them numbered one after the
// other; the groups are ordered so when the split rounds allow it (each
// group always split with the same partner, as in the perfect Howells),
// otherwise it is an error. Sections with their own boards number theirs
// after the previous section's; shared boards share numbers.
func BoardNumbers(m *Movement, size []int) (first []int, err error) {
	partner := make([]int, m.Groups)
	for g := range partner {
		partner[g] = -1
	}
	for r, row := range FirstHalves(m) {
		for t, f := range row {
			if f < 0 || f == t {
				continue
			}
			a, b := m.Schedule[r][f].Group, m.Schedule[r][t].Group
			if partner[a] >= 0 && partner[a] != b || partner[b] >= 0 && partner[b] != a {
				return nil, fmt.Errorf("round %d, table %d: board groups %s and %s are played together here and with other groups elsewhere: "+
					"no numbering makes every round's boards consecutive", r+1, f+1, m.GroupLabel(a), m.GroupLabel(b))
			}
			partner[a], partner[b] = b, a
		}
	}
	first = make([]int, m.Groups)
	next := 1
	for g := range m.Groups {
		if partner[g] >= 0 && partner[g] < g {
			continue // numbered with its partner
		}
		first[g] = next
		next += size[g]
		if p := partner[g]; p >= 0 {
			first[p] = next
			next += size[p]
		}
	}
	return first, nil
}

// WriteBridgemate writes m as the Data Connector's sections (a JSON array
// of BridgemateSection, one per section, letters A, B, ...).
func WriteBridgemate(w io.Writer, m *Movement, opt BridgemateOptions) error {
	secs, err := BridgemateSections(m, opt)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(secs)
}

// SetSizes is the boards of a set in each section of m at perRound boards
// a round: perRound, or half of it for a section whose tables play two
// board groups a round (a split table). Sections sharing their boards need
// the same size.
func SetSizes(m *Movement, perRound int) ([]int, error) {
	var out []int
	for s, sec := range m.SplitSections() {
		_, split := PlayingTables(sec)
		if perRound%split != 0 {
			return nil, fmt.Errorf("section %d: %d boards a round at tables playing %d board groups a round: want a multiple of %d", s+1, perRound, split, split)
		}
		out = append(out, perRound/split)
		if m.SharedBoards && out[s] != out[0] {
			return nil, fmt.Errorf("the sections share their boards but play sets of %d and %d boards", out[0], out[s])
		}
	}
	return out, nil
}

// BridgemateSections converts m to the Data Connector's sections. A
// section whose tables play two board sets a round is written in half
// rounds (HalveRounds): its round r is the Data Connector's rounds 2r-1 and
// 2r, one set each; HalfRoundSections says which sections are.
func BridgemateSections(m *Movement, opt BridgemateOptions) ([]BridgemateSection, error) {
	if opt.BoardsPerRound < 1 {
		return nil, fmt.Errorf("bridgemate: boards a round: %d, want 1 or more", opt.BoardsPerRound)
	}
	if opt.FromRound < 0 || opt.FromRound > m.Rounds {
		return nil, fmt.Errorf("bridgemate: from round %d: the movement has %d rounds", opt.FromRound, m.Rounds)
	}
	boards, sizes, err := SetBoards(m, opt.BoardsPerRound)
	if err != nil {
		return nil, fmt.Errorf("bridgemate: %w", err)
	}
	guid := opt.SessionGuid
	if guid == "" {
		var b strings.Builder
		WriteASC(&b, m)
		guid = fmt.Sprintf("%X", sha256.Sum256([]byte(b.String())))[:32]
	}
	if len(guid) != 32 || strings.Trim(guid, "0123456789ABCDEF") != "" {
		return nil, fmt.Errorf("bridgemate: session guid %q: want 32 upper-case hex digits", guid)
	}
	halfRounds := HalfRoundSections(m, opt.BoardsPerRound)
	var out []BridgemateSection
	for s, sec := range m.SplitSections() {
		letters := string(rune('A' + s))
		from := max(opt.FromRound, 1)
		if halfRounds[s] {
			sec = HalveRounds(sec)
			from = 2*from - 1
		}
		g0 := 0
		if len(m.Sections) > 0 {
			_, _, g0 = m.SectionRange(s)
		}
		first, size := boards[g0:g0+sec.Groups], sizes[g0:g0+sec.Groups]
		winners := 1
		if Describe(sec).Fields > 1 {
			winners = 2
		}
		bs := BridgemateSection{SessionGuid: guid, ScoringGroupNumber: 1, Letters: letters, Winners: winners, GameType: gameTypePairs}
		halves := FirstHalves(sec)
		for number, t := range physicalTables(sec) {
			bt := BridgemateTable{SessionGuid: guid, SectionLetters: letters, TableNumber: number + 1}
			for r := from - 1; r < sec.Rounds; r++ {
				br := BridgemateRound{SessionGuid: guid, SectionLetters: letters, TableNumber: number + 1, RoundNumber: r + 1}
				tb := sec.Schedule[r][t]
				if f := halves[r][t]; f == t && !tb.Empty() {
					br.PairNS, br.PairEW = tb.NS, tb.EW
					lo, hi := first[tb.Group], first[tb.Group]+size[tb.Group]-1
					// The second half of a split table: its set in this
					// record (none while every section of split tables is
					// written in half rounds, HalfRoundSections).
					for t2 := t + 1; t2 < len(halves[r]); t2++ {
						if halves[r][t2] == t {
							g := sec.Schedule[r][t2].Group
							lo, hi = min(lo, first[g]), max(hi, first[g]+size[g]-1)
						}
					}
					br.LowBoardNumber, br.HighBoardNumber = lo, hi
				}
				bt.Rounds = append(bt.Rounds, br)
			}
			bs.Tables = append(bs.Tables, bt)
		}
		sitOuts(sec, bs.Tables, from)
		out = append(out, bs)
	}
	return out, nil
}

// HalfRoundSections says, per section of m (SplitSections), whether it is
// written in half rounds (BridgemateSections): whether its tables play two
// board sets a round. One record a round could hold both sets only when
// they are played in one direction and numbered consecutively; half
// rounds always work, and a late pair's update, which may add a mid-round
// switch (the perfect Howells switch the last pair's table), keeps the
// rounds of the movement it updates.
func HalfRoundSections(m *Movement, perRound int) []bool {
	var out []bool
	for _, sec := range m.SplitSections() {
		out = append(out, hasSplit(sec))
	}
	return out
}

// HalveRounds returns m with every round played as two half rounds: a
// table that plays two board sets in round r plays the first in round
// 2r-1 and the second in round 2r, in each its own direction; a table that
// plays one set plays it in round 2r-1. The tables are the positions of
// first halves (physicalTables). The balance is that of m: the same pairs
// play the same sets in the same directions.
func HalveRounds(m *Movement) *Movement {
	tables := physicalTables(m)
	index := make(map[int]int, len(tables))
	for i, t := range tables {
		index[t] = i
	}
	out := New(m.Pairs, len(tables), 2*m.Rounds, m.Groups)
	out.NumericGroups = m.NumericGroups
	for r, row := range FirstHalves(m) {
		for t, f := range row {
			if f < 0 {
				continue
			}
			i, ok := index[f]
			if !ok {
				continue
			}
			if f == t {
				out.Schedule[2*r][i] = m.Schedule[r][t]
			} else {
				out.Schedule[2*r+1][i] = m.Schedule[r][t]
			}
		}
	}
	return out
}

// JoinHalfRounds undoes HalveRounds: rounds 2r-1 and 2r become round r, a
// table that plays in both a split table, its second set at the position
// after all tables.
func JoinHalfRounds(m *Movement) (*Movement, error) {
	if m.Rounds%2 != 0 {
		return nil, fmt.Errorf("half rounds: %d rounds, want an even number", m.Rounds)
	}
	out := New(m.Pairs, 2*m.Tables, m.Rounds/2, m.Groups)
	out.NumericGroups = m.NumericGroups
	for r := range out.Rounds {
		for t := range m.Tables {
			a, b := m.Schedule[2*r][t], m.Schedule[2*r+1][t]
			if !b.Empty() && (a.Empty() || min(a.NS, a.EW) != min(b.NS, b.EW) || max(a.NS, a.EW) != max(b.NS, b.EW)) {
				return nil, fmt.Errorf("half rounds: round %d, table %d: the second half seats pairs %d and %d, the first %d and %d", 2*r+2, t+1, b.NS, b.EW, a.NS, a.EW)
			}
			out.Schedule[r][t], out.Schedule[r][t+m.Tables] = a, b
		}
	}
	return out, nil
}

// physicalTables lists the table positions that are tables of their own,
// in order: the Data Connector's tables 1, 2, ..., the tables the cards
// number (RoomTables).
func physicalTables(m *Movement) []int { return RoomTables(m) }

func hasSplit(m *Movement) bool {
	_, split := PlayingTables(m)
	return split > 1
}

// sitOuts writes each round's pairs that are not seated as sit-outs (the
// pair NS, 0 EW) at the round's empty tables, in order: the Data
// Connector's way of saying who sits out. Pairs beyond the empty tables
// stay unlisted.
func sitOuts(m *Movement, tables []BridgemateTable, from int) {
	for r := from - 1; r < m.Rounds; r++ {
		seated := make([]bool, m.Pairs+1)
		for _, tb := range m.Schedule[r] {
			seated[tb.NS], seated[tb.EW] = true, true
		}
		p := 1
		for t := range tables {
			if rd := tables[t].Rounds[r-(from-1)]; rd.PairNS != 0 || rd.PairEW != 0 {
				continue
			}
			for p <= m.Pairs && seated[p] {
				p++
			}
			if p > m.Pairs {
				break
			}
			tables[t].Rounds[r-(from-1)].PairNS = p
			p++
		}
	}
}

// ReadBridgemate reads a movement written by WriteBridgemate (a JSON array
// of sections): each section's pairs and tables numbered after the
// previous section's. Board groups are runs of perSet[s] boards in section
// s (SetSizes; one number for every section; none: the runs of boards
// always played together). The format cannot tell a table that plays two
// sets a round, always the same two, from one set of twice the boards:
// perSet says which.
// Sections whose board numbers overlap share their boards. A sit-out round
// is an empty table. The scoring of sections (apart or across) is not in
// the format: the movement read is scored apart.
func ReadBridgemate(r io.Reader, opt BridgemateRead) (*Movement, error) {
	var secs []BridgemateSection
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&secs); err != nil {
		return nil, fmt.Errorf("bridgemate: %w", err)
	}
	return FromBridgemate(secs, opt)
}

// BridgemateRead says how to read sections: PerSet[s] is the boards of a
// set in section s (one number: every section; none: the runs of boards
// always played together), HalfRounds[s] that section s is written in half
// rounds (HalfRoundSections), to be joined back.
type BridgemateRead struct {
	PerSet     []int
	HalfRounds []bool
}

// FromBridgemate builds the movement of Data Connector sections.
func FromBridgemate(secs []BridgemateSection, opt BridgemateRead) (*Movement, error) {
	perSet := opt.PerSet
	if len(secs) == 0 {
		return nil, fmt.Errorf("bridgemate: no section")
	}
	type rec struct {
		s int
		BridgemateRound
	}
	var recs []rec
	seen := map[[3]int]bool{}
	for s, sec := range secs {
		for _, tb := range sec.Tables {
			for _, rd := range tb.Rounds {
				if rd.TableNumber != tb.TableNumber || rd.SectionLetters != sec.Letters || tb.SectionLetters != sec.Letters {
					return nil, fmt.Errorf("bridgemate: section %s, table %d, round %d: the record names section %s, table %d",
						sec.Letters, tb.TableNumber, rd.RoundNumber, rd.SectionLetters, rd.TableNumber)
				}
				if rd.RoundNumber < 1 || rd.TableNumber < 1 || rd.PairNS < 0 || rd.PairEW < 0 ||
					(rd.PairNS == 0 || rd.PairEW == 0) != (rd.LowBoardNumber == 0 && rd.HighBoardNumber == 0) ||
					rd.HighBoardNumber < rd.LowBoardNumber || rd.PairNS > 0 && rd.PairEW > 0 && rd.LowBoardNumber < 1 ||
					rd.RoundNumber > MaxRounds || rd.TableNumber > MaxTables || rd.PairNS > MaxPairs || rd.PairEW > MaxPairs || rd.HighBoardNumber > 10*MaxGroups {
					return nil, fmt.Errorf("bridgemate: section %s, table %d, round %d: pairs %d-%d, boards %d-%d: want positive numbers, boards only when both pairs play, low ≤ high",
						sec.Letters, rd.TableNumber, rd.RoundNumber, rd.PairNS, rd.PairEW, rd.LowBoardNumber, rd.HighBoardNumber)
				}
				key := [3]int{s, rd.TableNumber, rd.RoundNumber}
				if seen[key] {
					return nil, fmt.Errorf("bridgemate: section %s, table %d: round %d is given twice", sec.Letters, rd.TableNumber, rd.RoundNumber)
				}
				seen[key] = true
				recs = append(recs, rec{s, rd})
			}
		}
	}
	// Board groups: the boards of each record, cut into runs of perSet,
	// or by the records each board appears in.
	maxBoard := 0
	for _, x := range recs {
		maxBoard = max(maxBoard, x.HighBoardNumber)
	}
	group := make([]int, maxBoard+1) // board → group, -1 unused
	for b := range group {
		group[b] = -1
	}
	setOf := func(sec int) int {
		switch {
		case len(perSet) == 0:
			return 0
		case len(perSet) == 1:
			return perSet[0]
		case sec < len(perSet):
			return perSet[sec]
		}
		return 0
	}
	sig := make([][]int, maxBoard+1)
	owner := make([]int, maxBoard+1)
	for i, x := range recs {
		for b := x.LowBoardNumber; b <= x.HighBoardNumber && b > 0; b++ {
			sig[b] = append(sig[b], i)
			owner[b] = x.s
		}
	}
	groups, run := 0, 0
	for b := 1; b <= maxBoard; b++ {
		size := setOf(owner[b])
		switch {
		case sig[b] == nil:
			run = 0
			continue
		case b > 1 && sig[b-1] != nil && size > 0 && run < size:
			group[b] = group[b-1]
		case b > 1 && sig[b-1] != nil && size == 0 && slices.Equal(sig[b], sig[b-1]):
			group[b] = group[b-1]
		default:
			group[b], run = groups, 0
			groups++
		}
		run++
	}
	// Each record holds whole groups.
	for _, x := range recs {
		if x.LowBoardNumber > 0 && (x.LowBoardNumber > 1 && group[x.LowBoardNumber-1] == group[x.LowBoardNumber] ||
			x.HighBoardNumber < maxBoard && group[x.HighBoardNumber+1] == group[x.HighBoardNumber]) {
			return nil, fmt.Errorf("bridgemate: section %s, table %d, round %d: boards %d-%d are not whole sets of %d",
				secs[x.s].Letters, x.TableNumber, x.RoundNumber, x.LowBoardNumber, x.HighBoardNumber, setOf(x.s))
		}
	}
	// Shared boards: a group played in two sections.
	shared := false
	home := map[int]int{}
	for _, x := range recs {
		if x.LowBoardNumber > 0 {
			g := group[x.LowBoardNumber]
			if s, ok := home[g]; ok && s != x.s {
				shared = true
			}
			home[g] = x.s
		}
	}
	rounds := 0
	for _, x := range recs {
		rounds = max(rounds, x.RoundNumber)
	}
	var parts []*Movement
	for s := range secs {
		var mine []BridgemateRound
		for _, x := range recs {
			if x.s == s {
				mine = append(mine, x.BridgemateRound)
			}
		}
		// Own boards: the section's groups from 0.
		low, high := groups, -1
		for _, x := range mine {
			if x.LowBoardNumber > 0 {
				low, high = min(low, group[x.LowBoardNumber]), max(high, group[x.HighBoardNumber])
			}
		}
		if shared || high < 0 {
			low, high = 0, groups-1
		}
		secRounds := 0
		for _, x := range mine {
			secRounds = max(secRounds, x.RoundNumber)
		}
		m, err := sectionFromRounds(mine, group, low, high-low+1, secRounds)
		if err == nil && s < len(opt.HalfRounds) && opt.HalfRounds[s] {
			m, err = JoinHalfRounds(m)
		}
		if err != nil {
			return nil, fmt.Errorf("bridgemate: section %s: %w", secs[s].Letters, err)
		}
		parts = append(parts, m)
	}
	m := parts[0]
	if len(parts) > 1 {
		var err error
		if m, err = JoinSections(parts, shared, false); err != nil {
			return nil, fmt.Errorf("bridgemate: %w", err)
		}
	}
	if errs, _ := m.Check(); len(errs) > 0 {
		return nil, fmt.Errorf("bridgemate: %v", errs[0])
	}
	return m, nil
}

// sectionFromRounds builds one section's movement from its rounds: group
// maps a board to its group, the section's groups being low to low+n-1.
// A round of two groups (a split table) takes a second table position
// after all the section's tables, as the .ASC form has it.
func sectionFromRounds(recs []BridgemateRound, group []int, low, n, rounds int) (*Movement, error) {
	pairs, tables, extra := 0, 0, 0
	for _, x := range recs {
		pairs = max(pairs, x.PairNS, x.PairEW)
		tables = max(tables, x.TableNumber)
		k := 0
		for b := x.LowBoardNumber; b <= x.HighBoardNumber && b > 0; b++ {
			if b == x.LowBoardNumber || group[b] != group[b-1] {
				k++
			}
		}
		extra = max(extra, k-1)
	}
	m := New(pairs, tables*(1+extra), rounds, n)
	m.NumericGroups = n > 52
	for _, x := range recs {
		if x.PairNS == 0 || x.PairEW == 0 {
			continue
		}
		k := 0
		for b := x.LowBoardNumber; b <= x.HighBoardNumber; b++ {
			if b != x.LowBoardNumber && group[b] == group[b-1] {
				continue
			}
			m.Schedule[x.RoundNumber-1][x.TableNumber-1+k*tables] = Table{NS: x.PairNS, EW: x.PairEW, Group: group[b] - low}
			k++
		}
	}
	return m, nil
}

// ApplyBridgemateUpdate applies an update (WriteBridgemate with FromRound)
// to the movement it changes: for each table, the rounds before the first
// listed stay, the listed rounds replace theirs, the rounds after the last
// listed are deleted; pairs, tables and rounds grow to what the update
// names. It works on a movement of one section.
func ApplyBridgemateUpdate(base *Movement, update []BridgemateSection, perRound int) (*Movement, error) {
	if len(base.Sections) > 0 || len(update) != 1 {
		return nil, fmt.Errorf("bridgemate update: one section only")
	}
	full := BridgemateSection{Letters: update[0].Letters}
	written, err := BridgemateSections(base, BridgemateOptions{BoardsPerRound: perRound, SessionGuid: strings.Repeat("0", 32)})
	if err != nil {
		return nil, err
	}
	byTable := map[int][]BridgemateRound{}
	for _, tb := range written[0].Tables {
		byTable[tb.TableNumber] = tb.Rounds
	}
	for _, tb := range update[0].Tables {
		if len(tb.Rounds) == 0 {
			delete(byTable, tb.TableNumber) // zero rounds: the table is deleted
			continue
		}
		firstRound := tb.Rounds[0].RoundNumber
		var kept []BridgemateRound
		for _, rd := range byTable[tb.TableNumber] {
			if rd.RoundNumber < firstRound {
				kept = append(kept, rd)
			}
		}
		byTable[tb.TableNumber] = append(kept, tb.Rounds...)
	}
	var numbers []int
	for t := range byTable {
		numbers = append(numbers, t)
	}
	slices.Sort(numbers)
	for _, t := range numbers {
		rounds := byTable[t]
		for i := range rounds {
			rounds[i].SectionLetters = full.Letters
		}
		full.Tables = append(full.Tables, BridgemateTable{SectionLetters: full.Letters, TableNumber: t, Rounds: rounds})
	}
	sets, err := SetSizes(base, perRound)
	if err != nil {
		return nil, err
	}
	return FromBridgemate([]BridgemateSection{full}, BridgemateRead{PerSet: sets, HalfRounds: HalfRoundSections(base, perRound)})
}
