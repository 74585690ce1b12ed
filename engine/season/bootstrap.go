package season

import (
	"context"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"

	"golang.org/x/sync/errgroup"

	"github.com/bridgereport/bridgereport/engine/session"
)

// chunkSize is the number of resamples drawn from one generator; chunks
// are fixed whatever the number of workers.
const chunkSize = 250

// bootstrap ranks a session's pairs and measures how sure the ranking is:
// each resample draws the session's boards again with replacement (as many
// as it has), each pair's percentage is its matchpoints over its top on
// the drawn boards it played, and pairs are ranked within their groups.
// It also gives each pair's standard error and the session's margin of
// error, from the board-by-board variance.
func bootstrap(ctx context.Context, a *session.Analysis, sess int, opt Options) ([]Ranked, float64, error) {
	// Boards in number order, and each pair's scores on them.
	var boards []int
	seen := map[int]int{}
	for _, p := range a.Pairs {
		for _, b := range a.PairBoards[p.Key()] {
			if _, ok := seen[b.Board]; !ok {
				seen[b.Board] = 0
				boards = append(boards, b.Board)
			}
		}
	}
	slices.Sort(boards)
	for i, b := range boards {
		seen[b] = i
	}
	type score struct {
		board   int // index in boards
		mp, top float64
	}
	P := len(a.Pairs)
	scores := make([][]score, P)
	groupIdx := map[string]int{}
	var groups [][]int
	out := make([]Ranked, P)
	varSum, varN := 0.0, 0
	for i, p := range a.Pairs {
		g, ok := groupIdx[p.Group]
		if !ok {
			g = len(groups)
			groupIdx[p.Group] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], i)
		var pcts []float64
		mp, top := 0.0, 0.0
		for _, b := range a.PairBoards[p.Key()] {
			scores[i] = append(scores[i], score{seen[b.Board], b.MP, b.Top})
			mp += b.MP
			top += b.Top
			if b.Top > 0 {
				pcts = append(pcts, 100*b.MP/b.Top)
			}
		}
		_, se := meanSE(pcts)
		pct := 50.0
		if top > 0 {
			pct = 100 * mp / top
		}
		names := p.Names
		if names == nil {
			names = []string{}
		}
		out[i] = Ranked{Pair: p.Label, Names: names, Group: p.Group, Boards: len(pcts), Percent: pct, Rank: p.Rank, SE: se, Strat: p.Strat}
		for _, a := range p.Masterpoints {
			out[i].Masterpoints += a.Points
		}
		if len(pcts) > 1 {
			varSum += se * se * float64(len(pcts))
			varN++
		}
	}
	moe := 0.0
	if varN > 0 {
		// The pooled board variance over a typical number of boards.
		n := float64(len(boards))
		if P > 0 {
			total := 0
			for _, r := range out {
				total += r.Boards
			}
			n = float64(total) / float64(P)
		}
		moe = z95 * math.Sqrt(varSum/float64(varN)/n)
	}
	// The resamples, in fixed chunks reduced in order.
	R := opt.Resamples
	chunks := (R + chunkSize - 1) / chunkSize
	type tally struct{ first, top3 []float64 }
	tallies := make([]tally, chunks)
	eg, ctx := errgroup.WithContext(ctx)
	eg.SetLimit(runtime.GOMAXPROCS(0))
	for c := range chunks {
		eg.Go(func() error {
			rng := rand.New(rand.NewPCG(opt.Seed, uint64(sess)<<20|uint64(c)))
			t := tally{make([]float64, P), make([]float64, P)}
			count := make([]float64, len(boards))
			pct := make([]float64, P)
			n := min(chunkSize, R-c*chunkSize)
			for k := range n {
				if k%50 == 0 {
					if err := ctx.Err(); err != nil {
						return err
					}
				}
				clear(count)
				for range boards {
					count[rng.IntN(len(boards))]++
				}
				for i, ss := range scores {
					mp, top := 0.0, 0.0
					for _, s := range ss {
						mp += count[s.board] * s.mp
						top += count[s.board] * s.top
					}
					pct[i] = 50
					if top > 0 {
						pct[i] = 100 * mp / top
					}
				}
				for _, members := range groups {
					best, ties := math.Inf(-1), 0
					for _, i := range members {
						switch {
						case pct[i] > best+1e-9:
							best, ties = pct[i], 1
						case math.Abs(pct[i]-best) <= 1e-9:
							ties++
						}
					}
					for _, i := range members {
						if math.Abs(pct[i]-best) <= 1e-9 {
							t.first[i] += 1 / float64(ties)
						}
						above := 0
						for _, j := range members {
							if pct[j] > pct[i]+1e-9 {
								above++
							}
						}
						if above < 3 {
							t.top3[i]++
						}
					}
				}
			}
			tallies[c] = t
			return nil
		})
	}
	if err := eg.Wait(); err != nil {
		return nil, 0, err
	}
	for _, t := range tallies {
		for i := range out {
			out[i].PFirst += t.first[i]
			out[i].PTop3 += t.top3[i]
		}
	}
	for i := range out {
		out[i].PFirst /= float64(R)
		out[i].PTop3 /= float64(R)
	}
	return out, moe, nil
}
