package movement

import "strconv"

// RoomTables lists the table positions of m that are tables in the room,
// in order; the cards and every scoring program's file number these, and
// only these, so that they agree (Room). Without split tables every
// position is one, a position nobody sits at too (the phantom's
// stationary table of a half table keeps its number: a pair joining late
// sits there, and no other table is renumbered); with split tables, the
// positions PhysicalTables gives. Each section is numbered on its own.
func RoomTables(m *Movement) []int {
	var out []int
	for s, sec := range m.SplitSections() {
		t0 := 0
		if len(m.Sections) > 0 {
			_, first, _ := m.SectionRange(s)
			t0 = first - 1
		}
		for _, t := range PhysicalTables(sec) {
			out = append(out, t0+t)
		}
	}
	return out
}

// Room is how the room numbers a movement's tables and pairs: in a field of
// several sections by section letter and number within the section (A1 to
// A9, B1 to B7), as the scoring programs number them; otherwise by plain
// numbers. Its zero value is no numbering: use NewRoom.
type Room struct {
	m *Movement
	// section and number of each table position (number 0: no table of
	// its own, RoomTables).
	section, number []int
}

// NewRoom numbers m's tables (RoomTables, from 1 within each section) and
// its pairs (from 1 within each section).
func NewRoom(m *Movement) Room {
	r := Room{m: m, section: make([]int, m.Tables), number: make([]int, m.Tables)}
	count := map[int]int{}
	for _, t := range RoomTables(m) {
		s := r.sectionOfTable(t)
		count[s]++
		r.section[t], r.number[t] = s, count[s]
	}
	return r
}

func (r Room) sectionOfTable(t int) int {
	for s, sec := range r.m.Sections {
		if t < sec.Tables {
			return s
		}
		t -= sec.Tables
	}
	return 0
}

// Sectioned reports whether the field has several sections: the numbers
// then carry the section's letter.
func (r Room) Sectioned() bool { return len(r.m.Sections) > 1 }

// Table is where table position t (0-based) is in the room: its section
// (0-based) and its number within it (from 1; 0 for a position that is no
// table of its own).
func (r Room) Table(t int) (section, number int) { return r.section[t], r.number[t] }

// TableLabel is table position t as the room calls it: "B1", or "1" for a
// field of one section; "" for a position that is no table.
func (r Room) TableLabel(t int) string {
	if r.number[t] == 0 {
		return ""
	}
	return r.label(r.section[t], r.number[t])
}

// Pair is pair p (1-based, the movement's numbering) in the room: its
// section (0-based) and number within it.
func (r Room) Pair(p int) (section, number int) {
	s := r.m.SectionOf(p)
	if len(r.m.Sections) == 0 {
		return 0, p
	}
	first, _, _ := r.m.SectionRange(s)
	return s, p - first + 1
}

// PairLabel is pair p as the room calls it: "B10", or "10" for a field of
// one section; "" for 0 (nobody).
func (r Room) PairLabel(p int) string {
	if p == 0 {
		return ""
	}
	return r.label(r.Pair(p))
}

// SectionLetters is the name of section s (0-based): A, B, …, Z, AA, AB, ….
func SectionLetters(s int) string {
	if s < 26 {
		return string(rune('A' + s))
	}
	return SectionLetters(s/26-1) + string(rune('A'+s%26))
}

// SectionName is the letters of section s of the room, "" for a field of
// one section.
func (r Room) SectionName(s int) string {
	if !r.Sectioned() {
		return ""
	}
	return SectionLetters(s)
}

func (r Room) label(section, number int) string {
	return r.SectionName(section) + strconv.Itoa(number)
}

// SetBoards numbers the boards of m's board groups at perRound boards a
// round, as the cards and the Data Connector's records number them: group
// g is boards first[g] to first[g]+size[g]-1. A section whose tables play
// two sets a round has sets of half the round's boards (SetSizes); a
// section with its own boards numbers them after the previous section's,
// sections sharing the deals share the numbers.
func SetBoards(m *Movement, perRound int) (first, size []int, err error) {
	sets, err := SetSizes(m, perRound)
	if err != nil {
		return nil, nil, err
	}
	first, size = make([]int, m.Groups), make([]int, m.Groups)
	next := 1
	for s, sec := range m.SplitSections() {
		g0 := 0
		if len(m.Sections) > 0 {
			_, _, g0 = m.SectionRange(s)
		}
		if m.SharedBoards {
			next = 1
		}
		for g := range sec.Groups {
			first[g0+g], size[g0+g] = next+g*sets[s], sets[s]
		}
		next += sec.Groups * sets[s]
	}
	return first, size, nil
}
