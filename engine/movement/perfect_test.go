package movement

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/published"
)

// checkHowellProperties checks what every movement of Perfect promises:
// no errors, every pair plays every board group of its session exactly
// once, every group is played by all P/2 tables, and every group is played
// within one session.
func checkHowellProperties(t *testing.T, m *Movement, sessions []int) {
	t.Helper()
	if errs, _ := m.Check(); len(errs) > 0 {
		t.Fatalf("check: %v", errs)
	}
	sessionOf := make([]int, m.Rounds)
	r := 0
	for s, k := range sessions {
		for range k {
			sessionOf[r] = s
			r++
		}
	}
	groupSession := make([]int, m.Groups)
	for g := range groupSession {
		groupSession[g] = -1
	}
	plays := make([][]int, m.Groups) // plays[g][p-1]
	for g := range plays {
		plays[g] = make([]int, m.Pairs)
	}
	for r, row := range m.Schedule {
		for _, tb := range row {
			if tb.Empty() {
				continue
			}
			if s := groupSession[tb.Group]; s >= 0 && s != sessionOf[r] {
				t.Errorf("board group %s is played in sessions %d and %d", m.GroupLabel(tb.Group), s+1, sessionOf[r]+1)
			}
			groupSession[tb.Group] = sessionOf[r]
			plays[tb.Group][tb.NS-1]++
			plays[tb.Group][tb.EW-1]++
		}
	}
	for g, byPair := range plays {
		for p, n := range byPair {
			if n != 1 {
				t.Errorf("pair %d plays board group %s %d times, want once", p+1, m.GroupLabel(g), n)
			}
		}
	}
}

func TestPerfectRows(t *testing.T) {
	for _, row := range PerfectRows() {
		t.Run(fmt.Sprintf("%dp%dr%ds", row.Pairs, row.Rounds, row.Sessions), func(t *testing.T) {
			build := Perfect
			if row.Pairs == 10 && row.Sessions == 3 {
				// Not by Perfect: barometer rounds (see PerfectRows).
				build = func(p, r, s int) (*Movement, error) {
					return Multisession(p, SessionRounds(r, s), BasePerfect)
				}
			}
			m, err := build(row.Pairs, row.Rounds, row.Sessions)
			if err != nil {
				t.Fatal(err)
			}
			if m.Pairs != row.Pairs || m.Rounds != row.Rounds {
				t.Fatalf("built %d pairs in %d rounds", m.Pairs, m.Rounds)
			}
			if wantT := row.Pairs / 2 * map[bool]int{false: 1, true: 2}[row.Split]; m.Tables != wantT {
				t.Errorf("%d tables, want %d", m.Tables, wantT)
			}
			checkHowellProperties(t, m, SessionRounds(row.Rounds, row.Sessions))
			b := ComputeBalance(m)
			if !b.Uniform || !published.Matches(b.Qf, "100") || b.SS != MinSumSquares(b.S, b.N) {
				t.Errorf("Qf = %.4f (uniform %v), want 100", b.Qf, b.Uniform)
			}
			if !published.Matches(b.Qo, "100") {
				t.Errorf("Qo = %.4f, want 100: every pair meets every other equally often", b.Qo)
			}
		})
	}
}

func TestPerfectRefuses(t *testing.T) {
	for _, c := range []struct {
		pairs, rounds, sessions int
		want                    string
	}{
		{7, 6, 1, "even number of pairs"},
		{8, 6, 1, "supported are 7 rounds"},
		{8, 7, 8, "sessions"},
		{22, 21, 1, "no construction"},
		{10, 18, 3, "several sessions"},
	} {
		if _, err := Perfect(c.pairs, c.rounds, c.sessions); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Perfect(%d, %d, %d) = %v, want an error about %q", c.pairs, c.rounds, c.sessions, err, c.want)
		}
	}
}

// The Howell-6 with two board groups per round has the figures seed 004
// quotes for the one in "Movements - a fair approach".
func TestPerfectHowell6Vacancy(t *testing.T) {
	m, err := Perfect(6, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	v, err := ComputeVacancy(m)
	if err != nil {
		t.Fatal(err)
	}
	if !published.Matches(v.Av, "66.67") || !published.Matches(v.Max, "100") {
		t.Errorf("Qf1av = %.2f, Qf1max = %.2f; published 66.67 and 100", v.Av, v.Max)
	}
}

func TestPerfectLargerSizes(t *testing.T) {
	for _, c := range [][3]int{{20, 19, 1}, {24, 23, 1}, {32, 31, 1}, {18, 17, 1}, {20, 19, 3}, {32, 31, 4}, {8, 14, 4}, {12, 22, 2}} {
		m, err := Perfect(c[0], c[1], c[2])
		if err != nil {
			t.Errorf("%v: %v", c, err)
			continue
		}
		checkHowellProperties(t, m, SessionRounds(c[1], c[2]))
		if b := ComputeBalance(m); b.SS != MinSumSquares(b.S, b.N) {
			t.Errorf("%v: Qf = %.2f, want 100", c, b.Qf)
		}
	}
}

func TestSequences(t *testing.T) {
	autocorr := func(f []int, tau int) int {
		s := 0
		for z := range f {
			s += f[z] * f[(z+tau)%len(f)]
		}
		return s
	}
	for _, n := range []int{3, 7, 11, 15, 19, 23, 31, 63} {
		f, ok := idealSequence(n)
		if !ok {
			t.Errorf("no ideal sequence of length %d", n)
			continue
		}
		for tau := 1; tau < n; tau++ {
			if autocorr(f, tau) != -1 {
				t.Errorf("n = %d: autocorrelation %d at shift %d", n, autocorr(f, tau), tau)
			}
		}
	}
	for _, n := range []int{5, 9, 13, 17, 29} {
		fe, ok := complementaryPair(n)
		if !ok {
			t.Errorf("no pair of length %d", n)
			continue
		}
		for tau := 1; tau < n; tau++ {
			if s := autocorr(fe[0], tau) + autocorr(fe[1], tau); s != -2 {
				t.Errorf("n = %d: autocorrelations add to %d at shift %d", n, s, tau)
			}
		}
	}
}

// TestComplementaryPair9IsFirst re-derives the pair of length 9: the first
// pair (f, e), in the order of f then e counting 0 → +1 … with bit i of the
// index giving −1 at position n−1−i, whose autocorrelations add up to −2.
// It also confirms that no such pair has f(−i) = −f(i) and e(−i) = −e(i),
// which is why 10 pairs in 18 rounds cannot be split into three sessions of
// barometer rounds.
func TestComplementaryPair9IsFirst(t *testing.T) {
	const n = 9
	seq := func(i int) []int {
		f := make([]int, n)
		for z := range f {
			f[z] = 1 - 2*(i>>(n-1-z)&1)
		}
		return f
	}
	acs := make([][n]int, 1<<n)
	for i := range acs {
		f := seq(i)
		for tau := 1; tau < n; tau++ {
			for z := range f {
				acs[i][tau] += f[z] * f[(z+tau)%n]
			}
		}
	}
	antisym := func(f []int) bool {
		for i := 1; i < n; i++ {
			if f[i] != -f[n-i] {
				return false
			}
		}
		return true
	}
	var first [][]int
	for i := range acs {
		for j := range acs {
			ok := true
			for tau := 1; tau < n && ok; tau++ {
				ok = acs[i][tau]+acs[j][tau] == -2
			}
			if !ok {
				continue
			}
			if first == nil {
				first = [][]int{seq(i), seq(j)}
			}
			if antisym(seq(i)) && antisym(seq(j)) {
				t.Errorf("an antisymmetric pair exists: %v %v", seq(i), seq(j))
			}
		}
	}
	got, _ := complementaryPair(n)
	if !slices.Equal(got[0], first[0]) || !slices.Equal(got[1], first[1]) {
		t.Errorf("complementaryPair(9) = %v, the enumeration's first is %v", got, first)
	}
}

func TestSessionRounds(t *testing.T) {
	for _, c := range []struct {
		rounds, sessions int
		want             []int
	}{
		{11, 2, []int{5, 6}}, {11, 3, []int{3, 4, 4}}, {15, 2, []int{7, 8}}, {18, 3, []int{6, 6, 6}}, {17, 3, []int{5, 6, 6}}, {3, 4, nil},
	} {
		if got := SessionRounds(c.rounds, c.sessions); !slices.Equal(got, c.want) {
			t.Errorf("SessionRounds(%d, %d) = %v, want %v", c.rounds, c.sessions, got, c.want)
		}
	}
}

func TestSessionBalances(t *testing.T) {
	m, err := Perfect(12, 11, 2)
	if err != nil {
		t.Fatal(err)
	}
	bs, err := SessionBalances(m, []int{5, 6})
	if err != nil {
		t.Fatal(err)
	}
	whole := ComputeBalance(m)
	var s int64
	for _, b := range bs {
		s += b.S
		if b.Qf >= 100 || b.Qf <= 0 {
			t.Errorf("a session of a perfect 12-pair Howell has Qf %.2f", b.Qf)
		}
	}
	if s != whole.S {
		t.Errorf("sessions' S add up to %d, whole movement %d", s, whole.S)
	}
	if _, err := SessionBalances(m, []int{5, 5}); err == nil {
		t.Error("sessions of 10 rounds accepted for 11")
	}
}

// Split tables: a round of two board groups is written with the same two
// pairs at two table positions, each with its own group.
func TestSplitRoundsASC(t *testing.T) {
	for _, pairs := range []int{6, 10, 14} {
		m, err := Perfect(pairs, pairs-1, 1)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteASC(&buf, m); err != nil {
			t.Fatal(err)
		}
		back, err := ParseASC("split.asc", bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("%d pairs: %v\n%s", pairs, err, buf.String())
		}
		if !back.Equal(m) || len(back.Warnings) > 0 {
			t.Errorf("%d pairs: round trip changed the movement or warned %v", pairs, back.Warnings)
		}
		if b := ComputeBalance(back.Movement); b.H != pairs/2-1 || b.S != int64(b.H*pairs*(pairs-1)) {
			t.Errorf("%d pairs: h = %d, S = %d: each play of a board group must count", pairs, b.H, b.S)
		}
	}
	// The same meeting in one round on two groups, with a switch in mid-round.
	ok := "4 4 3 6 0\n1-2 A 3-4 A 2-1 B 4-3 B\n1-3 C 4-2 C 3-1 D 2-4 D\n1-4 E 2-3 E 4-1 F 3-2 F\n"
	pm, err := ParseASC("ok.asc", strings.NewReader(ok))
	if err != nil || len(pm.Warnings) > 0 {
		t.Fatalf("split rounds: %v %v", err, pm.Warnings)
	}
	if b := ComputeBalance(pm.Movement); !published.Matches(b.Qo, "100") {
		t.Errorf("Qo = %.2f: the halves of a split table are one meeting", b.Qo)
	}
	for _, c := range []struct{ name, input, want string }{
		{"other opponent", "4 4 1 4 0\n1-2 A 3-4 B 1-3 C 2-4 D\n", "pair 1 is seated twice in this round, against 2 at table 1 and against 3"},
		{"same group", "4 4 1 4 0\n1-2 A 3-4 B 2-1 A 4-3 D\n", "pairs 2 and 1 play board group A twice in this round (tables 1 and 3)"},
	} {
		_, err := ParseASC("bad.asc", strings.NewReader(c.input))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "bad.asc:2:") {
			t.Errorf("%s: err = %v, want bad.asc:2 and %q", c.name, err, c.want)
		}
	}
}

// TestNoCosetLayout9 backs the note on 10 pairs in 3 sessions: no pair of
// sequences of length 9 (in any shift) has Howell offsets that are all
// multiples of 3, which would keep each board group within 3 rounds.
func TestNoCosetLayout9(t *testing.T) {
	const n = 9
	seq := func(i int) []int {
		f := make([]int, n)
		for z := range f {
			f[z] = 1 - 2*(i>>z&1)
		}
		return f
	}
	ac := func(f []int, tau int) int {
		s := 0
		for z := range f {
			s += f[z] * f[(z+tau)%n]
		}
		return s
	}
	fits := make([]bool, 1<<n) // some shift has offsets in 3Z_9
	for i := range fits {
		f, sum := seq(i), 0
		for _, v := range f {
			sum += v
		}
		fits[i] = offsetsInSubgroup(f, sum, 3)
	}
	for i := range fits {
		for j := range fits {
			ok := fits[i] && fits[j]
			for tau := 1; tau < n && ok; tau++ {
				ok = ac(seq(i), tau)+ac(seq(j), tau) == -2
			}
			if ok {
				t.Fatalf("a coset layout exists: %v %v", seq(i), seq(j))
			}
		}
	}
}

// offsetsInSubgroup reports whether Howell offsets that are multiples of
// step seat opposite directions at every table (any shift of f is allowed:
// shifting f shifts the offsets, and a shift by a multiple of step keeps
// them in the subgroup, so the shifts 0..step-1 cover all cases up to that).
func offsetsInSubgroup(f []int, sum, step int) bool {
	n := len(f)
	for s := range n {
		fs := make([]int, n)
		for z := range n {
			fs[z] = f[(z+s)%n]
		}
		used := make([]bool, n)
		var place func(i int) bool
		place = func(i int) bool {
			if i == 0 {
				for v := 0; v < n; v += step {
					if !used[v] && fs[mod(-v, n)]*sum == 1 {
						return true
					}
				}
				return false
			}
			for v := 0; v < n; v += step {
				a, b := mod(v-i, n), mod(v+i, n)
				if used[a] || used[b] || fs[mod(i-v, n)] == fs[mod(-i-v, n)] {
					continue
				}
				used[a], used[b] = true, true
				if place(i - 1) {
					return true
				}
				used[a], used[b] = false, false
			}
			return false
		}
		if place(n / 2) {
			return true
		}
	}
	return false
}

// The rows of seed 004's "Multisession movements" table that Perfect builds:
// one Howell (or two) over all sessions, each session with its own board
// groups. The published figures are Qf and Qo of the whole movement; Perfect
// reaches or beats both. The other rows (12 pairs in 24 and 30 rounds, 14 in
// 24..39, 16 in 30, 18 in 17 and 22 in 21) are not built: their round counts
// are not one or two complete Howells, or P − 1 is not of a supported kind.
func TestMultisessionRows(t *testing.T) {
	for _, c := range []struct {
		pairs, rounds, sessions int
		qf, qo                  string
	}{
		{10, 18, 2, "100", "100"},
		{12, 11, 2, "100", "100"},
		{12, 11, 3, "100", "100"},
		{14, 26, 2, "100", "100"},
		{16, 15, 2, "100", "100"},
		{16, 15, 3, "100", "100"},
		{20, 19, 3, "96.10", "100"},
		{24, 23, 3, "96.58", "100"},
	} {
		name := fmt.Sprintf("%dp%dr%ds", c.pairs, c.rounds, c.sessions)
		m, err := Perfect(c.pairs, c.rounds, c.sessions)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		lengths := SessionRounds(c.rounds, c.sessions)
		checkHowellProperties(t, m, lengths)
		b := ComputeBalance(m)
		if b.Qf+0.005 < mustFloat(c.qf) || !published.Matches(b.Qo, c.qo) {
			t.Errorf("%s: Qf %.2f, Qo %.2f; published %s and %s", name, b.Qf, b.Qo, c.qf, c.qo)
		}
		per, err := SessionBalances(m, lengths)
		if err != nil {
			t.Fatal(err)
		}
		for s, sb := range per {
			t.Logf("%s session %d (%d rounds): Qf %.2f", name, s+1, lengths[s], sb.Qf)
		}
	}
}

func mustFloat(s string) float64 {
	var x float64
	fmt.Sscan(s, &x)
	return x
}
