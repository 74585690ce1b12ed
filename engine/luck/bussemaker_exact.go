package luck

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"slices"
	"sync"

	"github.com/bridgereport/bridgereport/engine/budget"
	"github.com/bridgereport/bridgereport/engine/movement"
)

// Exact enumeration of fields too large for one-by-one enumeration (the
// 14-pair Mitchell: 14! = 87,178,291,200 numberings) reduces the work by
// the field's two sides and its symmetry, and scores what is left in
// registers or through tables. (A large field without two sides is
// enumerated by the orbits of its symmetry alone: bussemaker_orbit.go.)
//
// Two sides. In a two-sided movement (every pair of side A meets pairs of
// side B only, and every compared board group is played once by each pair,
// as in a Mitchell) a numbering is a choice X of the entrants that sit on
// side A, an arrangement α of X over A's pairs and an arrangement σ of the
// rest, Y, over B's. A board's result depends only on which X-entrant meets
// which Y-entrant there (a matching π_b = σ∘μ_b∘α⁻¹ of X onto Y) and on
// which X-entrants sit NS (a mask over X, fixed by α). With whole-number
// strengths and AVX2 the totals of a numbering are computed from scratch
// in registers (boards.go), and its ranks and counts by fifteen rotations
// of a vector holding two numberings (countTotalsAVX2); for sides of 7 and
// 8 the place codes of two lanes are counted together and the totals
// summed in registers (countPairs), half the counts in memory. With AVX-512 a
// numbering's eight boards fill one register, and for sides of 7 and 8
// the totals are counted as they are computed, each lane's total and
// place in one count (boardsJoint): per numbering the counts in memory,
// one a pair, and the comparisons from scratch are what is left, so that
// no order of the σ would save more than a little (consecutive σ in
// Heap's order change every pair's total). Otherwise, for
// each X a table of every (mask, matching) gives each entrant's
// matchpoints on a board, in nibbles; a numbering's totals are G table
// reads and adds, packed by entrant, and its ranks a few word operations
// (countTotalsGo).
//
// Gray order. For the tables, within one α the σ run in Heap's order: each
// step swaps two B pairs, which swaps two entries of every board's
// matching; the matching's rank moves through a table of rank ×
// transposition. The registers need no order: each σ is read from a list.
//
// Symmetry. The movement's automorphisms (Automorphisms) map numberings
// onto numberings with the same outcome for every entrant. Those that keep
// the sides (G_A) map the numberings of one choice X onto each other: only
// one arrangement (α, σ) per orbit is enumerated (orbits.go: the least
// image along a stabiliser chain of G_A, whose levels on side A select the
// α and whose levels on side B, the automorphisms that fix every A pair,
// select the σ), each standing for |G_A| numberings. One that exchanges
// the sides maps the numberings of X onto those of its complement with the
// same outcome for every entrant: only one of X and its complement is
// enumerated, and its counts are added twice. When the strengths are
// symmetric (s_e + s_{P−1−e} constant, whole numbers), renaming every
// entrant e as P−1−e negates every score: each pair's total t becomes top −
// t and the order reverses. That maps the choice X to its mirror, whose
// counts are those of X mirrored. So the choices fall into classes of up to
// four (X, its complement, their mirrors); one of each class is enumerated
// and its counts added once for each distinct choice of the class, as they
// are or mirrored.
//
// All counts are integers (ties share places in units of 1/lcm(1..P)), so
// the result is exact and the same whatever the order of the chunks; they are
// still reduced in chunk order.

// MaxExactCPU is the most CPU-seconds an exact run of a large field may
// take by its estimate (EstimateExact): an hour, half an hour on two cores.
// Beyond it the run is refused with the estimate; sharding it
// (ExactShard) over several machines is the way.
var MaxExactCPU = 3600.0

// maxSide is the largest side of a two-sided field enumerated by tables.
// Up to seqSide the matchings of every board in Heap's order come from one
// table of (n!)² entries, 50 MB for 7; beyond, 3.2 GB for 8, each board's
// row of n! is walked through the transposition table for every
// arrangement of side A, a few per cent more work.
const maxSide = 8

// seqSide is the largest side with the full table (a variable: the tests
// lower it to compare both ways).
var seqSide = 7

// ExactPlan says how an exact run of a large field is reduced.
type ExactPlan struct {
	// Numberings is the number of numberings of the field.
	Numberings *big.Int
	// Symmetry is the order of the movement's automorphism group; Used the
	// order of the part of it applied: the automorphisms that keep the
	// sides, twice that when the sides can be exchanged.
	Symmetry, Used int
	// Reversal is true when the strength-reversal symmetry halves the work.
	Reversal bool
	// Evaluated is the number of numberings scored.
	Evaluated int64
	// Reason, when not empty, says why the field cannot be enumerated this
	// way; then the other fields but Numberings may be zero.
	Reason string
}

// twoSided is a movement whose pairs split into sides A and B of n pairs
// each, every compared group played once by every pair.
type twoSided struct {
	n      int
	a, b   []int   // the pairs of each side, ascending
	mu     [][]int // mu[g][i]: the B index that A index i meets on group g
	muInv  [][]int // muInv[g][j]: the A index that B index j meets
	ns     []uint  // ns[g]: bit i set when A index i sits NS on group g
	top    int32
	maxTot int32
}

// splitSides returns the two sides of sc, or a reason why it has none.
func (sc *scorer) splitSides() (*twoSided, string) {
	P := sc.pairs
	if P%2 == 1 || P/2 > maxSide {
		return nil, fmt.Sprintf("%d pairs: exact enumeration of a large field needs two sides of at most %d pairs", P, maxSide)
	}
	n := P / 2
	side := make([]int, P) // 0 unknown, 1 A, 2 B
	side[0] = 1
	for changed := true; changed; {
		changed = false
		for i := range sc.ns {
			a, b := sc.ns[i], sc.ew[i]
			switch {
			case side[a] != 0 && side[b] == 0:
				side[b], changed = 3-side[a], true
			case side[b] != 0 && side[a] == 0:
				side[a], changed = 3-side[b], true
			case side[a] != 0 && side[a] == side[b]:
				return nil, fmt.Sprintf("pairs %d and %d meet but would be on the same side: the movement is not two-sided", a+1, b+1)
			}
		}
	}
	ts := &twoSided{n: n}
	idx := make([]int, P)
	for p, s := range side {
		switch s {
		case 1:
			idx[p] = len(ts.a)
			ts.a = append(ts.a, p)
		case 2:
			idx[p] = len(ts.b)
			ts.b = append(ts.b, p)
		default:
			return nil, fmt.Sprintf("pair %d meets none of pair 1's side: the movement is not two-sided", p+1)
		}
	}
	if len(ts.a) != n {
		return nil, fmt.Sprintf("sides of %d and %d pairs: exact enumeration of a large field needs two equal sides", len(ts.a), len(ts.b))
	}
	for g, top := range sc.top {
		from, to := sc.start[g], sc.start[g+1]
		if to-from != n {
			return nil, fmt.Sprintf("board group %d is played %d times, not once per table: exact enumeration needs every pair to play every group", g+1, to-from)
		}
		mu, inv := make([]int, n), make([]int, n)
		for i := range mu {
			mu[i], inv[i] = -1, -1
		}
		var ns uint
		for i := from; i < to; i++ {
			p, q, nsA := sc.ns[i], sc.ew[i], true
			if side[p] == 2 {
				p, q, nsA = q, p, false
			}
			ia, ib := idx[p], idx[q]
			if mu[ia] >= 0 || inv[ib] >= 0 {
				return nil, fmt.Sprintf("board group %d is played twice by one pair", g+1)
			}
			mu[ia], inv[ib] = ib, ia
			if nsA {
				ns |= 1 << ia
			}
		}
		ts.mu, ts.muInv, ts.ns = append(ts.mu, mu), append(ts.muInv, inv), append(ts.ns, ns)
		ts.top = top
	}
	ts.maxTot = ts.top * int32(len(sc.top))
	if ts.maxTot > laneMax {
		return nil, fmt.Sprintf("a pair's matchpoints reach %d: exact enumeration of a large field counts at most %d", ts.maxTot, laneMax)
	}
	return ts, ""
}

// sideSymmetry is what an exact run of a two-sided field applies of the
// movement's automorphisms.
type sideSymmetry struct {
	// sideOrder is the number of automorphisms that keep the sides: each
	// numbering enumerated stands for that many.
	sideOrder int64
	// swap says that some automorphism exchanges the sides.
	swap bool
	// alpha and sigma are the stabiliser chain of the automorphisms that
	// keep the sides, on side A's indices and then on side B's: the
	// comparisons that select one arrangement of each side per orbit.
	alpha, sigma []baseLevel
}

// exactPlan works out the reduction of an exact run, or why there is none.
func exactPlan(sc *scorer, nb *numberings, strengths []float64, ties TieRule) (*ExactPlan, *twoSided, *sideSymmetry, bool) {
	plan := &ExactPlan{Numberings: nb.count}
	if len(nb.groups) != 1 {
		plan.Reason = "exact enumeration of a large field takes one group of all pairs"
		return plan, nil, nil, false
	}
	if ties != RandomTies {
		plan.Reason = "exact enumeration of a large field shares tied places evenly (ties: random)"
		return plan, nil, nil, false
	}
	ts, why := sc.splitSides()
	if ts == nil {
		plan.Reason = why
		return plan, nil, nil, false
	}
	group, _ := sc.automorphisms()
	plan.Symmetry = len(group)
	sym := ts.symmetry(group)
	plan.Used = int(sym.sideOrder)
	if sym.swap {
		plan.Used *= 2
	}
	P := sc.pairs
	plan.Reversal = true
	for e := range P {
		x := strengths[e]
		if x != math.Trunc(x) || math.Abs(x) > 1<<40 || x+strengths[P-1-e] != strengths[0]+strengths[P-1] {
			plan.Reversal = false
		}
	}
	fn := factorial(ts.n)
	per := (fn / orbitProduct(sym.alpha)) * (fn / orbitProduct(sym.sigma))
	plan.Evaluated = int64(len(reducedChoices(P, ts.n, plan.Reversal, sym.swap))) * per
	return plan, ts, sym, true
}

// symmetry sorts the automorphisms of a two-sided field: those that keep
// the sides and their stabiliser chain, and whether any exchanges them (a
// connected two-sided field has no others).
func (ts *twoSided) symmetry(group []Automorphism) *sideSymmetry {
	P := 2 * ts.n
	side := make([]int, P) // index of the pair on its side; A pairs first in points
	inA := make([]bool, P)
	for i, p := range ts.a {
		inA[p], side[p] = true, i
	}
	for j, p := range ts.b {
		side[p] = j
	}
	sym := &sideSymmetry{}
	var keep [][]int
	for _, g := range group {
		if inA[g.Perm[ts.a[0]]] {
			keep = append(keep, g.Perm)
		} else {
			sym.swap = true
		}
	}
	sym.sideOrder = int64(len(keep))
	for _, l := range stabiliserChain(keep, append(slices.Clone(ts.a), ts.b...)) {
		local := baseLevel{at: side[l.at]}
		for _, p := range l.above {
			local.above = append(local.above, side[p])
		}
		if inA[l.at] {
			sym.alpha = append(sym.alpha, local)
		} else {
			sym.sigma = append(sym.sigma, local)
		}
	}
	return sym
}

// choice is a choice X of the entrants on side A that the reduced
// enumeration goes through, standing for its class: same is how many
// choices of the class (X, its complement) take X's counts as they are,
// mirrored how many (the mirrors) take them mirrored.
type choice struct {
	x              uint32
	same, mirrored int64
}

// reducedChoices lists the choices of side A that the reduced enumeration
// goes through, in its order: the least of each class (ascending as bit
// masks).
func reducedChoices(P, n int, reversal, swap bool) []choice {
	all := uint32(1)<<P - 1
	var out []choice
	forSubsets(P, n, func(x uint32) {
		images := [4]uint32{x, x, x, x} // X, complement, mirror, mirrored complement
		if swap {
			images[1] = all &^ x
		}
		if reversal {
			images[2] = mirror(x, P)
			images[3] = mirror(images[1], P)
		}
		if slices.Min(images[:]) != x {
			return
		}
		c := choice{x: x}
		for i, y := range images {
			if slices.Contains(images[:i], y) {
				continue
			}
			if i < 2 {
				c.same++
			} else {
				c.mirrored++
			}
		}
		out = append(out, c)
	})
	return out
}

// mirror is x with entrant e renamed P−1−e.
func mirror(x uint32, P int) uint32 {
	return bits.Reverse32(x) >> (32 - P)
}

// forSubsets calls f with every n-subset of 0..P-1, as a bit mask,
// ascending.
func forSubsets(P, n int, f func(uint32)) {
	if n == 0 {
		f(0)
		return
	}
	x := uint32(1)<<n - 1
	for x < 1<<P {
		f(x)
		c := x & -x
		r := x + c
		x = ((r^x)>>2)/c | r
	}
}

// perms holds the permutations of 0..n-1 in lexicographic order, their
// ranks, and the rank after swapping two entries.
type permTable struct {
	n     int
	list  [][maxSide]uint8
	rank  map[[maxSide]uint8]uint16
	trans [][maxSide]uint8 // trans[x1][x2]: index of transposition (x1 x2)
	swap  []uint16         // swap[r*T+t]: rank of list[r] with transposition t applied
	T     int
	// seq[c*n!+k] is the rank of σ_k∘list[c], σ_k the k-th permutation of
	// Heap's order (σ_0 the identity): the matching of a board, step by step,
	// as the B side runs through Heap's order. Only for n ≤ seqSide; row
	// computes a row of it.
	seq   []uint16
	steps [][2]uint8 // the swaps of Heap's order
}

// row writes row c of seq into row (n! entries).
func (pt *permTable) row(c int, row []uint16) {
	pt.rows([]int{c}, [][]uint16{row})
}

// rows writes rows cs[g] of seq into rows[g], at most 32 of them. The rows
// are walked side by side: each step of a row waits for the table read of
// the step before, so one row at a time would wait on every read.
func (pt *permTable) rows(cs []int, rows [][]uint16) {
	var inv [32][maxSide]uint8
	var r [32]uint16
	G := len(cs)
	for g, c := range cs {
		for x, y := range pt.list[c][:pt.n] {
			inv[g][y] = uint8(x)
		}
		r[g] = uint16(c)
		rows[g][0] = r[g]
	}
	for k, st := range pt.steps {
		for g := range G {
			r[g] = pt.swap[int(r[g])*pt.T+int(pt.trans[inv[g][st[0]]][inv[g][st[1]]])]
			rows[g][k+1] = r[g]
		}
	}
}

// newPermTable lists the permutations of n; withSeq asks for seq too
// (n ≤ seqSide).
func newPermTable(n int, withSeq bool) *permTable {
	pt := &permTable{n: n, rank: map[[maxSide]uint8]uint16{}}
	var cur [maxSide]uint8
	used := make([]bool, n)
	var gen func(k int)
	gen = func(k int) {
		if k == n {
			pt.rank[cur] = uint16(len(pt.list))
			pt.list = append(pt.list, cur)
			return
		}
		for v := range n {
			if !used[v] {
				used[v], cur[k] = true, uint8(v)
				gen(k + 1)
				used[v] = false
			}
		}
	}
	gen(0)
	pt.trans = make([][maxSide]uint8, n)
	var ts [][2]int
	for i := range n {
		for j := i + 1; j < n; j++ {
			pt.trans[i][j], pt.trans[j][i] = uint8(len(ts)), uint8(len(ts))
			ts = append(ts, [2]int{i, j})
		}
	}
	pt.T = max(1, len(ts))
	pt.swap = make([]uint16, len(pt.list)*pt.T)
	for r, p := range pt.list {
		for t, ij := range ts {
			q := p
			q[ij[0]], q[ij[1]] = q[ij[1]], q[ij[0]]
			pt.swap[r*pt.T+t] = pt.rank[q]
		}
	}
	pt.steps = heapSteps(n)
	if n > seqSide || !withSeq {
		return pt
	}
	N := len(pt.list)
	pt.seq = make([]uint16, N*N)
	for c := range pt.list {
		pt.row(c, pt.seq[c*N:(c+1)*N])
	}
	return pt
}

// heapSteps lists the swaps of Heap's algorithm over n items, n!−1 of them.
func heapSteps(n int) [][2]uint8 {
	var steps [][2]uint8
	c := make([]int, n)
	for i := 1; i < n; {
		if c[i] < i {
			j := 0
			if i%2 == 1 {
				j = c[i]
			}
			steps = append(steps, [2]uint8{uint8(j), uint8(i)})
			c[i]++
			i = 1
		} else {
			c[i] = 0
			i++
		}
	}
	return steps
}

// largeRun is what every chunk of a reduced exact run shares, read-only.
type largeRun struct {
	sc        *scorer
	ts        *twoSided
	pt        *permTable
	strengths []float64
	choices   []choice // the choices X enumerated, ascending
	alphas    []int    // ranks of the arrangements of A enumerated
	sigmas    []int32  // steps of Heap's order of the arrangements of B enumerated, nil for all
	masks     []int16  // masks[m]: the pattern index of NS mask m, −1 if none
	patMask   []uint   // the pattern masks, by index
	used      int64
	tables    sync.Pool
	// reg is the register kernel (nil: the board tables), with the
	// arrangements of B as it reads them and the least strength.
	reg        *regKernel
	sigEntries []uint64
	lo         float64
}

// exactAcc holds one chunk's counts, and the merged counts of the run.
type exactAcc struct {
	_ [64]byte
	// hist[e*hs+t]: numberings where entrant e totals t matchpoints.
	hist []int64
	// place[(e*P+s)*P+r-1]: numberings where entrant e's run of equal
	// totals starts at place s (0-based) and has r members.
	place []int64
	// mom[e]: entrant e's totals where hist does not count them
	// (countPairs), summed.
	mom []Moments
	// The chunk's choice, and how it counts for its class.
	choice
	n int64
	// stride is the length of an entrant's row of hist.
	stride int
	_      [64]byte
}

const exactHistStride = 128

func newExactAcc(P, stride int) *exactAcc {
	return &exactAcc{hist: make([]int64, P*stride), place: make([]int64, P*P*P), mom: make([]Moments, P), stride: stride}
}

// totalsOf is entrant (or lane) e's totals summed, from hist and mom.
func (a *exactAcc) totalsOf(e int) Moments {
	m := a.mom[e]
	for t, c := range a.hist[e*a.stride : (e+1)*a.stride] {
		if c != 0 {
			m.addTotal(int64(t), c)
		}
	}
	return m
}

// bussemakerExactLarge runs the reduced exact enumeration.
func bussemakerExactLarge(ctx context.Context, run *bussRun, plan *ExactPlan, ts *twoSided, sym *sideSymmetry,
	progress func(done, total int64)) (*Result, error) {
	er, sum, err := largeCounts(ctx, run, plan, ts, sym, progress)
	if err != nil {
		return nil, err
	}
	return er.result(run, plan, sum)
}

// largeCounts enumerates the reduced numberings and returns the counts,
// not yet multiplied by the order of the symmetry used.
func largeCounts(ctx context.Context, run *bussRun, plan *ExactPlan, ts *twoSided, sym *sideSymmetry,
	progress func(done, total int64)) (*largeRun, *exactAcc, error) {
	P, n := run.sc.pairs, ts.n
	er, err := newLargeRun(run, plan, ts, sym)
	if err != nil {
		return nil, nil, err
	}
	sum := newExactAcc(P, exactHistStride)
	// Short waves: a chunk is millions of numberings, and progress comes
	// after each wave.
	wave := 4
	slots := make([]*exactAcc, wave)
	for i := range slots {
		slots[i] = newExactAcc(P, exactHistStride)
	}
	work := func(ctx context.Context, slot int, chunk, _, _ int64) error {
		return er.chunk(ctx, slots[slot], chunk)
	}
	covered := int64(0)
	merge := func(slot int) {
		a := slots[slot]
		sum.addChoice(a, P, n, ts.maxTot)
		covered += a.n * er.used * (a.same + a.mirrored)
	}
	var prog func(done, total int64)
	if progress != nil {
		total, _ := nb64(plan.Numberings)
		prog = func(_, _ int64) { progress(covered, total) }
	}
	if err := forChunksOf(ctx, int64(len(er.choices)), 1, wave, work, merge, prog); err != nil {
		return nil, nil, err
	}
	return er, sum, nil
}

// nb64 is x as an int64 if it fits.
func nb64(x *big.Int) (int64, bool) {
	if !x.IsInt64() {
		return math.MaxInt64, false
	}
	return x.Int64(), true
}

// addChoice adds a chunk's counts, by local index (X then Y), to the run's,
// by entrant: a.same times as they are, a.mirrored times mirrored.
func (s *exactAcc) addChoice(a *exactAcc, P, n int, maxTot int32) {
	ent := make([]int, 0, P)
	for e := range P {
		if a.x>>e&1 == 1 {
			ent = append(ent, e)
		}
	}
	for e := range P {
		if a.x>>e&1 == 0 {
			ent = append(ent, e)
		}
	}
	for l, e := range ent {
		s.mom[e].add(a.mom[l], a.same)
		if a.mirrored > 0 {
			s.mom[P-1-e].add(a.mom[l].mirrored(maxTot), a.mirrored)
		}
		for t := range a.stride {
			c := a.hist[l*a.stride+t]
			if c == 0 {
				continue
			}
			s.hist[e*s.stride+t] += a.same * c
			if a.mirrored > 0 {
				s.hist[(P-1-e)*s.stride+int(maxTot)-t] += a.mirrored * c
			}
		}
		for st := range P {
			for r := 1; st+r <= P; r++ {
				c := a.place[(l*P+st)*P+r-1]
				if c == 0 {
					continue
				}
				s.place[(e*P+st)*P+r-1] += a.same * c
				if a.mirrored > 0 {
					s.place[((P-1-e)*P+P-st-r)*P+r-1] += a.mirrored * c
				}
			}
		}
	}
	s.n += a.n
}

// chunk enumerates choice number c: every α and σ selected.
func (er *largeRun) chunk(ctx context.Context, acc *exactAcc, c int64) error {
	ts, sc := er.ts, er.sc
	n, P := ts.n, sc.pairs
	clear(acc.hist)
	clear(acc.place)
	clear(acc.mom)
	acc.choice, acc.n = er.choices[c], 0
	var sX, sY [maxSide]float64
	nx, ny := 0, 0
	for e := range P {
		if acc.x>>e&1 == 1 {
			sX[nx], nx = er.strengths[e], nx+1
		} else {
			sY[ny], ny = er.strengths[e], ny+1
		}
	}
	scr := er.tables.Get().(*largeScratch)
	defer er.tables.Put(scr)
	// Counts of one choice fit 32 bits: at most n!·n! < 2^32 numberings.
	hist, place := &scr.hist, &scr.place
	*hist = laneHist{}
	*place = lanePlace{}
	scr.mom.reset()
	var err error
	if er.reg != nil {
		err = er.regChoice(ctx, scr, sX[:n], sY[:n])
	} else {
		err = er.tableChoice(ctx, scr, &sX, &sY)
	}
	if err != nil {
		return err
	}
	for l := range 2 * n {
		row := l // X lanes are rows 0…n−1, Y lanes rows 8…8+n−1
		if l >= n {
			row = 8 + l - n
		}
		for t, c := range hist[row][:exactHistStride] {
			acc.hist[l*exactHistStride+t] = int64(c)
		}
		acc.mom[l] = scr.mom.row(row)
		for st := range P {
			for r := range P {
				acc.place[(l*P+st)*P+r] = int64(place[row][st][r])
			}
		}
	}
	acc.n = int64(len(er.alphas)) * er.sigmaCount()
	return nil
}

// regBatch is the number of arrangements of side B whose totals the
// register kernel writes before they are counted: a buffer of 16 KB.
const regBatch = 1024

// regChoice counts one choice with the register kernel.
func (er *largeRun) regChoice(ctx context.Context, scr *largeScratch, sX, sY []float64) error {
	n := er.ts.n
	k := scr.reg
	*k = *er.reg
	k.setChoice(sY, er.lo)
	if scr.joint != nil {
		scr.taus = k.tauEntries(er.sigEntries, scr.taus[:0])
	}
	done := ctx.Done()
	for ai, ar := range er.alphas {
		if ai%16 == 0 {
			select {
			case <-done:
				return ctx.Err()
			default:
			}
		}
		k.setAlpha(er.pt.list[ar][:n], sX, er.lo, n)
		for from := 0; from < len(er.sigEntries); from += 2 * regBatch {
			sig := er.sigEntries[from:min(from+2*regBatch, len(er.sigEntries))]
			totals := scr.totals[:len(sig)]
			if scr.joint != nil {
				boardsJoint(k, sig, scr.taus[from:], totals, n, scr.joint, &scr.hist, &scr.place)
				continue
			}
			boardTotals(k, sig, totals)
			if scr.pairs != nil {
				countPairs(totals, n, scr.pairs, &scr.mom, &scr.hist, &scr.place)
				continue
			}
			countTotals(totals, n, &scr.hist, &scr.place)
		}
	}
	if scr.joint != nil {
		scr.joint.drain(n, er.ts.maxTot, &scr.hist, &scr.place)
	}
	if scr.pairs != nil {
		scr.pairs.drain(n, &scr.place)
	}
	return nil
}

// tableChoice counts one choice with the board tables.
func (er *largeRun) tableChoice(ctx context.Context, scr *largeScratch, sX, sY *[maxSide]float64) error {
	ts, pt := er.ts, er.pt
	n := ts.n
	if scr.tab == nil {
		scr.tab = make([]uint64, len(er.patMask)*len(pt.list))
		if pt.seq == nil {
			scr.rows = make([]uint16, len(ts.mu)*len(pt.list))
		}
	}
	tab := scr.tab
	er.fill(tab, sX, sY)
	nPerm := len(pt.list)
	G := len(ts.mu)
	var pat, starts [32]int
	var rows [32][]uint16
	done := ctx.Done()
	for ai, ar := range er.alphas {
		if ai%16 == 0 {
			select {
			case <-done:
				return ctx.Err()
			default:
			}
		}
		er.boardsAt(ar, &pat, &starts)
		for g := range G {
			// Heap's order from the board's matching, read from pt.seq or
			// written by pt.rows.
			if r := starts[g]; pt.seq != nil {
				rows[g] = pt.seq[r*nPerm : (r+1)*nPerm]
			} else {
				rows[g] = scr.rows[g*nPerm : (g+1)*nPerm]
			}
		}
		if pt.seq == nil {
			pt.rows(starts[:G], rows[:G])
		}
		totals := scr.totals
		if er.sigmas == nil {
			sumBoards(totals, tab, &pat, &rows, G)
		} else {
			totals = totals[:2*len(er.sigmas)]
			sumBoardsAt(totals, tab, &pat, &rows, G, er.sigmas)
		}
		countTotals(totals, n, &scr.hist, &scr.place)
	}
	return nil
}

// boardsAt sets, for arrangement ar (a rank of pt.list) of side A, each
// board's offset in the tables (pat: the pattern of its NS seats) and the
// rank of its matching at σ = identity (rank: X index x meets B index
// mu[ainv[x]]), where its row of Heap's order starts.
func (er *largeRun) boardsAt(ar int, pat, rank *[32]int) {
	ts, pt := er.ts, er.pt
	n, nPerm := ts.n, len(pt.list)
	alpha := pt.list[ar]
	var ainv [maxSide]int
	for i := range n {
		ainv[alpha[i]] = i
	}
	for g := range len(ts.mu) {
		var m uint
		for i := range n {
			if ts.ns[g]>>i&1 == 1 {
				m |= 1 << alpha[i]
			}
		}
		pat[g] = int(er.masks[m]) * nPerm
		var c [maxSide]uint8
		for x := range n {
			c[x] = uint8(ts.mu[g][ainv[x]])
		}
		rank[g] = int(pt.rank[c])
	}
}

// sigmaCount is the number of arrangements of side B enumerated for each
// arrangement of side A.
func (er *largeRun) sigmaCount() int64 {
	if er.sigmas == nil {
		return int64(len(er.pt.list))
	}
	return int64(len(er.sigmas))
}

// sumBoards writes the entrants' totals of one arrangement of side A, for
// every arrangement of B in Heap's order (k): the sum of the G boards'
// table reads (pattern pat[g], matching rows[g][k]), the X entrants' in
// totals[2k] and the Y entrants' in totals[2k+1], a byte each.
func sumBoards(totals, tab []uint64, pat *[32]int, rows *[32][]uint16, G int) {
	const lo4 = 0x0F0F0F0F0F0F0F0F
	for k := range rows[0] {
		var E, O uint64
		for g := range G {
			f := tab[pat[g]+int(rows[g][k])]
			E += f & lo4
			O += (f >> 4) & lo4
		}
		totals[2*k], totals[2*k+1] = E, O
	}
}

// sumBoardsAt is sumBoards for the arrangements of B at the steps ks of
// Heap's order only.
func sumBoardsAt(totals, tab []uint64, pat *[32]int, rows *[32][]uint16, G int, ks []int32) {
	const lo4 = 0x0F0F0F0F0F0F0F0F
	for i, k := range ks {
		var E, O uint64
		for g := range G {
			f := tab[pat[g]+int(rows[g][k])]
			E += f & lo4
			O += (f >> 4) & lo4
		}
		totals[2*i], totals[2*i+1] = E, O
	}
}

// laneHist counts, per lane (X entrants in rows 0…n−1, Y entrants in rows
// 8…8+n−1), the numberings with each total; a row is 256 wide so that a
// row and a lane's place counts are the same size. The other rows are the
// count's scratch.
type laneHist [2 * maxSide][256]uint32

// lanePlace counts, per lane (as laneHist), the numberings where the
// lane's total is beaten by [first] others and tied with [run−1] others.
type lanePlace [2 * maxSide][2 * maxSide][2 * maxSide]uint32

// laneJoint counts, per lane (as laneHist), the numberings with each
// total t and place code c (above<<4 | equal, the others above the lane's
// total and equal to it) at [lane][t<<8|c]: one count a lane and
// numbering where laneHist and lanePlace take two, and the counts in
// memory are what bounds the enumeration (boardsJoint).
type laneJoint [2 * maxSide][128 * 256]uint32

// drain adds the joint counts of sides of n, totals at most maxTot, to
// hist and place, and clears them.
func (j *laneJoint) drain(n int, maxTot int32, hist *laneHist, place *lanePlace) {
	for l := range 2 * n {
		row := l
		if l >= n {
			row = 8 + l - n
		}
		for t := range int(maxTot) + 1 {
			cs := j[row][t<<8 : (t+1)<<8]
			for c, x := range cs {
				if x == 0 {
					continue
				}
				hist[row][t] += x
				place[row][c>>4][c&15] += x
				cs[c] = 0
			}
		}
	}
}

// countTotalsGo counts the totals of sumBoards: each entrant's total, and
// how many others beat and tie it. A total against all 2n is two
// comparisons of its broadcast with the lanes of both words, the flags
// side by side (bits 7 and 6 of a lane) in one population count.
func countTotalsGo(totals []uint64, n int, hist *laneHist, place *lanePlace) {
	laneMask := uint64(lanesH >> (8 * (8 - n)))
	n2 := 2 * n
	for k := 0; k+1 < len(totals); k += 2 {
		E, O := totals[k], totals[k+1]
		Eh, Oh := E|lanesH, O|lanesH
		// X entrant l (lane l of E) and Y entrant l (lane l of O) together.
		for l := range n {
			v, w := E>>(8*l)&0xff, O>>(8*l)&0xff
			B, C := v*lanes1, w*lanes1
			Bh, Ch := B|lanesH, C|lanesH
			vge := bits.OnesCount64((Eh-B)&laneMask | ((Oh-B)&laneMask)>>1)
			vle := bits.OnesCount64((Bh-E)&laneMask | ((Bh-O)&laneMask)>>1)
			wge := bits.OnesCount64((Eh-C)&laneMask | ((Oh-C)&laneMask)>>1)
			wle := bits.OnesCount64((Ch-E)&laneMask | ((Ch-O)&laneMask)>>1)
			hist[l&7][v&0xff]++
			hist[8+l&7][w&0xff]++
			place[l&7][(n2-vle)&15][(vge+vle-n2-1)&15]++
			place[8+l&7][(n2-wle)&15][(wge+wle-n2-1)&15]++
		}
	}
}

// largeScratch is a goroutine's scratch for one choice: the totals of a
// batch of numberings, 32-bit counts, and the register kernel's copy or
// the board table.
type largeScratch struct {
	totals []uint64
	hist   laneHist
	place  lanePlace
	reg    *regKernel
	joint  *laneJoint  // the joint counts, where boardsJoint runs
	pairs  *lanePairs  // the pair counts, where countPairs runs
	mom    laneMoments // countPairs's sums of the totals
	taus   []uint64    // the choice's τ of each arrangement of B, for boardsJoint
	tab    []uint64    // the board table, made on first use
	rows   []uint16    // each board's matchings in Heap's order, without seq
}

// fill computes every board outcome for the choice's strengths: entry
// p*n!+r is the matchpoints, in nibbles (X-entrant x at nibble 2x, Y-entrant y
// at 2y+1), when the X-entrants of pattern mask p sit NS and X-entrant x
// meets Y-entrant list[r][x].
//
// A table's NS score is a difference of strengths; each is replaced by its
// rank among the 2n² scores a table can see (the same order, the same
// ties), so that a board's scores fit the lanes of a word and each
// NS pair's matchpoints are two population counts.
func (er *largeRun) fill(tab []uint64, sX, sY *[maxSide]float64) {
	n, top := er.ts.n, er.ts.top
	var score [2][maxSide][maxSide]float64 // [X sits NS][x][y]
	var all []float64
	for x := range n {
		for y := range n {
			score[0][x][y], score[1][x][y] = sX[x]-sY[y], sY[y]-sX[x]
			all = append(all, score[0][x][y], score[1][x][y])
		}
	}
	slices.Sort(all)
	all = slices.Compact(all)
	var rank [2][maxSide][maxSide]uint64
	for ns := range 2 {
		for x := range n {
			for y := range n {
				i, _ := slices.BinarySearch(all, score[ns][x][y])
				rank[ns][x][y] = uint64(i)
			}
		}
	}
	laneMask := uint64(lanesH >> (8 * (8 - n)))
	for p, mask := range er.patMask {
		for r, pi := range er.pt.list {
			var W uint64
			for x := range n {
				W |= rank[mask>>x&1][x][pi[x]] << (8 * x)
			}
			Wh := W | lanesH
			var w uint64
			for x := range n {
				B := (W >> (8 * x) & 0xff) * lanes1
				below := n - bits.OnesCount64((Wh-B)&laneMask) // scores under x's
				upTo := bits.OnesCount64(((B | lanesH) - W) & laneMask)
				mp := int32(below + upTo - 1) // 2 a score beaten, 1 a score tied
				mx, my := mp, top-mp
				if mask>>x&1 == 0 {
					mx, my = my, mx
				}
				w |= uint64(mx)<<(8*x) | uint64(my)<<(8*int(pi[x])+4)
			}
			tab[p*len(er.pt.list)+r] = w
		}
	}
}

// result turns the run's counts into the model's figures.
func (er *largeRun) result(run *bussRun, plan *ExactPlan, sum *exactAcc) (*Result, error) {
	return countsResult(run, plan, sum, er.used, er.ts.maxTot)
}

// countsResult turns the integer counts of an exact run by symmetry into
// the model's figures: sum holds the counts of the numberings enumerated,
// each standing for used numberings, every entrant's maximum maxTot.
func countsResult(run *bussRun, plan *ExactPlan, sum *exactAcc, used int64, maxTot int32) (*Result, error) {
	P := run.sc.pairs
	total, ok := nb64(plan.Numberings)
	if !ok {
		return nil, fmt.Errorf("bussemaker: %s numberings overflow the counts", plan.Numberings)
	}
	// Scale by the automorphisms; every entrant must cover every numbering.
	for i := range sum.hist {
		sum.hist[i] *= used
	}
	for i := range sum.place {
		sum.place[i] *= used
	}
	mx := float64(maxTot)
	res := &Result{Exact: true, Samples: total, Seed: run.seed, Strengths: run.strengths,
		Spread: make([]Spread, P), RankProbability: make([][]float64, P), IdealPlace: make([]int, P),
		Symmetry: plan.Symmetry, SymmetryUsed: plan.Used, Reversal: plan.Reversal, Evaluated: plan.Evaluated}
	res.Groups = [][]int{make([]int, P)}
	for p := range P {
		res.Groups[0][p] = p + 1
	}
	N := new(big.Int).SetInt64(total)
	var ss float64
	for i := range sum.mom {
		m := &sum.mom[i]
		m.N, m.Sum, m.SumSq = m.N*used, m.Sum*used, m.SumSq*used
	}
	for e := range P {
		m := sum.totalsOf(e)
		cnt, s1, s2, lo, hi := m.N, m.Sum, big.NewInt(m.SumSq), m.Min, m.Max
		if cnt != total {
			return nil, fmt.Errorf("bussemaker: internal error: entrant %d covered in %d of %d numberings", e+1, cnt, total)
		}
		// Variance of t: (N·Σt² − (Σt)²)/N², exactly, then in percent.
		v := new(big.Int).Mul(N, s2)
		v.Sub(v, new(big.Int).Mul(big.NewInt(s1), big.NewInt(s1)))
		vf, _ := new(big.Rat).SetFrac(v, new(big.Int).Mul(N, N)).Float64()
		avg, _ := new(big.Rat).SetFrac(big.NewInt(100*s1), new(big.Int).Mul(N, big.NewInt(int64(maxTot)))).Float64()
		sd := 100 * math.Sqrt(max(0, vf)) / mx
		res.Spread[e] = Spread{Avg: avg, Sd: sd,
			Min: float64(100*int64(lo)) / mx, Max: float64(100*int64(hi)) / mx}
		ss += sd * sd
	}
	// Places: a run of r tied entrants from place s gives each 1/r of each
	// place s..s+r−1; summed in units of 1/lcm(1..P).
	L := int64(1)
	for r := 2; r <= P; r++ {
		L = L / gcd(L, int64(r)) * int64(r)
	}
	acc := make([]*big.Int, P*P)
	for i := range acc {
		acc[i] = new(big.Int)
	}
	for e := range P {
		for s := range P {
			for r := 1; s+r <= P; r++ {
				c := sum.place[(e*P+s)*P+r-1]
				if c == 0 {
					continue
				}
				w := new(big.Int).Mul(big.NewInt(c), big.NewInt(L/int64(r)))
				for j := s; j < s+r; j++ {
					acc[j*P+e].Add(acc[j*P+e], w)
				}
			}
		}
	}
	den := new(big.Int).Mul(N, big.NewInt(L))
	for j := range P {
		row := make([]float64, P)
		for e := range P {
			row[e], _ = new(big.Rat).SetFrac(new(big.Int).Mul(acc[j*P+e], big.NewInt(100)), den).Float64()
		}
		res.RankProbability[j] = row
	}
	for e := range P {
		res.IdealPlace[e] = e + 1
		res.Qd += res.RankProbability[e][e]
	}
	res.Qd /= float64(P)
	res.Sigma = math.Sqrt(ss / float64(P))
	res.Qb = 100 / (1 + res.Sigma/3)
	return res, nil
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// PlanExact says how an exact run of m with these settings would reduce the
// work, without running it: the numberings, the symmetry found and used,
// and the numberings that would be scored, or why the field cannot be
// enumerated by reduction (Reason).
func PlanExact(m *movement.Movement, set Settings) (*ExactPlan, error) {
	sc, nb, strengths, err := prepare(m, set)
	if err != nil {
		return nil, err
	}
	return planLarge(sc, nb, strengths, set.Ties).ExactPlan, nil
}

// largePlan is how an exact run of a large field goes: by its two sides
// (ts, sym), by the orbits of its symmetry (levels), or not at all
// (method empty, Reason says why).
type largePlan struct {
	*ExactPlan
	method string
	ts     *twoSided
	sym    *sideSymmetry
	levels []baseLevel
}

// why is the plan's Reason with the order of the symmetry found.
func (lp *largePlan) why() string {
	if lp.Symmetry > 0 {
		return fmt.Sprintf("%s; the automorphism group has order %d", lp.Reason, lp.Symmetry)
	}
	return lp.Reason
}

// planLarge chooses the reduction of an exact run of a large field: the
// two sides when the field has them, else the orbits.
func planLarge(sc *scorer, nb *numberings, strengths []float64, ties TieRule) *largePlan {
	plan, ts, sym, ok := exactPlan(sc, nb, strengths, ties)
	if ok {
		return &largePlan{ExactPlan: plan, method: methodReduced, ts: ts, sym: sym}
	}
	op, levels, why := orbitPlan(sc, nb, ties)
	if why == "" {
		return &largePlan{ExactPlan: op, method: methodOrbit, levels: levels}
	}
	if why != plan.Reason {
		plan.Reason += "; " + why
	}
	plan.Symmetry = op.Symmetry
	return &largePlan{ExactPlan: plan}
}

// prepare checks what every run checks.
func prepare(m *movement.Movement, set Settings) (*scorer, *numberings, []float64, error) {
	P := m.Pairs
	strengths := slices.Clone(set.Strengths)
	if strengths == nil {
		strengths = make([]float64, P)
		for i := range strengths {
			strengths[i] = float64(i + 1)
		}
	}
	if err := checkStrengths(strengths, P); err != nil {
		return nil, nil, nil, err
	}
	sc, err := newScorer(m)
	if err != nil {
		return nil, nil, nil, err
	}
	nb, err := newNumberings(P, set.Groups)
	if err != nil {
		return nil, nil, nil, err
	}
	return sc, nb, strengths, nil
}

// bussemakerLarge is an Exact run of more than MaxExact numberings: by
// reduction when the field allows it and its estimate is within
// MaxExactCPU, else an error wrapping ErrTooManyNumberings that says why.
func bussemakerLarge(ctx context.Context, sc *scorer, nb *numberings, strengths []float64, set Settings) (*Result, error) {
	lp := planLarge(sc, nb, strengths, set.Ties)
	if lp.method == "" {
		return nil, fmt.Errorf("exact enumeration: %s numberings, more than %d, and no reduction applies (%s): %w",
			nb.count, MaxExact, lp.why(), ErrTooManyNumberings)
	}
	if cpu := float64(lp.Evaluated) / planRate(sc, lp, strengths); cpu > MaxExactCPU {
		rev := ""
		if lp.Reversal {
			rev = " and the strength reversal"
		}
		return nil, fmt.Errorf("exact enumeration: %s numberings, %d after symmetry (%d of the movement's %d automorphisms%s), %s of CPU, more than the budget of %s; sample instead, or run it in shards: %w (%w)",
			nb.count, lp.Evaluated, lp.Used, lp.Symmetry, rev, budget.Words(cpu), cpuBudget(MaxExactCPU), ErrTooManyNumberings, ErrOverBudget)
	}
	run := &bussRun{sc: sc, nb: nb, strengths: strengths, seed: set.Seed, exact: true}
	if lp.method == methodOrbit {
		return bussemakerOrbit(ctx, run, lp.ExactPlan, lp.levels, set.Progress)
	}
	return bussemakerExactLarge(ctx, run, lp.ExactPlan, lp.ts, lp.sym, set.Progress)
}

// newLargeRun prepares the shared tables of a reduced exact run.
func newLargeRun(run *bussRun, plan *ExactPlan, ts *twoSided, sym *sideSymmetry) (*largeRun, error) {
	sc, P, n := run.sc, run.sc.pairs, ts.n
	useReg := regKernelOK(ts, run.strengths)
	er := &largeRun{sc: sc, ts: ts, pt: newPermTable(n, !useReg), strengths: run.strengths, used: sym.sideOrder,
		choices: reducedChoices(P, n, plan.Reversal, sym.swap)}
	// The arrangements of A (α[i] = the X index at A index i) and of B
	// (σ[j] = the Y index at B index j) that are least in their orbits.
	for r, alpha := range er.pt.list {
		if leastInOrbit(sym.alpha, alpha[:n]) {
			er.alphas = append(er.alphas, r)
		}
	}
	if useReg {
		er.reg, er.lo = newRegKernel(ts), slices.Min(run.strengths)
	}
	if len(sym.sigma) > 0 {
		er.sigmas = []int32{}
	}
	sigma := make([]uint8, n)
	for j := range sigma {
		sigma[j] = uint8(j)
	}
	for k := range er.pt.list {
		if k > 0 {
			st := er.pt.steps[k-1]
			sigma[st[0]], sigma[st[1]] = sigma[st[1]], sigma[st[0]]
		}
		if !leastInOrbit(sym.sigma, sigma) {
			continue
		}
		if er.sigmas != nil {
			er.sigmas = append(er.sigmas, int32(k))
		}
		if useReg {
			e := sigmaEntry(sigma)
			er.sigEntries = append(er.sigEntries, e[0], e[1])
		}
	}
	// The NS masks: every mask with as many bits as some group's.
	counts := map[int]bool{}
	for _, m := range ts.ns {
		counts[bits.OnesCount(m)] = true
	}
	er.masks = make([]int16, 1<<n)
	for m := range er.masks {
		er.masks[m] = -1
		if counts[bits.OnesCount(uint(m))] {
			er.masks[m] = int16(len(er.patMask))
			er.patMask = append(er.patMask, uint(m))
		}
	}
	perChunk := int64(len(er.alphas)) * er.sigmaCount()
	if got := int64(len(er.choices)) * perChunk; got != plan.Evaluated {
		return nil, fmt.Errorf("bussemaker: internal error: %d numberings planned, %d to evaluate", plan.Evaluated, got)
	}
	er.tables.New = func() any {
		if er.reg != nil {
			scr := &largeScratch{totals: make([]uint64, 2*regBatch), reg: new(regKernel)}
			switch {
			case jointCount(n):
				scr.joint = new(laneJoint)
			case pairCount(n):
				scr.pairs = new(lanePairs)
			}
			return scr
		}
		return &largeScratch{totals: make([]uint64, 2*len(er.pt.list))}
	}
	return er, nil
}

// LargeExact reports whether set asks for an exact run of m with more than
// MaxExact numberings: the reduced enumeration, which takes minutes for a
// 14-pair field.
func LargeExact(m *movement.Movement, set Settings) bool {
	if set.Method != Exact {
		return false
	}
	nb, err := newNumberings(m.Pairs, set.Groups)
	if err != nil {
		return false
	}
	_, small := nb.exactCount()
	return !small
}
