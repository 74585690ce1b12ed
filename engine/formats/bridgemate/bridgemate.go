// Package bridgemate reads and writes a movement as the Bridgemate Data
// Connector takes it (the scoring program's side of Bridgemate Control
// Software, JSON over HTTP), from its public developers' guide
// (github.com/bridgesystems/Bridgemate-Data-Connector-Scoring-Program-Client,
// Documentation/MD: SectionDTO, TableDTO, RoundDTO, SectionUpdateDTO,
// "Update the movement for a section"): a section has
// tables, a table has rounds, a round names the NS pair, the EW pair and
// the lowest and highest board played; the boards of a round are
// consecutive; pair 0 with the other pair above 0 is a sit-out, both 0 an
// empty table, and a sit-out or empty round has no boards (0 and 0). Pair
// numbers are unique within a section. An update (UpdateMovement, for a
// pair arriving late) lists for each table the rounds from the first
// changed one: rounds below it stay, rounds above the last listed are
// deleted. Sending the records is engine/formats/bridgemate/send's.
package bridgemate

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/engine/formats/textfile"
	"github.com/bridgereport/bridgereport/engine/movement"
)

// Section is the movement part of a SectionDTO (and of a
// SectionUpdateDTO: the same fields, HasExplicitParticipations false).
type Section struct {
	SessionGuid               string  `json:"SessionGuid"`
	ScoringGroupNumber        int     `json:"ScoringGroupNumber"`
	Letters                   string  `json:"Letters"`
	Winners                   int     `json:"Winners"`
	GameType                  int     `json:"GameType"`
	HasExplicitParticipations bool    `json:"HasExplicitParticipations"`
	Tables                    []Table `json:"Tables"`
}

// Table is a TableDTO.
type Table struct {
	SessionGuid    string  `json:"SessionGuid"`
	SectionLetters string  `json:"SectionLetters"`
	TableNumber    int     `json:"TableNumber"`
	Rounds         []Round `json:"Rounds"`
}

// Round is a RoundDTO (the pairs part; the team fields are for
// team events).
type Round struct {
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

// WriteOptions say how to write a movement for the Data Connector.
type WriteOptions struct {
	// BoardsPerRound is the boards a table plays in a round (required).
	BoardsPerRound int
	// FromRound, above 1, writes the update from that round on
	// (UpdateMovement): each table's rounds FromRound to the last.
	FromRound int
	// SessionGuid is the session's guid, 32 upper-case hex digits; empty:
	// one derived from the movement (the same movement, the same guid).
	SessionGuid string
}

// Write writes m as the Data Connector's sections (a JSON array
// of Section, one per section, letters A, B, ...).
func Write(w io.Writer, m *movement.Movement, opt WriteOptions) error {
	secs, err := Sections(m, opt)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(secs)
}

// MaxBoardNumber is the highest board number FromSections reads (and the
// bridgescorer reader, through it): ten boards a group at the most.
const MaxBoardNumber = 10 * movement.MaxGroups

// Sections converts m to the Data Connector's sections. A
// section whose tables play two board sets a round is written in half
// rounds (movement.HalveRounds): its round r is the Data Connector's rounds 2r-1 and
// 2r, one set each; HalfRoundSections says which sections are.
func Sections(m *movement.Movement, opt WriteOptions) ([]Section, error) {
	if opt.BoardsPerRound < 1 {
		return nil, fmt.Errorf("bridgemate: boards a round: %d, want 1 or more", opt.BoardsPerRound)
	}
	if opt.FromRound < 0 || opt.FromRound > m.Rounds {
		return nil, fmt.Errorf("bridgemate: from round %d: the movement has %d rounds", opt.FromRound, m.Rounds)
	}
	boards, sizes, err := movement.SetBoards(m, opt.BoardsPerRound)
	if err != nil {
		return nil, fmt.Errorf("bridgemate: %w", err)
	}
	guid := opt.SessionGuid
	if guid == "" {
		guid = fmt.Sprintf("%X", sha256.Sum256([]byte(asc.String(m))))[:32]
	}
	if len(guid) != 32 || strings.Trim(guid, "0123456789ABCDEF") != "" {
		return nil, fmt.Errorf("bridgemate: session guid %q: want 32 upper-case hex digits", guid)
	}
	halfRounds := HalfRoundSections(m)
	var out []Section
	for s, sec := range m.SplitSections() {
		letters := string(rune('A' + s))
		from := max(opt.FromRound, 1)
		if halfRounds[s] {
			sec = movement.HalveRounds(sec)
			from = 2*from - 1
		}
		g0 := 0
		if len(m.Sections) > 0 {
			_, _, g0 = m.SectionRange(s)
		}
		first, size := boards[g0:g0+sec.Groups], sizes[g0:g0+sec.Groups]
		winners := 1
		if movement.Describe(sec).Fields > 1 {
			winners = 2
		}
		// The Data Connector scores the sections of one scoring group as
		// one field: a field scored across is one group, sections scored
		// apart a group each (all in group 1, BCS ranked them together).
		group := 1
		if !m.Across {
			group = s + 1
		}
		bs := Section{SessionGuid: guid, ScoringGroupNumber: group, Letters: letters, Winners: winners, GameType: gameTypePairs}
		halves := movement.FirstHalves(sec)
		for number, t := range movement.PhysicalTables(sec) {
			bt := Table{SessionGuid: guid, SectionLetters: letters, TableNumber: number + 1}
			for r := from - 1; r < sec.Rounds; r++ {
				br := Round{SessionGuid: guid, SectionLetters: letters, TableNumber: number + 1, RoundNumber: r + 1}
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
// written in half rounds (Sections): whether its tables play two
// board sets a round. One record a round could hold both sets only when
// they are played in one direction and numbered consecutively; half
// rounds always work, and a late pair's update, which may add a mid-round
// switch (the perfect Howells switch the last pair's table), keeps the
// rounds of the movement it updates.
func HalfRoundSections(m *movement.Movement) []bool {
	var out []bool
	for _, sec := range m.SplitSections() {
		_, split := movement.PlayingTables(sec)
		out = append(out, split > 1)
	}
	return out
}

// sitOuts writes each round's pairs that are not seated as sit-outs (the
// pair NS, 0 EW) at the round's empty tables, in order: the Data
// Connector's way of saying who sits out. Pairs beyond the empty tables
// stay unlisted.
func sitOuts(m *movement.Movement, tables []Table, from int) {
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

// Read reads a movement written by Write (a JSON array
// of sections): each section's pairs and tables numbered after the
// previous section's. Board groups are runs of perSet[s] boards in section
// s (movement.SetSizes; one number for every section; none: the runs of boards
// always played together). The format cannot tell a table that plays two
// sets a round, always the same two, from one set of twice the boards:
// perSet says which.
// Sections whose board numbers overlap share their boards. A sit-out round
// is an empty table. The scoring of sections (apart or across) is not in
// the format: the movement read is scored apart.
func Read(r io.Reader, opt ReadOptions) (*movement.Movement, error) {
	data, err := textfile.ReadAll(opt.Name, r)
	if err != nil {
		return nil, err
	}
	var secs []Section
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&secs); err != nil {
		var pe *engine.ParseError
		if errors.As(textfile.JSONError(opt.Name, data, err), &pe) {
			pe.Err = fmt.Errorf("bridgemate: %w", pe.Err)
			return nil, pe
		}
		return nil, fmt.Errorf("bridgemate: %w", err)
	}
	if opt.HalfRounds == nil {
		opt.HalfRounds = halfRoundsOf(secs)
		if !slices.Contains(opt.HalfRounds, true) {
			// Sections of the same rounds (one section, most often) were
			// written in half rounds when every table seats in round 2r
			// the pairs of round 2r-1, or nobody: joining them back
			// succeeds only then (JoinHalfRounds), as no movement meets
			// an opponent twice running at one table otherwise.
			halves := opt
			halves.HalfRounds = slices.Repeat([]bool{true}, len(secs))
			if m, err := FromSections(secs, halves); err == nil {
				return m, nil
			}
		}
	}
	return FromSections(secs, opt)
}

// halfRoundsOf tells the sections written in half rounds when nothing
// else says: the sections of a session play the same rounds, so a section
// with twice the rounds of the others was written in half rounds (a table
// playing two board sets a round: Write writes each set as a round of its
// own).
func halfRoundsOf(secs []Section) []bool {
	rounds := make([]int, len(secs))
	fewest := 0
	for s, sec := range secs {
		for _, tb := range sec.Tables {
			for _, rd := range tb.Rounds {
				rounds[s] = max(rounds[s], rd.RoundNumber)
			}
		}
		if s == 0 || rounds[s] < fewest {
			fewest = rounds[s]
		}
	}
	out := make([]bool, len(secs))
	for s := range secs {
		out[s] = fewest > 0 && rounds[s] == 2*fewest
	}
	return out
}

// ReadOptions says how to read sections: PerSet[s] is the boards of a
// set in section s (one number: every section; none: the runs of boards
// always played together), HalfRounds[s] that section s is written in half
// rounds (HalfRoundSections), to be joined back; nil: a section with twice
// the rounds of the others is.
type ReadOptions struct {
	PerSet     []int
	HalfRounds []bool
	// Name is the file's name in the errors of Read, which then say the
	// line and column of a file that is not the records' JSON.
	Name string
}

// FromSections builds the movement of Data Connector sections.
func FromSections(secs []Section, opt ReadOptions) (*movement.Movement, error) {
	perSet := opt.PerSet
	if len(secs) == 0 {
		return nil, fmt.Errorf("bridgemate: no section")
	}
	type rec struct {
		s int
		Round
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
					rd.RoundNumber > movement.MaxRounds || rd.TableNumber > movement.MaxTables || rd.PairNS > movement.MaxPairs || rd.PairEW > movement.MaxPairs || rd.HighBoardNumber > MaxBoardNumber {
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
	var parts []*movement.Movement
	for s := range secs {
		var mine []Round
		for _, x := range recs {
			if x.s == s {
				mine = append(mine, x.Round)
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
			m, err = movement.JoinHalfRounds(m)
		}
		if err != nil {
			return nil, fmt.Errorf("bridgemate: section %s: %w", secs[s].Letters, err)
		}
		parts = append(parts, m)
	}
	m := parts[0]
	if len(parts) > 1 {
		var err error
		if m, err = movement.JoinSections(parts, shared, shared && oneScoringGroup(secs)); err != nil {
			return nil, fmt.Errorf("bridgemate: %w", err)
		}
	}
	if errs, _ := m.Check(); len(errs) > 0 {
		return nil, fmt.Errorf("bridgemate: %v", errs[0])
	}
	return m, nil
}

// oneScoringGroup says the sections are all of one scoring group, which
// the Data Connector scores as one field: on shared boards, a field
// scored across (as Sections writes it). Without the number (0), apart.
func oneScoringGroup(secs []Section) bool {
	for _, sec := range secs {
		if sec.ScoringGroupNumber < 1 || sec.ScoringGroupNumber != secs[0].ScoringGroupNumber {
			return false
		}
	}
	return true
}

// sectionFromRounds builds one section's movement from its rounds: group
// maps a board to its group, the section's groups being low to low+n-1.
// A round of two groups (a split table) takes a second table position
// after all the section's tables, as the .ASC form has it.
func sectionFromRounds(recs []Round, group []int, low, n, rounds int) (*movement.Movement, error) {
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
	m := movement.New(pairs, tables*(1+extra), rounds, n)
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
			m.Schedule[x.RoundNumber-1][x.TableNumber-1+k*tables] = movement.Table{NS: x.PairNS, EW: x.PairEW, Group: group[b] - low}
			k++
		}
	}
	return m, nil
}

// ApplyUpdate applies an update (Write with FromRound)
// to the movement it changes: for each table, the rounds before the first
// listed stay, the listed rounds replace theirs, the rounds after the last
// listed are deleted; pairs, tables and rounds grow to what the update
// names. It works on a movement of one section.
func ApplyUpdate(base *movement.Movement, update []Section, perRound int) (*movement.Movement, error) {
	if len(base.Sections) > 0 || len(update) != 1 {
		return nil, fmt.Errorf("bridgemate update: one section only")
	}
	full := Section{Letters: update[0].Letters}
	written, err := Sections(base, WriteOptions{BoardsPerRound: perRound, SessionGuid: strings.Repeat("0", 32)})
	if err != nil {
		return nil, err
	}
	byTable := map[int][]Round{}
	for _, tb := range written[0].Tables {
		byTable[tb.TableNumber] = tb.Rounds
	}
	for _, tb := range update[0].Tables {
		if len(tb.Rounds) == 0 {
			delete(byTable, tb.TableNumber) // zero rounds: the table is deleted
			continue
		}
		firstRound := tb.Rounds[0].RoundNumber
		var kept []Round
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
		full.Tables = append(full.Tables, Table{SectionLetters: full.Letters, TableNumber: t, Rounds: rounds})
	}
	sets, err := movement.SetSizes(base, perRound)
	if err != nil {
		return nil, err
	}
	return FromSections([]Section{full}, ReadOptions{PerSet: sets, HalfRounds: HalfRoundSections(base)})
}
