package optimize

import (
	"context"
	"math/rand/v2"
)

// greedy is one restart of steepest descent, the strategy of early balans
// (seed 004): evaluate the switch of every free table, apply the one that
// lowers SS most, and repeat until none does; then start again from a
// random orientation of the free tables, until the budget is used. Each
// evaluated switch is one iteration, so budgets compare with the annealing
// modes'. The first descent starts from the input (or, with Randomize, from
// a random orientation); later ones draw from the restart's own stream, so
// the result depends only on the seed and the budget.
//
// Like the annealing, the descent moves on SS alone (an O(P) delta) and
// the full ranking decides which of the local minima is kept: with SS
// falling along a descent, its end is the best state of it.
func (o *optimizer) greedy(ctx context.Context, idx int) searchResult {
	rng := rand.New(rand.NewPCG(o.set.Seed, uint64(idx)))
	s := o.base.clone()
	ev := newObjectiveEval(s, o.rank)
	vars := o.vars
	res := searchResult{flip: make([]bool, len(o.zobrist)), stop: StopIterations, found: true}
	flip := make([]bool, len(o.zobrist))
	scramble := func() {
		for _, i := range vars {
			if rng.IntN(2) == 1 {
				s.apply(int(i))
				flip[i] = !flip[i]
			}
		}
	}
	if o.set.Randomize {
		scramble()
	}
	best := ev.eval(s)
	copy(res.flip, flip)
	tr := o.newTracer(best.ss)
	bestSS := best.ss // the lowest SS seen, kept or not yet ranked
	// keep ranks the current state, the end of a descent, against the best.
	keep := func() {
		if s.ss > best.ss {
			return
		}
		if obj := ev.eval(s); obj.better(best) {
			best = obj
			copy(res.flip, flip)
			o.noteBest(best.ss)
		}
	}
	budget := o.set.Iterations
	var it int64
scan:
	for it < budget && len(vars) > 0 {
		pick, pickD := int32(-1), int64(0)
		for _, i := range vars {
			if it == budget {
				break scan // the budget ended before the scan did
			}
			if it == tr.due {
				tr.record(it, bestSS)
			}
			if it%checkTrials == 0 && it > 0 {
				o.done.Add(checkTrials)
				if why, stop := o.interrupted(ctx); stop {
					res.stop = why
					break scan
				}
			}
			it++
			if d := s.delta(int(i)); d < pickD {
				pick, pickD = i, d
			}
		}
		if pick >= 0 {
			s.apply(int(pick))
			flip[pick] = !flip[pick]
			if s.ss < bestSS {
				bestSS = s.ss
				tr.improved(it, bestSS)
			}
			continue
		}
		// A local minimum: rank it, then descend again from a random orientation.
		keep()
		if _, ok := o.reached(ev, best); ok {
			break
		}
		scramble()
	}
	keep() // a descent the budget cut short
	if why, ok := o.reached(ev, best); ok {
		res.stop = why
	}
	o.done.Add(it % checkTrials)
	res.obj, res.iters = best, it
	res.trace = tr.finish(it, best.ss, res.stop)
	return res
}
