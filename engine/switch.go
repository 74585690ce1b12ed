package engine

// SwitchState keeps the score matrix and SS of a movement while its tables
// are arrow-switched one at a time. Switching the table where p meets q on
// group b changes only the entries of p and q against the other plays of b,
// each by ±2, so a switch and its SS change cost O(P), not O(P²).
type SwitchState struct {
	m     *Movement
	P     int
	mat   []int64
	ss    int64
	plays [][]play     // per group, current orientation
	slot  [][]slotInfo // [round][table]: where the table sits in plays
}

type slotInfo struct{ group, index int }

// NewSwitchState prepares m for switching. The state works on a copy; m is
// not changed.
func NewSwitchState(m *Movement) *SwitchState {
	c := m.Clone()
	mat, _, _, _ := scoreMatrix(c)
	s := &SwitchState{m: c, P: c.Pairs, mat: make([]int64, len(mat)), plays: make([][]play, c.Groups)}
	for i, v := range mat {
		s.mat[i] = int64(v)
	}
	s.ss = sumSquaresUpper(mat, c.Pairs)
	s.slot = make([][]slotInfo, c.Rounds)
	for r, row := range c.Schedule {
		s.slot[r] = make([]slotInfo, c.Tables)
		for t, tb := range row {
			if tb.Empty() {
				s.slot[r][t] = slotInfo{-1, -1}
				continue
			}
			s.slot[r][t] = slotInfo{tb.Group, len(s.plays[tb.Group])}
			s.plays[tb.Group] = append(s.plays[tb.Group], play{tb.NS - 1, tb.EW - 1})
		}
	}
	return s
}

// SS is the current sum of squares of the score matrix (upper triangle).
func (s *SwitchState) SS() int64 { return s.ss }

// Movement returns a copy of the movement as currently switched.
func (s *SwitchState) Movement() *Movement { return s.m.Clone() }

// Delta returns how SS would change if the table (1-based round and table)
// were switched. An empty table changes nothing.
func (s *SwitchState) Delta(round, table int) int64 {
	d := s.apply(round, table)
	s.apply(round, table) // switching twice is the identity
	return d
}

// Switch switches the table and returns the change of SS.
func (s *SwitchState) Switch(round, table int) int64 {
	s.m.Switch(round, table)
	return s.apply(round, table)
}

// apply switches the table in the matrix and the play lists (not in s.m) and
// returns the change of SS. Entries are updated one at a time, so a pair that
// plays the group twice is handled exactly.
func (s *SwitchState) apply(round, table int) int64 {
	si := s.slot[round-1][table-1]
	if si.group < 0 {
		return 0
	}
	g := s.plays[si.group]
	p, q := g[si.index].ns, g[si.index].ew
	var d int64
	bump := func(a, b int, by int64) {
		if a == b {
			return
		}
		v := s.mat[a*s.P+b]
		d += 2*v*by + by*by
		s.mat[a*s.P+b] = v + by
		s.mat[b*s.P+a] = v + by
	}
	for j, o := range g {
		if j == si.index {
			continue
		}
		// p leaves NS for EW: with o.ns (same direction before) -2, with
		// o.ew (opposite before) +2; q the other way round.
		bump(p, o.ns, -2)
		bump(p, o.ew, +2)
		bump(q, o.ns, +2)
		bump(q, o.ew, -2)
	}
	g[si.index] = play{q, p}
	s.ss += d
	return d
}
