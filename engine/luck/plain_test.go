package luck

import (
	"math"
	"math/rand/v2"
	"sort"

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
