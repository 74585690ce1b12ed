package luck

import (
	"context"
	"fmt"
)

// Exact enumeration of a large field that is not two-sided (a Howell, a
// Scheveningen): one numbering per orbit of the movement's automorphism
// group, the least image along the stabiliser chain (orbits.go), each
// scored whole by the integer kernel and counted in integers, standing for
// as many numberings as the group has elements. A chunk is one assignment
// of entrants to the first positions of the fill order (the base first);
// it enumerates every completion that meets the chain's comparisons.

// maxOrbitPairs bounds the fields enumerated this way: 16! numberings fit
// the counts, and no larger field is within any budget.
const maxOrbitPairs = 16

// A chunk's prefix fills all positions but orbitLeaves (9! numberings a
// chunk, before the symmetry), and at most orbitDepth of them, so that the
// list of prefixes stays small (half a million for 16 pairs).
const (
	orbitLeaves = 9
	orbitDepth  = 5
)

// orbitField is what an exact run by orbits shares, read-only.
type orbitField struct {
	sc        *scorer
	strengths []float64
	order     int64   // the group's order: each numbering scored stands for that many
	fill      []int   // positions in the order they are filled, the base first
	less      [][]int // less[p]: positions whose entrant must exceed the one at p
	more      [][]int // more[p]: positions whose entrant must be below the one at p
	prefixes  []uint8 // the chunks' entrants at fill[:depth], depth bytes each
	depth     int
	maxTot    int32
	k         *kernel // nil: the float scorer
}

// orbitPlan works out an exact run of a field by orbits, or why there is
// none. It does not list the chunks (newOrbitField does).
func orbitPlan(sc *scorer, nb *numberings, ties TieRule) (*ExactPlan, []baseLevel, string) {
	plan := &ExactPlan{Numberings: nb.count}
	P := sc.pairs
	switch {
	case len(nb.groups) != 1:
		return plan, nil, "exact enumeration of a large field takes one group of all pairs"
	case ties != RandomTies:
		return plan, nil, "exact enumeration of a large field shares tied places evenly (ties: random)"
	case P > maxOrbitPairs:
		return plan, nil, fmt.Sprintf("%d pairs: exact enumeration by symmetry takes at most %d", P, maxOrbitPairs)
	}
	group, _ := sc.automorphisms()
	plan.Symmetry = len(group)
	for _, mx := range sc.max {
		if mx != sc.max[0] {
			return plan, nil, "the pairs' matchpoint maxima differ: exact enumeration by symmetry counts totals of one maximum"
		}
	}
	perms := make([][]int, len(group))
	for i, g := range group {
		perms[i] = g.Perm
	}
	levels := stabiliserChain(perms, identityPerm(P))
	plan.Used = len(group)
	plan.Evaluated = factorial(P) / int64(len(group))
	return plan, levels, ""
}

// newOrbitField prepares the run and lists its chunks.
func newOrbitField(sc *scorer, nb *numberings, strengths []float64, levels []baseLevel, plan *ExactPlan) *orbitField {
	P := sc.pairs
	of := &orbitField{sc: sc, strengths: strengths, order: int64(plan.Used), maxTot: sc.max[0],
		less: make([][]int, P), more: make([][]int, P)}
	if k, _ := buildKernel(sc, strengths, nb); k != nil {
		of.k = k
	}
	inFill := make([]bool, P)
	for _, l := range levels {
		of.fill = append(of.fill, l.at)
		inFill[l.at] = true
		for _, q := range l.above {
			of.less[l.at] = append(of.less[l.at], q)
			of.more[q] = append(of.more[q], l.at)
		}
	}
	for p := range P {
		if !inFill[p] {
			of.fill = append(of.fill, p)
		}
	}
	of.depth = min(orbitDepth, max(0, P-orbitLeaves))
	perm := make([]int, P)
	for i := range perm {
		perm[i] = -1
	}
	used := make([]bool, P)
	of.walk(perm, used, 0, of.depth, func() {
		for _, p := range of.fill[:of.depth] {
			of.prefixes = append(of.prefixes, uint8(perm[p]))
		}
	})
	return of
}

// walk assigns entrants to fill[i:to], every way that meets the chain's
// comparisons with the positions assigned, calling leaf for each.
func (of *orbitField) walk(perm []int, used []bool, i, to int, leaf func()) {
	if i == to {
		leaf()
		return
	}
	p := of.fill[i]
next:
	for e := range used {
		if used[e] {
			continue
		}
		for _, q := range of.less[p] {
			if perm[q] >= 0 && perm[q] < e {
				continue next
			}
		}
		for _, q := range of.more[p] {
			if perm[q] >= 0 && perm[q] > e {
				continue next
			}
		}
		perm[p], used[e] = e, true
		of.walk(perm, used, i+1, to, leaf)
		perm[p], used[e] = -1, false
	}
}

// chunks is the number of chunks of the run.
func (of *orbitField) chunks() int64 {
	if of.depth == 0 {
		return 1
	}
	return int64(len(of.prefixes) / of.depth)
}

// chunk counts every numbering of chunk c into acc.
func (of *orbitField) chunk(ctx context.Context, acc *exactAcc, c int64) error {
	sc := of.sc
	P := sc.pairs
	clear(acc.hist)
	clear(acc.place)
	acc.choice, acc.n = choice{same: 1}, 0
	perm := make([]int, P)
	for i := range perm {
		perm[i] = -1
	}
	used := make([]bool, P)
	for i, p := range of.fill[:of.depth] {
		e := int(of.prefixes[int(c)*of.depth+i])
		perm[p], used[e] = e, true
	}
	var buf *kbuf
	var s, v []float64
	var cm, tot []int32
	if of.k != nil {
		buf = of.k.newBuf()
		tot = buf.tot[:P]
	} else {
		s, v, cm, tot = make([]float64, P), make([]float64, sc.maxK), make([]int32, sc.maxK), make([]int32, P)
	}
	done := ctx.Done()
	var err error
	of.walk(perm, used, of.depth, P, func() {
		if acc.n%4096 == 0 && err == nil {
			select {
			case <-done:
				err = ctx.Err()
			default:
			}
		}
		if err != nil {
			return
		}
		if buf != nil {
			of.k.load(perm, buf)
			of.k.matchpoints(buf)
		} else {
			for p, e := range perm {
				s[p] = of.strengths[e]
			}
			sc.matchpoints(s, v, cm, tot)
		}
		for p, e := range perm {
			t := tot[p]
			var above, equal int32
			for _, u := range tot {
				above += b2i(u > t)
				equal += b2i(u == t)
			}
			acc.hist[e*acc.stride+int(t)]++
			acc.place[(e*P+int(above))*P+int(equal)-1]++
		}
		acc.n++
	})
	return err
}

// orbitCounts enumerates the chunks first…end−1 and returns their counts,
// not yet multiplied by the group's order.
func (of *orbitField) counts(ctx context.Context, first, end int64, progress func(done, total int64)) (*exactAcc, error) {
	P := of.sc.pairs
	stride := int(of.maxTot) + 1
	sum := newExactAcc(P, stride)
	wave := 4
	slots := make([]*exactAcc, wave)
	for i := range slots {
		slots[i] = newExactAcc(P, stride)
	}
	work := func(ctx context.Context, slot int, c, _, _ int64) error {
		return of.chunk(ctx, slots[slot], first+c)
	}
	merge := func(slot int) {
		a := slots[slot]
		sum.n += a.n
		for i, x := range a.hist {
			sum.hist[i] += x
		}
		for i, x := range a.place {
			sum.place[i] += x
		}
	}
	if err := forChunksOf(ctx, end-first, 1, wave, work, merge, progress); err != nil {
		return nil, err
	}
	return sum, nil
}

// bussemakerOrbit runs the exact enumeration by orbits.
func bussemakerOrbit(ctx context.Context, run *bussRun, plan *ExactPlan, levels []baseLevel, progress func(done, total int64)) (*Result, error) {
	of := newOrbitField(run.sc, run.nb, run.strengths, levels, plan)
	var prog func(done, total int64)
	if progress != nil {
		total, _ := nb64(plan.Numberings)
		chunks := of.chunks()
		prog = func(done, _ int64) { progress(int64(float64(total)*float64(done)/float64(chunks)), total) }
	}
	sum, err := of.counts(ctx, 0, of.chunks(), prog)
	if err != nil {
		return nil, err
	}
	if sum.n != plan.Evaluated {
		return nil, fmt.Errorf("bussemaker: internal error: %d numberings planned, %d evaluated", plan.Evaluated, sum.n)
	}
	return countsResult(run, plan, sum, of.order, of.maxTot)
}
