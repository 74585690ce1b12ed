package movement

import (
	"fmt"
	"slices"
	"testing"

	"github.com/bridgereport/bridgereport/engine/published"
)

// promise is what a family promises about a generated movement.
type promise struct {
	// playsPerGroup is the times every board group is played (0: don't check).
	playsPerGroup int
	// maxMeet is the most times two pairs may meet (0: 1).
	maxMeet int
	// groupsPerPair, if set, is the number of distinct groups every pair
	// plays (one per round it is seated).
	groupsPerPair int
}

// checkPromise checks the defining properties every family shares (a valid
// movement: nobody seated twice in a round, nobody playing a board group
// twice) and the family's promises. It returns the meeting counts.
func checkPromise(t *testing.T, name string, m *Movement, p promise) map[[2]int]int {
	t.Helper()
	errs, _ := m.Check()
	if len(errs) > 0 {
		t.Fatalf("%s: invalid: %v", name, errs)
	}
	met := map[[2]int]int{}
	played := map[[2]int]int{}
	groupPlays := make([]int, m.Groups)
	seated := make([]int, m.Pairs+1)
	for _, row := range m.Schedule {
		for _, tb := range row {
			if tb.Empty() {
				continue
			}
			met[[2]int{min(tb.NS, tb.EW), max(tb.NS, tb.EW)}]++
			played[[2]int{tb.NS, tb.Group}]++
			played[[2]int{tb.EW, tb.Group}]++
			groupPlays[tb.Group]++
			seated[tb.NS]++
			seated[tb.EW]++
		}
	}
	for k, n := range played {
		if n > 1 {
			t.Errorf("%s: pair %d plays group %s %d times", name, k[0], m.GroupLabel(k[1]), n)
		}
	}
	maxMeet := max(p.maxMeet, 1)
	for k, n := range met {
		if n > maxMeet {
			t.Errorf("%s: pairs %d and %d meet %d times, at most %d promised", name, k[0], k[1], n, maxMeet)
		}
	}
	if p.playsPerGroup > 0 {
		for g, n := range groupPlays {
			if n != p.playsPerGroup {
				t.Errorf("%s: group %s played %d times, want %d", name, m.GroupLabel(g), n, p.playsPerGroup)
			}
		}
	}
	if p.groupsPerPair > 0 {
		for q := 1; q <= m.Pairs; q++ {
			if seated[q] != p.groupsPerPair {
				t.Errorf("%s: pair %d plays %d rounds, want %d", name, q, seated[q], p.groupsPerPair)
			}
		}
	}
	return met
}

// nsMeetsEW reports whether every NS pair 1..T meets every EW pair T+1..2T.
func nsMeetsEW(met map[[2]int]int, T int) (missing int) {
	for ns := 1; ns <= T; ns++ {
		for ew := T + 1; ew <= 2*T; ew++ {
			if met[[2]int{ns, ew}] == 0 {
				missing++
			}
		}
	}
	return missing
}

func TestSkipMitchellProperties(t *testing.T) {
	for T := 4; T <= 30; T += 2 {
		for _, R := range []int{0, T / 2, T/2 + 1, T - 2} {
			name := fmt.Sprintf("skip %d tables %d rounds", T, R)
			t.Run(name, func(t *testing.T) {
				m, err := SkipMitchell(T, R)
				if err != nil {
					t.Fatal(err)
				}
				rounds := R
				if R == 0 {
					rounds = T - 1
				}
				met := checkPromise(t, name, m, promise{playsPerGroup: rounds, groupsPerPair: rounds})
				// Each EW pair meets exactly `rounds` NS pairs, never another EW pair.
				if got, want := nsMeetsEW(met, T), T*(T-rounds); got != want {
					t.Errorf("%d NS-EW pairs of pairs never meet, want %d", got, want)
				}
			})
		}
	}
}

func TestWebMitchellProperties(t *testing.T) {
	for T := 4; T <= 30; T += 2 {
		for S := T/2 + 1 - (T/2)%2; S <= T+3; S += 2 {
			if S < T/2 {
				continue
			}
			name := fmt.Sprintf("web %d tables %d sets", T, S)
			t.Run(name, func(t *testing.T) {
				m, err := WebMitchell(T, S)
				if err != nil {
					t.Fatal(err)
				}
				maxMeet := 1
				if S > T {
					maxMeet = 2
				}
				met := checkPromise(t, name, m, promise{playsPerGroup: T, groupsPerPair: S, maxMeet: maxMeet})
				if S >= T && nsMeetsEW(met, T) != 0 {
					t.Errorf("%d sets ≥ %d tables, yet some NS and EW pairs never meet", S, T)
				}
				if f := Describe(m); f.Copies != 2 {
					t.Errorf("copies %d, want 2", f.Copies)
				}
			})
		}
	}
}

func TestBlackpoolProperties(t *testing.T) {
	for T := 3; T <= 25; T += 2 {
		for _, X := range []int{2, 4, 6} {
			name := fmt.Sprintf("blackpool %d tables %d extra", T, X)
			t.Run(name, func(t *testing.T) {
				m, err := Blackpool(T, X)
				if err != nil {
					t.Fatal(err)
				}
				// The manual warns that EW pairs meet some NS pairs twice, some three times.
				met := checkPromise(t, name, m, promise{playsPerGroup: T, groupsPerPair: T + X, maxMeet: 3})
				if nsMeetsEW(met, T) != 0 {
					t.Error("some NS and EW pairs never meet")
				}
			})
		}
	}
}

func TestRoverMitchellProperties(t *testing.T) {
	for _, T := range []int{5, 7, 11, 13, 17, 19, 23, 25} {
		name := fmt.Sprintf("rover %d tables", T)
		t.Run(name, func(t *testing.T) {
			m, err := RoverMitchell(T)
			if err != nil {
				t.Fatal(err)
			}
			checkPromise(t, name, m, promise{playsPerGroup: T})
			f := Describe(m)
			// The rover and T-1 NS pairs sit out once, NS pair T never.
			out := 0
			for _, n := range f.SitOuts {
				out += n
			}
			if out != T || f.SitOuts[2*T] != 1 || f.SitOuts[T-1] != 0 {
				t.Errorf("sit-outs %v", f.SitOuts)
			}
		})
	}
	for _, T := range []int{3, 4, 9, 15} {
		if _, err := RoverMitchell(T); err == nil {
			t.Errorf("RoverMitchell(%d) accepted", T)
		}
	}
}

// TestSkipMitchellPublished checks the skip Mitchell against the library's
// 8-table 7-round Mitchell (NBB N311, annotated Qf=40.82), the same movement
// with NS moving up and boards stationary instead.
func TestSkipMitchellPublished(t *testing.T) {
	m, err := SkipMitchell(8, 0)
	if err != nil {
		t.Fatal(err)
	}
	lib := mustCorpus(t, "NBBR/NBB/N311_mitchell8_asc")
	if got, want := ComputeBalance(m).Qf, ComputeBalance(lib).Qf; !published.Matches(got, "40.82") || !published.Matches(want, "40.82") {
		t.Errorf("skip Mitchell 8: Qf %.2f, library %.2f, published 40.82", got, want)
	}
	if !sameScoreRows(m, lib) {
		t.Error("skip Mitchell 8 and N311 have different score matrices up to renumbering")
	}
}

// sameScoreRows reports whether two movements have the same score matrix up
// to a renumbering of the pairs: the same rows, each sorted, as a multiset.
func sameScoreRows(a, b *Movement) bool {
	rows := func(m *Movement) [][]int {
		bal := ComputeBalance(m)
		var out [][]int
		for p := 1; p <= m.Pairs; p++ {
			row := slices.Clone(bal.Matrix[(p-1)*m.Pairs : p*m.Pairs])
			slices.Sort(row)
			out = append(out, row)
		}
		slices.SortFunc(out, slices.Compare)
		return out
	}
	ra, rb := rows(a), rows(b)
	return a.Pairs == b.Pairs && slices.EqualFunc(ra, rb, slices.Equal)
}

func TestAppendixMitchellProperties(t *testing.T) {
	for B := 3; B <= 25; B++ {
		name := fmt.Sprintf("appendix on %d tables", B)
		t.Run(name, func(t *testing.T) {
			m, err := AppendixMitchell(B)
			if err != nil {
				t.Fatal(err)
			}
			checkPromise(t, name, m, promise{playsPerGroup: B + 1})
			f := Describe(m)
			if f.Copies != 2 || f.MaxSitOuts != 1 || m.Pairs != 2*B+3 {
				t.Errorf("%d pairs, copies %d, sit-outs %v", m.Pairs, f.Copies, f.SitOuts)
			}
		})
	}
}

func TestHesitationMitchellProperties(t *testing.T) {
	for T := 3; T <= 25; T += 2 {
		name := fmt.Sprintf("hesitation %d tables", T)
		t.Run(name, func(t *testing.T) {
			m, err := HesitationMitchell(T)
			if err != nil {
				t.Fatal(err)
			}
			checkPromise(t, name, m, promise{playsPerGroup: T, groupsPerPair: T + 1})
			f := Describe(m)
			if f.Fields != 1 || len(f.Stationary) != T-1 || f.Copies != 1 {
				t.Errorf("facts %+v", f)
			}
		})
	}
}

// checkStationaryBoardsMitchell checks a complete Mitchell with stationary
// boards: NS pairs 1..T meet every EW pair T+1..2T once, every pair plays
// every group once, table t plays group t-1 in every round, one copy.
func checkStationaryBoardsMitchell(t *testing.T, name string, m *Movement, T int) {
	t.Helper()
	met := checkPromise(t, name, m, promise{playsPerGroup: T, groupsPerPair: T})
	if n := nsMeetsEW(met, T); n != 0 {
		t.Errorf("%s: %d NS-EW pairs of pairs never meet", name, n)
	}
	for r, row := range m.Schedule {
		for i, tb := range row {
			if tb.Group != i {
				t.Fatalf("%s: round %d table %d plays group %s: boards should stay", name, r+1, i+1, m.GroupLabel(tb.Group))
			}
			if tb.NS > T || tb.EW <= T {
				t.Fatalf("%s: round %d table %d: %d-%d, NS should be 1..%d", name, r+1, i+1, tb.NS, tb.EW, T)
			}
		}
	}
	if f := Describe(m); f.Copies != 1 {
		t.Errorf("%s: copies %d, want 1", name, f.Copies)
	}
}
