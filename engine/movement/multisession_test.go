package movement

import (
	"slices"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/published"
)

func buildSpec(t *testing.T, spec string) *Movement {
	t.Helper()
	s, err := ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.Build()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestBarometerKeepsBalance: one round per board group leaves the score
// matrix, so Qf, unchanged; Qo too, but for split tables.
func TestBarometerKeepsBalance(t *testing.T) {
	for _, spec := range []string{
		"perfect:12", "perfect:16", "perfect:10,rounds=18,sessions=2", "perfect:14,rounds=26,sessions=2",
		"perfect:14", "howell:12", "howell:16,switch=2+5", "mitchell:7,switch=2", "mitchell:9",
	} {
		t.Run(spec, func(t *testing.T) {
			m := buildSpec(t, spec)
			b, err := Barometer(m)
			if err != nil {
				t.Fatal(err)
			}
			if errs, _ := b.Check(); len(errs) > 0 {
				t.Fatalf("invalid: %v", errs)
			}
			if b.Rounds != m.Groups || b.Tables != m.Pairs/2 || Describe(b).Copies != m.Pairs/2 {
				t.Errorf("%d rounds, %d tables, %d copies; want %d, %d, %d", b.Rounds, b.Tables, Describe(b).Copies, m.Groups, m.Pairs/2, m.Pairs/2)
			}
			before, after := ComputeBalance(m), ComputeBalance(b)
			if !slices.Equal(before.Matrix, after.Matrix) || before.Qf != after.Qf {
				t.Errorf("Qf %.2f became %.2f", before.Qf, after.Qf)
			}
			split := m.Tables > m.Pairs/2
			if !split && before.Qo != after.Qo {
				t.Errorf("Qo %.2f became %.2f", before.Qo, after.Qo)
			}
		})
	}
}

func TestBarometerRejects(t *testing.T) {
	cases := []struct{ spec, want string }{
		{"skip-mitchell:8", "does not play board group"},
		{"howell:13", "needs an even number of pairs"},
		{"perfect:8,rounds=14", ""}, // a double Howell: fine
	}
	for _, c := range cases {
		t.Run(c.spec, func(t *testing.T) {
			_, err := Barometer(buildSpec(t, c.spec))
			switch {
			case c.want == "" && err != nil:
				t.Errorf("unexpected error %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Errorf("error %v, want one saying %q", err, c.want)
			}
		})
	}
	twice := New(4, 2, 2, 1)
	twice.Schedule[0] = []Table{{1, 2, 0}, {3, 4, 0}}
	twice.Schedule[1] = []Table{{1, 3, 0}, {2, 4, 0}}
	if _, err := Barometer(twice); err == nil || !strings.Contains(err.Error(), "pair 1 plays board group A twice") {
		t.Errorf("a group played twice by a pair: %v", err)
	}
}

// TestMultisession checks every row of seed 004's multisession table that
// Multisession builds: size, sessions, encounters and the published Qo.
func TestMultisession(t *testing.T) {
	cases := []struct {
		spec           string
		pairs, rounds  int
		sessions       []int
		meetLo, meetHi int
		qo             string
	}{
		{"multisession:12,sessions=6+6+6+6", 12, 24, []int{6, 6, 6, 6}, 2, 3, "96.97"},
		{"multisession:12,sessions=6+6+6+6+6,base=perfect", 12, 30, []int{6, 6, 6, 6, 6}, 2, 3, "97.40"},
		{"multisession:14,sessions=6+7+6+7", 14, 26, []int{6, 7, 6, 7}, 2, 2, "100"},
		{"multisession:14,sessions=6+6+6+6,base=perfect", 14, 24, []int{6, 6, 6, 6}, 1, 2, "96.32"},
		{"multisession:14,sessions=6+6+6+6+6", 14, 30, []int{6, 6, 6, 6, 6}, 2, 3, "96.15"},
		{"multisession:14,sessions=6+6+6+6+6,starter=1-10+2-12+3-8+4-11+5-6+7-9", 14, 30, []int{6, 6, 6, 6, 6}, 2, 3, "96.15"},
		{"multisession:14,sessions=6+6+6+6+6+6,base=perfect", 14, 36, []int{6, 6, 6, 6, 6, 6}, 2, 3, "97.74"},
		{"multisession:14,sessions=6+7+6+7+6+7", 14, 39, []int{6, 7, 6, 7, 6, 7}, 3, 3, "100"},
		{"multisession:16,sessions=6+6+6+6+6,base=perfect", 16, 30, []int{6, 6, 6, 6, 6}, 2, 2, "100"},
		{"multisession:18,sessions=6+6+5", 18, 17, []int{6, 6, 5}, 1, 1, "100"},
		{"multisession:22,sessions=7+7+7", 22, 21, []int{7, 7, 7}, 1, 1, "100"},
		{"multisession:22,sessions=7+7+7,starter=5-1+2-10+3-17+4-9+6-16+8-7+11-20+14-12+19-13+18-15", 22, 21, []int{7, 7, 7}, 1, 1, "100"},
		{"multisession:10,sessions=6+6+6,base=perfect", 10, 18, []int{6, 6, 6}, 2, 2, "100"},
	}
	for _, c := range cases {
		t.Run(c.spec, func(t *testing.T) {
			m := buildSpec(t, c.spec)
			if errs, _ := m.Check(); len(errs) > 0 {
				t.Fatalf("invalid: %v", errs)
			}
			if m.Pairs != c.pairs || m.Rounds != c.rounds || m.Tables != c.pairs/2 {
				t.Fatalf("%d pairs, %d rounds, %d tables", m.Pairs, m.Rounds, m.Tables)
			}
			spans, err := SessionSpans(m, c.sessions)
			if err != nil {
				t.Fatal(err)
			}
			// A barometer round plays one group, so no group crosses a session.
			for s, span := range spans {
				groups := map[int]bool{}
				for _, row := range span.Schedule {
					for _, tb := range row {
						groups[tb.Group] = true
					}
				}
				if len(groups) != c.sessions[s] {
					t.Errorf("session %d plays %d groups in %d rounds", s+1, len(groups), c.sessions[s])
				}
			}
			meet := map[[2]int]int{}
			for _, row := range m.Schedule {
				for _, tb := range row {
					meet[[2]int{min(tb.NS, tb.EW), max(tb.NS, tb.EW)}]++
				}
			}
			lo, hi := c.rounds, 0
			for p := 1; p <= m.Pairs; p++ {
				for q := p + 1; q <= m.Pairs; q++ {
					lo, hi = min(lo, meet[[2]int{p, q}]), max(hi, meet[[2]int{p, q}])
				}
			}
			if lo != c.meetLo || hi != c.meetHi {
				t.Errorf("pairs meet %d to %d times, want %d to %d", lo, hi, c.meetLo, c.meetHi)
			}
			if qo := ComputeBalance(m).Qo; !published.Matches(qo, c.qo) {
				t.Errorf("Qo %.4f, published %s", qo, c.qo)
			}
		})
	}
}

// TestMultisessionPerfect: the rows the perfect Howells' board groups give
// with Qf 100 as they stand, beating or equalling the published figure.
func TestMultisessionPerfect(t *testing.T) {
	for _, spec := range []string{
		"multisession:16,sessions=6+6+6+6+6,base=perfect", // published 99.12
		"multisession:10,sessions=6+6+6,base=perfect",     // published 100
		"multisession:14,sessions=6+7+6+7,base=perfect",   // published 99.03
		"multisession:12,sessions=3+4+4,base=perfect",
	} {
		if qf := ComputeBalance(buildSpec(t, spec)).Qf; !published.Matches(qf, "100.00") {
			t.Errorf("%s: Qf %.4f, want 100", spec, qf)
		}
	}
}

// TestMultisessionStarter: the cyclic 1-factorisation of K22 from this
// oriented starter has Qf 96.49 as built (published, optimised: 95.98).
// No barometer movement of 22 pairs in 21 rounds does better: a round's
// directions are a ±1 vector with sum 0, two such vectors of length 22
// have a dot product ≡ 2 mod 4, and SS − minsq is the sum of the squared
// dot products over the 210 pairs of rounds, so at least 210·4 = 840.
func TestMultisessionStarter(t *testing.T) {
	b := ComputeBalance(buildSpec(t, "multisession:22,sessions=7+7+7,starter=5-1+2-10+3-17+4-9+6-16+8-7+11-20+14-12+19-13+18-15"))
	if b.SS != 23100+840 || !published.Matches(b.Qf, "96.49") || b.Qo != 100 {
		t.Errorf("SS %d, Qf %.4f, Qo %.4f; want 23940, 96.49, 100", b.SS, b.Qf, b.Qo)
	}
}

// TestCyclicRoundsCircle: the starter {i, n − i} gives the pairings of
// Howell's round-robin circle, round by round.
func TestCyclicRoundsCircle(t *testing.T) {
	for _, pairs := range []int{6, 14, 22} {
		n := pairs - 1
		var st [][2]int
		for i := 1; i <= n/2; i++ {
			st = append(st, [2]int{i, n - i})
		}
		c, err := CyclicRounds(pairs, st)
		if err != nil {
			t.Fatal(err)
		}
		h, err := Howell(pairs)
		if err != nil {
			t.Fatal(err)
		}
		for r := range n {
			for i, tb := range c.Schedule[r] {
				ht := h.Schedule[r][i]
				if min(tb.NS, tb.EW) != min(ht.NS, ht.EW) || max(tb.NS, tb.EW) != max(ht.NS, ht.EW) {
					t.Errorf("%d pairs, round %d, table %d: %v, Howell %v", pairs, r+1, i+1, tb, ht)
				}
			}
		}
	}
}

func TestMultisessionErrors(t *testing.T) {
	for _, c := range []struct{ spec, want string }{
		{"multisession:14", "multisession:14: sessions: give the rounds of each session, as sessions=6+6+6"},
		{"multisession:22,sessions=7+7+7,base=perfect", "multisession:22,sessions=7+7+7,base=perfect: multisession: base perfect: perfect: 22 pairs, 21 rounds, 1 sessions: no construction: P − 1 must be a prime ≡ 3 mod 4 or 2^k − 1, or 9 or a prime ≡ 1 mod 4 for two board groups per round"},
		{"multisession:14,sessions=6+x", `multisession:14,sessions=6+x: sessions: "6+x" is not a list of positive numbers joined by +`},
		{"multisession:14,sessions=6,base=mitchell", `multisession:14,sessions=6,base=mitchell: base must be "howell" or "perfect", not "mitchell"`},
		{"multisession:14,sessions=6,starter=1-12+2-11", "multisession:14,sessions=6,starter=1-12+2-11: multisession: starter: 2 pairs of elements, want 6"},
		{"multisession:14,sessions=6,starter=1-2+3-4+5-6+7-8+9-10+11-12", "multisession:14,sessions=6,starter=1-2+3-4+5-6+7-8+9-10+11-12: multisession: starter: 3-4: difference ±1 is used twice"},
		{"multisession:14,sessions=6,starter=1-12+1-11+3-10+4-9+5-8+6-7", "multisession:14,sessions=6,starter=1-12+1-11+3-10+4-9+5-8+6-7: multisession: starter: 1-11: an element is used twice"},
		{"multisession:14,sessions=6,starter=0-12+2-11+3-10+4-9+5-8+6-7", `multisession:14,sessions=6,starter=0-12+2-11+3-10+4-9+5-8+6-7: starter: "0-12+2-11+3-10+4-9+5-8+6-7" is not a list of pairs x-y of positive numbers joined by +`},
		{"multisession:14,sessions=6,starter=13-1+2-11+3-10+4-9+5-8+6-7", "multisession:14,sessions=6,starter=13-1+2-11+3-10+4-9+5-8+6-7: multisession: starter: 13-1: elements must differ and lie in 1..12"},
		{"multisession:14,sessions=6,base=perfect,starter=1-12+2-11+3-10+4-9+5-8+6-7", "multisession:14,sessions=6,base=perfect,starter=1-12+2-11+3-10+4-9+5-8+6-7: base and starter both name the cycle: give one"},
		{"multisession:13,sessions=6", "multisession:13,sessions=6: a multisession movement needs an even number of pairs from 4 to 64"},
	} {
		s, err := ParseSpec(c.spec)
		if err == nil {
			_, err = s.Build()
		}
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: error\n %v\nwant\n %s", c.spec, err, c.want)
		}
	}
}
