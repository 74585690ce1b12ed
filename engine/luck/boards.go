package luck

import "math"

// The board totals in registers. The table kernel (fill, sumBoards) reads
// each board's outcome from a table of every (NS mask, matching): for
// sides of 8 that table is 12 MB and the walk of each board's matchings
// another 2 MB, read at random, so the 16-pair run waits on memory. With
// whole-number strengths a board's scores are small integers, and the
// totals of a numbering can be computed from scratch in a few dozen vector
// instructions: every table of every board is one byte of two 32-byte
// registers (board g in word g, the table of A pair i in byte i), its NS
// score the Y strength gathered by one shuffle minus the X strength, its
// sign turned where side A sits EW; each board's matchpoints are the sum of
// the signs of its differences with the other tables of the board, one
// rotation of the bytes inside each word per distance (the distances k and
// n−k are one comparison: the second is the first's negation rotated back);
// and the totals of side A and side B are the byte sums over the boards of
// the matchpoints and of their shuffle into B's order. No table, no memory
// but the arrangements, and consecutive numberings need not be neighbours
// in any order: only the arrangements that are least in their orbit are
// listed.

// regKernel holds what the register kernel reads, laid out for the
// assembly: per field offsets are fixed (regKernel*Off in boards_amd64.s).
type regKernel struct {
	mu   [2][32]uint8 // shuffle: byte (g, i) ← the strength at B index μ_g(i)
	dir  [2][32]int8  // +1 where A sits NS at (g, i), −1 EW, 0 no table
	pb   [2][32]uint8 // shuffle: byte (g, j) ← byte (g, μ_g⁻¹(j)), 0x80 none
	rot  [4][32]uint8 // shuffles: byte i ← byte (i+k) mod n of its board, k = 1, 2, 3 and n/2
	back [3][32]uint8 // shuffles: byte i ← byte (i−k) mod n, k = 1, 2, 3
	sY   [16]uint8    // the Y entrants' strengths, less the least of all
	sX   [32]uint8    // per α: the X strength at A index i, in byte i of every word
	actl [16]uint8    // per α: shuffle of the A totals into X order (low word)
	base [16]int8     // G(n−1) in every lane
	sign [16]int8     // +1 for the A lanes, −1 for the B lanes
	half int64        // 1 when n is even: rot[3] is the distance n/2
	// For boardsJoint, which reads each arrangement's τ and −τ (tauEntries)
	// in every 16 bytes: mu2 is the shuffle of byte (g, i) ← τ at μ_g(i)
	// where A sits NS, −τ there where EW (0x80 no table), and per α sXd the
	// X strength at (g, i), negated where A sits EW: S = τ' at mu2 − sXd.
	mu2 [64]uint8
	sXd [64]int8
}

// regKernelOK says whether the register kernel computes this field:
// sides of at most 8, at most 8 boards, whole-number strengths whose
// differences fit a signed byte.
func regKernelOK(ts *twoSided, strengths []float64) bool {
	if ts.n > 8 || len(ts.mu) > 8 || !useRegKernel {
		return false
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range strengths {
		if s != math.Trunc(s) {
			return false
		}
		lo, hi = min(lo, s), max(hi, s)
	}
	return hi-lo <= 127
}

// newRegKernel lays out the movement's part of the register kernel.
func newRegKernel(ts *twoSided) *regKernel {
	n, G := ts.n, len(ts.mu)
	k := &regKernel{}
	for w := range 8 {
		for i := range 8 {
			r, b := w/4, (w%4)*8+i
			k.pb[r][b] = 0x80
			k.mu[r][b] = uint8((w % 2) * 8) // a byte of τ, ignored: dir is 0
			if w < G && i < n {
				k.mu[r][b] = uint8((w%2)*8 + ts.mu[w][i])
				k.dir[r][b] = -1
				if ts.ns[w]>>i&1 == 1 {
					k.dir[r][b] = 1
				}
				k.pb[r][b] = uint8((w%2)*8 + ts.muInv[w][i])
			}
			k.mu2[w*8+i] = 0x80
			if w < G && i < n {
				k.mu2[w*8+i] = uint8(ts.mu[w][i])
				if ts.ns[w]>>i&1 == 0 {
					k.mu2[w*8+i] += 8
				}
			}
		}
	}
	// Rotations inside each word, over its first n bytes: distances
	// 1 … ⌊(n−1)/2⌋ with their negations rotated back, and n/2 alone when
	// n is even; unused slots are the identity, which compares nothing.
	nk := (n - 1) / 2
	for s := range 4 {
		d := s + 1 // the distance of slot s; 0 leaves it the identity
		switch {
		case s == 3 && n%2 == 0:
			d, k.half = n/2, 1
		case s == 3 || d > nk:
			d = 0
		}
		for b := range 32 {
			base, i := b&^7, b&7
			k.rot[s][b] = uint8(b)
			if s < 3 {
				k.back[s][b] = uint8(b)
			}
			if i < n {
				k.rot[s][b] = uint8(base + (i+d)%n)
				if s < 3 {
					k.back[s][b] = uint8(base + (i-d+n)%n)
				}
			}
		}
	}
	for l := range 16 {
		k.base[l] = int8(G * (n - 1))
		k.sign[l] = 1
		if l >= 8 {
			k.sign[l] = -1
		}
	}
	return k
}

// setChoice loads the strengths of the choice's Y entrants (whole numbers,
// less lo).
func (k *regKernel) setChoice(sY []float64, lo float64) {
	k.sY = [16]uint8{}
	for y, s := range sY {
		k.sY[y] = uint8(s - lo)
	}
}

// setAlpha loads arrangement α of side A (α[i] = the X index at A index i)
// with the X entrants' strengths sX (less lo).
func (k *regKernel) setAlpha(alpha []uint8, sX []float64, lo float64, n int) {
	for b := range 32 {
		k.sX[b] = 0
		if i := b & 7; i < n {
			k.sX[b] = uint8(sX[alpha[i]] - lo)
		}
	}
	for b := range 64 {
		d := k.dir[b/32][b%32]
		k.sXd[b] = int8(k.sX[b%32]) * d
	}
	for x := range 8 {
		k.actl[x] = 0x80
	}
	for i := range n {
		k.actl[alpha[i]] = uint8(i)
	}
}

// tauEntries appends to dst, for each arrangement of sigmas (sigmaEntry
// pairs), the Y strengths at the B indices (τ, 0 beyond n) in one word and
// their negations in the next, for the choice of setChoice: what
// boardsJoint reads instead of shuffling them out of σ at every α.
func (k *regKernel) tauEntries(sigmas, dst []uint64) []uint64 {
	for s := 0; s+1 < len(sigmas); s += 2 {
		var tau, neg uint64
		for j := range 8 {
			if c := uint8(sigmas[s] >> (8 * j)); c < 16 {
				t := k.sY[c]
				tau |= uint64(t) << (8 * j)
				neg |= uint64(-t) << (8 * j)
			}
		}
		dst = append(dst, tau, neg)
	}
	return dst
}

// sigmaEntry is an arrangement σ of side B as the register kernel reads it:
// σ[j] = the Y index at B index j in the low word (0x80 beyond n), and the
// shuffle of the B totals into Y order (8 + σ⁻¹[y]) in the high word.
func sigmaEntry(sigma []uint8) [2]uint64 {
	var lo, hi uint64 = 0x8080808080808080, 0x8080808080808080
	for j, y := range sigma {
		lo = lo&^(0xff<<(8*j)) | uint64(y)<<(8*j)
		hi = hi&^(0xff<<(8*y)) | uint64(8+j)<<(8*y)
	}
	return [2]uint64{lo, hi}
}

// boardTotalsGo is the register kernel in Go, byte for byte what
// boardTotalsAVX2 computes: for each arrangement sigmas[2s], sigmas[2s+1]
// (a sigmaEntry), the totals words of side A's X entrants and side B's Y
// entrants, as sumBoards writes them.
func boardTotalsGo(k *regKernel, sigmas, totals []uint64) {
	sgn := func(a, b int8) int8 {
		switch {
		case a > b:
			return 1
		case a < b:
			return -1
		}
		return 0
	}
	for s := 0; s+1 < len(sigmas); s += 2 {
		lo, hi := sigmas[s], sigmas[s+1]
		var tau [8]uint8
		for j := range 8 {
			if c := uint8(lo >> (8 * j)); c < 16 {
				tau[j] = k.sY[c]
			}
		}
		var S, acc [2][32]int8
		for r := range 2 {
			for b := range 32 {
				v := int8(tau[k.mu[r][b]&7] - k.sX[b])
				S[r][b] = v * k.dir[r][b]
			}
			for st := range 4 {
				if st == 3 && k.half == 0 {
					break
				}
				var D [32]int8
				for b := range 32 {
					D[b] = sgn(S[r][b], S[r][k.rot[st][b]])
					acc[r][b] += D[b]
				}
				if st < 3 {
					for b := range 32 {
						acc[r][b] -= D[k.back[st][b]]
					}
				}
			}
		}
		var sumA, sumB [8]int8
		for r := range 2 {
			for b := range 32 {
				v := acc[r][b] * k.dir[r][b]
				sumA[b&7] += v
				if c := k.pb[r][b]; c < 0x80 {
					sumB[b&7] += acc[r][(b&^15)+int(c&15)] * k.dir[r][(b&^15)+int(c&15)]
				}
			}
		}
		var out [16]uint8
		for l := range 8 {
			out[l] = uint8(k.base[l] + sumA[l])
			out[8+l] = uint8(k.base[8+l] - sumB[l])
		}
		var E, O uint64
		for x := range 8 {
			if c := k.actl[x]; c < 0x80 {
				E |= uint64(out[c&15]) << (8 * x)
			}
			if c := uint8(hi >> (8 * x)); c < 0x80 {
				O |= uint64(out[c&15]) << (8 * x)
			}
		}
		totals[s], totals[s+1] = E, O
	}
}
