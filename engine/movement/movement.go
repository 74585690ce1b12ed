package movement

import (
	"fmt"
	"slices"
)

// Table is what happens at one table in one round: an NS pair and an EW pair
// play one board group. An empty table has NS = EW = 0 and Group = -1.
type Table struct {
	NS, EW int // pair numbers, 1-based
	Group  int // board group, 0-based
}

// Empty reports whether nobody plays at the table.
func (t Table) Empty() bool { return t.NS == 0 && t.EW == 0 }

// Movement is a complete schedule: for every round, what every table plays.
type Movement struct {
	Pairs  int
	Tables int
	Rounds int
	Groups int
	// NumericGroups says board groups are written as numbers (the header's
	// `g`) instead of letters.
	NumericGroups bool
	// Schedule[r][t] is table t+1 in round r+1.
	Schedule [][]Table
}

// New returns a movement with every table empty.
func New(pairs, tables, rounds, groups int) *Movement {
	m := &Movement{Pairs: pairs, Tables: tables, Rounds: rounds, Groups: groups}
	m.Schedule = make([][]Table, rounds)
	for r := range m.Schedule {
		m.Schedule[r] = make([]Table, tables)
		for t := range m.Schedule[r] {
			m.Schedule[r][t] = Table{Group: -1}
		}
	}
	return m
}

// Clone returns a deep copy.
func (m *Movement) Clone() *Movement {
	c := *m
	c.Schedule = make([][]Table, len(m.Schedule))
	for r, row := range m.Schedule {
		c.Schedule[r] = slices.Clone(row)
	}
	return &c
}

// Equal reports whether two movements have the same size and schedule.
func (m *Movement) Equal(o *Movement) bool {
	if m.Pairs != o.Pairs || m.Tables != o.Tables || m.Rounds != o.Rounds || m.Groups != o.Groups {
		return false
	}
	for r := range m.Schedule {
		if !slices.Equal(m.Schedule[r], o.Schedule[r]) {
			return false
		}
	}
	return true
}

// Switch exchanges NS and EW at one table (round and table 1-based).
// Switching an empty table does nothing.
func (m *Movement) Switch(round, table int) {
	t := &m.Schedule[round-1][table-1]
	t.NS, t.EW = t.EW, t.NS
}

// SwitchRounds returns a copy with the given rounds arrow-switched at every
// table except the listed ones (all numbers 1-based).
func (m *Movement) SwitchRounds(rounds, exceptTables []int) (*Movement, error) {
	for _, r := range rounds {
		if r < 1 || r > m.Rounds {
			return nil, fmt.Errorf("switch: round %d is outside 1..%d", r, m.Rounds)
		}
	}
	for _, t := range exceptTables {
		if t < 1 || t > m.Tables {
			return nil, fmt.Errorf("switch: table %d is outside 1..%d", t, m.Tables)
		}
	}
	c := m.Clone()
	for _, r := range rounds {
		for t := 1; t <= m.Tables; t++ {
			if !slices.Contains(exceptTables, t) {
				c.Switch(r, t)
			}
		}
	}
	return c, nil
}

// WithoutPair returns the movement with pair v absent: every table where v
// plays is left empty (its opponents sit out) and the pairs above v are
// renumbered one lower, so the result has Pairs-1 pairs.
func (m *Movement) WithoutPair(v int) (*Movement, error) {
	if v < 1 || v > m.Pairs {
		return nil, fmt.Errorf("absent pair %d is outside 1..%d", v, m.Pairs)
	}
	c := m.Clone()
	c.Pairs--
	renumber := func(p int) int {
		if p > v {
			return p - 1
		}
		return p
	}
	for _, row := range c.Schedule {
		for t := range row {
			tb := &row[t]
			if tb.NS == v || tb.EW == v {
				*tb = Table{Group: -1}
				continue
			}
			tb.NS, tb.EW = renumber(tb.NS), renumber(tb.EW)
		}
	}
	return c, nil
}

// Issue is a problem found in a movement. Round is 1-based, 0 when the
// problem is not tied to a round.
type Issue struct {
	Round int
	Msg   string
}

func (i Issue) String() string {
	if i.Round == 0 {
		return i.Msg
	}
	return fmt.Sprintf("round %d: %s", i.Round, i.Msg)
}

// Check validates the movement. Errors make it unusable: a pair number out of
// range, a pair seated twice in a round, NS = EW, a board group out of range,
// a half-empty table. Warnings are legal but suspect: two pairs meeting twice,
// a pair playing a board group twice.
func (m *Movement) Check() (errs, warnings []Issue) {
	if len(m.Schedule) != m.Rounds {
		errs = append(errs, Issue{Msg: fmt.Sprintf("%d rounds given, header says %d", len(m.Schedule), m.Rounds)})
		return errs, nil
	}
	met := make(map[[2]int]int)
	played := make(map[[2]int]int)
	seen := make([]int, m.Pairs+1) // round in which a pair was last seated
	for r, row := range m.Schedule {
		if len(row) != m.Tables {
			errs = append(errs, Issue{r + 1, fmt.Sprintf("%d tables given, header says %d", len(row), m.Tables)})
			continue
		}
		for ti, t := range row {
			if e := m.checkTable(r+1, ti+1, t, seen); e != nil {
				errs = append(errs, *e)
				continue
			}
			if t.Empty() {
				continue
			}
			a, b := min(t.NS, t.EW), max(t.NS, t.EW)
			if met[[2]int{a, b}] == 1 {
				warnings = append(warnings, Issue{r + 1, fmt.Sprintf("pairs %d and %d meet again", a, b)})
			}
			met[[2]int{a, b}]++
			for _, p := range []int{t.NS, t.EW} {
				if played[[2]int{p, t.Group}] == 1 {
					warnings = append(warnings, Issue{r + 1, fmt.Sprintf("pair %d plays board group %s again", p, m.GroupLabel(t.Group))})
				}
				played[[2]int{p, t.Group}]++
			}
		}
	}
	return errs, warnings
}

// checkTable validates one table and marks its pairs seated in round r.
func (m *Movement) checkTable(r, table int, t Table, seen []int) *Issue {
	bad := func(format string, args ...any) *Issue {
		return &Issue{r, fmt.Sprintf("table %d: ", table) + fmt.Sprintf(format, args...)}
	}
	if t.Empty() {
		return nil
	}
	for _, p := range []int{t.NS, t.EW} {
		if p < 1 || p > m.Pairs {
			return bad("pair %d is outside 1..%d", p, m.Pairs)
		}
	}
	if t.NS == t.EW {
		return bad("pair %d plays against itself (NS = EW)", t.NS)
	}
	if t.Group < 0 || t.Group >= m.Groups {
		return bad("board group %s is outside the %d groups", m.GroupLabel(t.Group), m.Groups)
	}
	for _, p := range []int{t.NS, t.EW} {
		if seen[p] == r {
			return bad("pair %d is seated twice in this round", p)
		}
		seen[p] = r
	}
	return nil
}

// GroupLabel is the name of board group g as written in the file: a letter,
// or a number when the movement uses numeric groups.
func (m *Movement) GroupLabel(g int) string {
	switch {
	case g < 0:
		return "0"
	case m.NumericGroups:
		return fmt.Sprint(g + 1)
	case g < 26:
		return string(rune('A' + g))
	case g < 52:
		return string(rune('a' + g - 26))
	}
	return fmt.Sprintf("#%d", g+1)
}
