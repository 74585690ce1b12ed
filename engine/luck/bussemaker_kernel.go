package luck

import (
	"math"
	"slices"
)

// The kernel is the Bussemaker model's inner loop in integers. Whole-number
// strengths make every board value a small integer, so a board's values fit
// in the 8-bit lanes of a few uint64 words, and one subtraction per word
// compares a value with eight others at once (SWAR). Percentages and their
// squares come from tables indexed by (pair, matchpoints), and ranks from a
// dense integer key of the percentage, compared the same way. Every figure
// is the one the float scorer computes, bit for bit: the same draws, the same
// float sums in the same order.

const (
	lanes1 = 0x0101010101010101 // 1 in every lane
	lanesH = 0x8080808080808080 // the high bit of every lane
	// laneMax is the largest value a lane holds; the high bit stays free
	// for the comparison's borrow.
	laneMax = 127
	// maxKernelPairs lets a pair index be a byte, so that indexing the
	// kernel's [256] arrays needs no bounds check.
	maxKernelPairs = 256
)

// noKernel makes Bussemaker use the float scorer: the tests compare both.
var noKernel bool

// kernel is the integer scorer of one movement and one strength vector.
type kernel struct {
	pairs int
	// str[e] is entrant e's strength minus the smallest; span the largest.
	str  []int32
	span int32
	// Board b's plays are bstart[b]..bstart[b+1]-1 of ns and ew; btop[b] is
	// its top and bmask[b] the lane mask of its last value word.
	bstart     []int32
	btop       []int32
	bmask      []uint64
	ns, ew     []uint8
	maxK       int
	pboards    [][]uint64 // pboards[p]: bitset of the boards pair p plays
	stride     int        // matchpoint totals of a pair are < stride
	pct, sq    []float64  // [p*stride+tot]: percentage and its square
	key        []uint8    // [p*stride+tot]: dense rank of the percentage
	groups     [][]int
	maxGroup   int
	groupWords int
}

// newKernel returns the integer scorer, or nil when the strengths are not
// whole numbers of a small enough span or the field has more distinct
// percentages than a lane holds; the float scorer then does the work.
func newKernel(sc *scorer, strengths []float64, nb *numberings) *kernel {
	k, ranks := buildKernel(sc, strengths, nb)
	if !ranks {
		return nil
	}
	return k
}

// buildKernel builds the kernel; ranks is false when the percentages have
// too many distinct values for rank keys (the matchpoints still work).
func buildKernel(sc *scorer, strengths []float64, nb *numberings) (k *kernel, ranks bool) {
	lo, hi := slices.Min(strengths), slices.Max(strengths)
	if 2*(hi-lo) > laneMax || sc.pairs > maxKernelPairs {
		return nil, false
	}
	k = &kernel{pairs: sc.pairs, str: make([]int32, len(strengths)), span: int32(hi - lo),
		groups: nb.groups, maxGroup: nb.maxSize, maxK: sc.maxK}
	for e, x := range strengths {
		if x != math.Trunc(x) {
			return nil, false
		}
		k.str[e] = int32(x - lo)
	}
	nb32 := func(x int) int32 { return int32(x) }
	nBoards := len(sc.top)
	words := (nBoards + 63) / 64
	k.pboards = make([][]uint64, sc.pairs)
	for p := range k.pboards {
		k.pboards[p] = make([]uint64, words)
	}
	for g, top := range sc.top {
		a, b := sc.start[g], sc.start[g+1]
		k.bstart = append(k.bstart, nb32(a))
		k.btop = append(k.btop, top)
		n := b - a
		last := n - 8*((n-1)/8) // lanes used in the last word
		k.bmask = append(k.bmask, lanesH>>(8*(8-last)))
		for i := a; i < b; i++ {
			k.ns = append(k.ns, uint8(sc.ns[i]))
			k.ew = append(k.ew, uint8(sc.ew[i]))
			k.pboards[sc.ns[i]][g/64] |= 1 << (g % 64)
			k.pboards[sc.ew[i]][g/64] |= 1 << (g % 64)
		}
	}
	k.bstart = append(k.bstart, nb32(len(sc.ns)))
	k.stride = int(slices.Max(sc.max)) + 1
	k.pct = make([]float64, sc.pairs*k.stride)
	k.sq = make([]float64, len(k.pct))
	k.key = make([]uint8, len(k.pct))
	var all []float64
	for p := range sc.pairs {
		for t := range int(sc.max[p]) + 1 {
			x := sc.percent(p, int32(t))
			k.pct[p*k.stride+t], k.sq[p*k.stride+t] = x, x*x
			all = append(all, x)
		}
	}
	slices.Sort(all)
	all = slices.Compact(all)
	k.groupWords = (k.maxGroup + 7) / 8
	if len(all) > laneMax+1 {
		return k, false
	}
	for p := range sc.pairs {
		for t := range int(sc.max[p]) + 1 {
			i, _ := slices.BinarySearch(all, k.pct[p*k.stride+t])
			k.key[p*k.stride+t] = uint8(i)
		}
	}
	return k, true
}

// kbuf is a goroutine's scratch for the kernel.
type kbuf struct {
	sp    [maxKernelPairs]int32 // sp[p]: strength of the entrant at pair p
	tot   [maxKernelPairs]int32 // matchpoints of pair p
	mp    []int32               // matchpoints of each play's NS pair
	vals  []uint64              // values of one board
	words []uint64              // packed values or keys
	start []int32               // per group member: first place of its run of equal keys
	run   []int32               // and the run's length
	cnt   []int32               // per place: tied members gathered so far
	order []int                 // tied pairs by place
	dirty []uint64              // boards to rescore after a swap
}

func (k *kernel) newBuf() *kbuf {
	w := max((k.maxK+7)/8, k.groupWords)
	return &kbuf{
		mp:   make([]int32, len(k.ns)),
		vals: make([]uint64, max(k.maxK, k.maxGroup)), words: make([]uint64, w),
		start: make([]int32, k.maxGroup), run: make([]int32, k.maxGroup),
		cnt: make([]int32, k.maxGroup), order: make([]int, k.maxGroup),
		dirty: make([]uint64, len(k.pboards[0])),
	}
}

// load sets the strengths at the pairs for numbering perm.
func (k *kernel) load(perm []int, buf *kbuf) {
	for p, e := range perm {
		buf.sp[p] = k.str[e]
	}
}

// matchpoints scores every board into buf.tot from buf.sp (and, for boards
// of more than eight results, into buf.mp).
func (k *kernel) matchpoints(buf *kbuf) {
	sp, tot := &buf.sp, &buf.tot
	clear(tot[:k.pairs])
	span := k.span
	for b, top := range k.btop {
		a, z := k.bstart[b], k.bstart[b+1]
		if z-a > 8 {
			k.board(b, buf)
			k.addBoard(b, buf, 1)
			continue
		}
		// The board of board(), one word, its matchpoints added at once.
		ns, ew := k.ns[a:z], k.ew[a:z]
		ew = ew[:len(ns)]
		var V uint64
		for j, p := range ns {
			V |= uint64(sp[ew[j]]-sp[p]+span) << (8 * (j & 7))
		}
		m := k.bmask[b]
		for j, p := range ns {
			B := (V >> (8 * (j & 7)) & 0xff) * lanes1
			g := ((B | lanesH) - V) & m
			l := ((V | lanesH) - B) & m
			mp := int32(((g>>7)+((l^m)>>7))*lanes1>>56) - 1
			tot[p] += mp
			tot[ew[j]] += top - mp
		}
	}
}

// addBoard adds (sign 1) or removes (sign −1) board b's matchpoints in
// buf.mp to the totals.
func (k *kernel) addBoard(b int, buf *kbuf, sign int32) {
	a, z := k.bstart[b], k.bstart[b+1]
	top := k.btop[b]
	tot := &buf.tot
	for i := a; i < z; i++ {
		m := buf.mp[i]
		tot[k.ns[i]] += sign * m
		tot[k.ew[i]] += sign * (top - m)
	}
}

// board matchpoints board b from buf.sp into buf.mp. A result gets k−1
// plus one per result it beats minus one per result that beats it; in
// lanes: #(others ≤ it) − #(others ≥ it), each counted by one subtraction
// per word whose lanes' high bits say which side is larger.
func (k *kernel) board(b int, buf *kbuf) {
	a, z := int(k.bstart[b]), int(k.bstart[b+1])
	n := z - a
	ns, ew, sp, mp := k.ns[a:z], k.ew[a:z], &buf.sp, buf.mp[a:z]
	vals := buf.vals[:n]
	span := k.span
	if n <= 8 {
		// One word: the common case, kept free of the word loop.
		var V uint64
		for j := range vals {
			v := uint64(sp[ew[j]] - sp[ns[j]] + span)
			vals[j] = v
			V |= v << (8 * j)
		}
		m := k.bmask[b]
		for j, v := range vals {
			B := v * lanes1
			g := ((B | lanesH) - V) & m // lanes ≤ v
			l := ((V | lanesH) - B) & m // lanes ≥ v
			mp[j] = int32(((g>>7)+((l^m)>>7))*lanes1>>56) - 1
		}
		return
	}
	W := (n + 7) / 8
	words := buf.words[:W]
	clear(words)
	for j := range vals {
		v := uint64(sp[ew[j]] - sp[ns[j]] + span)
		vals[j] = v
		words[j/8] |= v << (8 * (j % 8))
	}
	last := k.bmask[b]
	for j, v := range vals {
		B := v * lanes1
		var s uint64
		for w, V := range words {
			m := uint64(lanesH)
			if w == W-1 {
				m = last
			}
			g := ((B | lanesH) - V) & m
			l := ((V | lanesH) - B) & m
			s += ((g >> 7) + ((l ^ m) >> 7)) * lanes1 >> 56
		}
		mp[j] = int32(s) - 1
	}
}

// rank finds, for each member i of grp, the first place (0-based, best
// first) of its run of equal percentages and the run's length, into
// buf.start and buf.run.
func (k *kernel) rank(grp []int, buf *kbuf) {
	n := len(grp)
	tot, stride := &buf.tot, k.stride
	if n <= 8 {
		var K uint64
		vals := buf.vals[:n]
		for i, p := range grp {
			v := uint64(k.key[p*stride+int(tot[p])])
			vals[i] = v
			K |= v << (8 * i)
		}
		m := uint64(lanesH >> (8 * (8 - n)))
		for i, v := range vals {
			B := v * lanes1
			g := ((B | lanesH) - K) & m // members ≤ i
			l := ((K | lanesH) - B) & m // members ≥ i
			t := ((g >> 7) + (l >> 3)) * lanes1 >> 56
			ge, le := int32(t&15), int32(t>>4)
			buf.start[i] = int32(n) - ge
			buf.run[i] = ge + le - int32(n)
		}
		return
	}
	if n <= 16 {
		// Two words; ≤ and ≥ counted apart, as a lane may reach 2.
		var K0, K1 uint64
		vals := buf.vals[:n]
		for i, p := range grp {
			v := uint64(k.key[p*stride+int(tot[p])])
			vals[i] = v
			if i < 8 {
				K0 |= v << (8 * i)
			} else {
				K1 |= v << (8 * (i - 8))
			}
		}
		m1 := uint64(lanesH >> (8 * (16 - n)))
		for i, v := range vals {
			B := v * lanes1
			g := (((B|lanesH)-K0)&lanesH)>>7 + (((B|lanesH)-K1)&m1)>>7
			l := (((K0|lanesH)-B)&lanesH)>>7 + (((K1|lanesH)-B)&m1)>>7
			ge, le := int32(g*lanes1>>56), int32(l*lanes1>>56)
			buf.start[i] = int32(n) - ge
			buf.run[i] = ge + le - int32(n)
		}
		return
	}
	W := (n + 7) / 8
	words := buf.words[:W]
	clear(words)
	vals := buf.vals[:n]
	for i, p := range grp {
		v := uint64(k.key[p*stride+int(tot[p])])
		vals[i] = v
		words[i/8] |= v << (8 * (i % 8))
	}
	lastN := n - 8*(W-1)
	last := uint64(lanesH >> (8 * (8 - lastN)))
	for i, v := range vals {
		B := v * lanes1
		var ge, le int32
		for w, K := range words {
			m := uint64(lanesH)
			if w == W-1 {
				m = last
			}
			g := ((B | lanesH) - K) & m
			l := ((K | lanesH) - B) & m
			t := ((g >> 7) + (l >> 3)) * lanes1 >> 56
			ge += int32(t & 15)
			le += int32(t >> 4)
		}
		buf.start[i] = int32(n) - ge
		buf.run[i] = ge + le - int32(n)
	}
}

// accumulate adds the numbering perm, scored in buf.tot, to acc: the same
// additions in the same order as bussRun.score, so the same floats.
func (k *kernel) accumulate(r *bussRun, acc *bussAcc, perm []int, buf *kbuf) {
	stride := k.stride
	for p, t := range buf.tot[:k.pairs] {
		i := p*stride + int(t)
		x := k.pct[i]
		e := perm[p]
		acc.sum[e] += x
		acc.sumsq[e] += k.sq[i]
		if x < acc.lo[e] {
			acc.lo[e] = x
		}
		if x > acc.hi[e] {
			acc.hi[e] = x
		}
	}
	P := acc.pairs
	place := acc.place
	for _, grp := range k.groups {
		k.rank(grp, buf)
		n := len(grp)
		ties := false
		for i, p := range grp {
			s, run := int(buf.start[i]), buf.run[i]
			switch {
			case run == 1:
				place[s*P+perm[p]]++
			case r.exact:
				w := 1 / float64(run)
				for j := s; j < s+int(run); j++ {
					place[j*P+perm[p]] += w
				}
			default:
				if !ties {
					clear(buf.cnt[:n])
					ties = true
				}
				buf.order[s+int(buf.cnt[s])] = p
				buf.cnt[s]++
			}
		}
		if !ties {
			continue
		}
		// Break the ties as bussRun.score does: runs best first, members
		// in pair order, the same Fisher–Yates draws.
		for s := 0; s < n; s++ {
			c := int(buf.cnt[s])
			if c == 0 {
				continue
			}
			run := buf.order[s : s+c]
			for j := c - 1; j > 0; j-- {
				l := intN(acc.rng, j+1)
				run[j], run[l] = run[l], run[j]
			}
			for j, p := range run {
				place[(s+j)*P+perm[p]]++
			}
			s += c - 1
		}
	}
	acc.n++
}
