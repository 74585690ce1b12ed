package movement

import (
	"fmt"
	"sync"
)

// shortHowellBudget bounds the search of ShortHowell (search steps), and
// shortHowellChoices the number of arrangements it compares.
const (
	shortHowellBudget  = 2_000_000
	shortHowellChoices = 16
)

// ShortHowell returns a truncated Howell (a "short" or "3/4" Howell) for an
// even number of pairs P and R rounds, P/2 < R < P-1: a Howell-type movement
// in which every pair plays every one of the R board groups once, each group
// is played P/2 times, no group is shared within a round and no two pairs
// meet twice; each pair meets R of the P-1 others.
//
// The movement is cyclic, as Howell guide cards are: k = P-R pairs are
// stationary, each at its own table, and the other R pairs and the boards
// both move one step along a cycle of R positions each round (the board
// groups beyond the tables wait on relays). Pair x of the moving pairs sits
// in round r where pair x-r sat in round 1 (mod R); so the first round
// fixes the movement. It is found by a deterministic search: the first
// round's moving tables must have distinct pair differences (no meeting
// twice), and the group offsets of all seats must cover every group once
// (every pair plays every group once). Among the first few arrangements the
// search finds, the one with the best Qf, then Qf1av, is returned, as
// oriented by the construction (lower seat NS at the moving tables, the
// stationary pairs NS); arrow switches may improve it further. The
// complete Howell is R = P-1 (see CompleteHowell).
//
// Some sizes have no arrangement of this form (8 pairs in 5 or 6 rounds,
// and R = P/2+1 for some fields, among others); they get an error.
//
// The search takes up to a second for large fields, and a catalogue asks for
// the same sizes again (each board range, each split into sections, each
// request of a long-lived preview): each size is searched once per process,
// and every caller gets its own copy.
func ShortHowell(pairs, rounds int) (*Movement, error) {
	v, _ := shortHowells.LoadOrStore([2]int{pairs, rounds}, sync.OnceValues(func() (*Movement, error) {
		return shortHowell(pairs, rounds)
	}))
	m, err := v.(func() (*Movement, error))()
	if err != nil {
		return nil, err
	}
	return m.Clone(), nil
}

// shortHowells holds the search's answer for each size asked: [2]int{pairs,
// rounds} → func() (*Movement, error).
var shortHowells sync.Map

func shortHowell(pairs, rounds int) (*Movement, error) {
	P, R := pairs, rounds
	if P < 6 || P%2 == 1 || P > 2*MaxTables {
		return nil, fmt.Errorf("short howell: %d pairs: a short Howell needs an even number of pairs, 6 or more", P)
	}
	if R <= P/2 || R >= P-1 {
		return nil, fmt.Errorf("short howell: %d rounds: a short Howell for %d pairs has %d to %d rounds", R, P, P/2+1, P-2)
	}
	s := &cyclicSearch{R: R, k: P - R, m: R - P/2, budget: shortHowellBudget}
	s.run()
	if len(s.found) == 0 {
		return nil, fmt.Errorf("short howell: %d pairs in %d rounds: no cyclic arrangement found", P, R)
	}
	var best *Movement
	var bestQf, bestAv float64
	for _, d := range s.found {
		m := d.movement(P)
		qf := ComputeBalance(m).Qf
		if best != nil && qf < bestQf-1e-9 {
			continue
		}
		v, err := ComputeVacancy(m)
		if err != nil {
			return nil, err
		}
		if best == nil || qf > bestQf+1e-9 || v.Av > bestAv+1e-9 {
			best, bestQf, bestAv = m, qf, v.Av
		}
	}
	return best, nil
}

// cyclicDesign is the first round of a cyclic short Howell over Z_R:
// stationary tables meet the moving pair in seat a[j] on group a[j]+g[j];
// moving tables seat c[i] (NS) against d[i] (EW) on group c[i]+f[i].
type cyclicDesign struct {
	a, g    []int
	c, d, f []int
}

// movement lays the design out: stationary pairs R+1..P at tables 1..k,
// moving pair v+1 in seat v, then the moving tables.
func (d cyclicDesign) movement(P int) *Movement {
	R := P - len(d.a)
	k := len(d.a)
	m := New(P, P/2, R, R)
	for r := 0; r < R; r++ {
		for j := range d.a {
			m.Schedule[r][j] = Table{NS: R + 1 + j, EW: mod(d.a[j]+r, R) + 1, Group: mod(d.a[j]+d.g[j]+r, R)}
		}
		for i := range d.c {
			m.Schedule[r][k+i] = Table{NS: mod(d.c[i]+r, R) + 1, EW: mod(d.d[i]+r, R) + 1, Group: mod(d.c[i]+d.f[i]+r, R)}
		}
	}
	return m
}

// cyclicSearch finds cyclic designs by depth-first search in a fixed order.
type cyclicSearch struct {
	R, k, m int
	budget  int // steps left
	found   []cyclicDesign

	used, diff []bool // seats taken; pair differences taken (both signs)
	a, c, d    []int
}

func (s *cyclicSearch) done() bool { return s.budget <= 0 || len(s.found) >= shortHowellChoices }

func (s *cyclicSearch) run() {
	s.used, s.diff = make([]bool, s.R), make([]bool, s.R)
	s.seats(0)
}

// seats places seat v and the ones after it: each seat is a stationary
// table's moving seat or the lower seat of a moving table, whose partner w
// gives a new difference w-v (not R/2, which would meet twice).
func (s *cyclicSearch) seats(v int) {
	for v < s.R && s.used[v] {
		v++
	}
	if s.done() {
		return
	}
	if v == s.R {
		if len(s.a) == s.k && len(s.c) == s.m {
			s.groups()
		}
		return
	}
	s.budget--
	if len(s.a) < s.k {
		s.used[v] = true
		s.a = append(s.a, v)
		s.seats(v + 1)
		s.a = s.a[:len(s.a)-1]
		s.used[v] = false
	}
	if len(s.c) == s.m {
		return
	}
	for w := v + 1; w < s.R && !s.done(); w++ {
		dd := w - v
		if s.used[w] || s.diff[dd] || s.diff[s.R-dd] || 2*dd == s.R {
			continue
		}
		s.used[v], s.used[w], s.diff[dd], s.diff[s.R-dd] = true, true, true, true
		s.c, s.d = append(s.c, v), append(s.d, w)
		s.seats(v + 1)
		s.c, s.d = s.c[:len(s.c)-1], s.d[:len(s.d)-1]
		s.used[v], s.used[w], s.diff[dd], s.diff[s.R-dd] = false, false, false, false
	}
}

// groups chooses the group offsets for the seats found: every seat's
// offset (the group a moving pair plays there, minus the pair) distinct,
// so that every pair plays every group once, and every table's group in
// round 1 distinct, so that no group is shared.
func (s *cyclicSearch) groups() {
	R := s.R
	offset := make([]bool, R) // offsets taken
	group := make([]bool, R)  // round-1 groups taken
	f := make([]int, s.m)
	g := make([]int, s.k)
	var stationary func(j int)
	stationary = func(j int) {
		if s.done() {
			return
		}
		if j == s.k {
			s.found = append(s.found, cyclicDesign{
				a: clone(s.a), g: clone(g), c: clone(s.c), d: clone(s.d), f: clone(f),
			})
			return
		}
		s.budget--
		for v := 0; v < R && !s.done(); v++ {
			b := wrap(v+s.a[j], R) // seats are below R
			if offset[v] || group[b] {
				continue
			}
			offset[v], group[b], g[j] = true, true, v
			stationary(j + 1)
			offset[v], group[b] = false, false
		}
	}
	var moving func(i int)
	moving = func(i int) {
		if s.done() {
			return
		}
		if i == s.m {
			stationary(0)
			return
		}
		s.budget--
		delta := s.d[i] - s.c[i]
		for v := 0; v < R && !s.done(); v++ {
			w := wrap(v-delta, R) // the EW pair's offset (0 < delta < R)
			e := wrap(v+s.c[i], R)
			if offset[v] || offset[w] || group[e] {
				continue
			}
			offset[v], offset[w], group[e], f[i] = true, true, true, v
			moving(i + 1)
			offset[v], offset[w], group[e] = false, false, false
		}
	}
	moving(0)
}

func clone(s []int) []int { return append([]int(nil), s...) }
