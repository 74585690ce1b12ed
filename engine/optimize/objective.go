package optimize

import (
	"github.com/bridgereport/bridgereport/engine/movement"
)

// objective ranks orientations of one movement, in balans's order:
// SS (smaller: higher Qf), then the vacancy quality as the ranking says
// (two keys, higher first; 0 when it is not ranked), then the fourth central
// moment (smaller: smaller d4; 0 when d4 is not ranked).
type objective struct {
	ss int64
	// vacSS is the pooled SS of the ranked absences (smaller: higher
	// Qf1av, since ΣS_V does not depend on orientation); qf1max is the best
	// Qf1 among them.
	vacSS  int64
	qf1max float64
	// vac1 and vac2 are the vacancy keys: the weighted score w1·Qf1max +
	// w2·Qf1av and 0, or −vacSS and Qf1max (Qf1av, then Qf1max).
	vac1, vac2 float64
	// m4 orders equal-SS states by d4: with S and SS fixed,
	// Σ(v−μ)⁴ differs from Σv⁴ − 4μΣv³ by a constant.
	m4 float64
	// atBound says SS and every ranked SS_V reach minsq, so nothing can
	// beat it (with SS minimal the multiset of scores, hence d4, is fixed
	// too). With the vacancy quality off no SS_V is ranked: SS alone decides.
	atBound bool
}

// better reports whether a ranks strictly before b.
func (a objective) better(b objective) bool {
	switch {
	case a.ss != b.ss:
		return a.ss < b.ss
	case a.vac1 != b.vac1:
		return a.vac1 > b.vac1
	case a.vac2 != b.vac2:
		return a.vac2 > b.vac2
	}
	return a.m4 < b.m4
}

// ranking is how objectives are built: which absences count for the
// vacancy quality and how it and d4 rank.
type ranking struct {
	ranked  []bool // per pair (0-based): its absence counts; nil: every pair
	vacancy Vacancy
	weights Weights
	noD4    bool
}

// tiesOnly says the ranking has no key after SS: orientations of equal Qf
// are ties and need no evaluation.
func (r ranking) tiesOnly() bool { return r.vacancy == VacancyOff && r.noD4 }

// objectiveEval computes the objective of a SwitchState. With pair V absent
// only the tables of V's groups change: V's opponent w loses its cross terms
// on those groups and every other table there loses one from h. So
// M_V = M − C_V with C_V sparse, and all P vacancies cost O(P·R·T), not
// O(P·R·T²) as recomputing every M_V would.
type objectiveEval struct {
	st        *switchTables
	rank      ranking
	ranked    []bool // per pair: its absence is evaluated
	nRanked   int64
	sRanked   int64     // ΣS_V over the ranked pairs
	pairPlays [][]int32 // per pair, its positions in ns/ew, ascending (so grouped by group)
	posGroup  []int32
	sV        []int64 // S with pair V absent
	minsqV    []int64
	n1        int64
	minsq     int64
	// scratch for C_V, upper-triangle index a*P+b, a<b
	c       []int32
	stamp   []uint32
	gen     uint32
	touched []int32
}

func newObjectiveEval(s *SwitchState, rank ranking) *objectiveEval {
	st := s.st
	P := st.P
	e := &objectiveEval{st: st, rank: rank, ranked: make([]bool, P), pairPlays: make([][]int32, P), posGroup: make([]int32, len(s.ns)),
		sV: make([]int64, P), minsqV: make([]int64, P), c: make([]int32, P*P), stamp: make([]uint32, P*P)}
	nGroups := len(st.start) - 1
	for g := range nGroups {
		for k := st.start[g]; k < st.start[g+1]; k++ {
			e.posGroup[k] = int32(g)
			e.pairPlays[s.ns[k]] = append(e.pairPlays[s.ns[k]], k)
			e.pairPlays[s.ew[k]] = append(e.pairPlays[s.ew[k]], k)
		}
	}
	e.n1 = int64((P - 1) * (P - 2) / 2)
	e.minsq = movement.MinSumSquares(st.s, int64(P*(P-1)/2))
	playsOf := make([]int64, nGroups)
	for V := range P {
		for g := range nGroups {
			playsOf[g] = int64(st.start[g+1] - st.start[g])
		}
		for _, k := range e.pairPlays[V] {
			playsOf[e.posGroup[k]]--
		}
		for _, n := range playsOf {
			if n > 0 {
				e.sV[V] += n * (n - 1)
			}
		}
		if e.n1 > 0 {
			e.minsqV[V] = movement.MinSumSquares(e.sV[V], e.n1)
		}
		// Unranked absences are never evaluated: with the vacancy quality
		// off, eval does no O(P·R·T) work at all.
		e.ranked[V] = e.n1 > 0 && rank.vacancy != VacancyOff && (rank.ranked == nil || rank.ranked[V])
		if e.ranked[V] {
			e.nRanked++
			e.sRanked += e.sV[V]
		}
	}
	e.rank.weights = rank.weights.orDefault()
	return e
}

// qf is Qf for a sum of squares of the whole movement.
func (e *objectiveEval) qf(ss int64) float64 {
	return movement.QualityFactor(e.st.s, ss, int64(e.st.P*(e.st.P-1)/2))
}

// add adds v to C at the unordered entry {a, b}.
func (e *objectiveEval) add(a, b, v int32) {
	if a == b {
		return
	}
	if a > b {
		a, b = b, a
	}
	i := a*int32(e.st.P) + b
	if e.stamp[i] != e.gen {
		e.stamp[i] = e.gen
		e.c[i] = 0
		e.touched = append(e.touched, i)
	}
	e.c[i] += v
}

// eval computes the full objective of the state's current orientation.
func (e *objectiveEval) eval(s *SwitchState) objective {
	st := e.st
	P := st.P
	mat := s.mat
	o := objective{ss: s.ss, atBound: s.ss == e.minsq}
	for V := range P {
		if !e.ranked[V] {
			continue
		}
		ssV := s.ss
		for _, v := range mat[V*P : V*P+P] {
			ssV -= int64(v) * int64(v)
		}
		e.gen++
		e.touched = e.touched[:0]
		plays := e.pairPlays[V]
		for x := 0; x < len(plays); {
			g := e.posGroup[plays[x]]
			y := x + 1
			for y < len(plays) && e.posGroup[plays[y]] == g {
				y++
			}
			vp := plays[x:y]
			x = y
			for j := st.start[g]; j < st.start[g+1]; j++ {
				if containsPos(vp, j) {
					continue
				}
				a, b := s.ns[j], s.ew[j]
				e.add(a, b, int32(len(vp))) // h drops by V's plays
				for _, k := range vp {
					w, dw := e.opponent(s, int32(V), k)
					e.add(w, a, dw)
					e.add(w, b, -dw)
				}
			}
			for i, k1 := range vp {
				w1, d1 := e.opponent(s, int32(V), k1)
				for _, k2 := range vp[i+1:] {
					w2, d2 := e.opponent(s, int32(V), k2)
					e.add(w1, w2, d1*d2)
				}
			}
		}
		for _, i := range e.touched {
			m := int64(mat[i])
			n := m - int64(e.c[i])
			ssV += n*n - m*m
		}
		o.vacSS += ssV
		if ssV != e.minsqV[V] {
			o.atBound = false
		}
		o.qf1max = max(o.qf1max, movement.QualityFactor(e.sV[V], ssV, e.n1))
	}
	if e.nRanked > 0 {
		switch e.rank.vacancy {
		case VacancyAvThenMax:
			o.vac1, o.vac2 = -float64(o.vacSS), o.qf1max
		default:
			av := movement.QualityFactor(e.sRanked, o.vacSS, e.nRanked*e.n1)
			o.vac1 = e.rank.weights.Max*o.qf1max + e.rank.weights.Av*av
		}
	}
	if e.rank.noD4 {
		return o
	}
	var p3, p4 int64
	for a := range P {
		for _, v := range mat[a*P+a+1 : a*P+P] {
			v3 := int64(v) * int64(v) * int64(v)
			p3 += v3
			p4 += v3 * int64(v)
		}
	}
	mean := float64(st.s) / float64(P*(P-1)/2)
	o.m4 = float64(p4) - 4*mean*float64(p3)
	return o
}

// opponent returns V's opponent at position k and its sign: +1 if it sits NS.
func (e *objectiveEval) opponent(s *SwitchState, V, k int32) (int32, int32) {
	if s.ns[k] == V {
		return s.ew[k], -1
	}
	return s.ns[k], 1
}

func containsPos(ks []int32, k int32) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}
