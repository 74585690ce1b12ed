package movement

import "fmt"

// How the boards of a movement are numbered and dealt, and how its split
// tables (two board groups at one table in a round) are played, for the
// scoring programs that take a table's boards in a round as one range of
// numbers (engine/formats/bridgemate, engine/formats/bridgescorer).

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

// HalveRounds returns m with every round played as two half rounds: a
// table that plays two board sets in round r plays the first in round
// 2r-1 and the second in round 2r, in each its own direction; a table that
// plays one set plays it in round 2r-1. The tables are the positions of
// first halves (PhysicalTables). The balance is that of m: the same pairs
// play the same sets in the same directions.
func HalveRounds(m *Movement) *Movement {
	tables := PhysicalTables(m)
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

// PhysicalTables lists the table positions that are tables of their own,
// in order: the Data Connector's tables 1, 2, ... Without split tables
// every position is one. With split tables written as the .ASC form has
// them, the second halves at the first halves' positions plus half the
// positions, the first half of the positions; otherwise the positions
// where a meeting starts in some round.
func PhysicalTables(m *Movement) []int {
	var out []int
	if !hasSplit(m) {
		for t := range m.Tables {
			out = append(out, t)
		}
		return out
	}
	half := m.Tables / 2
	halves := FirstHalves(m)
	regular := m.Tables%2 == 0
	for _, row := range halves {
		for t, f := range row {
			if f >= 0 && f != t && (t != f+half || f >= half) {
				regular = false
			}
		}
	}
	used := make([]bool, m.Tables)
	for _, row := range halves {
		for t, f := range row {
			if f == t {
				used[t] = true
			}
		}
	}
	for t := range m.Tables {
		if regular && t < half || !regular && used[t] {
			out = append(out, t)
		}
	}
	return out
}

func hasSplit(m *Movement) bool {
	_, split := PlayingTables(m)
	return split > 1
}
