package optimize

import (
	"context"
	"math/bits"
	"runtime"

	"golang.org/x/sync/errgroup"
)

// enumerateAll enumerates every orientation of the free slots. The space is
// cut into chunks by the top bits; each chunk walks its low bits in Gray
// code order, so every step is one O(P) switch. Chunks run in parallel and
// are reduced in order, ties to the lowest chunk, as restarts are.
func (o *optimizer) enumerateAll(ctx context.Context) searchResult {
	n := len(o.vars)
	top := min(n, 6)
	results := make([]searchResult, 1<<top)
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for c := range results {
		g.Go(func() error {
			results[c] = o.enumerate(ctx, uint64(c), n-top)
			return nil
		})
	}
	g.Wait()
	return reduce(results)
}

// enumerate searches the orientations whose top bits are chunk and whose
// low bits are anything.
func (o *optimizer) enumerate(ctx context.Context, chunk uint64, low int) searchResult {
	s := o.base.clone()
	ev := newObjectiveEval(s, o.rank)
	vars := o.vars
	for b := range len(vars) - low {
		if chunk>>b&1 == 1 {
			s.apply(int(vars[low+b]))
		}
	}
	best := ev.eval(s)
	res := searchResult{stop: StopExhausted, found: true}
	var code, bestCode uint64
	total := uint64(1) << low
	i := uint64(1)
	for ; i < total && !best.atBound; i++ {
		if i%checkTrials == 0 {
			o.done.Add(checkTrials)
			if why, stop := o.interrupted(ctx); stop {
				res.stop = why
				break
			}
		}
		b := bits.TrailingZeros64(i)
		s.apply(int(vars[b]))
		code ^= 1 << b
		if s.ss > best.ss || s.ss == best.ss && o.rank.tiesOnly() {
			continue
		}
		if obj := ev.eval(s); obj.better(best) {
			best, bestCode = obj, code
			o.noteBest(best.ss)
		}
	}
	if best.atBound && res.stop == StopExhausted {
		res.stop = StopBound
	}
	o.done.Add(int64(i % checkTrials))
	res.obj, res.iters = best, int64(i)
	res.flip = make([]bool, len(o.zobrist))
	for b, v := range vars {
		if b < low {
			res.flip[v] = bestCode>>b&1 == 1
		} else {
			res.flip[v] = chunk>>(b-low)&1 == 1
		}
	}
	return res
}
