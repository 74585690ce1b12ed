package session

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/engine/scoring"
)

// boardGroup is a group of boards played by the same tables, and those
// tables as the group's boards were played at them.
type boardGroup struct {
	boards []int
	tables []groupTable
	notes  []string
}

// groupTable is one table of a group: two pairs (movement numbers), their
// seats, and the round and table the file gives (0 when it does not).
type groupTable struct {
	ns, ew, round, table int
}

// meetingKey is two pairs meeting, whichever way round they sat.
type meetingKey struct{ a, b int }

func meetingOf(ns, ew int) meetingKey { return meetingKey{min(ns, ew), max(ns, ew)} }

// meetingsKey names a set of meetings: equal sets, equal keys.
func meetingsKey(set map[meetingKey]bool) string {
	keys := make([]meetingKey, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(x, y meetingKey) int { return cmp.Or(cmp.Compare(x.a, y.a), cmp.Compare(x.b, y.b)) })
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%d-%d ", k.a, k.b)
	}
	return b.String()
}

// sameGroup tells whether two boards were played by the same tables: the
// meetings of the smaller are, but for at most two, among the larger's,
// and at least two thirds of them. So a table that missed a board of its
// group (or both boards missing at different tables) keeps the group
// whole, while two groups that happen to share a meeting (two pairs that
// met twice) stay apart.
func sameGroup(x, y map[meetingKey]bool) bool {
	small, large := x, y
	if len(small) > len(large) {
		small, large = large, small
	}
	common := 0
	for k := range small {
		if large[k] {
			common++
		}
	}
	return common > 0 && common >= len(small)-2 && 3*common >= 2*len(small)
}

// boardGroups groups the boards of a field by the tables that played
// them: boards that go together (sameGroup), directly or through another
// board, are one group, and the group's tables are every meeting any of
// its boards was played at, seated the way most of its boards were. Each
// board not played at a table of its group is noted.
func boardGroups(boards []fieldBoard, index map[scoring.PairKey]int) []boardGroup {
	sets := make([]map[meetingKey]bool, len(boards))
	for i, b := range boards {
		sets[i] = map[meetingKey]bool{}
		for _, l := range b.lines {
			sets[i][meetingOf(index[l.NSKey()], index[l.EWKey()])] = true
		}
	}
	parent := make([]int, len(boards))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	// Boards played by the same meetings are one group, and any other
	// board goes with both or with neither: only the first of them is
	// compared below (20,000 boards of one five-table field had made 10⁹
	// comparisons). A board without a meeting is in no other's group.
	first := map[string]int{}
	isFirst := make([]bool, len(boards))
	for i := range boards {
		key := meetingsKey(sets[i])
		if r, ok := first[key]; ok && len(sets[i]) > 0 {
			parent[i] = r
			continue
		}
		first[key], isFirst[i] = i, true
	}
	// Boards that share no meeting are never the same group, so only the
	// boards that share one are compared: a 2,000-pair field's 10,000
	// boards then cost a few comparisons each instead of 10,000. The
	// groups are the connected components, whatever the order of unions.
	sharing := map[meetingKey][]int{}
	for i, b := range boards {
		if !isFirst[i] {
			continue
		}
		for _, l := range b.lines {
			k := meetingOf(index[l.NSKey()], index[l.EWKey()])
			if at := sharing[k]; len(at) == 0 || at[len(at)-1] != i {
				sharing[k] = append(at, i)
			}
		}
	}
	for i := range boards {
		if !isFirst[i] {
			continue
		}
		for k := range sets[i] {
			for _, j := range sharing[k] {
				if j > i && find(i) != find(j) && sameGroup(sets[i], sets[j]) {
					parent[find(j)] = find(i)
				}
			}
		}
	}
	members := map[int][]int{}
	var roots []int
	for i := range boards {
		r := find(i)
		if _, ok := members[r]; !ok {
			roots = append(roots, r)
		}
		members[r] = append(members[r], i)
	}
	var out []boardGroup
	for _, r := range roots {
		var g boardGroup
		// Each meeting's seats (NS first) and round and table, by how many
		// of the group's boards say so.
		type seating struct {
			t groupTable
			n int
		}
		seats := map[meetingKey][]seating{}
		var order []meetingKey
		for _, i := range members[r] {
			g.boards = append(g.boards, boards[i].number)
			for _, l := range boards[i].lines {
				t := groupTable{ns: index[l.NSKey()], ew: index[l.EWKey()], round: l.Round, table: l.Table}
				k := meetingOf(t.ns, t.ew)
				if _, ok := seats[k]; !ok {
					order = append(order, k)
				}
				found := false
				for si := range seats[k] {
					if seats[k][si].t == t {
						seats[k][si].n++
						found = true
					}
				}
				if !found {
					seats[k] = append(seats[k], seating{t, 1})
				}
			}
		}
		slices.Sort(g.boards)
		for _, k := range order {
			best := slices.MaxFunc(seats[k], func(a, b seating) int { return cmp.Compare(a.n, b.n) })
			g.tables = append(g.tables, best.t)
		}
		// The group's boards a table did not play.
		for _, i := range members[r] {
			var missed []string
			for _, k := range order {
				if !sets[i][k] {
					missed = append(missed, fmt.Sprintf("%d v %d", k.a, k.b))
				}
			}
			if len(missed) > 0 {
				g.notes = append(g.notes, fmt.Sprintf("board %d was not played at the table(s) of pairs %s of its board group (boards %s); the movement counts it as set",
					boards[i].number, strings.Join(missed, ", "), joinInts(g.boards)))
			}
		}
		out = append(out, g)
	}
	slices.SortFunc(out, func(a, b boardGroup) int { return cmp.Compare(a.boards[0], b.boards[0]) })
	return out
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}
