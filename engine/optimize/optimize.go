package optimize

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// Defaults of Settings.
const (
	DefaultIterations     = 2_000_000
	DefaultRestarts       = 8
	DefaultExhaustiveBits = 24
	defaultProgressEvery  = 250 * time.Millisecond
)

// Mode selects the annealing schedule.
type Mode int

const (
	// ModeFast lets the temperature cycle down and up, freezes it at each
	// new best and returns to the best after a while (balans' default).
	ModeFast Mode = iota
	// ModeSlow is classic annealing: one slow geometric cooling per restart.
	ModeSlow
)

func (m Mode) String() string {
	switch m {
	case ModeFast:
		return "fast"
	case ModeSlow:
		return "slow"
	}
	return fmt.Sprintf("mode(%d)", int(m))
}

// MarshalText writes the mode's name: fast or slow.
func (m Mode) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText reads fast or slow (any case), so YAML and flag.TextVar
// decode a mode directly.
func (m *Mode) UnmarshalText(text []byte) error {
	switch strings.ToLower(string(text)) {
	case "fast":
		*m = ModeFast
	case "slow":
		*m = ModeSlow
	default:
		return fmt.Errorf("want fast or slow, got %q", text)
	}
	return nil
}

// Settings configures Search. The zero value means the defaults.
type Settings struct {
	// Iterations is the number of trial switches per restart (0: DefaultIterations).
	// Only this budget gives results that are the same on every machine.
	Iterations int64
	// Time stops the search after this long (0: no limit). The result then
	// depends on the speed of the machine.
	Time time.Duration
	// Seed seeds the generators: restart i draws from PCG(Seed, i).
	Seed uint64
	// Restarts is the number of independent annealing runs (0: DefaultRestarts).
	Restarts int
	// Mode is the annealing schedule.
	Mode Mode
	// FixRounds lists rounds (1-based) whose tables keep their orientation.
	FixRounds []int
	// FixTables lists tables (1-based) that keep their orientation in every round.
	FixTables []int
	// FixPairs lists pairs whose direction is kept at every table they play.
	FixPairs []int
	// FixFirst keeps the first n table positions of round 1 (balans -f).
	FixFirst int
	// TargetQf stops each restart as soon as its Qf reaches this value
	// (0: no target). The remaining restarts still run their budgets.
	TargetQf float64
	// ExhaustiveBits: when at most this many independent orientations
	// remain after constraints and symmetries, enumerate them all and prove
	// the optimum (0: DefaultExhaustiveBits; negative: never).
	ExhaustiveBits int
	// Progress, if set, is called now and then from one goroutine at a time.
	Progress func(Progress)
	// ProgressEvery is the interval between Progress calls (0: 250 ms).
	ProgressEvery time.Duration
}

// Progress is a snapshot of a running search.
type Progress struct {
	Iterations int64 // trials or enumerated orientations so far
	Budget     int64 // total planned
	BestQf     float64
	Elapsed    time.Duration
	Exhaustive bool
}

// StopReason says why a search ended.
type StopReason string

const (
	StopIterations StopReason = "iterations" // the iteration budget was used up
	StopTime       StopReason = "time"       // the time budget ran out
	StopCancelled  StopReason = "cancelled"  // the context was cancelled (Ctrl-C)
	StopBound      StopReason = "bound"      // Qf and every Qf1 reached 100: nothing can beat it
	StopTarget     StopReason = "target"     // every restart reached TargetQf
	StopExhausted  StopReason = "exhausted"  // every orientation was enumerated
)

// Result is the outcome of Search.
type Result struct {
	// Movement is the best orientation found; it differs from the input
	// only in the orientation of tables.
	Movement      *movement.Movement
	Before, After *movement.Balance
	// VacancyBefore and VacancyAfter are nil for fewer than 3 pairs.
	VacancyBefore, VacancyAfter *movement.Vacancy
	// Switched lists the tables oriented opposite to the input, in reading order.
	Switched []TablePos
	// Proven says no orientation allowed by the constraints ranks better:
	// the search was exhaustive, or every figure reached its bound.
	Proven bool
	// Exhaustive says every orientation was enumerated (not annealed).
	Exhaustive bool
	// FreeBits is the number of independent orientations searched, after
	// fixed tables and whole-group switches (which change no figure).
	FreeBits int
	// Iterations counts trial switches (annealing) or orientations (exhaustive).
	Iterations int64
	Stop       StopReason
}

// Validate checks the settings against the movement.
func (s *Settings) Validate(m *movement.Movement) error {
	for _, r := range s.FixRounds {
		if r < 1 || r > m.Rounds {
			return fmt.Errorf("optimize: fixed round %d is outside 1..%d", r, m.Rounds)
		}
	}
	for _, t := range s.FixTables {
		if t < 1 || t > m.Tables {
			return fmt.Errorf("optimize: fixed table %d is outside 1..%d", t, m.Tables)
		}
	}
	for _, p := range s.FixPairs {
		if p < 1 || p > m.Pairs {
			return fmt.Errorf("optimize: fixed pair %d is outside 1..%d", p, m.Pairs)
		}
	}
	switch {
	case s.FixFirst < 0 || s.FixFirst > m.Tables:
		return fmt.Errorf("optimize: first %d positions: must be within 0..%d (the tables of round 1)", s.FixFirst, m.Tables)
	case s.Iterations < 0:
		return fmt.Errorf("optimize: iterations %d: must not be negative", s.Iterations)
	case s.Restarts < 0:
		return fmt.Errorf("optimize: restarts %d: must not be negative", s.Restarts)
	case s.Time < 0:
		return fmt.Errorf("optimize: time %v: must not be negative", s.Time)
	case s.TargetQf < 0 || s.TargetQf > 100:
		return fmt.Errorf("optimize: target Qf %v: must be within 0..100", s.TargetQf)
	case s.Mode != ModeFast && s.Mode != ModeSlow:
		return fmt.Errorf("optimize: unknown mode %d", s.Mode)
	case m.Pairs < 2 || len(m.Schedule) != m.Rounds:
		return fmt.Errorf("optimize: movement has %d pairs and %d of %d rounds: nothing to optimise", m.Pairs, len(m.Schedule), m.Rounds)
	}
	return nil
}

// optimizer holds what every restart or enumeration chunk shares.
type optimizer struct {
	set      Settings
	base     *SwitchState
	vars     []int32 // slots the search may switch
	groupOf  [][]int32
	freeGrp  []bool // groups with no fixed table: switching all of them is a symmetry
	zobrist  []uint64
	deadline time.Time
	done     atomic.Int64 // iterations, for progress
	bestSS   atomic.Int64 // for progress
}

// Search tries the NS/EW orientations of m's tables for the best
// balance: minimal SS (maximal Qf), then Qf1av, Qf1max, then d4. Small
// searches are exhaustive and proven; larger ones are annealed. A cancelled
// context or the time budget stops the search early; the best found is
// returned with a nil error.
func Search(ctx context.Context, m *movement.Movement, set Settings) (*Result, error) {
	if err := set.Validate(m); err != nil {
		return nil, err
	}
	if set.Iterations == 0 {
		set.Iterations = DefaultIterations
	}
	if set.Restarts == 0 {
		set.Restarts = DefaultRestarts
	}
	if set.ExhaustiveBits == 0 {
		set.ExhaustiveBits = DefaultExhaustiveBits
	}
	if set.ProgressEvery == 0 {
		set.ProgressEvery = defaultProgressEvery
	}
	o := &optimizer{set: set, base: NewSwitchState(m)}
	o.plan()
	start := time.Now()
	if set.Time > 0 {
		o.deadline = start.Add(set.Time)
	}
	o.bestSS.Store(o.base.ss)

	exhaustive := len(o.vars) <= set.ExhaustiveBits && len(o.vars) < 62
	budget := set.Iterations * int64(set.Restarts)
	if exhaustive {
		budget = 1 << len(o.vars)
	}
	stopProgress := o.startProgress(start, budget, exhaustive)
	var best searchResult
	if exhaustive {
		best = o.exhaustive(ctx)
	} else {
		best = o.anneal(ctx)
	}
	stopProgress()
	return o.finish(m, best, exhaustive), nil
}

// plan works out which slots are free and which can be pinned by symmetry.
func (o *optimizer) plan() {
	st := o.base.st
	m := st.base
	fixed := make([]bool, len(st.where))
	for i, w := range st.where {
		switch {
		case slices.Contains(o.set.FixRounds, w.Round),
			slices.Contains(o.set.FixTables, w.Table),
			w.Round == 1 && w.Table <= o.set.FixFirst:
			fixed[i] = true
		}
		tb := m.Schedule[w.Round-1][w.Table-1]
		if slices.Contains(o.set.FixPairs, tb.NS) || slices.Contains(o.set.FixPairs, tb.EW) {
			fixed[i] = true
		}
	}
	o.groupOf = make([][]int32, m.Groups)
	for i := range st.where {
		g := st.group[i]
		o.groupOf[g] = append(o.groupOf[g], int32(i))
	}
	// Switching every table of a group negates both factors of each of its
	// products, so no score changes, with or without an absent pair. A group
	// without fixed tables may therefore keep its first table as it is.
	o.freeGrp = make([]bool, m.Groups)
	pinned := make([]bool, len(st.where))
	for g, slots := range o.groupOf {
		o.freeGrp[g] = len(slots) > 0 && !slices.ContainsFunc(slots, func(i int32) bool { return fixed[i] })
		if o.freeGrp[g] {
			pinned[slots[0]] = true
		}
	}
	for i := range st.where {
		if !fixed[i] && !pinned[i] {
			o.vars = append(o.vars, int32(i))
		}
	}
	// Zobrist keys identify states cheaply, so a tie is not evaluated twice
	// in a row; a fixed stream keeps them the same on every run.
	zr := rand.New(rand.NewPCG(0x6272696467, 0x7265706f7274))
	o.zobrist = make([]uint64, len(st.where))
	for i := range o.zobrist {
		o.zobrist[i] = zr.Uint64()
	}
}

// searchResult is the best a restart or chunk found.
type searchResult struct {
	obj   objective
	flip  []bool // per slot: switched relative to the input
	iters int64
	stop  StopReason
	found bool
}

// startProgress runs the progress callback until the returned func is called.
func (o *optimizer) startProgress(start time.Time, budget int64, exhaustive bool) func() {
	if o.set.Progress == nil {
		return func() {}
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(o.set.ProgressEvery)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				st := o.base.st
				qf := movement.QualityFactor(st.s, o.bestSS.Load(), int64(st.P*(st.P-1)/2))
				o.set.Progress(Progress{Iterations: o.done.Load(), Budget: budget, BestQf: qf, Elapsed: time.Since(start), Exhaustive: exhaustive})
			}
		}
	})
	return func() { close(stop); wg.Wait() }
}

// noteBest lowers the shared best SS shown by progress.
func (o *optimizer) noteBest(ss int64) {
	for {
		cur := o.bestSS.Load()
		if ss >= cur || o.bestSS.CompareAndSwap(cur, ss) {
			return
		}
	}
}

// interrupted says whether the search must stop, and why.
func (o *optimizer) interrupted(ctx context.Context) (StopReason, bool) {
	if ctx.Err() != nil {
		return StopCancelled, true
	}
	if !o.deadline.IsZero() && time.Now().After(o.deadline) {
		return StopTime, true
	}
	return "", false
}

// anneal runs the restarts in parallel and keeps the best, ties going to
// the lowest restart, so the result does not depend on GOMAXPROCS.
func (o *optimizer) anneal(ctx context.Context) searchResult {
	results := make([]searchResult, o.set.Restarts)
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i := range results {
		g.Go(func() error {
			results[i] = o.restart(ctx, i)
			return nil
		})
	}
	g.Wait()
	return reduce(results)
}

// stopRank orders stop reasons: the overall reason is the highest of the parts.
var stopRank = map[StopReason]int{StopBound: 0, StopTarget: 1, StopExhausted: 2, StopIterations: 3, StopTime: 4, StopCancelled: 5}

// reduce picks the best result in slot order (ties to the lowest slot);
// iterations add up and the stop reason is the most telling one.
func reduce(results []searchResult) searchResult {
	var best searchResult
	var iters int64
	stop := StopBound
	for _, r := range results {
		iters += r.iters
		if r.found && (!best.found || r.obj.better(best.obj)) {
			best = r
		}
		if stopRank[r.stop] > stopRank[stop] {
			stop = r.stop
		}
	}
	best.iters, best.stop = iters, stop
	return best
}

// Annealing schedule, in units of the mean uphill ΔSS at the start.
const (
	// tempHigh and tempLow bound the temperature, in units of the mean
	// uphill ΔSS from the starting orientation; tuned on Mitchells 11–15.
	tempHigh = 1.0
	tempLow  = 0.05
	// A fast-mode cycle lasts cycleFactor trials per free table; after
	// returnCycles cycles without a new best the search returns to it.
	cycleFactor  = 40
	returnCycles = 3
	stepTrials   = 64 // trials between temperature changes
	checkTrials  = 4096
	// tieCost is how many trials pay for one evaluation of a tie with the
	// best SS, so that plateaus cannot swamp the search with evaluations.
	tieCost = 1024
)

// restart is one annealing run.
func (o *optimizer) restart(ctx context.Context, idx int) searchResult {
	rng := rand.New(rand.NewPCG(o.set.Seed, uint64(idx)))
	s := o.base.clone()
	ev := newObjectiveEval(s)
	vars := o.vars
	nv := len(vars)
	res := searchResult{flip: make([]bool, len(o.zobrist)), stop: StopIterations}
	if nv == 0 {
		res.obj, res.found = ev.eval(s), true
		return res
	}
	flip := make([]bool, len(o.zobrist))
	var hash uint64

	// Temperature scale: the mean uphill ΔSS of single switches here.
	var up, nUp float64
	for _, i := range vars {
		if d := s.delta(int(i)); d > 0 {
			up += float64(d)
			nUp++
		}
	}
	scale := 16.0
	if nUp > 0 {
		scale = up / nUp
	}
	hi, lo := tempHigh*scale, tempLow*scale

	// Fast mode: a cycle goes down from hi to lo and back up in log steps.
	cycleSteps := max(32, cycleFactor*nv/stepTrials)
	cycleTemp := make([]float64, cycleSteps)
	half := cycleSteps / 2
	for k := range cycleTemp {
		x := float64(k) / float64(half) // 0..2
		if x > 1 {
			x = 2 - x
		}
		cycleTemp[k] = hi * math.Pow(lo/hi, x)
	}
	coldest := half
	returnAfter := int64(returnCycles * cycleSteps * stepTrials)

	best := ev.eval(s)
	bestHash := hash
	copy(res.flip, flip)
	res.found = true
	lastBest := int64(0)
	step := 0
	temp := hi
	var credit int64
	budget := o.set.Iterations
	var it int64
	for it = 0; it < budget; it++ {
		if it%stepTrials == 0 {
			if it%checkTrials == 0 && it > 0 {
				o.done.Add(checkTrials)
				if why, stop := o.interrupted(ctx); stop {
					res.stop = why
					break
				}
			}
			switch o.set.Mode {
			case ModeSlow:
				// Cool over the budget, or over the time budget if that
				// ends first.
				f := float64(it) / float64(budget)
				if o.set.Time > 0 {
					f = max(f, float64(time.Since(o.deadline.Add(-o.set.Time)))/float64(o.set.Time))
				}
				temp = hi * math.Pow(lo/hi, min(f, 1))
			default:
				temp = cycleTemp[step%cycleSteps]
				step++
				if it-lastBest > returnAfter {
					// Back to the best, frozen, to search around it again.
					for _, i := range vars {
						if flip[i] != res.flip[i] {
							s.apply(int(i))
							flip[i] = !flip[i]
						}
					}
					hash = bestHash
					lastBest = it
					step = coldest
				}
			}
		}
		if credit < 64*tieCost {
			credit++
		}
		i := vars[rng.IntN(nv)]
		d := s.delta(int(i))
		if d > 0 {
			x := float64(d) / temp
			if x > 30 || rng.Float64() >= math.Exp(-x) {
				continue
			}
		}
		s.apply(int(i))
		flip[i] = !flip[i]
		hash ^= o.zobrist[i]
		switch {
		case s.ss < best.ss:
			best = ev.eval(s)
		case s.ss == best.ss && hash != bestHash && credit >= tieCost:
			credit -= tieCost
			obj := ev.eval(s)
			if !obj.better(best) {
				continue
			}
			best = obj
		default:
			continue
		}
		bestHash = hash
		copy(res.flip, flip)
		lastBest = it
		step = coldest // freeze at the new best
		o.noteBest(best.ss)
		if best.atBound || o.set.TargetQf > 0 && ev.qf(best.ss) >= o.set.TargetQf {
			res.stop = StopTarget
			if best.atBound {
				res.stop = StopBound
			}
			it++
			break
		}
	}
	o.done.Add(it % checkTrials)
	res.obj, res.iters = best, it
	return res
}

// finish turns the best orientation into the result.
func (o *optimizer) finish(m *movement.Movement, best searchResult, exhaustive bool) *Result {
	s := o.base.clone()
	flip := best.flip
	// Of the two equivalent orientations of a free group, report the one
	// with fewer switched tables.
	for g, slots := range o.groupOf {
		if !o.freeGrp[g] {
			continue
		}
		n := 0
		for _, i := range slots {
			if flip[i] {
				n++
			}
		}
		if 2*n > len(slots) {
			for _, i := range slots {
				flip[i] = !flip[i]
			}
		}
	}
	for i, f := range flip {
		if f {
			s.apply(i)
		}
	}
	out := s.Movement()
	r := &Result{
		Movement:   out,
		Before:     movement.ComputeBalance(m),
		After:      movement.ComputeBalance(out),
		Exhaustive: exhaustive,
		FreeBits:   len(o.vars),
		Iterations: best.iters,
		Stop:       best.stop,
		Switched:   []TablePos{},
	}
	r.Proven = best.obj.atBound || exhaustive && best.stop == StopExhausted
	for i, w := range o.base.st.where {
		if s.switched(i) {
			r.Switched = append(r.Switched, w)
		}
	}
	if m.Pairs >= 3 {
		r.VacancyBefore, _ = movement.ComputeVacancy(m)
		r.VacancyAfter, _ = movement.ComputeVacancy(out)
	}
	return r
}
