package movement

import (
	"fmt"
	"sync"
)

// Mitchell returns the standard Mitchell for an odd number of tables: pairs
// 1..T sit NS and stay, EW pairs T+1..2T move one table up, boards one down.
func Mitchell(tables int) (*Movement, error) {
	if tables > MaxTables {
		return nil, fmt.Errorf("mitchell: %d tables: more than the %d tables the engine handles", tables, MaxTables)
	}
	if tables < 3 || tables%2 == 0 {
		return nil, fmt.Errorf("mitchell: %d tables: a standard Mitchell needs an odd number of tables, 3 or more", tables)
	}
	T := tables
	m := New(2*T, T, T, T)
	for r := 1; r <= T; r++ {
		for t := 1; t <= T; t++ {
			m.Schedule[r-1][t-1] = Table{NS: t, EW: T + 1 + mod(t-r, T), Group: mod(t+r-2, T)}
		}
	}
	return m, nil
}

// RelayMitchell returns the relay Mitchell for an even number of tables: as
// the standard Mitchell, but table T shares the boards of table 1 and one
// board group rests on the relay stand each round.
func RelayMitchell(tables int) (*Movement, error) {
	if tables > MaxTables {
		return nil, fmt.Errorf("relay mitchell: %d tables: more than the %d tables the engine handles", tables, MaxTables)
	}
	if tables < 4 || tables%2 == 1 {
		return nil, fmt.Errorf("relay mitchell: %d tables: a relay Mitchell needs an even number of tables, 4 or more", tables)
	}
	T := tables
	m := New(2*T, T, T, T)
	for r := 1; r <= T; r++ {
		for t := 1; t <= T; t++ {
			var g int
			switch {
			case t <= T/2:
				g = mod(t+r-2, T)
			case t < T:
				g = mod(t+r-1, T)
			default:
				g = mod(1+r-2, T) // table T shares with table 1
			}
			m.Schedule[r-1][t-1] = Table{NS: t, EW: T + 1 + mod(t-r, T), Group: g}
		}
	}
	return m, nil
}

// Howell returns a complete Howell for an even number of pairs: P-1 rounds
// at P/2 tables, every pair meets every other once and plays each of the P-1
// board groups once. No board group is shared within a round, except for 4,
// 6 and 10 pairs, where this symmetric cyclic form has no such arrangement
// and every table plays the same group each round (a barometer, as
// multisession's Howell base wants it); howell:N (CompleteHowell) takes the
// published Howells of those sizes instead.
//
// Pair P sits at table 1 and meets pair r in round r; the others follow the
// round-robin circle. The group at the table where pairs r+i and r-i meet
// (mod P-1) is r + offset(i); the offsets are found by a small search so that
// every pair sees every group once.
func Howell(pairs int) (*Movement, error) {
	if pairs < 4 || pairs%2 == 1 || pairs > 64 {
		return nil, fmt.Errorf("howell: %d pairs: a complete Howell needs an even number of pairs from 4 to 64", pairs)
	}
	n := pairs - 1
	offset, ok := howellOffsetsOnce(n)
	if !ok {
		return nil, fmt.Errorf("howell: no board arrangement found for %d pairs", pairs)
	}
	m := New(pairs, pairs/2, n, n)
	for r := 0; r < n; r++ {
		// Table 1: the stationary pair, alternating direction by round.
		if r%2 == 0 {
			m.Schedule[r][0] = Table{NS: pairs, EW: r + 1, Group: mod(r+offset[0], n)}
		} else {
			m.Schedule[r][0] = Table{NS: r + 1, EW: pairs, Group: mod(r+offset[0], n)}
		}
		for i := 1; i <= n/2; i++ {
			m.Schedule[r][i] = Table{NS: mod(r+i, n) + 1, EW: mod(r-i, n) + 1, Group: mod(r+offset[i], n)}
		}
	}
	return m, nil
}

// howellOffsetsOnce is the search of howellOffsets, groups not shared if it
// can, done once per size in a process (up to a second for the largest
// fields, and a catalogue builds every Howell of a size again for each
// length); callers only read the offsets.
func howellOffsetsOnce(n int) ([]int, bool) {
	v, _ := howellSearches.LoadOrStore(n, sync.OnceValues(func() ([]int, bool) {
		if offset, ok := howellOffsets(n, true); ok {
			return offset, true
		}
		return howellOffsets(n, false)
	}))
	return v.(func() ([]int, bool))()
}

// howellSearches: n → func() ([]int, bool), see howellOffsetsOnce.
var howellSearches sync.Map

// howellOffsets finds offset[0..n/2] such that the values offset[0],
// offset[i]-i and offset[i]+i for i = 1..n/2 cover 0..n-1 (each pair meets
// every group once) and, if distinct is set, the offsets differ (no group
// shared within a round).
func howellOffsets(n int, distinct bool) ([]int, bool) {
	half := n / 2
	offset := make([]int, half+1)
	usedGroupDiff := make([]bool, n) // values offset±i taken
	usedOffset := make([]bool, n)
	var place func(i int) bool
	place = func(i int) bool {
		if i == 0 {
			for v := 0; v < n; v++ {
				if !usedGroupDiff[v] && !(distinct && usedOffset[v]) {
					offset[0] = v
					return true
				}
			}
			return false
		}
		for v := 0; v < n; v++ {
			a, b := wrap(v-i, n), wrap(v+i, n)
			if distinct && usedOffset[v] || usedGroupDiff[a] || usedGroupDiff[b] {
				continue
			}
			usedOffset[v], usedGroupDiff[a], usedGroupDiff[b] = true, true, true
			offset[i] = v
			if place(i - 1) {
				return true
			}
			usedOffset[v], usedGroupDiff[a], usedGroupDiff[b] = false, false, false
		}
		return false
	}
	// Place the largest distances first: they are the most constrained.
	return offset, place(half)
}

// wrap is mod(a, n) for −n ≤ a < 2n, without a division: the searches
// step by less than n, and a division in their inner loops was half their
// time.
func wrap(a, n int) int {
	switch {
	case a < 0:
		return a + n
	case a >= n:
		return a - n
	}
	return a
}

func mod(a, n int) int {
	a %= n
	if a < 0 {
		a += n
	}
	return a
}
