package movement

import (
	"cmp"
	"slices"
)

// The superperfect Howell-6 (seed 004, "Perfect movements").
//
// Six pairs have 15 perfect matchings (ways to seat all of them at three
// tables). Five of them form the rounds of a complete Howell: the
// round-robin circle, pairs 1..5 standing for the residues mod 5 and pair 6
// for ∞, ∞ meeting r, r+1 meeting r−1 and r+2 meeting r−2 in round r. The
// other ten are the board groups. Every meeting lies in exactly three
// matchings, one of them its round, so every table plays two groups (a split
// table: the same two pairs on two board groups in one round). A group's
// three meetings lie in three different rounds (two of them in one round
// would force the third, and the group would be that round), so every group
// is played three times, in three rounds, and every pair plays every group
// once; no group is shared within a round, each round playing six of the
// ten.
//
// In this layout 800 of the 2^20 orientations (counted up to turning a
// whole board group round, which changes no figure) have Qf 100, and six of
// them are superperfect: Qf1 = 100 whichever pair is absent. Each of the
// six needs the halves of a split table oriented differently, an arrow
// switch in mid-round, at three tables at least, and can have them at the
// three tables of one round (the tests enumerate all of this). The one
// built here switches in mid-round in round 1, at every table, so for every
// pair; the other rounds are played without a switch.

// superperfectNS is the NS pair of each table (table t+1 in round r+1) of
// SuperperfectHowell6, in the first half of the round. The second half
// keeps it, except in round 1, where NS and EW change places.
var superperfectNS = [5][3]int{{6, 5, 4}, {6, 3, 5}, {3, 2, 1}, {4, 5, 1}, {6, 4, 2}}

// SuperperfectHowell6 returns the superperfect Howell for 6 pairs in 5
// rounds with 10 board groups: Qf = 100, and Qf1 = 100 with any pair absent
// (so Qf1av = Qf1max = 100), where the Howell-6 of Perfect has Qf1av 66.67.
// Each round line lists the three tables twice, once per board group (split
// tables, as Perfect writes them); in round 1 the second half of every table
// is arrow-switched. Board groups are lettered in order of first appearance.
func SuperperfectHowell6() *Movement {
	const P, n = 6, 5
	// The matchings that are not rounds: for each x, ∞ meets x and the
	// other four pair off in the two ways that differ from round x.
	//	a(x) = {∞x, (x+1)(x+2), (x−1)(x−2)}, b(x) = {∞x, (x+1)(x−2), (x−1)(x+2)}
	// Table 1 of round r (∞ against r) plays a(r) and b(r), table 2
	// ((r+1) against (r−1)) b(r−2) and b(r+2), table 3 ((r+2) against
	// (r−2)) a(r−1) and a(r+1): a(x) is group x, b(x) group n+x.
	m := New(P, 6, n, 2*n)
	label := map[int]int{} // layout group → letter, by first appearance
	for r := range n {
		pairs := [3][2]int{{P, r + 1}, {mod(r+1, n) + 1, mod(r-1, n) + 1}, {mod(r+2, n) + 1, mod(r-2, n) + 1}}
		groups := [3][2]int{{r, n + r}, {n + mod(r-2, n), n + mod(r+2, n)}, {mod(r-1, n), mod(r+1, n)}}
		for half := range 2 {
			for t := range 3 {
				g := groups[t][half]
				if _, ok := label[g]; !ok {
					label[g] = len(label)
				}
				ns, ew := pairs[t][0], pairs[t][1]
				if ns != superperfectNS[r][t] {
					ns, ew = ew, ns
				}
				if half == 1 && r == 0 {
					ns, ew = ew, ns
				}
				m.Schedule[r][t+3*half] = Table{NS: ns, EW: ew, Group: label[g]}
			}
		}
	}
	return m
}

// MidRoundSwitches counts, per round, the split tables at which the pairs
// change direction within the round: they play NS-EW on one of the table's
// board groups and EW-NS on another (an arrow switch in mid-round). A table
// that is not split counts as none.
func MidRoundSwitches(m *Movement) []int {
	out := make([]int, m.Rounds)
	for r := range m.Schedule {
		out[r] = len(midRoundMeetings(m, r))
	}
	return out
}

// MidRoundPairs counts, per pair (pair p at p−1), the rounds in which it
// switches direction in mid-round (see MidRoundSwitches).
func MidRoundPairs(m *Movement) []int {
	out := make([]int, m.Pairs)
	for r := range m.Schedule {
		for _, meet := range midRoundMeetings(m, r) {
			out[meet[0]-1]++
			out[meet[1]-1]++
		}
	}
	return out
}

// midRoundMeetings lists the pairs of the split tables of round r (0-based)
// that switch in mid-round, lower pair first, in order.
func midRoundMeetings(m *Movement, r int) [][2]int {
	dirs := map[[2]int]int{} // meeting → bit 1: lower pair NS, bit 2: EW
	for _, t := range m.Schedule[r] {
		switch {
		case t.Empty():
		case t.NS < t.EW:
			dirs[[2]int{t.NS, t.EW}] |= 1
		default:
			dirs[[2]int{t.EW, t.NS}] |= 2
		}
	}
	var out [][2]int
	for meet, d := range dirs {
		if d == 3 {
			out = append(out, meet)
		}
	}
	slices.SortFunc(out, func(a, b [2]int) int { return cmp.Or(a[0]-b[0], a[1]-b[1]) })
	return out
}
