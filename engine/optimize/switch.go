package optimize

import (
	"github.com/bridgereport/bridgereport/engine/movement"
)

// SwitchState keeps the score matrix and SS of a movement while its tables
// are arrow-switched one at a time. Switching the table where p meets q on
// group b changes only the entries of p and q against the other plays of b,
// each by ±2, so a switch and its SS change cost O(P), not O(P²).
//
// The occupied table-rounds are numbered in reading order ("slots"); the
// optimiser works on slots, the exported methods on rounds and tables.
type SwitchState struct {
	st *switchTables // shared, never changed after construction
	// mat is the P×P score matrix, symmetric with a zero diagonal.
	mat []int32
	ss  int64
	// ns and ew hold the plays grouped by board group: group g occupies
	// [st.start[g], st.start[g+1]). A switch swaps ns[k] and ew[k].
	ns, ew []int32
}

// switchTables is the part of a SwitchState that switches never change, so
// that clones for parallel searches share it.
type switchTables struct {
	base   *movement.Movement
	P      int
	start  []int32    // group g's plays are ns/ew[start[g]:start[g+1]]
	simple []bool     // per group: no pair appears in two of its plays
	pos    []int32    // slot → index into ns/ew
	group  []int32    // slot → board group
	where  []TablePos // slot → round and table
	slotAt [][]int32  // [round][table] → slot, -1 for an empty table
	s      int64      // S, which switches do not change
}

// TablePos names one table in one round, both 1-based.
type TablePos struct {
	Round int `json:"round"`
	Table int `json:"table"`
}

// NewSwitchState prepares m for switching. The state works on a copy; m is
// not changed.
func NewSwitchState(m *movement.Movement) *SwitchState {
	c := m.Clone()
	st := &switchTables{base: c, P: c.Pairs, start: make([]int32, c.Groups+1), simple: make([]bool, c.Groups)}
	count := make([]int32, c.Groups)
	st.slotAt = make([][]int32, c.Rounds)
	for r, row := range c.Schedule {
		st.slotAt[r] = make([]int32, c.Tables)
		for t, tb := range row {
			st.slotAt[r][t] = -1
			if tb.Empty() {
				continue
			}
			st.slotAt[r][t] = int32(len(st.where))
			st.where = append(st.where, TablePos{r + 1, t + 1})
			st.group = append(st.group, int32(tb.Group))
			count[tb.Group]++
		}
	}
	for g := range c.Groups {
		st.start[g+1] = st.start[g] + count[g]
	}
	s := &SwitchState{st: st, ns: make([]int32, len(st.where)), ew: make([]int32, len(st.where))}
	fill := append([]int32(nil), st.start[:c.Groups]...)
	st.pos = make([]int32, len(st.where))
	for i, w := range st.where {
		tb := c.Schedule[w.Round-1][w.Table-1]
		k := fill[tb.Group]
		fill[tb.Group]++
		st.pos[i] = k
		s.ns[k], s.ew[k] = int32(tb.NS-1), int32(tb.EW-1)
	}
	seen := make([]int32, c.Pairs)
	for g := range c.Groups {
		st.simple[g] = true
		for k := st.start[g]; k < st.start[g+1]; k++ {
			for _, p := range [2]int32{s.ns[k], s.ew[k]} {
				if seen[p] == int32(g)+1 {
					st.simple[g] = false
				}
				seen[p] = int32(g) + 1
			}
		}
	}
	b := movement.ComputeBalance(c)
	st.s = b.S
	s.mat = make([]int32, len(b.Matrix))
	for i, v := range b.Matrix {
		s.mat[i] = int32(v)
	}
	s.ss = b.SS
	return s
}

// clone returns an independent state sharing the fixed tables.
func (s *SwitchState) clone() *SwitchState {
	return &SwitchState{
		st:  s.st,
		mat: append([]int32(nil), s.mat...),
		ss:  s.ss,
		ns:  append([]int32(nil), s.ns...),
		ew:  append([]int32(nil), s.ew...),
	}
}

// SS is the current sum of squares of the score matrix (upper triangle).
func (s *SwitchState) SS() int64 { return s.ss }

// Movement returns a copy of the movement as currently switched.
func (s *SwitchState) Movement() *movement.Movement {
	m := s.st.base.Clone()
	for i, w := range s.st.where {
		k := s.st.pos[i]
		tb := &m.Schedule[w.Round-1][w.Table-1]
		tb.NS, tb.EW = int(s.ns[k])+1, int(s.ew[k])+1
	}
	return m
}

// Delta returns how SS would change if the table (1-based round and table)
// were switched. An empty table changes nothing.
func (s *SwitchState) Delta(round, table int) int64 {
	if i := s.st.slotAt[round-1][table-1]; i >= 0 {
		return s.delta(int(i))
	}
	return 0
}

// Switch switches the table and returns the change of SS.
func (s *SwitchState) Switch(round, table int) int64 {
	if i := s.st.slotAt[round-1][table-1]; i >= 0 {
		return s.apply(int(i))
	}
	return 0
}

// delta is the change of SS if slot i were switched. In a group where every
// pair plays once the changed entries are distinct, so
// ΔSS = Σ (±2)·2v + 4 = 4·Σ(±v) + 16·(plays − 1), read without writing.
func (s *SwitchState) delta(i int) int64 {
	st := s.st
	g := st.group[i]
	if !st.simple[g] {
		d := s.apply(i)
		s.apply(i) // switching twice is the identity
		return d
	}
	k := st.pos[i]
	lo, hi := st.start[g], st.start[g+1]
	P := int32(st.P)
	p, q := s.ns[k], s.ew[k]
	rp := s.mat[p*P : p*P+P]
	rq := s.mat[q*P : q*P+P]
	ns := s.ns[lo:hi]
	ew := s.ew[lo:hi]
	ew = ew[:len(ns)]
	var sum int32
	// p leaves NS for EW: against every other NS pair -2, every other EW
	// pair +2; q the other way round. The table itself adds 2·M[p][q],
	// taken off after the loop so the loop needs no branch.
	for j, a := range ns {
		b := ew[j]
		sum += rq[a] - rp[a] + rp[b] - rq[b]
	}
	sum -= 2 * rp[q]
	return 4*int64(sum) + 16*int64(hi-lo-1)
}

// apply switches slot i and returns the change of SS. Entries are updated
// one at a time, so a pair that plays the group twice is handled exactly.
func (s *SwitchState) apply(i int) int64 {
	st := s.st
	g := st.group[i]
	k := st.pos[i]
	P := int32(st.P)
	p, q := s.ns[k], s.ew[k]
	mat := s.mat
	var d int64
	bump := func(a, b int32, by int32) {
		if a == b {
			return
		}
		v := mat[a*P+b]
		d += int64(2*v*by + by*by)
		mat[a*P+b] = v + by
		mat[b*P+a] = v + by
	}
	for j := st.start[g]; j < st.start[g+1]; j++ {
		if j == k {
			continue
		}
		a, b := s.ns[j], s.ew[j]
		bump(p, a, -2)
		bump(p, b, +2)
		bump(q, a, +2)
		bump(q, b, -2)
	}
	s.ns[k], s.ew[k] = q, p
	s.ss += d
	return d
}

// switched reports whether slot i is oriented opposite to the movement the
// state was made from.
func (s *SwitchState) switched(i int) bool {
	w := s.st.where[i]
	return int(s.ns[s.st.pos[i]])+1 != s.st.base.Schedule[w.Round-1][w.Table-1].NS
}
