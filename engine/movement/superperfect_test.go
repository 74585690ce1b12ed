package movement

import (
	"slices"
	"testing"

	"github.com/bridgereport/bridgereport/engine/published"
)

func TestSuperperfectHowell6(t *testing.T) {
	m := SuperperfectHowell6()
	if m.Pairs != 6 || m.Rounds != 5 || m.Groups != 10 || m.Tables != 6 {
		t.Fatalf("%d pairs, %d tables, %d rounds, %d groups", m.Pairs, m.Tables, m.Rounds, m.Groups)
	}
	// Every pair plays every group once, within the one session; no pair is
	// seated twice in a round except at its split table (Check).
	checkHowellProperties(t, m, []int{5})
	if _, warnings := m.Check(); len(warnings) > 0 {
		t.Errorf("warnings: %v", warnings)
	}
	for r, row := range m.Schedule {
		seen := map[int]bool{}
		for _, tb := range row {
			if seen[tb.Group] {
				t.Errorf("round %d shares board group %s", r+1, m.GroupLabel(tb.Group))
			}
			seen[tb.Group] = true
		}
	}
	b := ComputeBalance(m)
	v, err := ComputeVacancy(m)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		got       float64
		published string
	}{
		{"Qf", b.Qf, "100"}, {"Qo", b.Qo, "100"}, {"Qf1av", v.Av, "100"}, {"Qf1max", v.Max, "100"},
	} {
		if !published.Matches(c.got, c.published) {
			t.Errorf("%s = %.2f, want %s", c.name, c.got, c.published)
		}
	}
	if !b.Uniform || b.H != 2 {
		t.Errorf("h = %d, uniform %v: every group is played three times", b.H, b.Uniform)
	}
	for p, q := range v.Qf1 {
		if !published.Matches(q, "100") {
			t.Errorf("Qf1(%d) = %.2f, want 100", p+1, q)
		}
	}
	// Seed 004: an arrow switch in mid-round "for everyone, in only one round".
	if got := MidRoundSwitches(m); !slices.Equal(got, []int{3, 0, 0, 0, 0}) {
		t.Errorf("mid-round switches per round %v, want all 3 tables of round 1 only", got)
	}
	if got := MidRoundPairs(m); !slices.Equal(got, []int{1, 1, 1, 1, 1, 1}) {
		t.Errorf("rounds with a mid-round switch per pair %v, want 1 for everyone", got)
	}
	// Perfect's Howell-6 switches in mid-round at two tables of every round.
	if got := MidRoundSwitches(mustPerfect(t, 6, 5, 1)); !slices.Equal(got, []int{2, 2, 2, 2, 2}) {
		t.Errorf("Perfect(6, 5, 1): mid-round switches %v", got)
	}
}

func mustPerfect(t *testing.T, pairs, rounds, sessions int) *Movement {
	t.Helper()
	m, err := Perfect(pairs, rounds, sessions)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestSuperperfectOrientations re-derives the facts SuperperfectHowell6's
// comment states about its layout, by enumerating every orientation of the
// 30 halves of tables up to turning a whole board group round (each
// group's first play keeps its direction: 2^20 cases): 800 have Qf 100, six
// are superperfect, each of the six has mid-round switches at 3 tables at
// least whatever groups are turned round, and 3 can be the three tables of
// any one round.
func TestSuperperfectOrientations(t *testing.T) {
	if testing.Short() {
		t.Skip("enumerates 2^20 orientations")
	}
	m := SuperperfectHowell6()
	type half struct{ round, pos, group, ns, ew int }
	var halves []half
	byGroup := make([][]int, m.Groups)
	for r, row := range m.Schedule {
		for pos, tb := range row {
			byGroup[tb.Group] = append(byGroup[tb.Group], len(halves))
			halves = append(halves, half{r, pos, tb.Group, tb.NS - 1, tb.EW - 1})
		}
	}
	var free []int // every half but each group's first
	for _, hs := range byGroup {
		free = append(free, hs[1:]...)
	}
	ns, ew := make([]int, len(halves)), make([]int, len(halves))
	// balanced reports whether every pair of pairs (without absent, if ≥ 0)
	// has the mean score: 4 (h = 2), or 2 with a pair absent (h = 1).
	balanced := func(absent int) bool {
		var mat [6][6]int
		h, want := 2, 4
		if absent >= 0 {
			h, want = 1, 2
		}
		for _, hs := range byGroup {
			live := make([]int, 0, 3)
			for _, x := range hs {
				if ns[x] != absent && ew[x] != absent {
					live = append(live, x)
				}
			}
			for i, a := range live {
				mat[ns[a]][ew[a]] += h
				for _, b := range live[i+1:] {
					mat[ns[a]][ns[b]]++
					mat[ew[a]][ew[b]]++
					mat[ns[a]][ew[b]]--
					mat[ew[a]][ns[b]]--
				}
			}
		}
		for p := range 6 {
			for q := p + 1; q < 6; q++ {
				if p != absent && q != absent && mat[p][q]+mat[q][p] != want {
					return false
				}
			}
		}
		return true
	}
	perfect, super := 0, 0
	for bits := range 1 << len(free) {
		for x, hf := range halves {
			ns[x], ew[x] = hf.ns, hf.ew
		}
		for i, x := range free {
			if bits>>i&1 == 1 {
				ns[x], ew[x] = ew[x], ns[x]
			}
		}
		if !balanced(-1) {
			continue
		}
		perfect++
		isSuper := true
		for v := range 6 {
			isSuper = isSuper && balanced(v)
		}
		if !isSuper {
			continue
		}
		super++
		// Turn groups round (flip bit g) and count mid-round switches:
		// positions t and t+3 of a round are the halves of one table.
		fewest, oneRound := 99, map[int]bool{}
		for flip := range 1 << m.Groups {
			perRound := make([]int, m.Rounds)
			total := 0
			for r := range m.Rounds {
				for tb := range 3 {
					a, b := r*6+tb, r*6+tb+3
					na, nb := ns[a], ns[b]
					if flip>>halves[a].group&1 == 1 {
						na = ew[a]
					}
					if flip>>halves[b].group&1 == 1 {
						nb = ew[b]
					}
					if na != nb {
						perRound[r]++
						total++
					}
				}
			}
			fewest = min(fewest, total)
			if r := slices.Index(perRound, 3); total == 3 && r >= 0 {
				oneRound[r] = true
			}
		}
		if fewest != 3 || len(oneRound) != m.Rounds {
			t.Errorf("orientation %d: fewest mid-round switches %d, all in one round possible for rounds %v", bits, fewest, oneRound)
		}
	}
	if perfect != 800 || super != 6 {
		t.Errorf("%d orientations with Qf 100, %d superperfect; want 800 and 6", perfect, super)
	}
}
