package movement

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/engine"
)

// Limits on a movement's size, so that an absurd header or spec is
// refused before anything is allocated for it.
const (
	MaxPairs  = 1000
	MaxTables = 500
	MaxRounds = 500
	MaxGroups = 500
)

// Parsed is a movement read from a file (of any format the tool reads, or
// built from a spec), with the warnings found on the way and the line
// where each round was given.
type Parsed struct {
	*Movement
	Warnings   []*engine.ParseError
	RoundLines []int // RoundLines[r] is the file line of round r+1 (0 if generated)
}

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
	// Sections, when not empty, are the sections of a field played as
	// several movements side by side (JoinSections); SharedBoards says they
	// play the same deals, Across that the field is scored across them.
	Sections     []Section
	SharedBoards bool
	Across       bool
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
	c.Sections = slices.Clone(m.Sections)
	c.Schedule = make([][]Table, len(m.Schedule))
	for r, row := range m.Schedule {
		c.Schedule[r] = slices.Clone(row)
	}
	return &c
}

// Equal reports whether two movements have the same size and schedule.
func (m *Movement) Equal(o *Movement) bool {
	if m.Pairs != o.Pairs || m.Tables != o.Tables || m.Rounds != o.Rounds || m.Groups != o.Groups || !sectionsEqual(m, o) {
		return false
	}
	for r := range m.Schedule {
		if !slices.Equal(m.Schedule[r], o.Schedule[r]) {
			return false
		}
	}
	return true
}

// EqualUpToGroups reports whether two movements have the same pairs,
// rounds, sections and plays, up to the numbering of the board groups and
// the table positions of split tables: each group is known by its plays
// (round, NS, EW), and the groups of one are those of the other. It is
// what a file that numbers boards, not groups, keeps of a movement.
func (m *Movement) EqualUpToGroups(o *Movement) bool {
	if m.Pairs != o.Pairs || m.Rounds != o.Rounds || m.Groups != o.Groups || !sectionsEqual(m, o) {
		return false
	}
	sigs := func(m *Movement) map[string]int {
		plays := make([][]string, m.Groups)
		for r, row := range m.Schedule {
			for _, t := range row {
				if !t.Empty() {
					plays[t.Group] = append(plays[t.Group], fmt.Sprint(r, t.NS, t.EW))
				}
			}
		}
		out := map[string]int{}
		for _, p := range plays {
			slices.Sort(p)
			out[strings.Join(p, ";")]++
		}
		return out
	}
	return maps.Equal(sigs(m), sigs(o))
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
	for i, r := range rounds {
		if r < 1 || r > m.Rounds {
			return nil, fmt.Errorf("switch: round %d is outside 1..%d", r, m.Rounds)
		}
		// Switching a round twice switches it back: a typo, never a design.
		if slices.Contains(rounds[:i], r) {
			return nil, fmt.Errorf("switch: round %d is given twice (a second switch undoes the first)", r)
		}
	}
	for i, t := range exceptTables {
		if t < 1 || t > m.Tables {
			return nil, fmt.Errorf("switch: table %d is outside 1..%d", t, m.Tables)
		}
		if slices.Contains(exceptTables[:i], t) {
			return nil, fmt.Errorf("switch: table %d is excepted twice", t)
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
	if len(c.Sections) > 0 {
		c.Sections[m.SectionOf(v)].Pairs--
	}
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
// range, NS = EW, a board group out of range, a half-empty table, and a pair
// seated twice in a round other than at a split table. Warnings are legal but
// suspect: two pairs meeting again in a later round (one warning for all
// such pairs, at the round of the first), a pair playing a board group twice.
//
// A split table is how the .ASC format writes a round in which a table plays
// two (or more) board groups: the round lists the same two pairs at two table
// positions, each with its own board group, so the header has twice as many
// tables as the round needs. The two entries may differ in orientation (an
// arrow switch in mid-round). A pair may therefore be seated twice in a round
// only against the same opponent, on another board group.
func (m *Movement) Check() (errs, warnings []Issue) {
	if len(m.Schedule) != m.Rounds {
		errs = append(errs, Issue{Msg: fmt.Sprintf("%d rounds given, header says %d", len(m.Schedule), m.Rounds)})
		return errs, nil
	}
	if issues := m.checkSections(); len(issues) > 0 {
		return issues, nil
	}
	met := make(map[[2]int]int)        // meetings: one per round in which two pairs meet
	played := make(map[[2]int]int)     // plays of a board group by a pair
	seat := make([]seating, m.Pairs+1) // where each pair sits in the current round
	// Repeated meetings make one warning, not one per meeting: a movement
	// of more rounds than opponents has them by the hundred.
	var again struct{ pairs, most, round, a, b int }
	// A pair replaying a board group is named the first few times, then
	// counted: a file with the groups wrong has one per pair and group.
	const shownReplays = 3
	var replays struct{ n, round int }
	for r, row := range m.Schedule {
		if len(row) != m.Tables {
			errs = append(errs, Issue{r + 1, fmt.Sprintf("%d tables given, header says %d", len(row), m.Tables)})
			continue
		}
		for ti, t := range row {
			first, e := m.checkTable(r+1, ti+1, t, seat)
			if e != nil {
				errs = append(errs, *e)
				continue
			}
			if t.Empty() {
				continue
			}
			a, b := min(t.NS, t.EW), max(t.NS, t.EW)
			if first {
				if met[[2]int{a, b}] == 1 && again.pairs == 0 {
					again.round, again.a, again.b = r+1, a, b
				}
				if met[[2]int{a, b}] == 1 {
					again.pairs++
				}
				met[[2]int{a, b}]++
				again.most = max(again.most, met[[2]int{a, b}])
			}
			for _, p := range []int{t.NS, t.EW} {
				if played[[2]int{p, t.Group}] == 1 {
					if replays.n < shownReplays {
						warnings = append(warnings, Issue{r + 1, fmt.Sprintf("pair %d plays board group %s again", p, m.GroupLabel(t.Group))})
					} else if replays.n == shownReplays {
						replays.round = r + 1
					}
					replays.n++
				}
				played[[2]int{p, t.Group}]++
			}
		}
	}
	if more := replays.n - shownReplays; more > 0 {
		times := "times"
		if more == 1 {
			times = "time"
		}
		warnings = append(warnings, Issue{replays.round, fmt.Sprintf("a pair plays a board group again %d more %s, %d in all (the first %d named)", more, times, replays.n, shownReplays)})
	}
	switch {
	case again.pairs == 1:
		warnings = append(warnings, Issue{again.round, fmt.Sprintf("pairs %d and %d meet again", again.a, again.b)})
	case again.pairs > 1:
		msg := fmt.Sprintf("pairs meet again: %d pairs of pairs meet more than once, up to %d times (the first: pairs %d and %d)",
			again.pairs, again.most, again.a, again.b)
		if m.Rounds > m.Pairs-1 {
			msg += "; usual when there are more rounds than opponents"
		}
		warnings = append(warnings, Issue{again.round, msg})
	}
	slices.SortStableFunc(warnings, func(x, y Issue) int { return x.Round - y.Round })
	return errs, warnings
}

// seating is where a pair sits in one round: its opponent, the first table
// and the board groups it plays there (more than one at a split table).
type seating struct {
	round, opponent, table int
	groups                 []int
}

// checkTable validates one table and records its pairs as seated in round r.
// first reports that the two pairs had not yet met in this round (the
// table is not the second half of a split table).
func (m *Movement) checkTable(r, table int, t Table, seat []seating) (first bool, _ *Issue) {
	bad := func(format string, args ...any) (bool, *Issue) {
		return false, &Issue{r, fmt.Sprintf("table %d: ", table) + fmt.Sprintf(format, args...)}
	}
	if t.Empty() {
		return false, nil
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
	pairs := [2]int{t.NS, t.EW}
	for i, p := range pairs {
		s := &seat[p]
		if s.round != r {
			continue
		}
		if opp := pairs[1-i]; s.opponent != opp {
			return bad("pair %d is seated twice in this round, against %d at table %d and against %d: "+
				"a pair may sit twice in a round only against the same opponent on another board group (a split table)",
				p, s.opponent, s.table, opp)
		}
		if slices.Contains(s.groups, t.Group) {
			return bad("pairs %d and %d play board group %s twice in this round (tables %d and %d): "+
				"the entries of a split table need different board groups",
				t.NS, t.EW, m.GroupLabel(t.Group), s.table, table)
		}
	}
	if seat[t.NS].round == r {
		// The second half of a split table.
		for _, p := range pairs {
			seat[p].groups = append(seat[p].groups, t.Group)
		}
		return false, nil
	}
	for i, p := range pairs {
		seat[p] = seating{round: r, opponent: pairs[1-i], table: table, groups: append(seat[p].groups[:0], t.Group)}
	}
	return true, nil
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
