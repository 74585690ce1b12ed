package session

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/engine/scoring"
)

// FieldMovement is the movement a field played, reconstructed from its
// travellers, with its balance (DOMAIN.md §2).
type FieldMovement struct {
	// Section names the field: a section, or sections joined by "+" when
	// they were matchpointed as one field ("" for a session without
	// sections).
	Section string `json:"section"`
	// PairNumbers[i] is the file's pair that is pair i+1 of the movement.
	PairNumbers []string `json:"pair_numbers"`
	// BoardGroups[g] lists the boards of group g: boards played by the
	// same tables (the same NS and EW pairs).
	BoardGroups [][]int `json:"board_groups"`
	Pairs       int     `json:"pairs"`
	Tables      int     `json:"tables"`
	Rounds      int     `json:"rounds"`
	// RoundsFrom says where the rounds come from: "file" when every line
	// gives its round, else "reconstructed": an assignment of the meetings
	// to rounds in which no pair sits twice, one of possibly many, which
	// the balance does not depend on.
	RoundsFrom string `json:"rounds_from"`
	// ASC is the movement in the .ASC format.
	ASC string `json:"asc"`
	// Balance: Qf, Qf1av (pooled over every absent pair), Qo, and whether
	// every board group was played equally often (else the figures use each
	// group's own h, which the theory does not define).
	Qf      float64 `json:"qf"`
	Qf1Av   float64 `json:"qf1_av"`
	Qo      float64 `json:"qo"`
	Uniform bool    `json:"uniform"`
	// Matrix is the score matrix, pairs in the order of PairNumbers.
	Matrix [][]int `json:"matrix"`
	// Warnings are movement.Check's findings and reconstruction notes.
	Warnings []string `json:"warnings,omitempty"`
	// Played is the reconstructed movement itself, for callers that draw
	// or analyse it further; pair i+1 is PairNumbers[i].
	Played *movement.Movement `json:"-"`
}

// meeting is one round's encounter of two pairs, at one table position per
// board group they play.
type meeting struct {
	a, b    int // movement pairs, a < b
	round   int // from the file, 0 when unknown
	table   int // from the file, 0 when unknown
	entries []movement.Table
}

// reconstruct builds the movement of a field from its travellers.
func reconstruct(f *field) (FieldMovement, *movement.Movement) {
	fm := FieldMovement{Section: strings.Join(f.sections, "+"), Pairs: len(f.pairs)}
	index := map[scoring.PairKey]int{}
	for i, k := range f.pairs {
		index[k] = i + 1
		fm.PairNumbers = append(fm.PairNumbers, k.String())
	}
	// Board groups: boards with the same set of (NS, EW) tables. A board
	// played at only some of the tables of a group (a table ran out of
	// time, a board was fouled and not replayed) belongs to that group:
	// the movement is what was set, the missing plays are noted.
	type tableSet struct {
		boards []int
		tabs   []string
		lines  []*scoring.TravellerLine
	}
	fileRounds := true
	var sets []tableSet
	for _, b := range f.boards {
		ts := tableSet{boards: []int{b.number}, lines: b.lines}
		for _, l := range b.lines {
			ts.tabs = append(ts.tabs, fmt.Sprintf("%d-%d", index[l.NSKey()], index[l.EWKey()]))
			fileRounds = fileRounds && l.Round > 0
		}
		slices.Sort(ts.tabs)
		sets = append(sets, ts)
	}
	bySize := slices.Clone(sets)
	slices.SortStableFunc(bySize, func(a, b tableSet) int { return cmp.Compare(len(b.tabs), len(a.tabs)) })
	var groups []tableSet
	for _, ts := range bySize {
		joined := false
		for g := range groups {
			if subset(ts.tabs, groups[g].tabs) {
				groups[g].boards = append(groups[g].boards, ts.boards[0])
				if len(ts.tabs) < len(groups[g].tabs) {
					fm.Warnings = append(fm.Warnings, fmt.Sprintf("board %d was played at %d of the %d tables of its board group (the group of board %d); the movement counts it as set",
						ts.boards[0], len(ts.tabs), len(groups[g].tabs), groups[g].boards[0]))
				}
				joined = true
				break
			}
		}
		if !joined {
			groups = append(groups, ts)
		}
	}
	for g := range groups {
		slices.Sort(groups[g].boards)
	}
	slices.SortFunc(groups, func(a, b tableSet) int { return cmp.Compare(a.boards[0], b.boards[0]) })
	for _, g := range groups {
		fm.BoardGroups = append(fm.BoardGroups, g.boards)
	}
	// Meetings: the tables of each group, merged per pair of pairs (and
	// per round when the file gives rounds).
	type mkey struct{ a, b, round int }
	meets := map[mkey]*meeting{}
	var order []mkey
	for g, grp := range groups {
		for _, l := range grp.lines {
			ns, ew := index[l.NSKey()], index[l.EWKey()]
			k := mkey{min(ns, ew), max(ns, ew), 0}
			if fileRounds {
				k.round = l.Round
			}
			m := meets[k]
			if m == nil {
				m = &meeting{a: k.a, b: k.b, round: k.round, table: l.Table}
				meets[k] = m
				order = append(order, k)
			}
			m.entries = append(m.entries, movement.Table{NS: ns, EW: ew, Group: g})
		}
	}
	ms := make([]*meeting, len(order))
	for i, k := range order {
		ms[i] = meets[k]
	}
	if fileRounds {
		fm.RoundsFrom = "file"
	} else {
		fm.RoundsFrom = "reconstructed"
		colourRounds(ms, len(f.pairs))
	}
	rounds := 0
	for _, m := range ms {
		rounds = max(rounds, m.round)
	}
	byRound := make([][]movement.Table, rounds)
	slices.SortStableFunc(ms, func(x, y *meeting) int { return cmp.Or(cmp.Compare(x.round, y.round), cmp.Compare(x.table, y.table)) })
	for _, m := range ms {
		byRound[m.round-1] = append(byRound[m.round-1], m.entries...)
	}
	tables := 0
	for _, row := range byRound {
		tables = max(tables, len(row))
	}
	mv := movement.New(len(f.pairs), tables, rounds, len(fm.BoardGroups))
	mv.NumericGroups = len(fm.BoardGroups) > 26
	for r, row := range byRound {
		copy(mv.Schedule[r], row)
	}
	fm.Tables, fm.Rounds, fm.Played = tables, rounds, mv
	var buf bytes.Buffer
	_ = movement.WriteASC(&buf, mv)
	fm.ASC = buf.String()
	errs, warns := mv.Check()
	for _, e := range errs {
		fm.Warnings = append(fm.Warnings, "error: "+e.String())
	}
	for _, w := range warns {
		fm.Warnings = append(fm.Warnings, w.String())
	}
	bal := movement.ComputeBalance(mv)
	fm.Qf, fm.Qo, fm.Uniform = bal.Qf, bal.Qo, bal.Uniform
	if !bal.Uniform {
		fm.Warnings = append(fm.Warnings, "board groups were played unequal numbers of times: the balance uses each group's own h, which the theory does not define")
	}
	if v, err := movement.ComputeVacancy(mv); err == nil {
		fm.Qf1Av = v.Av
	}
	P := len(f.pairs)
	fm.Matrix = make([][]int, P)
	for p := range P {
		fm.Matrix[p] = make([]int, P)
		for q := range P {
			fm.Matrix[p][q] = bal.At(p+1, q+1)
		}
	}
	return fm, mv
}

// colourRounds gives each meeting a round such that no pair meets two
// opponents in one round, with as few rounds as it can find: the most
// meetings of any pair if a search within a budget finds such an
// assignment, else a greedy one. This is edge colouring; a Mitchell's
// bipartite graph always has one with that many rounds, a Howell's
// complete graph (even order) too.
func colourRounds(ms []*meeting, pairs int) {
	deg := make([]int, pairs+1)
	for _, m := range ms {
		deg[m.a]++
		deg[m.b]++
	}
	most := slices.Max(deg)
	// Boards are at one table at a time, so first ask, for each number of
	// rounds, that no board group be played twice in a round; then drop
	// that wish (relays and shared boards break it).
	for R := most; R <= most+2; R++ {
		for _, oneTable := range []bool{true, false} {
			if searchRounds(ms, pairs, R, searchWork, oneTable) {
				return
			}
		}
	}
	// Greedy: the first round free for both pairs.
	used := make([]map[int]bool, pairs+1)
	for i := range used {
		used[i] = map[int]bool{}
	}
	for _, m := range ms {
		r := 1
		for used[m.a][r] || used[m.b][r] {
			r++
		}
		m.round = r
		used[m.a][r], used[m.b][r] = true, true
	}
}

// searchWork bounds the work of one search for rounds (meetings looked at
// times rounds tried), about a tenth of a second.
const searchWork = 20_000_000

// searchRounds tries to give every meeting one of R rounds, choosing next
// the meeting with the fewest rounds left; it gives up after budget units
// of work.
func searchRounds(ms []*meeting, pairs, R, budget int, oneTable bool) bool {
	busy := make([][]bool, pairs+1)
	for i := range busy {
		busy[i] = make([]bool, R+1)
	}
	groups := 0
	for _, m := range ms {
		for _, e := range m.entries {
			groups = max(groups, e.Group+1)
		}
	}
	played := make([][]bool, groups) // played[g][r]: group g is out in round r
	for g := range played {
		played[g] = make([]bool, R+1)
	}
	free := func(m *meeting, r int) bool {
		if busy[m.a][r] || busy[m.b][r] {
			return false
		}
		if oneTable {
			for _, e := range m.entries {
				if played[e.Group][r] {
					return false
				}
			}
		}
		return true
	}
	set := func(m *meeting, r int, v bool) {
		busy[m.a][r], busy[m.b][r] = v, v
		for _, e := range m.entries {
			played[e.Group][r] = v
		}
	}
	for _, m := range ms {
		m.round = 0
	}
	steps := 0
	var dfs func(left int) bool
	dfs = func(left int) bool {
		if left == 0 {
			return true
		}
		steps += len(ms) * R
		if steps > budget {
			return false
		}
		var pick *meeting
		fewest := R + 1
		for _, m := range ms {
			if m.round != 0 {
				continue
			}
			n := 0
			for r := 1; r <= R; r++ {
				if free(m, r) {
					n++
				}
			}
			if n < fewest {
				pick, fewest = m, n
			}
		}
		if fewest == 0 {
			return false
		}
		for r := 1; r <= R; r++ {
			if !free(pick, r) {
				continue
			}
			pick.round = r
			set(pick, r, true)
			if dfs(left - 1) {
				return true
			}
			pick.round = 0
			set(pick, r, false)
			if steps > budget {
				return false
			}
		}
		return false
	}
	if dfs(len(ms)) {
		return true
	}
	for _, m := range ms {
		m.round = 0
	}
	return false
}

// subset reports whether every element of sorted a is in sorted b.
func subset(a, b []string) bool {
	i := 0
	for _, x := range a {
		for i < len(b) && b[i] < x {
			i++
		}
		if i == len(b) || b[i] != x {
			return false
		}
		i++
	}
	return true
}
