package luck

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/engine/budget"
	"github.com/bridgereport/bridgereport/engine/movement"
)

// Method says how the Bussemaker model goes through the numberings.
type Method int

const (
	// Auto enumerates every numbering when there are at most MaxExact of
	// them, and samples otherwise.
	Auto Method = iota
	// Exact enumerates every numbering; it is an error when there are more
	// than MaxExact.
	Exact
	// Sample draws random numberings, however few there are.
	Sample
)

func (m Method) String() string {
	switch m {
	case Auto:
		return "auto"
	case Exact:
		return "exact"
	case Sample:
		return "sample"
	}
	return fmt.Sprintf("Method(%d)", int(m))
}

// MarshalText writes the method's name: auto, exact or sample.
func (m Method) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText reads auto, exact or sample (any case), so YAML and
// flag.TextVar decode a method directly.
func (m *Method) UnmarshalText(text []byte) error {
	for _, x := range []Method{Auto, Exact, Sample} {
		if strings.EqualFold(string(text), x.String()) {
			*m = x
			return nil
		}
	}
	return fmt.Errorf("want auto, exact or sample, got %q", text)
}

// DefaultSamples is the number of random numberings drawn when
// Settings.Samples is zero.
const DefaultSamples = 1_000_000

// DefaultSeed is the seed of the random numberings when Settings.Seed is
// zero.
const DefaultSeed = 1

// MaxSamples is the most random numberings one run may draw: sampling runs
// at some millions a second, so 10¹⁰ is already an hour or more and 10¹²
// would be days. A larger count is refused rather than left to run.
const MaxSamples int64 = 10_000_000_000

// Settings configures the Bussemaker model. The zero value is the
// original model: strengths 1..P, one group, every numbering enumerated if
// there are few enough, else a million sampled with seed 1.
type Settings struct {
	// Strengths[i] is the strength of entrant i+1, lower being stronger;
	// nil means 1, 2, …, P. List the strongest first: the diagonal of the
	// rank table (and so Qd) assumes entrant i ideally finishes i-th in
	// its group. Strength differences are compared as float64, exactly
	// so for whole numbers.
	Strengths []float64
	// Groups partitions the pair numbers 1..P. Entrants get pair numbers
	// within the group of their own number and are ranked within it. nil
	// means one group of all pairs.
	Groups [][]int
	// Method chooses enumeration or sampling; the zero value is Auto.
	Method Method
	// Samples is the number of random numberings; 0 means DefaultSamples.
	// Unused when the numberings are enumerated.
	Samples int64
	// Seed seeds the generators: chunk c of the samples uses
	// rand.NewPCG(Seed, c); 0 means DefaultSeed. Unused when the
	// numberings are enumerated.
	Seed uint64
	// Ties is the rule for entrants with equal percentages; the zero value
	// breaks them at random. FirstTies runs the float scorer, not the
	// integer kernel, and so is slower.
	Ties TieRule
	// Progress, if not nil, is called now and then with the numberings
	// done and the total, on the goroutine that called Bussemaker.
	Progress func(done, total int64)
}

// Spread describes the percentage of one entrant over the numberings.
type Spread struct {
	// Avg is the mean percentage.
	Avg float64 `json:"avg"`
	// Sd is the population standard deviation: the numberings are the
	// whole population when enumerated, and a sample of thousands, where
	// n and n−1 make no difference, otherwise.
	Sd float64 `json:"sd"`
	// Min and Max are the extreme percentages met.
	Min float64 `json:"min"`
	Max float64 `json:"max"`
}

// Result is the outcome of the Bussemaker model. Its json keys are those
// of the bussemaker cell's result, which embeds it.
type Result struct {
	// Exact is true when every numbering was enumerated.
	Exact bool `json:"exact"`
	// Samples is the number of numberings evaluated (all of them when
	// Exact).
	Samples int64 `json:"samples"`
	// Seed is the seed used for sampling, DefaultSeed for 0 (reported
	// even when Exact).
	Seed uint64 `json:"seed"`
	// Strengths and Groups are the settings used, defaults filled in;
	// each group's pair numbers ascending.
	Strengths []float64 `json:"strengths"`
	Groups    [][]int   `json:"groups"`
	// Qd is the mean of the diagonal: the probability, in percent, that an
	// entrant finishes in its ideal place, averaged over the entrants.
	Qd float64 `json:"qd"`
	// Qb is 100 / (1 + Sigma/3).
	Qb float64 `json:"qb"`
	// Sigma is the root mean square of the entrants' Sd.
	Sigma float64 `json:"sigma"`
	// Spread[i] is the spread of entrant i+1's percentage.
	Spread []Spread `json:"pairs"`
	// RankProbability[j][i] is the probability in percent that entrant i+1
	// finishes (j+1)-th in its group. Tied places are broken at random
	// when sampling and shared evenly when enumerating, which is what
	// random tie-breaking converges to; under FirstTies they go to the
	// entrants in the order of their numbers.
	RankProbability [][]float64 `json:"rank_probability"`
	// IdealPlace[i] is the place (1-based) where entrant i+1 finishes in
	// the ideal order: its position in its group. The diagonal of the rank
	// table is RankProbability[IdealPlace[i]-1][i].
	IdealPlace []int `json:"ideal_place"`
	// Symmetry is the order of the movement's automorphism group, when an
	// exact run of a large field looked for it (ExactPlan), else 0.
	Symmetry int `json:"symmetry_order,omitempty"`
	// SymmetryUsed is the order of the subgroup whose orbits were
	// enumerated one representative each, Reversal whether the strength
	// reversal halved the work, and Evaluated the number of numberings
	// scored; Samples stays the number of numberings covered.
	SymmetryUsed int   `json:"symmetry_used,omitempty"`
	Reversal     bool  `json:"strength_reversal,omitempty"`
	Evaluated    int64 `json:"numberings_evaluated,omitempty"`
}

// ErrTooManyNumberings is wrapped by the error of an Exact run over more
// than MaxExact numberings.
var ErrTooManyNumberings = errors.New("too many numberings to enumerate")

// Bussemaker runs the Bussemaker model (seed 000): entrants of
// the given strengths get random pair numbers, every board is scored by
// strength difference and matchpointed, and the spread of each entrant's
// percentage and place is collected. Sampling uses all cores; the result
// depends only on the movement and the settings, never on GOMAXPROCS.
func Bussemaker(ctx context.Context, m *movement.Movement, set Settings) (*Result, error) {
	P := m.Pairs
	strengths := slices.Clone(set.Strengths)
	if strengths == nil {
		strengths = make([]float64, P)
		for i := range strengths {
			strengths[i] = float64(i + 1)
		}
	}
	if err := checkStrengths(strengths, P); err != nil {
		return nil, err
	}
	sc, err := newScorer(m)
	if err != nil {
		return nil, err
	}
	nb, err := newNumberings(P, set.Groups)
	if err != nil {
		return nil, err
	}
	count, small := nb.exactCount()
	exact := false
	switch set.Method {
	case Auto:
		exact = small
	case Exact:
		if !small {
			return bussemakerLarge(ctx, sc, nb, strengths, set)
		}
		exact = true
	case Sample:
	default:
		return nil, fmt.Errorf("bussemaker: unknown method %d", set.Method)
	}
	total := count
	if !exact {
		total = set.Samples
		if total == 0 {
			total = DefaultSamples
		}
		if total < 0 {
			return nil, fmt.Errorf("bussemaker: %d samples; the number of samples must be positive", total)
		}
		if total > MaxSamples {
			return nil, fmt.Errorf("bussemaker: %d samples: more than the %d one run may draw (at some millions a second, that many would take %s)", total, MaxSamples, budget.Words(float64(total)/5e6))
		}
	}
	// Samples or numberings times the size of the movement: refused when
	// that is hours of work (budget.DefaultLimit), with the estimate.
	if e, err := Estimate(m, set); err == nil {
		if err := e.Check("bussemaker", 0, false, "give fewer samples"); err != nil {
			return nil, err
		}
	}

	run, err := newRun(sc, nb, strengths, set, exact)
	if err != nil {
		return nil, err
	}
	sum := newBussAcc(P, nb.maxSize)
	// A slot holds a rank table of rows×P floats; keep the slots of a wave
	// within about 64 MB for very large fields.
	wave := min(waveChunks, max(4, (64<<20)/(8*nb.maxSize*P+1)))
	slots := make([]*bussAcc, wave)
	for i := range slots {
		slots[i] = newBussAcc(P, nb.maxSize)
	}
	work := func(ctx context.Context, slot int, chunk, from, to int64) error {
		return run.chunk(ctx, slots[slot], chunk, from, to)
	}
	merge := func(slot int) { sum.add(slots[slot]) }
	if done, err := run.gray(ctx, total, wave, slots, merge, set.Progress); err != nil {
		return nil, err
	} else if !done {
		if err := forChunks(ctx, total, wave, work, merge, set.Progress); err != nil {
			return nil, err
		}
	}
	return run.result(sum), nil
}

// bussRun is what every chunk of one run shares, read-only.
type bussRun struct {
	sc        *scorer
	nb        *numberings
	strengths []float64
	seed      uint64
	exact     bool
	// first breaks ties by entrant number (FirstTies), in the float scorer.
	first bool
	// k is the integer kernel, nil when it cannot score these strengths.
	k *kernel
}

// bussAcc accumulates one chunk (or, merged, the whole run), and holds the
// scratch buffers of the goroutine computing the chunk.
type bussAcc struct {
	// The generator's state lives in the struct, and the struct is padded:
	// accumulators of chunks that run at once on different cores must not
	// share a cache line, or every draw would bounce it between them.
	_                  [64]byte
	rngState           rand.PCG
	n                  int64
	sum, sumsq, lo, hi []float64 // per entrant
	place              []float64 // place[j*P+e]: entrant e finished (j+1)-th
	perm, order, avail []int
	s, v, pct          []float64
	c, tot             []int32
	kplace             []uint32  // the kernel's sampled places, until flush
	rng                *rand.PCG // &rngState
	pairs, rows        int
	kb                 *kbuf // the kernel's scratch, made on first use
	_                  [64]byte
}

func newBussAcc(P, rows int) *bussAcc {
	a := &bussAcc{
		pairs: P, rows: rows,
		sum: make([]float64, P), sumsq: make([]float64, P),
		lo: make([]float64, P), hi: make([]float64, P),
		place: make([]float64, rows*P),
		perm:  make([]int, P), order: make([]int, P), avail: make([]int, P),
		s: make([]float64, P), v: make([]float64, P), pct: make([]float64, P),
		c: make([]int32, P), tot: make([]int32, P),
		kplace: make([]uint32, rows*P),
	}
	a.rng = &a.rngState
	a.reset()
	return a
}

func (a *bussAcc) reset() {
	a.n = 0
	clear(a.sum)
	clear(a.sumsq)
	clear(a.place)
	for i := range a.lo {
		a.lo[i], a.hi[i] = math.Inf(1), math.Inf(-1)
	}
}

// add merges b into a.
func (a *bussAcc) add(b *bussAcc) {
	a.n += b.n
	for i := range a.sum {
		a.sum[i] += b.sum[i]
		a.sumsq[i] += b.sumsq[i]
		a.lo[i] = min(a.lo[i], b.lo[i])
		a.hi[i] = max(a.hi[i], b.hi[i])
	}
	for i, x := range b.place {
		a.place[i] += x
	}
}

// chunk evaluates numberings from..to-1 into acc: numbering index i when
// enumerating, else to-from random numberings from generator (seed, chunk).
func (r *bussRun) chunk(ctx context.Context, acc *bussAcc, chunk, from, to int64) error {
	acc.reset()
	if !r.exact {
		acc.rng.Seed(r.seed, uint64(chunk))
		for p := range acc.perm {
			acc.perm[p] = p
		}
	}
	done := ctx.Done()
	for i := from; i < to; i++ {
		if (i-from)%256 == 0 {
			select {
			case <-done:
				return ctx.Err()
			default:
			}
		}
		if r.exact {
			r.nb.decode(i, acc.perm, acc.avail)
		} else {
			r.nb.shuffle(acc.rng, acc.perm)
		}
		if r.k != nil {
			if acc.kb == nil {
				acc.kb = r.k.newBuf()
			}
			r.k.load(acc.perm, acc.kb)
			r.k.matchpoints(acc.kb)
			r.k.accumulate(r, acc, acc.perm, acc.kb)
		} else {
			r.score(acc)
		}
	}
	if r.k != nil {
		r.k.flush(acc)
	}
	return nil
}

// score evaluates the numbering in acc.perm and adds it to acc.
func (r *bussRun) score(acc *bussAcc) {
	perm, s, pct := acc.perm, acc.s, acc.pct
	for p, e := range perm {
		s[p] = r.strengths[e]
	}
	r.sc.matchpoints(s, acc.v, acc.c, acc.tot)
	for p, t := range acc.tot {
		x := r.sc.percent(p, t)
		pct[p] = x
		e := perm[p]
		acc.sum[e] += x
		acc.sumsq[e] += x * x
		if x < acc.lo[e] {
			acc.lo[e] = x
		}
		if x > acc.hi[e] {
			acc.hi[e] = x
		}
	}
	P := acc.pairs
	for _, grp := range r.nb.groups {
		// Order the group's pairs best first (insertion sort: groups are small).
		order := acc.order[:len(grp)]
		copy(order, grp)
		for i := 1; i < len(order); i++ {
			p, x := order[i], pct[order[i]]
			j := i
			for ; j > 0 && pct[order[j-1]] < x; j-- {
				order[j] = order[j-1]
			}
			order[j] = p
		}
		// Runs of equal percentages share their places: at random when
		// sampling, evenly when enumerating.
		for i := 0; i < len(order); {
			j := i + 1
			for j < len(order) && pct[order[j]] == pct[order[i]] {
				j++
			}
			switch {
			case j-i == 1:
				acc.place[i*P+perm[order[i]]]++
			case r.first:
				run := order[i:j]
				slices.SortFunc(run, func(a, b int) int { return perm[a] - perm[b] })
				for k, p := range run {
					acc.place[(i+k)*P+perm[p]]++
				}
			case r.exact:
				w := 1 / float64(j-i)
				for _, p := range order[i:j] {
					for k := i; k < j; k++ {
						acc.place[k*P+perm[p]] += w
					}
				}
			default:
				run := order[i:j]
				for k := len(run) - 1; k > 0; k-- {
					l := intN(acc.rng, k+1)
					run[k], run[l] = run[l], run[k]
				}
				for k, p := range run {
					acc.place[(i+k)*P+perm[p]]++
				}
			}
			i = j
		}
	}
	acc.n++
}

// result turns the merged accumulator into percentages and figures.
func (r *bussRun) result(sum *bussAcc) *Result {
	P := sum.pairs
	res := &Result{
		Exact: r.exact, Samples: sum.n, Seed: r.seed,
		Strengths:       r.strengths,
		Spread:          make([]Spread, P),
		RankProbability: make([][]float64, sum.rows),
	}
	res.Groups = make([][]int, len(r.nb.groups))
	for g, grp := range r.nb.groups {
		res.Groups[g] = make([]int, len(grp))
		for i, p := range grp {
			res.Groups[g][i] = p + 1
		}
	}
	n := float64(sum.n)
	var ss float64
	for e := range P {
		avg := sum.sum[e] / n
		sd := math.Sqrt(max(0, sum.sumsq[e]/n-avg*avg))
		res.Spread[e] = Spread{Avg: avg, Sd: sd, Min: sum.lo[e], Max: sum.hi[e]}
		ss += sd * sd
	}
	for j := range res.RankProbability {
		row := make([]float64, P)
		for e := range row {
			row[e] = 100 * sum.place[j*P+e] / n
		}
		res.RankProbability[j] = row
	}
	res.IdealPlace = make([]int, P)
	for e := range P {
		res.IdealPlace[e] = r.nb.place[e] + 1
		res.Qd += res.RankProbability[r.nb.place[e]][e]
	}
	res.Qd /= float64(P)
	res.Sigma = math.Sqrt(ss / float64(P))
	res.Qb = 100 / (1 + res.Sigma/3)
	return res
}

// intN returns a uniform random number in [0, n), n > 0, from the chunk's
// generator: Lemire's multiply-and-reject, without the interface call of
// rand.Rand in the hot loop.
func intN(rng *rand.PCG, n int) int {
	hi, lo := bits.Mul64(rng.Uint64(), uint64(n))
	if lo < uint64(n) {
		return intNReject(rng, n, hi, lo)
	}
	return int(hi)
}

// intNReject is intN's rare path, apart so that intN is inlined: a draw
// whose low half is below the threshold is rejected and drawn again.
func intNReject(rng *rand.PCG, n int, hi, lo uint64) int {
	thresh := -uint64(n) % uint64(n)
	for lo < thresh {
		hi, lo = bits.Mul64(rng.Uint64(), uint64(n))
	}
	return int(hi)
}

// newRun is a run of the model: its tie rule checked, its seed defaulted,
// and the integer kernel when the strengths allow it (not for ties to the
// lower number, which the kernel does not order).
func newRun(sc *scorer, nb *numberings, strengths []float64, set Settings, exact bool) (*bussRun, error) {
	switch set.Ties {
	case RandomTies, FirstTies:
	default:
		return nil, fmt.Errorf("bussemaker: unknown tie rule %d", set.Ties)
	}
	seed := set.Seed
	if seed == 0 {
		seed = DefaultSeed
	}
	run := &bussRun{sc: sc, nb: nb, strengths: strengths, seed: seed, exact: exact,
		k: newKernel(sc, strengths, nb), first: set.Ties == FirstTies}
	if noKernel || run.first {
		run.k = nil
	}
	return run, nil
}
