package luck

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// plainResult is what the plain loop estimates.
type plainResult struct {
	avg, sd []float64   // per entrant
	place   [][]float64 // [place][entrant], percent
}

// plainBussemaker is the Bussemaker model (strengths given, one group)
// written the obvious way, single-threaded: per sample shuffle, score every
// play, matchpoint each board by comparing all pairs of results, sort the
// totals. It is the baseline of the benchmarks and an independent oracle for
// the tests: it reads the schedule itself rather than the engine's scorer,
// and breaks ties with a random key per entrant.
func plainBussemaker(m *movement.Movement, strengths []float64, samples int, seed uint64) plainResult {
	P := m.Pairs
	rng := rand.New(rand.NewPCG(seed, 0))
	type result struct {
		ns, ew int // 1-based pairs
		score  float64
	}
	entrantAt := make([]int, P+1) // entrantAt[pair] = entrant, 0-based
	for p := 1; p <= P; p++ {
		entrantAt[p] = p - 1
	}
	// The board groups and their tables, read once from the schedule.
	boards := map[int][]result{}
	for _, row := range m.Schedule {
		for _, t := range row {
			if !t.Empty() {
				boards[t.Group] = append(boards[t.Group], result{ns: t.NS, ew: t.EW})
			}
		}
	}
	sum, sumsq := make([]float64, P), make([]float64, P)
	place := make([][]float64, P)
	for i := range place {
		place[i] = make([]float64, P)
	}
	mp := make([]float64, P+1)
	top := make([]float64, P+1)
	for range samples {
		rng.Shuffle(P, func(i, j int) { entrantAt[i+1], entrantAt[j+1] = entrantAt[j+1], entrantAt[i+1] })
		clear(mp)
		clear(top)
		for _, res := range boards {
			for i := range res {
				r := &res[i]
				r.score = 100 * (strengths[entrantAt[r.ew]] - strengths[entrantAt[r.ns]])
			}
			for i, a := range res {
				for j, b := range res {
					if i == j {
						continue
					}
					switch {
					case a.score > b.score:
						mp[a.ns] += 2
					case a.score == b.score:
						mp[a.ns]++
						mp[a.ew]++
					default:
						mp[a.ew] += 2
					}
					top[a.ns] += 2
					top[a.ew] += 2
				}
			}
		}
		type total struct {
			entrant int
			pct     float64
			tiebrk  float64
		}
		totals := make([]total, 0, P)
		for p := 1; p <= P; p++ {
			x := 100 * mp[p] / top[p]
			e := entrantAt[p]
			sum[e] += x
			sumsq[e] += x * x
			totals = append(totals, total{e, x, rng.Float64()})
		}
		sort.Slice(totals, func(i, j int) bool {
			if totals[i].pct != totals[j].pct {
				return totals[i].pct > totals[j].pct
			}
			return totals[i].tiebrk < totals[j].tiebrk
		})
		for r, t := range totals {
			place[r][t.entrant]++
		}
	}
	res := plainResult{avg: make([]float64, P), sd: make([]float64, P), place: place}
	n := float64(samples)
	for e := range P {
		res.avg[e] = sum[e] / n
		res.sd[e] = math.Sqrt(max(0, sumsq[e]/n-res.avg[e]*res.avg[e]))
		for r := range place {
			place[r][e] *= 100 / n
		}
	}
	return res
}

// plainLoop is the straightforward loop of the speed goal: strengths 1..P,
// one group, ties not broken at random (the insertion sort keeps them in
// pair order). It returns rank[e][r], how often entrant e finished r-th,
// so that the work cannot be optimised away.
func plainLoop(m *movement.Movement, samples int, seed uint64) [][]int {
	P := m.Pairs
	boards := movement.GroupPlays(m)
	rng := rand.New(rand.NewPCG(seed, 0))
	perm := make([]int, P) // perm[pair] = entrant = strength − 1
	for i := range perm {
		perm[i] = i
	}
	mp, order := make([]int, P), make([]int, P)
	score := make([]int, 0, P)
	rank := make([][]int, P)
	for i := range rank {
		rank[i] = make([]int, P)
	}
	for range samples {
		rng.Shuffle(P, func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		clear(mp)
		for _, plays := range boards {
			k := len(plays)
			score = score[:0]
			for _, pl := range plays {
				score = append(score, perm[pl.EW]-perm[pl.NS])
			}
			for i, pl := range plays {
				m := -1 // itself counted once as a tie below
				for _, x := range score {
					switch {
					case score[i] > x:
						m += 2
					case score[i] == x:
						m++
					}
				}
				mp[pl.NS] += m
				mp[pl.EW] += 2*(k-1) - m
			}
		}
		for i := range order {
			order[i] = i
		}
		for i := 1; i < P; i++ {
			for j := i; j > 0 && mp[order[j]] > mp[order[j-1]]; j-- {
				order[j], order[j-1] = order[j-1], order[j]
			}
		}
		for r, p := range order {
			rank[perm[p]][r]++
		}
	}
	return rank
}

// TestPlainLoopCounts: the benchmark baseline places every entrant once a
// sample, and the strongest entrant (no ties for first on this field in
// practice) most often first.
func TestPlainLoopCounts(t *testing.T) {
	m := mustSpec(t, "mitchell:7,switch=2")
	const n = 2000
	rank := plainLoop(m, n, 1)
	for e, row := range rank {
		sum := 0
		for _, c := range row {
			sum += c
		}
		if sum != n {
			t.Fatalf("entrant %d placed %d times in %d samples", e+1, sum, n)
		}
	}
	if rank[0][0] <= rank[1][0] || rank[0][0] <= rank[13][0] {
		t.Errorf("entrant 1 first %d times, entrant 2 %d, entrant 14 %d", rank[0][0], rank[1][0], rank[13][0])
	}
}
