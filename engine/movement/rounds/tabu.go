package rounds

import (
	"math"
	"math/rand/v2"
	"slices"
)

// tabuWork bounds the moves of tabuRounds, and tabuEvaluations the
// (meeting, round) evaluations of its moves together.
const (
	tabuWork        = 100_000
	tabuEvaluations = 300_000_000
)

// tabuRounds gives each meeting one of R rounds so that no pair and (with
// oneTable) no board group is in a round twice, by the tabu search of
// graph colouring (Hertz and de Werra's TabuCol): meetings that share a
// pair or a group are neighbours, and each move recolours the conflicting
// meeting whose new round removes most conflicts, a move undone being
// forbidden for a while unless it beats the best found. Seeded, so the
// same meetings get the same rounds; false when budget moves do not find
// a colouring. A cap above 0 also holds each round to at most cap
// meetings (tables), each meeting beyond it counting as a conflict.
func tabuRounds(ms []*Meeting, pairs, R int, oneTable bool, seed uint64, budget, cap int) bool {
	n := len(ms)
	if n == 0 {
		return true
	}
	// A move looks at every meeting's every round: the moves are bounded
	// so that a congress's field costs no more than a club's.
	budget = min(budget, tabuEvaluations/(n*R))
	// Neighbours: meetings sharing a pair or a board group.
	byKey := map[int][]int{}
	for i, m := range ms {
		byKey[m.A] = append(byKey[m.A], i)
		byKey[m.B] = append(byKey[m.B], i)
		if oneTable {
			for _, e := range m.Entries {
				k := pairs + 1 + e.Group
				byKey[k] = append(byKey[k], i)
			}
		}
	}
	adj := make([][]int, n)
	for _, list := range byKey {
		for _, i := range list {
			for _, j := range list {
				if i != j {
					adj[i] = append(adj[i], j)
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(seed, uint64(R)<<8|0x7a))
	col := make([]int, n)
	size := make([]int, R)         // meetings in each round
	gamma := make([]int32, n*R)    // gamma[i*R+r]: neighbours of i in round r
	over := func(r, d int) int32 { // meetings beyond the cap in round r, after d more
		if cap <= 0 {
			return 0
		}
		return int32(max(0, size[r]+d-cap))
	}
	for i := range col {
		// Greedy start: a round already given (a colouring to improve),
		// else the round with fewest neighbours so far.
		best := ms[i].Round - 1
		if best < 0 || best >= R {
			bc := int32(math.MaxInt32)
			for r := range R {
				if c := gamma[i*R+r] + over(r, 1); c < bc {
					best, bc = r, c
				}
			}
		}
		col[i] = best
		size[best]++
		for _, j := range adj[i] {
			gamma[j*R+best]++
		}
	}
	conflicts := 0
	for i := range col {
		conflicts += int(gamma[i*R+col[i]])
	}
	conflicts /= 2
	for r := range R {
		conflicts += int(over(r, 0))
	}
	tabu := make([]int, n*R)
	bestSeen := conflicts
	for it := 1; it <= budget && conflicts > 0; it++ {
		mi, mr, md, ties := -1, -1, int32(math.MaxInt32), 0
		for i := range n {
			own := gamma[i*R+col[i]]
			if own == 0 && over(col[i], 0) == 0 {
				continue
			}
			for r := range R {
				if r == col[i] {
					continue
				}
				d := gamma[i*R+r] - own + over(r, 1) - over(r, 0) + over(col[i], -1) - over(col[i], 0)
				if tabu[i*R+r] > it && conflicts+int(d) >= bestSeen {
					continue
				}
				switch {
				case d < md:
					mi, mr, md, ties = i, r, d, 1
				case d == md:
					ties++
					if rng.IntN(ties) == 0 {
						mi, mr = i, r
					}
				}
			}
		}
		if mi < 0 {
			continue
		}
		old := col[mi]
		for _, j := range adj[mi] {
			gamma[j*R+old]--
			gamma[j*R+mr]++
		}
		col[mi] = mr
		size[old]--
		size[mr]++
		conflicts += int(md)
		tabu[mi*R+old] = it + int(0.6*float64(conflicts)) + rng.IntN(10)
		bestSeen = min(bestSeen, conflicts)
	}
	if conflicts > 0 {
		return false
	}
	for i, m := range ms {
		m.Round = col[i] + 1
	}
	return true
}

// balanceTables spreads the meetings of a colouring over its rounds so
// that no round needs more tables than the meetings require (a round of
// 9 tables beside one of 7 when 8 would do), keeping the rounds' number
// and the constraints; the colouring is kept when it cannot.
func balanceTables(ms []*Meeting, pairs int, seed uint64) {
	R := 0
	for _, m := range ms {
		R = max(R, m.Round)
	}
	if R == 0 {
		return
	}
	size := make([]int, R)
	for _, m := range ms {
		size[m.Round-1]++
	}
	cap := (len(ms) + R - 1) / R
	if slices.Max(size) <= cap {
		return
	}
	// Whether the colouring keeps each board group at one table a round,
	// which the new one must keep too.
	oneTable := true
	seen := map[[2]int]bool{} // (group, round)
	for _, m := range ms {
		for _, e := range m.Entries {
			k := [2]int{e.Group, m.Round}
			oneTable = oneTable && !seen[k]
			seen[k] = true
		}
	}
	tabuRounds(ms, pairs, R, oneTable, seed, tabuWork, cap)
}
