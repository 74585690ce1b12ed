// Package bridgescorer reads and writes the movement file of the
// bridgescorer program (github.com/thebridsk/bridgescorer; its movements
// are YAML resources such as Movement.Mitchell3Table.yaml): a name, a
// short and a long description, the number of pairs ("numberTeams") and
// one "hand" per table and round a pair plays, with the table, the round,
// the NS and EW pair and the list of boards played. A pair that sits out
// has no hand; a table that plays two board sets in a round lists the
// boards of both.
package bridgescorer

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"

	"gopkg.in/yaml.v3"

	"github.com/bridgereport/bridgereport/engine/formats/bridgemate"
	"github.com/bridgereport/bridgereport/engine/movement"
)

// File is the file's content.
type File struct {
	Name        string `yaml:"name" json:"name"`
	Short       string `yaml:"short" json:"short"`
	Description string `yaml:"description" json:"description"`
	NumberTeams int    `yaml:"numberTeams" json:"numberTeams"`
	Hands       []Hand `yaml:"hands" json:"hands"`
}

// Hand is one table in one round.
type Hand struct {
	Table  int   `yaml:"table" json:"table"`
	Round  int   `yaml:"round" json:"round"`
	NS     int   `yaml:"ns" json:"ns"`
	EW     int   `yaml:"ew" json:"ew"`
	Boards []int `yaml:"boards" json:"boards"`
}

// NewFile converts m at perRound boards a round. Board set g is the
// boards first[g] .. first[g]+size-1 (movement.BoardNumbers); sections are numbered
// one after the other (the format has one section: read back, the field
// is one section). Every table of m is a
// table of the file, numbered 1, 2, ...; a split table's second half
// joins its first.
func NewFile(m *movement.Movement, perRound int, name, short, description string) (*File, error) {
	sets, err := movement.SetSizes(m, perRound)
	if err != nil {
		return nil, fmt.Errorf("bridgescorer: %w", err)
	}
	size := make([]int, m.Groups)
	for s, sec := range m.SplitSections() {
		g0 := 0
		if len(m.Sections) > 0 {
			_, _, g0 = m.SectionRange(s)
		}
		for g := range sec.Groups {
			size[g0+g] = sets[s]
		}
	}
	// Numbered as for the Data Connector, so that a split table's boards
	// are consecutive too (the reader takes them so).
	first, err := movement.BoardNumbers(m, size)
	if err != nil {
		return nil, fmt.Errorf("bridgescorer: %w", err)
	}
	out := &File{Name: name, Short: short, Description: description, NumberTeams: m.Pairs}
	tables := movement.PhysicalTables(m)
	number := make(map[int]int, len(tables))
	for i, t := range tables {
		number[t] = i + 1
	}
	for r, row := range movement.FirstHalves(m) {
		for t, f := range row {
			if f < 0 {
				continue
			}
			tb := m.Schedule[r][t]
			if f != t {
				h := &out.Hands[len(out.Hands)-1-countAfter(row, f, t)]
				if tb.NS != h.NS {
					return nil, fmt.Errorf("bridgescorer: round %d: pairs %d and %d change direction between their two board sets (an arrow switch in mid-round)", r+1, tb.NS, tb.EW)
				}
				for b := range size[tb.Group] {
					h.Boards = append(h.Boards, first[tb.Group]+b)
				}
				slices.Sort(h.Boards)
				continue
			}
			n, ok := number[t]
			if !ok {
				return nil, fmt.Errorf("bridgescorer: round %d: table position %d is no table", r+1, t+1)
			}
			h := Hand{Table: n, Round: r + 1, NS: tb.NS, EW: tb.EW}
			for b := range size[tb.Group] {
				h.Boards = append(h.Boards, first[tb.Group]+b)
			}
			out.Hands = append(out.Hands, h)
		}
	}
	return out, nil
}

// countAfter counts the first halves written after position f in the
// round (they follow f's hand in the list).
func countAfter(row []int, f, upTo int) int {
	n := 0
	for t := f + 1; t < upTo; t++ {
		if row[t] == t {
			n++
		}
	}
	return n
}

// Write writes m as a bridgescorer movement file (YAML).
func Write(w io.Writer, m *movement.Movement, perRound int, name, short, description string) error {
	bm, err := NewFile(m, perRound, name, short, description)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	buf.WriteString("---\n")
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(bm); err != nil {
		return err
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// Read reads a bridgescorer movement file (YAML, or JSON,
// which YAML reads too). Board groups are runs of perSet boards (0: the
// runs of boards always played together, as bridgemate.Read); a hand with
// two groups is a split table, its second group at a table position after
// all tables. Errors name the hand.
func Read(r io.Reader, perSet int) (*movement.Movement, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("bridgescorer: %w", err)
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, fmt.Errorf("bridgescorer: %w", err)
	}
	if err := checkKeys(&root); err != nil {
		return nil, fmt.Errorf("bridgescorer: %w", err)
	}
	var bm File
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&bm); err != nil {
		// One mistake, with a count of the others: yaml.v3 lists each.
		var te *yaml.TypeError
		if errors.As(err, &te) && len(te.Errors) > 1 {
			return nil, fmt.Errorf("bridgescorer: %s (and %d more)", te.Errors[0], len(te.Errors)-1)
		}
		return nil, fmt.Errorf("bridgescorer: %w", err)
	}
	return FromFile(&bm, perSet)
}

// checkKeys refuses a repeated key, or a mapping of more than 1000 keys,
// before yaml.v3 compares every pair of keys and lists every repeat: a
// key repeated 2,000 times printed 2 million lines.
func checkKeys(n *yaml.Node) error {
	if n.Kind == yaml.MappingNode {
		if len(n.Content)/2 > 1000 {
			return fmt.Errorf("line %d: a mapping of %d keys, more than 1000", n.Line, len(n.Content)/2)
		}
		seen := map[string]int{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if first, ok := seen[k.Value]; ok && k.Kind == yaml.ScalarNode {
				return fmt.Errorf("line %d: mapping key %q already defined at line %d", k.Line, k.Value, first)
			}
			if k.Kind == yaml.ScalarNode {
				seen[k.Value] = k.Line
			}
		}
	}
	for _, c := range n.Content {
		if err := checkKeys(c); err != nil {
			return err
		}
	}
	return nil
}

// FromFile builds the movement of a bridgescorer file.
func FromFile(bm *File, perSet int) (*movement.Movement, error) {
	if len(bm.Hands) == 0 {
		return nil, fmt.Errorf("bridgescorer: %s: no hands", bm.Name)
	}
	if bm.NumberTeams < 2 || bm.NumberTeams > movement.MaxPairs {
		return nil, fmt.Errorf("bridgescorer: %s: numberTeams %d: want 2 to %d", bm.Name, bm.NumberTeams, movement.MaxPairs)
	}
	sec := bridgemate.Section{Letters: "A"}
	byTable := map[int]*bridgemate.Table{}
	for i, h := range bm.Hands {
		bad := func(msg string) error {
			return fmt.Errorf("bridgescorer: %s: hand %d (table %d, round %d): %s", bm.Name, i+1, h.Table, h.Round, msg)
		}
		if h.Table < 1 || h.Round < 1 || h.NS < 1 || h.EW < 1 || h.NS > bm.NumberTeams || h.EW > bm.NumberTeams {
			return nil, bad(fmt.Sprintf("table, round and pairs must be positive, pairs at most numberTeams (%d)", bm.NumberTeams))
		}
		boards := slices.Clone(h.Boards)
		slices.Sort(boards)
		if len(boards) == 0 || boards[0] < 1 || boards[len(boards)-1]-boards[0]+1 != len(boards) {
			return nil, bad(fmt.Sprintf("boards %v: want consecutive board numbers from 1 up", h.Boards))
		}
		t := byTable[h.Table]
		if t == nil {
			t = &bridgemate.Table{SectionLetters: "A", TableNumber: h.Table}
			byTable[h.Table] = t
		}
		t.Rounds = append(t.Rounds, bridgemate.Round{SectionLetters: "A", TableNumber: h.Table, RoundNumber: h.Round,
			PairNS: h.NS, PairEW: h.EW, LowBoardNumber: boards[0], HighBoardNumber: boards[len(boards)-1]})
	}
	var numbers []int
	for n := range byTable {
		numbers = append(numbers, n)
	}
	slices.Sort(numbers)
	for _, n := range numbers {
		sec.Tables = append(sec.Tables, *byTable[n])
	}
	var read bridgemate.ReadOptions
	if perSet > 0 {
		read.PerSet = []int{perSet}
	}
	m, err := bridgemate.FromSections([]bridgemate.Section{sec}, read)
	if err != nil {
		return nil, fmt.Errorf("bridgescorer: %s: %w", bm.Name, err)
	}
	if m.Pairs < bm.NumberTeams {
		// Pairs that never play: numberTeams counts them.
		grown := movement.New(bm.NumberTeams, m.Tables, m.Rounds, m.Groups)
		grown.NumericGroups = m.NumericGroups
		for r := range m.Schedule {
			copy(grown.Schedule[r], m.Schedule[r])
		}
		m = grown
	}
	return m, nil
}
