package movement

import (
	"context"
	"fmt"
	"math"
)

// Balance is the balance of a movement (seed 004). Its json names are the
// names the reports give the figures.
type Balance struct {
	Pairs int `json:"pairs"`
	// H is half a top: the times each board group is played, minus one.
	H int `json:"h"`
	// Uniform is false when board groups are played unequal numbers of
	// times; the figures are then computed with each group's own h, a
	// measure the theory does not define.
	Uniform bool  `json:"uniform"`
	S       int64 `json:"S"`
	N       int64 `json:"N"`
	SS      int64 `json:"SS"`
	// Matrix[(p-1)*Pairs+(q-1)] is the score of pairs p and q; the
	// diagonal is 0. Left out of JSON: reports give it as rows.
	Matrix []int   `json:"-"`
	Qf     float64 `json:"qf"`
	Qc     float64 `json:"qc"`
	Sd     float64 `json:"sd"`
	Skew   float64 `json:"skew"`
	D4     float64 `json:"d4"`
	Qo     float64 `json:"qo"`
}

// At returns the score of pairs p and q (1-based).
func (b *Balance) At(p, q int) int { return b.Matrix[(p-1)*b.Pairs+q-1] }

// Play is one table-round at which a board group is played. The pairs are
// 0-based (pair p is p-1), so that they index slices.
type Play struct {
	NS, EW int
}

// GroupPlays lists, per board group, the tables that play it, in reading
// order.
func GroupPlays(m *Movement) [][]Play {
	plays := make([][]Play, m.Groups)
	for _, row := range m.Schedule {
		for _, t := range row {
			if !t.Empty() {
				plays[t.Group] = append(plays[t.Group], Play{t.NS - 1, t.EW - 1})
			}
		}
	}
	return plays
}

// scoreMatrixContext returns the P×P score matrix, S, and whether all
// groups are played equally often (with that h). It looks at ctx once per
// board group and stops with its error.
func scoreMatrixContext(ctx context.Context, m *Movement) (mat []int, s int64, h int, uniform bool, err error) {
	P := m.Pairs
	mat = make([]int, P*P)
	add := func(p, q, v int) {
		if p != q {
			mat[p*P+q] += v
			mat[q*P+p] += v
		}
	}
	h, uniform = -1, true
	for _, g := range GroupPlays(m) {
		if len(g) == 0 {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, 0, 0, false, err
		}
		hg := len(g) - 1
		if h == -1 {
			h = hg
		} else if hg != h {
			uniform = false
		}
		for i, x := range g {
			add(x.NS, x.EW, hg)
			s += int64(hg)
			for _, y := range g[i+1:] {
				add(x.NS, y.NS, 1)
				add(x.EW, y.EW, 1)
				add(x.NS, y.EW, -1)
				add(x.EW, y.NS, -1)
			}
		}
	}
	if h == -1 {
		h = 0
	}
	return mat, s, h, uniform, nil
}

// MinSumSquares is the smallest sum of squares of n integers that add up to s.
func MinSumSquares(s, n int64) int64 {
	q, r := floorDiv(s, n), s-floorDiv(s, n)*n
	return n*q*q + (2*q+1)*r
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// QualityFactor is Qf = 100·minsq(S, N)/SS; a movement with no competition
// (SS = 0) counts as perfect.
func QualityFactor(s, ss, n int64) float64 {
	if ss == 0 {
		return 100
	}
	return 100 * float64(MinSumSquares(s, n)) / float64(ss)
}

// ComputeBalance computes the score matrix and every balance figure.
func ComputeBalance(m *Movement) *Balance {
	b, _ := ComputeBalanceContext(context.Background(), m)
	return b
}

// ComputeBalanceContext is ComputeBalance that stops, with ctx's error,
// when ctx is done.
func ComputeBalanceContext(ctx context.Context, m *Movement) (*Balance, error) {
	P := m.Pairs
	mat, s, h, uniform, err := scoreMatrixContext(ctx, m)
	if err != nil {
		return nil, err
	}
	b := &Balance{Pairs: P, H: h, Uniform: uniform, S: s, N: int64(P * (P - 1) / 2), Matrix: mat}
	if b.N == 0 {
		return b, nil
	}
	var m4 float64
	mean := float64(s) / float64(b.N)
	for p := 0; p < P; p++ {
		for q := p + 1; q < P; q++ {
			v := int64(mat[p*P+q])
			b.SS += v * v
			d := float64(v) - mean
			m4 += d * d * d * d
		}
	}
	n := float64(b.N)
	b.Qf = QualityFactor(s, b.SS, b.N)
	if b.SS > 0 {
		b.Qc = 100 * float64(s) * float64(s) / (n * float64(b.SS))
	} else {
		b.Qc = 100
	}
	b.Sd = math.Sqrt(math.Max(0, (float64(b.SS)-float64(s)*float64(s)/n)/n))
	if mean != 0 {
		b.Skew = b.Sd / mean
	}
	b.D4 = math.Pow(m4/n, 0.25)
	b.Qo = opponentBalance(m)
	return b, nil
}

// opponentBalance is Qo = 100·m²/mean(c²), c the number of meetings of each
// pair of pairs and m its mean. A meeting is a round in which two pairs sit
// at one table: the two halves of a split table (two board groups in one
// round) are one meeting.
func opponentBalance(m *Movement) float64 {
	P := m.Pairs
	meet := make([]int, P*P)
	last := make([]int, P*P) // 1 + the last round counted for each pair of pairs
	for r, row := range m.Schedule {
		for _, t := range row {
			if !t.Empty() {
				a, b := min(t.NS, t.EW)-1, max(t.NS, t.EW)-1
				if last[a*P+b] != r+1 {
					last[a*P+b] = r + 1
					meet[a*P+b]++
				}
			}
		}
	}
	var sum, sq float64
	for p := 0; p < P; p++ {
		for q := p + 1; q < P; q++ {
			c := float64(meet[p*P+q])
			sum += c
			sq += c * c
		}
	}
	if sq == 0 {
		return 0
	}
	n := float64(P * (P - 1) / 2)
	mean := sum / n
	return 100 * mean * mean / (sq / n)
}

// Vacancy is the balance with one pair absent: the vacancy quality of seed
// 004, how balanced the movement stays when any one pair does not come.
type Vacancy struct {
	// Qf1[v-1] is Qf of the movement with pair v absent.
	Qf1 []float64 `json:"qf1"`
	// Av pools all absences: Qf(ΣS_v, ΣSS_v, P·N₁), not the mean of Qf1.
	Av  float64 `json:"qf1_av"`
	Max float64 `json:"qf1_max"`
}

// ComputeVacancy computes Qf1 for every absent pair, Qf1av and Qf1max.
func ComputeVacancy(m *Movement) (*Vacancy, error) {
	return ComputeVacancyContext(context.Background(), m)
}

// ComputeVacancyContext is ComputeVacancy that stops, with ctx's error,
// when ctx is done.
//
// Scoring the movement afresh for each absent pair costs P times the
// whole score matrix, minutes for hundreds of pairs. Instead the full
// matrix is scored once, and each absence is the change it makes: in a
// board group the absent pair played, every other table's meeting counts
// its removed plays less (h drops), and the absent pair's opponents lose
// their comparisons with the rest of the group. The sums are the same
// integers the full rescoring gives (TestVacancyMatchesRescoring).
func ComputeVacancyContext(ctx context.Context, m *Movement) (*Vacancy, error) {
	if m.Pairs < 3 {
		return nil, fmt.Errorf("vacancy: needs at least 3 pairs, have %d", m.Pairs)
	}
	P := m.Pairs
	mat, _, _, _, err := scoreMatrixContext(ctx, m)
	if err != nil {
		return nil, err
	}
	plays := GroupPlays(m)
	// in[v] lists the groups pair v plays, once each.
	in := make([][]int, P)
	for g, ps := range plays {
		for _, x := range ps {
			for _, p := range [2]int{x.NS, x.EW} {
				if k := len(in[p]); k == 0 || in[p][k-1] != g {
					in[p] = append(in[p], g)
				}
			}
		}
	}
	var fullS, fullSS int64
	rowSq := make([]int64, P)
	for g := range plays {
		n := int64(len(plays[g]))
		fullS += n * (n - 1)
	}
	for p := 0; p < P; p++ {
		for q := 0; q < P; q++ {
			v := int64(mat[p*P+q])
			rowSq[p] += v * v
			if q > p {
				fullSS += v * v
			}
		}
	}

	v := &Vacancy{Qf1: make([]float64, P)}
	var sumS, sumSS int64
	n1 := int64((P - 1) * (P - 2) / 2)
	delta := make([]int, P*P) // upper triangle: the change of each score
	seen := make([]bool, P*P) // in touched (a change may sum to 0 and grow again)
	var touched []int
	change := func(p, q, d int) {
		if p == q {
			return
		}
		if p > q {
			p, q = q, p
		}
		k := p*P + q
		if !seen[k] {
			seen[k] = true
			touched = append(touched, k)
		}
		delta[k] += d
	}
	var kept, gone []Play
	for a := 0; a < P; a++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		s := fullS
		for _, g := range in[a] {
			kept, gone = kept[:0], gone[:0]
			for _, x := range plays[g] {
				if x.NS == a || x.EW == a {
					gone = append(gone, x)
				} else {
					kept = append(kept, x)
				}
			}
			n, k := int64(len(plays[g])), int64(len(kept))
			s += k*(k-1) - n*(n-1)
			r := len(gone)
			for _, x := range kept {
				change(x.NS, x.EW, -r)
			}
			for i, y := range gone {
				// o is the absent pair's opponent: it keeps its place in
				// the group's comparisons no longer.
				o, oNS := y.EW, false
				if y.EW == a {
					o, oNS = y.NS, true
				}
				for _, x := range kept {
					if oNS {
						change(o, x.NS, -1)
						change(o, x.EW, +1)
					} else {
						change(o, x.EW, -1)
						change(o, x.NS, +1)
					}
				}
				for _, z := range gone[i+1:] {
					o2, o2NS := z.EW, false
					if z.EW == a {
						o2, o2NS = z.NS, true
					}
					if oNS == o2NS {
						change(o, o2, -1)
					} else {
						change(o, o2, +1)
					}
				}
			}
		}
		ss := fullSS - rowSq[a]
		for _, k := range touched {
			old := int64(mat[k])
			now := old + int64(delta[k])
			ss += now*now - old*old
			delta[k], seen[k] = 0, false
		}
		touched = touched[:0]
		v.Qf1[a] = QualityFactor(s, ss, n1)
		sumS += s
		sumSS += ss
		v.Max = max(v.Max, v.Qf1[a])
	}
	v.Av = QualityFactor(sumS, sumSS, int64(P)*n1)
	return v, nil
}

func sumSquaresUpper(mat []int, P int) int64 {
	var ss int64
	for p := 0; p < P; p++ {
		for q := p + 1; q < P; q++ {
			v := int64(mat[p*P+q])
			ss += v * v
		}
	}
	return ss
}
