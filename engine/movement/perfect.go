package movement

import (
	"fmt"
	"slices"
)

// Perfect movements (seed 004, "Some movements with perfect balance").
//
// Every movement here is a Howell: each pair plays every board group of its
// session once, and each group is played by all P/2 tables. The balance of
// such a movement depends only on, per board group, which pairs meet and in
// which direction each pair sits. Write d(p, g) = +1 when pair p plays group
// g NS and −1 when EW, and m(p, q) for the number of groups on which p and q
// meet. With h = P/2 − 1 the score of p and q is
//
//	Σ_g d(p, g)·d(q, g) + (h + 1)·m(p, q)
//
// (two pairs that meet sit in opposite directions, so the product is −1 and
// the meeting adds h + 1 to make it h). The movement is perfect, Qf = 100,
// when every pair meets every other equally often and the rows of d have
// equal inner products.
//
// The constructions are cyclic. Pairs 1..n stand for the residues mod n =
// P − 1 and pair P for ∞. In round r (0-based) of a cycle ∞ meets r and
// r + i meets r − i (i = 1..n/2), which is the round-robin circle. The
// table where r + i meets r − i plays group r + o(i) (mod n), ∞'s table
// group r + o(0): the offsets o are a Howell's board arrangement when o(0)
// and the o(i) ± i cover every residue once. The direction of pair x on
// group g is f(x − g) for a fixed ±1 sequence f. Then the inner product of
// pairs x and y is the periodic autocorrelation of f at y − x, and of ∞ and
// x it is −f(−o(0))·Σf. A sequence whose autocorrelation is −1 at every
// non-zero shift (a cyclic Hadamard difference set: the quadratic residues
// of a prime n ≡ 3 mod 4, or an m-sequence for n = 2^k − 1) makes a perfect
// Howell, provided the offsets put opposite directions at every table:
// f(i − o(i)) ≠ f(−i − o(i)) and f(−o(0))·Σf = 1. The offsets are found by
// a small exhaustive search, with a shift of f as a further free choice.
//
// For n ≡ 1 mod 4 (6, 10, 14 pairs) no ±1 sequence has autocorrelation −1
// everywhere (a Hadamard matrix of order P would exist). Two cycles with
// sequences f and e whose autocorrelations add up to −2 at every non-zero
// shift do: the Legendre symbol with f(0) = +1 and e(0) = −1 for a prime
// n, a pair found by enumeration for n = 9. The two cycles are played
// either in the same rounds, each table playing one group of each cycle (a
// round of two board groups: the split tables of the .ASC format), or one
// after the other (two sessions).
//
// A movement of several sessions needs each session's board groups to be
// played within that session. When a session is not a whole cycle, the
// groups are barometer groups: every table of round r plays group r
// (o ≡ 0), which needs f(−i) = −f(i): the quadratic residues of a prime
// n ≡ 3 mod 4. For P a power of 2 the pairs are the vectors of GF(2)^k
// instead: in round r ≠ 0 pair x meets x + r, and x plays NS when
// ⟨σ(r), x⟩ = 0 for a permutation σ of the non-zero vectors with
// ⟨σ(r), r⟩ = 1; the inner product of x ≠ y is Σ_r (−1)^⟨σ(r), x+y⟩ = −1.

// PerfectRow is one row of seed 004's table of movements with perfect
// balance.
type PerfectRow struct {
	Pairs, Rounds, Sessions int
	// Split says each round plays two board groups (a split table).
	Split bool
	Note  string
}

// PerfectRows lists the 14 perfect movements of seed 004. Perfect builds
// all but one: 10 pairs in 18 rounds and 3 sessions of 6, which
// Multisession builds from barometer rounds.
func PerfectRows() []PerfectRow {
	return []PerfectRow{
		{4, 3, 1, false, ""},
		{4, 6, 1, false, "same pairs meet twice"},
		{6, 5, 1, true, "2 board groups per round"},
		{8, 7, 1, false, ""},
		{10, 9, 1, true, "2 board groups per round"},
		{10, 18, 2, false, ""},
		{10, 18, 3, false, "by Multisession, not Perfect: no cyclic layout keeps each session's groups within it, barometer rounds do"},
		{12, 11, 1, false, ""},
		{12, 11, 2, false, ""},
		{12, 11, 3, false, ""},
		{14, 13, 1, true, "2 board groups per round"},
		{14, 26, 2, false, ""},
		{16, 15, 1, false, ""},
		{16, 15, 2, false, ""},
	}
}

// SessionRounds splits rounds into sessions of nearly equal length, the
// shorter sessions first: 11 rounds in 2 sessions are 5 and 6, in 3
// sessions 3, 4 and 4.
func SessionRounds(rounds, sessions int) []int {
	if sessions < 1 || rounds < sessions {
		return nil
	}
	out := make([]int, sessions)
	for s := range out {
		out[s] = rounds / sessions
		if s >= sessions-rounds%sessions {
			out[s]++
		}
	}
	return out
}

// Perfect returns a movement with perfect balance (Qf = 100) for pairs
// pairs in rounds rounds and sessions sessions. A movement of several
// sessions is one Movement holding all rounds; SessionRounds(rounds,
// sessions) gives the rounds of each session, and every board group is
// played within one session. When rounds is P − 1 for 6, 10 or 14 pairs in
// one session, each round plays two board groups: the header has twice as
// many tables as the round needs and the second half of each round line
// repeats the first half's tables with the other board group.
//
// Supported are complete Howells (rounds = P − 1) for P with P − 1 a prime
// ≡ 3 mod 4 or of the form 2^k − 1 (4, 8, 12, 16, 20, 24, 32, ...), in one
// session, or in sessions of nearly equal length when P − 1 is such a prime
// or P a power of 2; split-round Howells for P − 1 = 9 or a prime ≡ 1 mod 4
// (6, 10, 14, 18, 30, ...); and double Howells (rounds = 2(P − 1)) in one
// session or two (one cycle each), or for P = 4 and 8 in more sessions.
// Other requests get an error that says what is supported.
//
// Not constructed: 10 pairs in 3 sessions of 6 rounds (published with Qf
// 100). Barometer rounds need two sequences of length 9 with f(−i) = −f(i)
// whose autocorrelations add up to −2, and none exist; cyclic offsets that
// keep each group within a coset of 3 rounds do not fit any of the pairs
// either (both by enumeration, see the tests); the arrow-switch optimiser
// on two barometer cycles stops at Qf 97.83. Multisession builds it
// instead from the split Howell-10's 18 board groups, each a barometer
// round of its own: Qf 100.
func Perfect(pairs, rounds, sessions int) (*Movement, error) {
	bad := func(why string) error {
		return fmt.Errorf("perfect: %d pairs, %d rounds, %d sessions: %s", pairs, rounds, sessions, why)
	}
	if pairs < 4 || pairs%2 == 1 || pairs > 64 {
		return nil, bad("needs an even number of pairs from 4 to 64")
	}
	if sessions < 1 || sessions > rounds {
		return nil, bad("needs 1 to rounds sessions")
	}
	n := pairs - 1
	lengths := SessionRounds(rounds, sessions)
	switch rounds {
	case n:
		if sessions == 1 {
			if f, ok := idealSequence(n); ok {
				return cyclicHowell(n, [][]int{f}, false)
			}
			if fe, ok := complementaryPair(n); ok {
				return cyclicHowell(n, fe, true)
			}
			return nil, bad("no construction: P − 1 must be a prime ≡ 3 mod 4 or 2^k − 1, or 9 or a prime ≡ 1 mod 4 for two board groups per round")
		}
		return barometerHowell(pairs, 1)
	case 2 * n:
		// A double Howell: two cycles, one after the other.
		if sessions == 1 || sessions == 2 && lengths[0] == n {
			if f, ok := idealSequence(n); ok {
				return cyclicHowell(n, [][]int{f, f}, false)
			}
			if fe, ok := complementaryPair(n); ok {
				return cyclicHowell(n, fe, false)
			}
			return nil, bad("no construction for a double Howell of this size")
		}
		return barometerHowell(pairs, 2)
	}
	return nil, bad(fmt.Sprintf("supported are %d rounds (a complete Howell) and %d rounds (a double Howell)", n, 2*n))
}

// cyclicHowell builds the cyclic Howell of n+1 pairs with one cycle per
// sequence. With split the cycles share the rounds (one board group of each
// cycle per table and round); otherwise they follow one another. Cycle c
// uses board groups c·n .. c·n+n−1.
func cyclicHowell(n int, seqs [][]int, split bool) (*Movement, error) {
	P := n + 1
	half := P / 2
	type cycle struct {
		f   []int
		off []int
	}
	cycles := make([]cycle, len(seqs))
	for c, f := range seqs {
		fs, off, ok := cyclicOffsets(f)
		if !ok {
			return nil, fmt.Errorf("perfect: no board arrangement for the %d-pair cyclic Howell", P)
		}
		cycles[c] = cycle{fs, off}
	}
	var m *Movement
	if split {
		m = New(P, half*len(cycles), n, n*len(cycles))
	} else {
		m = New(P, half, n*len(cycles), n*len(cycles))
	}
	for c, cy := range cycles {
		for r := range n {
			row, first := r, c*half
			if !split {
				row, first = c*n+r, 0
			}
			for i := 0; i <= n/2; i++ {
				g := mod(r+cy.off[i], n)
				x, y := mod(r+i, n), mod(r-i, n) // y is unused for i = 0 (∞)
				var t Table
				if i == 0 {
					if cy.f[mod(x-g, n)] > 0 {
						t = Table{NS: x + 1, EW: P}
					} else {
						t = Table{NS: P, EW: x + 1}
					}
				} else if cy.f[mod(x-g, n)] > 0 {
					t = Table{NS: x + 1, EW: y + 1}
				} else {
					t = Table{NS: y + 1, EW: x + 1}
				}
				t.Group = c*n + g
				m.Schedule[row][first+i] = t
			}
		}
	}
	return m, nil
}

// cyclicOffsets finds a shift of f and Howell offsets o(0..n/2) such that
// every table seats its pairs in opposite directions: f(i−o(i)) ≠ f(−i−o(i))
// and f(−o(0))·Σf = 1. Offsets that differ (no board group shared within a
// round) are preferred; they do not exist for n = 3 and 5.
func cyclicOffsets(f []int) (shifted, off []int, ok bool) {
	n := len(f)
	sum := 0
	for _, v := range f {
		sum += v
	}
	for _, distinct := range []bool{true, false} {
		for s := range n {
			fs := make([]int, n)
			for z := range n {
				fs[z] = f[mod(z+s, n)]
			}
			if off, ok := searchOffsets(fs, sum, distinct); ok {
				return fs, off, true
			}
		}
	}
	return nil, nil, false
}

func searchOffsets(f []int, sum int, distinct bool) ([]int, bool) {
	n := len(f)
	half := n / 2
	off := make([]int, half+1)
	usedDiff := make([]bool, n)
	usedOff := make([]bool, n)
	var place func(i int) bool
	place = func(i int) bool {
		if i == 0 {
			for v := range n {
				if !usedDiff[v] && !(distinct && usedOff[v]) && f[mod(-v, n)]*sum == 1 {
					off[0] = v
					return true
				}
			}
			return false
		}
		for v := range n {
			a, b := mod(v-i, n), mod(v+i, n)
			if distinct && usedOff[v] || usedDiff[a] || usedDiff[b] || f[mod(i-v, n)] == f[mod(-i-v, n)] {
				continue
			}
			usedOff[v], usedDiff[a], usedDiff[b] = true, true, true
			off[i] = v
			if place(i - 1) {
				return true
			}
			usedOff[v], usedDiff[a], usedDiff[b] = false, false, false
		}
		return false
	}
	return off, place(half)
}

// idealSequence returns a ±1 sequence of length n whose periodic
// autocorrelation is −1 at every non-zero shift and whose sum is +1: the
// quadratic residues of a prime n ≡ 3 mod 4, or an m-sequence for n = 2^k − 1.
func idealSequence(n int) ([]int, bool) {
	if isPrime(n) && n%4 == 3 {
		return legendre(n, 1), true
	}
	for k, taps := range primitiveTaps {
		if n == 1<<k-1 && taps != 0 {
			return mSequence(k, taps), true
		}
	}
	return nil, false
}

// complementaryPair returns two ±1 sequences of length n whose periodic
// autocorrelations add up to −2 at every non-zero shift.
func complementaryPair(n int) ([][]int, bool) {
	if isPrime(n) && n%4 == 1 {
		return [][]int{legendre(n, 1), legendre(n, -1)}, true
	}
	if n == 9 {
		// The first such pair in the enumeration of all 2^18 (see the test).
		return [][]int{
			{1, 1, 1, 1, -1, 1, -1, -1, -1},
			{1, 1, -1, 1, -1, 1, 1, -1, -1},
		}, true
	}
	return nil, false
}

// legendre is the quadratic character mod the prime n with the given value at 0.
func legendre(n, at0 int) []int {
	f := make([]int, n)
	for z := range f {
		f[z] = -1
	}
	for x := 1; x < n; x++ {
		f[x*x%n] = 1
	}
	f[0] = at0
	return f
}

// primitiveTaps[k] is a primitive polynomial of degree k over GF(2), its
// lower coefficients as bits (x^k = Σ bit_i x^i).
var primitiveTaps = [...]int{2: 0b11, 3: 0b011, 4: 0b0011, 5: 0b00101, 6: 0b000011}

// mSequence is the maximal-length sequence of the primitive polynomial,
// mapped 0 → −1, 1 → +1 (sum +1).
func mSequence(k, taps int) []int {
	n := 1<<k - 1
	bits := make([]int, n)
	bits[0] = 1
	for i := k; i < n+k; i++ {
		b := 0
		for j := range k {
			if taps>>j&1 == 1 {
				b ^= bits[(i-k+j)%n]
			}
		}
		if i < n {
			bits[i] = b
		}
	}
	f := make([]int, n)
	for i, b := range bits {
		f[i] = 2*b - 1
	}
	return f
}

func isPrime(n int) bool {
	if n < 2 {
		return false
	}
	for d := 2; d*d <= n; d++ {
		if n%d == 0 {
			return false
		}
	}
	return true
}

// barometerHowell builds cycles complete Howells of P pairs, one after the
// other, in which every table of a round plays the same board group (one
// group per round), so that any split into sessions keeps each group within
// its session. It needs P − 1 a prime ≡ 3 mod 4 (the quadratic residues,
// antisymmetric) or P a power of 2 (the vectors of GF(2)^k).
func barometerHowell(P, cycles int) (*Movement, error) {
	n := P - 1
	var one *Movement
	switch {
	case isPrime(n) && n%4 == 3:
		one = New(P, P/2, n, n)
		f := legendre(n, 1)
		for r := range n {
			for i := 0; i <= n/2; i++ {
				x, y := mod(r+i, n), mod(r-i, n)
				var t Table
				switch {
				case i == 0:
					t = Table{NS: x + 1, EW: P} // f(0) = +1
				case f[i] > 0:
					t = Table{NS: x + 1, EW: y + 1}
				default:
					t = Table{NS: y + 1, EW: x + 1}
				}
				t.Group = r
				one.Schedule[r][i] = t
			}
		}
	case P&(P-1) == 0:
		sigma, ok := dualPermutation(P)
		if !ok {
			return nil, fmt.Errorf("perfect: no orientation for the %d-pair affine Howell", P)
		}
		one = New(P, P/2, n, n)
		for r := 1; r <= n; r++ {
			t := 0
			for x := range P {
				y := x ^ r
				if y < x {
					continue
				}
				if parity(sigma[r]&x) == 0 {
					one.Schedule[r-1][t] = Table{NS: x + 1, EW: y + 1, Group: r - 1}
				} else {
					one.Schedule[r-1][t] = Table{NS: y + 1, EW: x + 1, Group: r - 1}
				}
				t++
			}
		}
	default:
		return nil, fmt.Errorf("perfect: %d pairs in several sessions: needs P − 1 a prime ≡ 3 mod 4 or P a power of 2", P)
	}
	m := New(P, P/2, n*cycles, n*cycles)
	for c := range cycles {
		for r, row := range one.Schedule {
			for t, tb := range row {
				tb.Group += c * n
				m.Schedule[c*n+r][t] = tb
			}
		}
	}
	return m, nil
}

// dualPermutation finds σ, a permutation of 1..P−1 (non-zero vectors of
// GF(2)^k), with ⟨σ(r), r⟩ = 1 for every r, by bipartite matching.
func dualPermutation(P int) ([]int, bool) {
	matchOf := make([]int, P) // a → r
	sigma := make([]int, P)
	var try func(r int, seen []bool) bool
	try = func(r int, seen []bool) bool {
		for a := 1; a < P; a++ {
			if parity(a&r) == 0 || seen[a] {
				continue
			}
			seen[a] = true
			if matchOf[a] == 0 || try(matchOf[a], seen) {
				matchOf[a], sigma[r] = r, a
				return true
			}
		}
		return false
	}
	for r := 1; r < P; r++ {
		if !try(r, make([]bool, P)) {
			return nil, false
		}
	}
	return sigma, true
}

func parity(x int) int {
	p := 0
	for ; x != 0; x &= x - 1 {
		p ^= 1
	}
	return p
}

// SessionBalances computes the balance of each session of m, whose rounds
// are split into sessions of the given lengths (which must add up to
// m.Rounds). Each session's balance is that of its rounds alone.
func SessionBalances(m *Movement, roundsPerSession []int) ([]*Balance, error) {
	spans, err := SessionSpans(m, roundsPerSession)
	if err != nil {
		return nil, err
	}
	out := make([]*Balance, len(spans))
	for s, span := range spans {
		out[s] = ComputeBalance(span)
	}
	return out, nil
}

// SessionSpans splits m into sessions of the given numbers of rounds, in
// order (see RoundSpan); they must add up to m.Rounds.
func SessionSpans(m *Movement, roundsPerSession []int) ([]*Movement, error) {
	total := 0
	for _, k := range roundsPerSession {
		if k < 1 {
			return nil, fmt.Errorf("sessions: a session of %d rounds", k)
		}
		total += k
	}
	if total != m.Rounds {
		return nil, fmt.Errorf("sessions: %v add up to %d rounds, the movement has %d", roundsPerSession, total, m.Rounds)
	}
	out := make([]*Movement, 0, len(roundsPerSession))
	start := 0
	for _, k := range roundsPerSession {
		out = append(out, m.RoundSpan(start, start+k))
		start += k
	}
	return out, nil
}

// RoundSpan returns the movement of rounds from+1..to alone (0-based,
// half-open), with the same pairs, tables and board groups.
func (m *Movement) RoundSpan(from, to int) *Movement {
	s := New(m.Pairs, m.Tables, to-from, m.Groups)
	s.NumericGroups = m.NumericGroups
	for r := from; r < to; r++ {
		s.Schedule[r-from] = slices.Clone(m.Schedule[r])
	}
	return s
}
