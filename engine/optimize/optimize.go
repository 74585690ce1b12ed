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
	DefaultIterations = 2_000_000
	// MaxIterations and MaxRestarts bound a search that would run for
	// days: a larger count is refused, not left to run, unless Time
	// bounds the search.
	MaxIterations         = 10_000_000_000
	MaxRestarts           = 1_000_000
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
	// ModeGreedy is early balans's steepest descent (greedy.go): apply the
	// best single switch until none improves, then restart from a random
	// orientation.
	ModeGreedy
)

func (m Mode) String() string {
	switch m {
	case ModeFast:
		return "fast"
	case ModeSlow:
		return "slow"
	case ModeGreedy:
		return "greedy"
	}
	return fmt.Sprintf("mode(%d)", int(m))
}

// MarshalText writes the mode's name: fast, slow or greedy.
func (m Mode) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText reads fast, slow or greedy (any case), so YAML and flag.TextVar
// decode a mode directly.
func (m *Mode) UnmarshalText(text []byte) error {
	switch strings.ToLower(string(text)) {
	case "fast":
		*m = ModeFast
	case "slow":
		*m = ModeSlow
	case "greedy":
		*m = ModeGreedy
	default:
		return fmt.Errorf("want fast, slow or greedy, got %q", text)
	}
	return nil
}

// Settings configures Search. The zero value means the defaults. Pair
// numbers in the settings name the pairs after Renumber.
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
	// Cooling is the annealing schedule and its temperatures (balans -S).
	Cooling Cooling
	// FixRounds lists rounds (1-based) whose tables keep their orientation (balans -r).
	FixRounds []int
	// FixTables lists tables (1-based) that keep their orientation in every round (balans -t).
	FixTables []int
	// FixPairs lists pairs whose direction is kept at every table they play (balans -i).
	FixPairs []int
	// FixGroups lists board groups whose tables keep their orientation (balans -j).
	FixGroups []Group
	// FixFirst keeps the first n table positions of round 1 (balans -f).
	FixFirst int
	// OnlyRound, when not 0, keeps every table fixed except those of this round (balans -R).
	OnlyRound int
	// OnlyTable, when not 0, keeps every table fixed except this one, in every round (balans -D).
	OnlyTable int
	// OnlyPair, when not 0, keeps every table fixed except where this pair
	// plays: the pair and its direct opponents may change (balans -I).
	OnlyPair int
	// OnlyGroup, when not 0, keeps every table fixed except those that play
	// this board group (balans -J). Several Only settings free only the
	// tables that all of them leave free.
	OnlyGroup Group
	// Fixers, when not nil, keeps the tables it marks, round by round (balans -a).
	Fixers *Fixers
	// Absent, when not 0, optimises the movement with this pair absent
	// (balans -v): Qf, the vacancy figures and d4 are those of the movement
	// without the pair, whose own tables keep their orientation.
	Absent int
	// AbsentRange limits the vacancy terms of the ranking to the absence of
	// the pairs in it (balans -P; zero: every pair). Result still reports
	// the vacancy figures over every pair.
	AbsentRange PairRange
	// Renumber, when not nil, renumbers the pairs before anything else
	// (balans -p): pair p becomes Renumber[p-1]. The result is in the new
	// numbering.
	Renumber []int
	// Vacancy chooses how the vacancy quality ranks orientations of equal
	// Qf: the weighted score (default), Qf1av then Qf1max, or not at all
	// (VacancyOff: Qf, then d4 unless NoD4).
	Vacancy Vacancy
	// Weights are w1:w2 of the weighted vacancy score w1·Qf1max + w2·Qf1av
	// (balans -W; zero: 2:1).
	Weights Weights
	// NoD4 leaves d4 out of the ranking (balans -k 0): orientations equal in
	// Qf and vacancy quality are then ties, the first found kept.
	NoD4 bool
	// Randomize starts every restart from a random orientation of the free
	// tables, drawn from its own generator (balans -z). An exhaustive search
	// has no start and ignores it.
	Randomize bool
	// TargetQf stops each restart as soon as its Qf reaches this value
	// (0: no target). The remaining restarts still run their budgets.
	TargetQf float64
	// ExhaustiveBits: when at most this many independent orientations
	// remain after constraints and symmetries, enumerate them all and prove
	// the optimum (0: DefaultExhaustiveBits; negative: never).
	ExhaustiveBits int
	// Checkpoints, when not nil, are iteration counts (ascending) at which
	// every restart records the best Qf it has found so far, for
	// Result.History; counts beyond Iterations are dropped. Recording costs
	// a comparison per trial and changes no result.
	Checkpoints []int64
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
	StopBound      StopReason = "bound"      // Qf and every ranked Qf1 reached 100: nothing can beat it
	StopTarget     StopReason = "target"     // every restart reached TargetQf
	StopExhausted  StopReason = "exhausted"  // every orientation was enumerated
)

// Result is the outcome of Search.
type Result struct {
	// Movement is the best orientation found; it differs from the input
	// only in the orientation of tables (and in the pair numbers, with
	// Settings.Renumber).
	Movement *movement.Movement
	// Before and After are the balance of the movement as searched: with
	// Settings.Absent, without that pair.
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
	// Iterations counts trial switches (annealing), evaluated switches
	// (greedy) or orientations (exhaustive).
	Iterations int64
	Stop       StopReason
	// History has one trace per restart at Settings.Checkpoints; nil
	// without checkpoints or for an exhaustive search.
	History []Trace
}

// Validate checks the settings against the movement.
func (s *Settings) Validate(m *movement.Movement) error {
	inRange := func(what string, n, hi int) error {
		if n < 1 || n > hi {
			return fmt.Errorf("optimize: %s %d is outside 1..%d", what, n, hi)
		}
		return nil
	}
	var errs []error
	for _, r := range s.FixRounds {
		errs = append(errs, inRange("fixed round", r, m.Rounds))
	}
	for _, t := range s.FixTables {
		errs = append(errs, inRange("fixed table", t, m.Tables))
	}
	for _, p := range s.FixPairs {
		errs = append(errs, inRange("fixed pair", p, m.Pairs))
	}
	for _, g := range s.FixGroups {
		if g < 1 || int(g) > m.Groups {
			errs = append(errs, fmt.Errorf("optimize: fixed board group %v is outside the movement's %d groups", g, m.Groups))
		}
	}
	if s.OnlyRound != 0 {
		errs = append(errs, inRange("only round", s.OnlyRound, m.Rounds))
	}
	if s.OnlyTable != 0 {
		errs = append(errs, inRange("only table", s.OnlyTable, m.Tables))
	}
	if s.OnlyPair != 0 {
		errs = append(errs, inRange("only pair", s.OnlyPair, m.Pairs))
	}
	if s.OnlyGroup != 0 && (s.OnlyGroup < 1 || int(s.OnlyGroup) > m.Groups) {
		errs = append(errs, fmt.Errorf("optimize: only board group %v is outside the movement's %d groups", s.OnlyGroup, m.Groups))
	}
	if s.Absent != 0 {
		errs = append(errs, inRange("absent pair", s.Absent, m.Pairs))
	}
	if !s.AbsentRange.all() {
		r := s.AbsentRange
		switch {
		case r.From < 1 || r.To < r.From || r.To > m.Pairs:
			errs = append(errs, fmt.Errorf("optimize: absent pairs %v: want a range within 1..%d", r, m.Pairs))
		case s.Absent != 0 && r.From == r.To && r.From == s.Absent:
			errs = append(errs, fmt.Errorf("optimize: absent pairs %v: pair %d is absent already", r, s.Absent))
		}
	}
	if s.Renumber != nil {
		if _, err := m.Renumber(s.Renumber); err != nil {
			errs = append(errs, fmt.Errorf("optimize: %w", err))
		}
	}
	if s.Fixers != nil {
		errs = append(errs, s.Fixers.validate(m))
	}
	errs = append(errs, validCheckpoints(s.Checkpoints))
	w := s.Weights
	c1, c2 := s.Cooling.temps()
	switch {
	case s.FixFirst < 0 || s.FixFirst > m.Tables:
		errs = append(errs, fmt.Errorf("optimize: first %d positions: must be within 0..%d (the tables of round 1)", s.FixFirst, m.Tables))
	case s.Iterations < 0:
		errs = append(errs, fmt.Errorf("optimize: iterations %d: must not be negative", s.Iterations))
	case s.Iterations > MaxIterations && s.Time == 0: // a time limit bounds it
		errs = append(errs, fmt.Errorf("optimize: iterations %d: more than the %d a restart may take (at some millions a second, %d would take about %.0f hours; use time to bound a long search)", s.Iterations, int64(MaxIterations), s.Iterations, float64(s.Iterations)/5e6/3600))
	case s.Restarts < 0:
		errs = append(errs, fmt.Errorf("optimize: restarts %d: must not be negative", s.Restarts))
	case s.Restarts > MaxRestarts:
		errs = append(errs, fmt.Errorf("optimize: restarts %d: more than %d", s.Restarts, MaxRestarts))
	case s.Time < 0:
		errs = append(errs, fmt.Errorf("optimize: time %v: must not be negative", s.Time))
	case s.TargetQf < 0 || s.TargetQf > 100:
		errs = append(errs, fmt.Errorf("optimize: target Qf %v: must be within 0..100", s.TargetQf))
	case s.Cooling.Mode != ModeFast && s.Cooling.Mode != ModeSlow && s.Cooling.Mode != ModeGreedy:
		errs = append(errs, fmt.Errorf("optimize: unknown mode %d", s.Cooling.Mode))
	case !(c1 > 0 && c2 > 0) || math.IsInf(c1, 0) || math.IsInf(c2, 0) || s.Cooling.Mode == ModeFast && c1 >= c2:
		errs = append(errs, fmt.Errorf("optimize: cooling %v: temperatures must be positive, and in fast mode the coldest below the hottest", s.Cooling))
	case s.Vacancy != VacancyWeighted && s.Vacancy != VacancyAvThenMax && s.Vacancy != VacancyOff:
		errs = append(errs, fmt.Errorf("optimize: unknown vacancy ranking %d", s.Vacancy))
	case s.Vacancy == VacancyOff && !s.AbsentRange.all():
		errs = append(errs, fmt.Errorf("optimize: absent pairs %v: the vacancy quality is not ranked (vacancy off)", s.AbsentRange))
	case !(w.Max >= 0 && w.Av >= 0) || math.IsInf(w.Max, 0) || math.IsInf(w.Av, 0):
		errs = append(errs, fmt.Errorf("optimize: weights %v: must be finite and from 0 up", w))
	case m.Pairs < 2 || len(m.Schedule) != m.Rounds:
		errs = append(errs, fmt.Errorf("optimize: movement has %d pairs and %d of %d rounds: nothing to optimise", m.Pairs, len(m.Schedule), m.Rounds))
	case s.Absent != 0 && m.Pairs < 3:
		errs = append(errs, fmt.Errorf("optimize: absent pair %d: %d pairs leave nothing to optimise", s.Absent, m.Pairs))
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return s.checkBudget(m)
}

// optimizer holds what every restart or enumeration chunk shares.
type optimizer struct {
	set      Settings
	work     *movement.Movement // the input, renumbered
	base     *SwitchState       // of work, without the absent pair
	rank     ranking
	vars     []int32 // slots the search may switch
	groupOf  [][]int32
	freeGrp  []bool // groups with no fixed table: switching all of them is a symmetry
	zobrist  []uint64
	deadline time.Time
	history  []Trace      // per restart, with Settings.Checkpoints
	done     atomic.Int64 // iterations, for progress
	bestSS   atomic.Int64 // for progress
}

// Search tries the NS/EW orientations of m's tables for the best
// balance: minimal SS (maximal Qf), then the vacancy quality (by default
// the score 2·Qf1max + Qf1av; see Settings.Vacancy, which may leave it
// out), then d4 (unless Settings.NoD4). Small
// searches are exhaustive and proven; larger ones are annealed. A cancelled
// context or the time budget stops the search early; the best found is
// returned with a nil error.
func Search(ctx context.Context, m *movement.Movement, set Settings) (*Result, error) {
	if err := set.Validate(m); err != nil {
		return nil, err
	}
	o, err := newOptimizer(m, set)
	if err != nil {
		return nil, err
	}
	set = o.set
	start := time.Now()
	if set.Time > 0 {
		o.deadline = start.Add(set.Time)
	}
	o.bestSS.Store(o.base.ss)

	exhaustive := o.exhaustive()
	budget := set.Iterations * int64(set.Restarts)
	if exhaustive {
		budget = 1 << len(o.vars)
	}
	stopProgress := o.startProgress(start, budget, exhaustive)
	var best searchResult
	if exhaustive {
		best = o.enumerateAll(ctx)
	} else {
		best = o.anneal(ctx)
	}
	stopProgress()
	r := o.finish(best, exhaustive)
	r.History = o.history
	return r, nil
}

// newOptimizer applies the defaults of the settings, renumbers the
// movement, leaves out the absent pair and plans the search. The settings
// are valid.
func newOptimizer(m *movement.Movement, set Settings) (*optimizer, error) {
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
	work, opt := m, m
	if set.Renumber != nil {
		work, _ = m.Renumber(set.Renumber) // checked by Validate
	}
	opt = work
	if set.Absent != 0 {
		var err error
		if opt, err = work.WithoutPair(set.Absent); err != nil {
			return nil, fmt.Errorf("optimize: %w", err)
		}
	}
	o := &optimizer{set: set, work: work, base: NewSwitchState(opt)}
	o.plan()
	return o, nil
}

// exhaustive says whether the search enumerates every orientation of the
// free tables rather than annealing.
func (o *optimizer) exhaustive() bool {
	return len(o.vars) <= o.set.ExhaustiveBits && len(o.vars) < 62
}

// plan works out which slots are free and which can be pinned by symmetry,
// and which absences the vacancy quality ranks.
func (o *optimizer) plan() {
	st := o.base.st
	m := o.work // the slots of the search are at the same places
	set := &o.set
	fixed := make([]bool, len(st.where))
	for i, w := range st.where {
		tb := m.Schedule[w.Round-1][w.Table-1]
		g := Group(tb.Group + 1)
		fixed[i] = slices.Contains(set.FixRounds, w.Round) ||
			slices.Contains(set.FixTables, w.Table) ||
			w.Round == 1 && w.Table <= set.FixFirst ||
			slices.Contains(set.FixPairs, tb.NS) || slices.Contains(set.FixPairs, tb.EW) ||
			slices.Contains(set.FixGroups, g) ||
			set.Fixers.fixed(w.Round, w.Table) ||
			set.OnlyRound != 0 && w.Round != set.OnlyRound ||
			set.OnlyTable != 0 && w.Table != set.OnlyTable ||
			set.OnlyPair != 0 && tb.NS != set.OnlyPair && tb.EW != set.OnlyPair ||
			set.OnlyGroup != 0 && g != set.OnlyGroup
	}
	o.rank = ranking{vacancy: set.Vacancy, weights: set.Weights, noD4: set.NoD4}
	if !set.AbsentRange.all() {
		// Pairs of the searched movement are numbered without the absent one.
		o.rank.ranked = make([]bool, st.P)
		for V := range st.P {
			p := V + 1
			if set.Absent != 0 && p >= set.Absent {
				p++
			}
			o.rank.ranked[V] = set.AbsentRange.contains(p)
		}
	}
	o.groupOf = make([][]int32, st.base.Groups)
	for i := range st.where {
		g := st.group[i]
		o.groupOf[g] = append(o.groupOf[g], int32(i))
	}
	// Switching every table of a group negates both factors of each of its
	// products, so no score changes, with or without an absent pair. A group
	// without fixed tables may therefore keep its first table as it is.
	o.freeGrp = make([]bool, st.base.Groups)
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
	trace Trace
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
		// A restart not started when the search is cancelled, or out of
		// time, is left out: its setup alone (an evaluation and a few
		// thousand trials) times thousands of restarts would take minutes.
		// The first always runs, so that there is a result.
		if why, stop := o.interrupted(ctx); stop && i > 0 {
			for j := i; j < len(results); j++ {
				results[j] = searchResult{stop: why}
			}
			break
		}
		g.Go(func() error {
			results[i] = o.restart(ctx, i)
			return nil
		})
	}
	g.Wait()
	if o.set.Checkpoints != nil {
		for _, r := range results {
			if r.found { // a restart left out has no trace
				o.history = append(o.history, r.trace)
			}
		}
	}
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
// The default temperatures tempHigh and tempLow (options.go) are in units
// of the mean uphill ΔSS from the starting orientation; tuned on Mitchells
// 11–15.
const (
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

// restart is one annealing run, or one greedy run in ModeGreedy.
func (o *optimizer) restart(ctx context.Context, idx int) searchResult {
	if o.set.Cooling.Mode == ModeGreedy {
		return o.greedy(ctx, idx)
	}
	rng := rand.New(rand.NewPCG(o.set.Seed, uint64(idx)))
	s := o.base.clone()
	ev := newObjectiveEval(s, o.rank)
	vars := o.vars
	nv := len(vars)
	res := searchResult{flip: make([]bool, len(o.zobrist)), stop: StopIterations}
	if nv == 0 {
		res.obj, res.found = ev.eval(s), true
		res.trace = o.newTracer(res.obj.ss).finish(0, res.obj.ss, res.stop)
		return res
	}
	flip := make([]bool, len(o.zobrist))
	var hash uint64
	if o.set.Randomize {
		// balans -z: a random start, from the restart's own stream.
		for _, i := range vars {
			if rng.IntN(2) == 1 {
				s.apply(int(i))
				flip[i] = true
				hash ^= o.zobrist[i]
			}
		}
	}

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
	c1, c2 := o.set.Cooling.temps()
	c1, c2 = c1*scale, c2*scale
	hi, lo := c2, c1 // fast mode: the hottest and the coldest

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
	tr := o.newTracer(best.ss)
	if why, ok := o.reached(ev, best); ok {
		// A start at the bound (a Qf-100 movement with the vacancy
		// quality off, say) cannot be beaten: no trial is needed.
		res.obj, res.stop = best, why
		res.trace = tr.finish(0, best.ss, res.stop)
		return res
	}
	lastBest := int64(0)
	step := 0
	temp := hi
	var credit int64
	memo := new(expMemo)
	budget := o.set.Iterations
	var it int64
	for it = 0; it < budget; it++ {
		if it == tr.due {
			tr.record(it, best.ss)
		}
		if it%stepTrials == 0 {
			if it%checkTrials == 0 && it > 0 {
				o.done.Add(checkTrials)
				if why, stop := o.interrupted(ctx); stop {
					res.stop = why
					break
				}
			}
			switch o.set.Cooling.Mode {
			case ModeSlow:
				// Cool over the budget, or over the time budget if that
				// ends first.
				f := float64(it) / float64(budget)
				if o.set.Time > 0 {
					f = max(f, float64(time.Since(o.deadline.Add(-o.set.Time)))/float64(o.set.Time))
				}
				temp = c1 * math.Pow(c2/c1, min(f, 1))
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
			if x > 30 || rng.Float64() >= memo.exp(d, temp) {
				continue
			}
		}
		s.apply(int(i))
		flip[i] = !flip[i]
		hash ^= o.zobrist[i]
		switch {
		case s.ss < best.ss:
			best = ev.eval(s)
		case s.ss == best.ss && hash != bestHash && credit >= tieCost && !o.rank.tiesOnly():
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
		tr.improved(it+1, best.ss)
		lastBest = it
		step = coldest // freeze at the new best
		o.noteBest(best.ss)
		if why, ok := o.reached(ev, best); ok {
			res.stop = why
			it++
			break
		}
	}
	o.done.Add(it % checkTrials)
	res.obj, res.iters = best, it
	res.trace = tr.finish(it, best.ss, res.stop)
	return res
}

// reached says whether a restart may stop at best: at the bound, or at
// the target Qf.
func (o *optimizer) reached(ev *objectiveEval, best objective) (StopReason, bool) {
	switch {
	case best.atBound:
		return StopBound, true
	case o.set.TargetQf > 0 && ev.qf(best.ss) >= o.set.TargetQf:
		return StopTarget, true
	}
	return "", false
}

// finish turns the best orientation into the result.
func (o *optimizer) finish(best searchResult, exhaustive bool) *Result {
	m := o.base.st.base // as searched: renumbered, without the absent pair
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
		Movement:   o.work.Clone(),
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
			r.Movement.Switch(w.Round, w.Table)
		}
	}
	if m.Pairs >= 3 {
		r.VacancyBefore, _ = movement.ComputeVacancy(m)
		r.VacancyAfter, _ = movement.ComputeVacancy(out)
	}
	return r
}

// expMemo remembers exp(−d/temp) of recent trials. The temperatures come
// round again cycle after cycle and the deltas are few, so most uphill
// trials need no exponential: a third of the search's time before. The
// values are math.Exp's, so the search is the same.
type expMemo struct {
	key [1 << 12]struct {
		temp float64
		d    int64
	}
	val [1 << 12]float64
}

func (m *expMemo) exp(d int64, temp float64) float64 {
	h := (uint64(d)*0x9E3779B97F4A7C15 ^ math.Float64bits(temp)*0xC2B2AE3D27D4EB4F) >> 52
	if k := &m.key[h]; k.d == d && k.temp == temp {
		return m.val[h]
	}
	x := float64(d) / temp
	v := math.Exp(-x)
	m.key[h].temp, m.key[h].d, m.val[h] = temp, d, v
	return v
}
