package movement

// FirstHalves maps every table position of every round to the position
// where its two pairs first sit in that round: out[r][t] is t itself, or,
// for the second half of a split table (the same two pairs on another
// board group, see Check), the position of the first half. Empty
// positions map to -1.
func FirstHalves(m *Movement) [][]int {
	out := make([][]int, len(m.Schedule))
	for r, row := range m.Schedule {
		out[r] = make([]int, len(row))
		first := map[[2]int]int{}
		for t, tb := range row {
			if tb.Empty() {
				out[r][t] = -1
				continue
			}
			key := [2]int{min(tb.NS, tb.EW), max(tb.NS, tb.EW)}
			if f, ok := first[key]; ok {
				out[r][t] = f
				continue
			}
			first[key], out[r][t] = t, t
		}
	}
	return out
}

// PlayingTables is the number of tables the players sit at: the table
// positions where a meeting starts in some round (the second half of a
// split table, two board groups a round, is no table of its own). GroupsPerRound is the most board groups one table plays
// in a round: 1, or 2 when the rounds are split.
func PlayingTables(m *Movement) (tables, groupsPerRound int) {
	groupsPerRound = 1
	used := map[int]bool{}
	for _, row := range FirstHalves(m) {
		count := map[int]int{}
		for t, f := range row {
			if f == t {
				used[t] = true
			}
			if f >= 0 {
				count[f]++
				groupsPerRound = max(groupsPerRound, count[f])
			}
		}
	}
	return len(used), groupsPerRound
}
