package luck

import (
	"context"
	"math/bits"
)

// Exact enumeration of many numberings walks them in a Gray code:
// consecutive numberings differ by one transposition inside a group, so only
// the boards the two swapped pairs play are rescored.
//
// The numberings are cut into blocks. Block i fixes the entrants of all pairs
// but the last m of the last group, and holds the m! numberings of those:
// the numberings i·m! … (i+1)·m!−1 of decode's order (the last pairs vary
// fastest), as a set. Heap's algorithm visits them from decode(i·m!), one
// swap each. Blocks are the chunks, reduced in block order, so the result
// does not depend on GOMAXPROCS.

// legacyExact is the largest count enumerated one numbering after another
// in decode's order. Up to it (the old MaxExact) exact results sum their
// floats in that order, and the golden studies pin those sums to the bit;
// Heap's order would change their last digits.
var legacyExact int64 = 1_000_000

// grayBlock bounds m: a block has at most 7! = 5040 numberings.
const grayBlock = 7

// gray enumerates every numbering, block by block, if the kernel applies
// and there are more than legacyExact; it reports whether it did.
func (r *bussRun) gray(ctx context.Context, count int64, wave int, slots []*bussAcc,
	merge func(slot int), progress func(done, total int64)) (bool, error) {
	if !r.exact || r.k == nil || count <= legacyExact {
		return false, nil
	}
	last := r.nb.groups[len(r.nb.groups)-1]
	m := min(len(last), grayBlock)
	blockLen := factorial(m)
	work := func(ctx context.Context, slot int, block, _, _ int64) error {
		return r.grayChunk(ctx, slots[slot], block, m, blockLen)
	}
	var prog func(done, total int64)
	if progress != nil {
		prog = func(done, _ int64) { progress(done*blockLen, count) }
	}
	return true, forChunksOf(ctx, count/blockLen, 1, wave, work, merge, prog)
}

// grayChunk enumerates block (of the last m pairs of the last group, blockLen
// = m! numberings) into acc.
func (r *bussRun) grayChunk(ctx context.Context, acc *bussAcc, block int64, m int, blockLen int64) error {
	acc.reset()
	k := r.k
	if acc.kb == nil {
		acc.kb = k.newBuf()
	}
	buf, perm := acc.kb, acc.perm
	r.nb.decode(block*blockLen, perm, acc.avail)
	grp := r.nb.groups[len(r.nb.groups)-1]
	pos := grp[len(grp)-m:]
	k.load(perm, buf)
	clear(buf.tot[:k.pairs])
	for b := range k.btop {
		k.board(b, buf)
		k.addBoard(b, buf, 1)
	}
	k.accumulate(r, acc, perm, buf)
	// Heap's algorithm, iteratively: c[i] counts the swaps at level i.
	var c [grayBlock]int
	done := ctx.Done()
	for i, n := 1, 0; i < m; {
		if c[i] >= i {
			c[i] = 0
			i++
			continue
		}
		j := 0
		if i%2 == 1 {
			j = c[i]
		}
		pa, pb := pos[j], pos[i]
		perm[pa], perm[pb] = perm[pb], perm[pa]
		buf.sp[pa], buf.sp[pb] = buf.sp[pb], buf.sp[pa]
		k.rescore(pa, pb, buf)
		k.accumulate(r, acc, perm, buf)
		c[i]++
		i = 1
		if n++; n%256 == 0 {
			select {
			case <-done:
				return ctx.Err()
			default:
			}
		}
	}
	k.flush(acc)
	return nil
}

// rescore updates buf.mp and buf.tot after pairs pa and pb swapped entrants:
// only the boards either of them plays change, and a board's totals move
// by the change of its matchpoints.
func (k *kernel) rescore(pa, pb int, buf *kbuf) {
	sp, tot := &buf.sp, &buf.tot
	span := k.span
	for w, x := range k.pboards[pa] {
		x |= k.pboards[pb][w]
		for x != 0 {
			b := w*64 + bits.TrailingZeros64(x)
			x &= x - 1
			a, z := k.bstart[b], k.bstart[b+1]
			if z-a > 8 {
				k.addBoard(b, buf, -1)
				k.board(b, buf)
				k.addBoard(b, buf, 1)
				continue
			}
			// As matchpoints' one-word board, adding differences.
			ns, ew, mp := k.ns[a:z], k.ew[a:z], buf.mp[a:z]
			ew, mp = ew[:len(ns)], mp[:len(ns)]
			var V uint64
			for j, p := range ns {
				V |= uint64(sp[ew[j]]-sp[p]+span) << (8 * (j & 7))
			}
			m := k.bmask[b]
			for j, p := range ns {
				B := (V >> (8 * (j & 7)) & 0xff) * lanes1
				g := ((B | lanesH) - V) & m
				l := ((V | lanesH) - B) & m
				n := int32(((g>>7)+((l^m)>>7))*lanes1>>56) - 1
				d := n - mp[j]
				mp[j] = n
				tot[p] += d
				tot[ew[j]] -= d
			}
		}
	}
}
