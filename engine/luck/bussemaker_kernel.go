package luck

import (
	"math"
	"math/bits"
	"math/rand/v2"
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
	bstart  []int32
	btop    []int32
	bmask   []uint64
	ns, ew  []uint8
	maxK    int
	pboards [][]uint64 // pboards[p]: bitset of the boards pair p plays
	stride  int        // matchpoint totals of a pair are < stride
	// score[p*stride+tot]: percentage, its square and its rank key, side
	// by side for the one read of accumulate.
	score      []pairScore
	keyPct     []float64 // keyPct[key]: the percentage of a rank key
	groups     [][]int
	maxGroup   int
	groupWords int
	// bundles hold the boards of at most eight plays, eight boards a
	// bundle; big lists the boards of more plays, scored one by one.
	bundles []bundle
	big     []int
}

// A bundle puts up to eight boards side by side, one board per byte lane,
// and the plays of each board in slots: word j holds the values of every
// board's j-th play. Comparing two slot words compares a play with another
// on every board at once, so a bundle of n-play boards costs n(n−1)/2
// word comparisons instead of n per play.
//
// A slot may have a home pair, one that plays in that slot on every board of
// the bundle (a Mitchell's stationary pair): its values then come from one
// strength and one gathered word, and its total from one word sum.
type bundle struct {
	slots int
	// ns[j*8+b], ew[j*8+b]: the pairs of board b's j-th play; a missing
	// play has the pairs sink, sink (outside 0..pairs−1).
	ns, ew [64]uint8
	// live[j]: the high bit of lane b set when board b has a j-th play.
	live [8]uint64
	// topW[j]: the boards' tops in lanes, 0 for missing plays.
	topW [8]uint64
	// home[j] is slot j's home pair if hasHome[j]; then oth[j*8+b] is its
	// opponent on board b (sink for a missing play), atNS[j] and atEW[j]
	// are 0xff in the lanes where it sits NS or EW, and sumTop[j] is the
	// sum of its tops.
	hasHome [8]bool
	home    [8]uint8
	oth     [64]uint8
	atNS    [8]uint64
	atEW    [8]uint64
	sumTop  [8]int32
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
	k.bundle()
	k.stride = int(slices.Max(sc.max)) + 1
	k.score = make([]pairScore, sc.pairs*k.stride)
	var all []float64
	for p := range sc.pairs {
		for t := range int(sc.max[p]) + 1 {
			x := sc.percent(p, int32(t))
			k.score[p*k.stride+t] = pairScore{pct: x, sq: x * x}
			all = append(all, x)
		}
	}
	slices.Sort(all)
	all = slices.Compact(all)
	k.groupWords = (k.maxGroup + 7) / 8
	if len(all) > laneMax+1 {
		return k, false
	}
	k.keyPct = all
	for p := range sc.pairs {
		for t := range int(sc.max[p]) + 1 {
			i, _ := slices.BinarySearch(all, k.score[p*k.stride+t].pct)
			k.score[p*k.stride+t].key = uint8(i)
		}
	}
	return k, true
}

// bundle sorts the boards into bundles (boards of equal size together, so
// little is padded) and the boards of more than eight plays into k.big.
// Missing plays score in pair k.pairs, a sink whose total nobody reads, so
// the bundles need k.pairs < maxKernelPairs; else every board goes to big.
func (k *kernel) bundle() {
	var small []int
	for b := range k.btop {
		if n := k.bstart[b+1] - k.bstart[b]; n > 8 || k.pairs >= maxKernelPairs {
			k.big = append(k.big, b)
		} else {
			small = append(small, b)
		}
	}
	size := func(b int) int32 { return k.bstart[b+1] - k.bstart[b] }
	slices.SortStableFunc(small, func(x, y int) int { return int(size(y) - size(x)) })
	for len(small) > 0 {
		boards := small[:min(8, len(small))]
		small = small[len(boards):]
		k.bundles = append(k.bundles, k.newBundle(boards))
	}
}

// newBundle lays out boards (at most eight, the first the largest) in one
// bundle. Home pairs are chosen greedily, lowest first: a pair that plays
// every board of the bundle and meets no home pair chosen before.
func (k *kernel) newBundle(boards []int) bundle {
	sink := uint8(k.pairs)
	var u bundle
	u.slots = int(k.bstart[boards[0]+1] - k.bstart[boards[0]])
	for i := range u.ns {
		u.ns[i], u.ew[i], u.oth[i] = sink, sink, sink
	}
	count := make([]int, k.pairs)
	for _, b := range boards {
		for i := k.bstart[b]; i < k.bstart[b+1]; i++ {
			count[k.ns[i]]++
			count[k.ew[i]]++
		}
	}
	met := make([]bool, k.pairs)
	var homes []int
	for p, c := range count {
		if c != len(boards) || met[p] || len(homes) == u.slots {
			continue
		}
		homes = append(homes, p)
		for _, b := range boards {
			for i := k.bstart[b]; i < k.bstart[b+1]; i++ {
				if int(k.ns[i]) == p {
					met[k.ew[i]] = true
				} else if int(k.ew[i]) == p {
					met[k.ns[i]] = true
				}
			}
		}
	}
	for j, h := range homes {
		u.hasHome[j], u.home[j] = true, uint8(h)
	}
	for lane, b := range boards {
		a, z := int(k.bstart[b]), int(k.bstart[b+1])
		used := make([]bool, z-a)
		slot := make([]int, z-a)
		for j, h := range homes {
			for i := a; i < z; i++ {
				if int(k.ns[i]) == h || int(k.ew[i]) == h {
					slot[i-a], used[i-a] = j, true
				}
			}
		}
		free := len(homes)
		for i := range slot {
			if !used[i] {
				slot[i], free = free, free+1
			}
		}
		for i := a; i < z; i++ {
			j := slot[i-a]
			x := j*8 + lane
			u.ns[x], u.ew[x] = k.ns[i], k.ew[i]
			u.live[j] |= 0x80 << (8 * lane)
			u.topW[j] |= uint64(k.btop[b]) << (8 * lane)
			if !u.hasHome[j] {
				continue
			}
			u.sumTop[j] += k.btop[b]
			if k.ns[i] == u.home[j] {
				u.oth[x] = k.ew[i]
				u.atNS[j] |= 0xff << (8 * lane)
			} else {
				u.oth[x] = k.ns[i]
				u.atEW[j] |= 0xff << (8 * lane)
			}
		}
	}
	return u
}

// pairScore is what a pair's matchpoint total stands for.
type pairScore struct {
	pct, sq float64
	key     uint8
}

// kbuf is a goroutine's scratch for the kernel.
type kbuf struct {
	sp   [maxKernelPairs]int32 // sp[p]: strength of the entrant at pair p
	tot  [maxKernelPairs]int32 // matchpoints of pair p
	keys [maxKernelPairs]uint8 // rank key of pair p's percentage
	// The chunk's sums of percentages and their squares, and the least and
	// greatest rank keys, by entrant, until flush.
	sum, sumsq [maxKernelPairs]float64
	klo, khi   [maxKernelPairs]uint8
	seen       [laneMax + 1]uint8 // per key: group members placed so far
	nth        [64]int32          // nth[s]: the length of the tied run from place s
	mp         []int32            // matchpoints of each play's NS pair
	vals       []uint64           // values of one board
	words      []uint64           // packed values or keys
	start      []int32            // per group member: first place of its run of equal keys
	run        []int32            // and the run's length
	cnt        []int32            // per place: tied members gathered so far
	order      []int              // group members by place
	dirty      []uint64           // boards to rescore after a swap
}

func (k *kernel) newBuf() *kbuf {
	w := max((k.maxK+7)/8, k.groupWords)
	buf := &kbuf{
		mp:   make([]int32, len(k.ns)),
		vals: make([]uint64, max(k.maxK, k.maxGroup)), words: make([]uint64, w),
		start: make([]int32, k.maxGroup), run: make([]int32, k.maxGroup),
		cnt: make([]int32, k.maxGroup), order: make([]int, k.maxGroup),
		dirty: make([]uint64, len(k.pboards[0])),
	}
	buf.reset()
	return buf
}

// reset empties the chunk's sums and extremes.
func (buf *kbuf) reset() {
	clear(buf.sum[:])
	clear(buf.sumsq[:])
	for e := range buf.klo {
		buf.klo[e], buf.khi[e] = 255, 0
	}
}

// load sets the strengths at the pairs for numbering perm.
func (k *kernel) load(perm []int, buf *kbuf) {
	for p, e := range perm {
		buf.sp[p] = k.str[e]
	}
}

// matchpoints scores every board into buf.tot from buf.sp (and, for boards
// of more than eight results, into buf.mp). The lanes are written out, so
// every shift is a constant.
func (k *kernel) matchpoints(buf *kbuf) {
	sp, tot := &buf.sp, &buf.tot
	clear(tot[:k.pairs])
	span := uint64(k.span)
	for u := range k.bundles {
		u := &k.bundles[u]
		n := u.slots
		// W[j]: the j-th play's value on every board, one lane each.
		var W, M [8]uint64
		for j := range n {
			if u.hasHome[j] {
				// The home pair's strength h against gathered opponents
				// g: g + span − h where it sits NS, span + h − g where EW;
				// no lane leaves 0..2·span.
				g := gather4(sp, (*[4]uint8)(u.oth[j*8:])) | gather4(sp, (*[4]uint8)(u.oth[j*8+4:]))<<32
				h := uint64(sp[u.home[j]])
				W[j] = (g+(span-h)*lanes1)&u.atNS[j] | ((span+h)*lanes1-g)&u.atEW[j]
			} else {
				ew := gather4(sp, (*[4]uint8)(u.ew[j*8:])) | gather4(sp, (*[4]uint8)(u.ew[j*8+4:]))<<32
				ns := gather4(sp, (*[4]uint8)(u.ns[j*8:])) | gather4(sp, (*[4]uint8)(u.ns[j*8+4:]))<<32
				W[j] = ew + span*lanes1 - ns
			}
		}
		// A play gets 1 + sign(its value − the other's) from each other
		// play: ge + 1 − le in every lane where both plays exist, and the
		// other play the rest of 2.
		for j := range n {
			// M[j] summed in a register: through memory, each addition
			// would wait for the previous one's store.
			wj, lj, mj := W[j]|lanesH, u.live[j], M[j]
			for l := j + 1; l < n; l++ {
				live := lj & u.live[l]
				one := live >> 7
				ge := (wj - W[l]) & live
				le := ((W[l] | lanesH) - W[j]) & live
				c := ge>>7 + one - le>>7
				mj += c
				M[l] += 2*one - c
			}
			M[j] = mj
		}
		for j := range n {
			m := M[j]
			if u.hasHome[j] {
				// o: the opponents' matchpoints; the home pair gets the
				// rest of each top, summed in one multiplication (a lane
				// sum stays below 256).
				o := (u.topW[j]-m)&u.atNS[j] | m&u.atEW[j]
				tot[u.home[j]] += u.sumTop[j] - int32(o*lanes1>>56)
				scatter4(tot, (*[4]uint8)(u.oth[j*8:]), o)
				scatter4(tot, (*[4]uint8)(u.oth[j*8+4:]), o>>32)
				continue
			}
			scatter4(tot, (*[4]uint8)(u.ns[j*8:]), m)
			scatter4(tot, (*[4]uint8)(u.ns[j*8+4:]), m>>32)
			scatter4(tot, (*[4]uint8)(u.ew[j*8:]), u.topW[j]-m)
			scatter4(tot, (*[4]uint8)(u.ew[j*8+4:]), (u.topW[j]-m)>>32)
		}
	}
	for _, b := range k.big {
		k.board(b, buf)
		k.addBoard(b, buf, 1)
	}
}

// gather4 packs the strengths of four pairs into the low lanes of a word;
// gather of eight would not be inlined.
func gather4(sp *[maxKernelPairs]int32, p *[4]uint8) uint64 {
	return uint64(sp[p[0]]) | uint64(sp[p[1]])<<8 | uint64(sp[p[2]])<<16 | uint64(sp[p[3]])<<24
}

// scatter4 adds the four low lanes of w to the totals of four pairs.
func scatter4(tot *[maxKernelPairs]int32, p *[4]uint8, w uint64) {
	tot[p[0]] += int32(w & 0xff)
	tot[p[1]] += int32(w >> 8 & 0xff)
	tot[p[2]] += int32(w >> 16 & 0xff)
	tot[p[3]] += int32(w >> 24 & 0xff)
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
// buf.start and buf.run, from the keys in buf.keys.
func (k *kernel) rank(grp []int, buf *kbuf) {
	n := len(grp)
	if n <= 8 {
		var K uint64
		vals := buf.vals[:n]
		for i, p := range grp {
			v := uint64(buf.keys[p])
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
			v := uint64(buf.keys[p])
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
		v := uint64(buf.keys[p])
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
// additions in the same order as bussRun.score, so the same floats. The
// sums are kept in buf's arrays, which need no bounds checks, the extremes as
// rank keys and the sampled places in integers (acc.kplace), until flush.
func (k *kernel) accumulate(r *bussRun, acc *bussAcc, perm []int, buf *kbuf) {
	stride := k.stride
	for p, t := range buf.tot[:k.pairs] {
		i := p*stride + int(t)
		e := uint8(perm[p])
		x := &k.score[i]
		buf.sum[e] += x.pct
		buf.sumsq[e] += x.sq
		key := x.key
		buf.keys[p] = key
		buf.klo[e] = min(buf.klo[e], key)
		buf.khi[e] = max(buf.khi[e], key)
	}
	P := acc.pairs
	place := acc.place
	for _, grp := range k.groups {
		n := len(grp)
		if r.exact {
			k.rank(grp, buf)
			for i, p := range grp {
				s, run := int(buf.start[i]), buf.run[i]
				if run == 1 {
					place[s*P+perm[p]]++
					continue
				}
				w := 1 / float64(run)
				for j := s; j < s+int(run); j++ {
					place[j*P+perm[p]] += w
				}
			}
			continue
		}
		if n > 16 {
			k.orderSlow(grp, perm, buf, acc.rng)
			for j, e := range buf.order[:n] {
				acc.kplace[j*P+e]++
			}
			continue
		}
		// order counts the members alone in their place; break the ties
		// as bussRun.score does (runs best first, members in pair order,
		// the same Fisher–Yates draws) and count the tied ones.
		for ties := k.order(grp, perm, buf, acc.kplace); ties != 0; ties &= ties - 1 {
			s := bits.TrailingZeros64(ties)
			run := buf.order[s : s+int(buf.nth[s])]
			for j := len(run) - 1; j > 0; j-- {
				// intN(acc.rng, j+1), written out as in shuffle.
				hi, lo := bits.Mul64(acc.rng.Uint64(), uint64(j+1))
				if lo < uint64(j+1) {
					hi = uint64(intNReject(acc.rng, j+1, hi, lo))
				}
				l := int(hi)
				run[j], run[l] = run[l], run[j]
			}
			for j, e := range run {
				acc.kplace[(s+j)*P+e]++
			}
		}
	}
	acc.n++
}

// flush adds a chunk's sums, kept in buf, to acc (which holds 0 then), turns
// the extremes kept as rank keys into acc.lo and acc.hi, adds the sampled
// places counted in integers to acc.place (whole numbers, so the same floats
// as adding one at a time), and resets them all.
func (k *kernel) flush(acc *bussAcc) {
	buf := acc.kb
	for e := range acc.pairs {
		// The chunk's sums started at 0 in acc as in buf: the same floats.
		acc.sum[e] += buf.sum[e]
		acc.sumsq[e] += buf.sumsq[e]
		if lo, hi := buf.klo[e], buf.khi[e]; lo <= hi {
			acc.lo[e] = min(acc.lo[e], k.keyPct[lo])
			acc.hi[e] = max(acc.hi[e], k.keyPct[hi])
		}
	}
	buf.reset()
	for i, c := range acc.kplace {
		acc.place[i] += float64(c)
	}
	clear(acc.kplace)
}

// order writes the entrants of grp (at most 16 members) into buf.order in
// place order, tied ones in pair order: a stable sort by rank key, without
// sorting; it counts in kplace the places of the members not tied. A member's place is the number of members with a greater key plus
// those with its key before it, each count one word subtraction per eight
// members and a population count. It returns the places where a run of two
// or more tied members starts, as bits, with the runs' lengths in buf.nth.
func (k *kernel) order(grp []int, perm []int, buf *kbuf, kplace []uint32) (ties uint64) {
	n := len(grp)
	keys := &buf.keys
	n0 := min(n, 8)
	var K0, K1, m1 uint64
	for i, p := range grp[:n0] {
		K0 |= uint64(keys[uint8(p)]) << (8 * (i & 7))
	}
	for i, p := range grp[n0:] {
		K1 |= uint64(keys[uint8(p)]) << (8 * (i & 7))
	}
	m0 := uint64(lanesH) >> ((64 - 8*n0) & 63)
	if n > 8 {
		m1 = lanesH >> ((128 - 8*n) & 63)
	}
	P := k.pairs
	put := func(i, p int, le, ahead, run int) {
		start := n - le
		e := perm[p]
		buf.order[start+ahead] = e
		// alone is 1 when p has a place of its own, and x is 0 when p
		// starts a run of ties. Without a branch, which ties would
		// mispredict.
		alone := 2 - min(run, 2)
		kplace[(start+ahead)*P+e] += uint32(alone)
		x := uint64(ahead) | uint64(alone)
		ties |= (x - 1) >> 63 << (start & 63)
		buf.nth[start&63] = int32(run)
	}
	for i, p := range grp[:n0] {
		le, ahead, run := placeOf(uint64(keys[uint8(p)])*lanes1, K0, K1, m0, m1, 1<<(8*(i&7))-1, 0)
		put(i, p, le, ahead, run)
	}
	for i, p := range grp[n0:] {
		le, ahead, run := placeOf(uint64(keys[uint8(p)])*lanes1, K0, K1, m0, m1, ^uint64(0), 1<<(8*(i&7))-1)
		put(i, p, le, ahead, run)
	}
	return ties
}

// placeOf counts the members whose keys (in the lanes of K0 and K1, masks m0
// and m1) are at most the key broadcast in B, those equal to it in the
// lanes of b0 and b1 (the members before it), and all equal to it.
func placeOf(B, K0, K1, m0, m1, b0, b1 uint64) (le, ahead, run int) {
	le0 := ((B | lanesH) - K0) & m0
	le1 := ((B | lanesH) - K1) & m1
	eq0 := le0 & ((K0 | lanesH) - B)
	eq1 := le1 & ((K1 | lanesH) - B)
	// The two words' flags (bit 7 of each lane) side by side in bits 6
	// and 7, so that one population count covers both.
	return bits.OnesCount64(le0 | le1>>1),
		bits.OnesCount64(eq0&b0 | (eq1&b1)>>1),
		bits.OnesCount64(eq0 | eq1>>1)
}

// orderSlow is order for any group, its ties broken here: it ranks the
// members, places them by their run's start and a count per key, and
// shuffles each run of ties, best first.
func (k *kernel) orderSlow(grp []int, perm []int, buf *kbuf, rng *rand.PCG) {
	k.rank(grp, buf)
	for i, p := range grp {
		key, s := buf.keys[p], buf.start[i]
		buf.order[int(s)+int(buf.seen[key])] = perm[p]
		buf.seen[key]++
		buf.cnt[s] = buf.run[i]
	}
	for _, p := range grp {
		buf.seen[buf.keys[p]] = 0
	}
	for s := 0; s < len(grp); {
		run := buf.order[s : s+int(buf.cnt[s])]
		for j := len(run) - 1; j > 0; j-- {
			l := intN(rng, j+1)
			run[j], run[l] = run[l], run[j]
		}
		s += len(run)
	}
}
