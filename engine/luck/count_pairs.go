package luck

// Counting by pairs of lanes. Counting a numbering's totals costs, per
// lane, a total and a place code counted in memory (countTotals), and
// without AVX-512 those counts in memory are what bounds the enumeration of
// sides of 7 and 8. countPairs counts the place codes of two neighbouring
// lanes in one count, and sums each lane's totals in registers instead of
// counting them: the figures of a total (mean, standard deviation, least
// and greatest) need only those sums, which are exact integers as the
// counts are.

// lanePairs counts, for each two neighbouring lanes 2r and 2r+1 (in the
// rows of laneHist: X lanes in rows 0…3, Y lanes in rows 4…7), the
// numberings with each pair of their place codes at [r][code(2r+1)<<8 |
// code(2r)]. A code is equal<<4 | above (the others tied with the lane's
// total and above it): most lanes tie with none, so that the counts used
// most lie together, in 1 KB a pair of lanes.
type lanePairs [8][1 << 16]uint32

// drain adds the pair counts of sides of n to place, and clears them.
func (p *lanePairs) drain(n int, place *lanePlace) {
	for r := range p {
		lo, hi := 2*r, 2*r+1
		side := lo % 8 // the lanes' index on their side
		row := &p[r]
		// Most counts are 0: four at a time are skipped with one test.
		for w4 := 0; w4 < len(row); w4 += 4 {
			if row[w4]|row[w4+1]|row[w4+2]|row[w4+3] == 0 {
				continue
			}
			for w := w4; w < w4+4; w++ {
				x := row[w]
				if x == 0 {
					continue
				}
				row[w] = 0
				if c := w & 0xff; side < n {
					place[lo][c&15][c>>4] += x
				}
				if c := w >> 8; side+1 < n {
					place[hi][c&15][c>>4] += x
				}
			}
		}
	}
}

// momentRegs are countPairsAVX2's sums, laid out as its registers: per
// lane l of the 16, the least and greatest total in bytes l (first
// numbering of each two) and 16+l (second); the sums in words, lanes 0…7
// of the first and second numbering in sum[0], lanes 8…15 in sum[1]; the
// sums of squares in dwords, lanes 4q…4q+3 of the first and second
// numbering in sumSq[q].
type momentRegs struct {
	lo, hi [32]uint8
	sum    [2][16]uint16
	sumSq  [4][8]uint32
}

// laneMoments are each lane's totals summed over one choice's numberings,
// in the rows of laneHist.
type laneMoments struct {
	n          int64
	sum, sumSq [16]int64
	lo, hi     [16]int32
}

func (m *laneMoments) reset() {
	*m = laneMoments{}
	for l := range m.lo {
		m.lo[l], m.hi[l] = 255, -1
	}
}

// fold adds the sums r of numberings numberings.
func (m *laneMoments) fold(r *momentRegs, numberings int) {
	m.n += int64(numberings)
	for l := range 16 {
		w, s := l%8, l/8
		m.sum[l] += int64(r.sum[s][w]) + int64(r.sum[s][8+w])
		q, d := l/4, l%4
		m.sumSq[l] += int64(r.sumSq[q][d]) + int64(r.sumSq[q][4+d])
		m.lo[l] = min(m.lo[l], int32(r.lo[l]), int32(r.lo[16+l]))
		m.hi[l] = max(m.hi[l], int32(r.hi[l]), int32(r.hi[16+l]))
	}
}

// row is lane row's sums as Moments.
func (m *laneMoments) row(row int) Moments {
	if m.n == 0 {
		return Moments{}
	}
	return Moments{N: m.n, Sum: m.sum[row], SumSq: m.sumSq[row], Min: m.lo[row], Max: m.hi[row]}
}

// newMomentRegs are sums of no numbering.
func newMomentRegs() momentRegs {
	var r momentRegs
	for i := range r.lo {
		r.lo[i] = 0xff
	}
	return r
}
