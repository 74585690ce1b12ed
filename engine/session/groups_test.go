package session

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/bridgereport/bridgereport/engine/scoring"
)

// boardGroups finds the groups every pair of boards would: the connected
// components of sameGroup over all pairs, however many boards share their
// meetings (it compares one board of each set of meetings).
func TestBoardGroupsAreTheComponents(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		pairs := 4 + rng.IntN(6)
		index := map[scoring.PairKey]int{}
		for p := 1; p <= pairs; p++ {
			index[scoring.PairKey{Number: p}] = p - 1
		}
		// A few sets of meetings, each played on several boards, some
		// boards missing a table or played by another set's pairs.
		var sets [][][2]int
		for range 1 + rng.IntN(4) {
			var set [][2]int
			for range 1 + rng.IntN(4) {
				a, b := 1+rng.IntN(pairs), 1+rng.IntN(pairs)
				if a != b {
					set = append(set, [2]int{a, b})
				}
			}
			sets = append(sets, set)
		}
		var boards []fieldBoard
		for n := 1; n <= 5+rng.IntN(40); n++ {
			set := sets[rng.IntN(len(sets))]
			b := fieldBoard{number: n}
			for _, m := range set {
				if rng.IntN(8) > 0 {
					b.lines = append(b.lines, &scoring.TravellerLine{NS: m[0], EW: m[1]})
				}
			}
			boards = append(boards, b)
		}
		got := partition(boardGroups(boards, index))
		if want := naiveGroups(boards, index); !slices.Equal(got, want) {
			t.Fatalf("trial %d: groups %v, every pair compared gives %v", trial, got, want)
		}
	}
}

func partition(groups []boardGroup) []string {
	var out []string
	for _, g := range groups {
		out = append(out, fmt.Sprint(g.boards))
	}
	slices.Sort(out)
	return out
}

// naiveGroups compares every two boards.
func naiveGroups(boards []fieldBoard, index map[scoring.PairKey]int) []string {
	sets := make([]map[meetingKey]bool, len(boards))
	for i, b := range boards {
		sets[i] = map[meetingKey]bool{}
		for _, l := range b.lines {
			sets[i][meetingOf(index[l.NSKey()], index[l.EWKey()])] = true
		}
	}
	comp := make([]int, len(boards))
	for i := range comp {
		comp[i] = i
	}
	for changed := true; changed; {
		changed = false
		for i := range boards {
			for j := range boards {
				if i != j && comp[j] != comp[i] && sameGroup(sets[i], sets[j]) {
					c := min(comp[i], comp[j])
					changed = changed || comp[i] != c || comp[j] != c
					comp[i], comp[j] = c, c
				}
			}
		}
	}
	byComp := map[int][]int{}
	for i, b := range boards {
		byComp[comp[i]] = append(byComp[comp[i]], b.number)
	}
	var out []string
	for _, members := range byComp {
		slices.Sort(members)
		out = append(out, fmt.Sprint(members))
	}
	slices.Sort(out)
	return out
}

// BenchmarkBoardGroupsOneSet groups 20,000 boards played by the same five
// meetings (a file of one long field): 14 s of a score run when every two
// boards sharing a meeting were compared.
func BenchmarkBoardGroupsOneSet(b *testing.B) {
	index := map[scoring.PairKey]int{}
	for p := 1; p <= 10; p++ {
		index[scoring.PairKey{Number: p}] = p - 1
	}
	boards := make([]fieldBoard, 20000)
	for i := range boards {
		boards[i].number = i + 1
		for t := 1; t <= 5; t++ {
			boards[i].lines = append(boards[i].lines, &scoring.TravellerLine{NS: t, EW: t + 5})
		}
	}
	for b.Loop() {
		if g := boardGroups(boards, index); len(g) != 1 {
			b.Fatalf("%d groups", len(g))
		}
	}
}
