package luck

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/budget"
	"github.com/bridgereport/bridgereport/engine/movement"
)

// An exact enumeration can be cut into shards and run on many machines.
// The enumeration is already cut into fixed chunks, reduced in chunk order
// (chunks.go); shard K of N computes chunks ⌊K·C/N⌋ … ⌊(K+1)·C/N⌋−1 of the
// C chunks into a part, and MergeExact reduces the parts' chunks in the
// same order into the Result that Bussemaker returns for the whole, to the
// bit.
//
// The reduced enumeration of large two-sided fields (bussemaker_exact.go)
// counts in integers, so a part holds its chunks' counts summed, and parts
// add up in any order. The enumeration of smaller fields sums floats in
// chunk order (the golden studies pin those sums), so a part holds each
// chunk's sums, which the merge adds in order.

// ExactPartFormat and ExactPartVersion name a part's file format
// (engine/formats/exactpart writes and reads it); a merge
// refuses any other.
const (
	ExactPartFormat  = "bridgereport-exact-part"
	ExactPartVersion = 2
)

// exactPartVersions are the versions a merge reads: version 1 held every
// total in Hist, before Moments.
var exactPartVersions = []int{1, ExactPartVersion}

// ExactPartVersionOK says whether a merge reads parts of version v.
func ExactPartVersionOK(v int) bool { return slices.Contains(exactPartVersions, v) }

// The ways an exact enumeration goes through its chunks.
const (
	methodReduced = "reduced" // two sides, symmetry: integer counts per choice of side A
	methodOrbit   = "orbit"   // one numbering per orbit: integer counts per prefix
	methodGray    = "gray"    // blocks of a Gray code: float sums per block
	methodDecode  = "decode"  // numberings in decode order: float sums per chunk
)

// Shard is shard K (0 ≤ K < N) of N.
type Shard struct{ K, N int }

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.K, s.N) }

// MaxShards bounds N: more shards than chunks would leave some empty.
const MaxShards = 1_000_000

// ParseShard reads "K/N" (0 ≤ K < N), or "auto/N", where K is then index,
// the caller's JOB_COMPLETION_INDEX as a Kubernetes Indexed Job sets it
// (the engine reads no environment).
func ParseShard(text, index string) (Shard, error) {
	k, n, ok := strings.Cut(strings.TrimSpace(text), "/")
	if !ok {
		return Shard{}, fmt.Errorf("shard %q: want K/N or auto/N, e.g. 3/8", text)
	}
	N, err := strconv.Atoi(n)
	if err != nil || N < 1 || N > MaxShards {
		return Shard{}, fmt.Errorf("shard %q: N must be a whole number from 1 to %d", text, MaxShards)
	}
	if k == "auto" {
		if index == "" {
			return Shard{}, fmt.Errorf("shard %q: auto takes K from JOB_COMPLETION_INDEX, which is not set", text)
		}
		// The index is not on the command line: say where K came from.
		if K, err := strconv.Atoi(index); err != nil || K < 0 || K >= N {
			return Shard{}, fmt.Errorf("shard %q: auto takes K from JOB_COMPLETION_INDEX, which is %q, not a whole number from 0 to N−1 = %d", text, index, N-1)
		}
		k = index
	}
	K, err := strconv.Atoi(k)
	if err != nil || K < 0 || K >= N {
		return Shard{}, fmt.Errorf("shard %q: K must be a whole number from 0 to N−1 = %d, got %q", text, N-1, k)
	}
	return Shard{K, N}, nil
}

// ExactPart is one shard of an exact enumeration: what it covers, the
// settings and movement it belongs to, and its counts or sums. Its JSON is
// the part file of a sharded run.
type ExactPart struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	// Movement is the caller's name for the movement (a spec such as
	// "mitchell:5,switch=2"); the merge compares it and the Fingerprint,
	// which the engine computes from the plays.
	Movement    string      `json:"movement"`
	Fingerprint string      `json:"fingerprint"`
	Pairs       int         `json:"pairs"`
	Strengths   []float64   `json:"strengths"`
	Groups      [][]int     `json:"groups"`
	Ties        TieRule     `json:"ties"`
	Seed        uint64      `json:"seed"` // only reported in the result
	Method      string      `json:"method"`
	Numberings  string      `json:"numberings"` // decimal, may exceed int64
	Chunks      int64       `json:"chunks"`
	Shard       int         `json:"shard"`
	Shards      int         `json:"shards"`
	First       int64       `json:"first_chunk"`
	End         int64       `json:"end_chunk"` // one past the last
	Counts      *PartCounts `json:"counts,omitempty"`
	ChunkSums   []ChunkSums `json:"chunk_sums,omitempty"`
}

// PartCounts are the integer counts of the reduced enumeration, by
// entrant, not yet multiplied by the symmetry.
type PartCounts struct {
	// Scored is the number of numberings scored.
	Scored int64 `json:"scored"`
	// Hist[e][t]: numberings where entrant e+1 totals t matchpoints.
	Hist [][]int64 `json:"hist"`
	// Place[(e*P+s)*P+r-1]: numberings where entrant e+1's run of equal
	// totals starts at place s (0-based) and has r members.
	Place []int64 `json:"place"`
	// Moments[e]: entrant e+1's totals in the numberings that Hist does
	// not count, summed (version 2 on; absent when Hist counts them all).
	Moments []Moments `json:"moments,omitempty"`
}

// Moments sum one entrant's totals over numberings counted without a
// histogram: how many, the sum of the totals and of their squares, and the
// least and greatest total (both 0 when N is 0). They are what the figures
// of a total need, exactly.
type Moments struct {
	N     int64 `json:"n"`
	Sum   int64 `json:"sum"`
	SumSq int64 `json:"sumsq"`
	Min   int32 `json:"min"`
	Max   int32 `json:"max"`
}

// add adds o, times times over.
func (m *Moments) add(o Moments, times int64) {
	if o.N == 0 || times == 0 {
		return
	}
	if m.N == 0 {
		m.Min, m.Max = o.Min, o.Max
	}
	m.Min, m.Max = min(m.Min, o.Min), max(m.Max, o.Max)
	m.N += times * o.N
	m.Sum += times * o.Sum
	m.SumSq += times * o.SumSq
}

// mirrored is o with every total t turned into top − t.
func (o Moments) mirrored(top int32) Moments {
	if o.N == 0 {
		return o
	}
	T := int64(top)
	return Moments{N: o.N, Sum: o.N*T - o.Sum, SumSq: o.N*T*T - 2*T*o.Sum + o.SumSq, Min: top - o.Max, Max: top - o.Min}
}

// within says whether m can be the moments of at most n totals of 0…top.
func (m Moments) within(n int64, top int32) bool {
	if m.N == 0 {
		return m == Moments{}
	}
	T := int64(top)
	return m.N > 0 && m.N <= n && 0 <= m.Min && m.Min <= m.Max && int64(m.Max) <= T &&
		m.N*int64(m.Min) <= m.Sum && m.Sum <= m.N*int64(m.Max) &&
		m.N*int64(m.Min)*int64(m.Min) <= m.SumSq && m.SumSq <= m.N*int64(m.Max)*int64(m.Max)
}

// addTotal adds count numberings whose total is t.
func (m *Moments) addTotal(t, count int64) {
	m.add(Moments{N: count, Sum: count * t, SumSq: count * t * t, Min: int32(t), Max: int32(t)}, 1)
}

// ChunkSums are one chunk's float sums, by entrant, as Bussemaker reduces
// them; JSON writes float64 so that they read back to the bit.
type ChunkSums struct {
	N     int64     `json:"n"`
	Sum   []float64 `json:"sum"`
	SumSq []float64 `json:"sumsq"`
	Min   []float64 `json:"min"`
	Max   []float64 `json:"max"`
	// Place[j*P+e]: entrant e+1 finished (j+1)-th (shares of ties).
	Place []float64 `json:"place"`
}

// Fingerprint identifies a movement by what the model reads of it: the
// pairs and the plays of every board group, in order.
func Fingerprint(m *movement.Movement) string {
	h := sha256.New()
	var b [8]byte
	put := func(x int) {
		binary.LittleEndian.PutUint64(b[:], uint64(x))
		h.Write(b[:])
	}
	put(m.Pairs)
	for _, g := range movement.GroupPlays(m) {
		put(len(g))
		for _, p := range g {
			put(p.NS)
			put(p.EW)
		}
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)[:16])
}

// exactJob is an exact enumeration prepared to run any of its chunks.
type exactJob struct {
	run    *bussRun
	method string
	chunks int64
	// The reduced enumeration and the one by orbits.
	lp    *largePlan
	orbit *orbitField
	// The Gray blocks: the last m pairs, blockLen = m! numberings a block.
	m        int
	blockLen int64
}

// newExactJob prepares the exact enumeration Bussemaker runs for m and set
// with Method Exact.
func newExactJob(m *movement.Movement, set Settings) (*exactJob, error) {
	sc, nb, strengths, err := prepare(m, set)
	if err != nil {
		return nil, err
	}
	run, err := newRun(sc, nb, strengths, set, true)
	if err != nil {
		return nil, err
	}
	j := &exactJob{run: run}
	count, small := nb.exactCount()
	switch {
	case !small:
		lp := planLarge(sc, nb, strengths, set.Ties)
		if lp.method == "" {
			return nil, fmt.Errorf("exact enumeration: %s numberings, more than %d, and no reduction applies (%s): %w",
				nb.count, MaxExact, lp.why(), ErrTooManyNumberings)
		}
		j.method, j.lp = lp.method, lp
		// bussemakerLarge reports the seed as given, 0 included.
		run.seed = set.Seed
		if lp.method == methodOrbit {
			j.orbit = newOrbitField(sc, nb, strengths, lp.levels, lp.ExactPlan)
			j.chunks = j.orbit.chunks()
			break
		}
		// One chunk per choice of side A, as largeCounts enumerates them.
		j.chunks = int64(len(reducedChoices(sc.pairs, lp.ts.n, lp.Reversal, lp.sym.swap)))
	case run.k != nil && count > legacyExact:
		last := nb.groups[len(nb.groups)-1]
		j.method, j.m = methodGray, min(len(last), grayBlock)
		j.blockLen = factorial(j.m)
		j.chunks = count / j.blockLen
	default:
		j.method = methodDecode
		j.chunks = (count + chunkSize - 1) / chunkSize
	}
	return j, nil
}

// ExactShard runs shard sh of the exact enumeration that Bussemaker runs for
// m and set (as with Method Exact) and returns its part; the caller sets
// the part's Movement. It uses all cores, and the part does not depend on
// GOMAXPROCS. set.Progress, if not nil, sees the shard's chunks done.
func ExactShard(ctx context.Context, m *movement.Movement, set Settings, sh Shard) (*ExactPart, error) {
	if sh.N < 1 || sh.K < 0 || sh.K >= sh.N {
		return nil, fmt.Errorf("bussemaker: shard %s: want 0 ≤ K < N", sh)
	}
	j, err := newExactJob(m, set)
	if err != nil {
		return nil, err
	}
	part := j.newPart(m, sh)
	first, end := part.First, part.End
	var progress func(done, total int64)
	if set.Progress != nil {
		progress = func(done, _ int64) { set.Progress(done, end-first) }
	}
	r := j.run
	P := r.sc.pairs
	if j.method == methodOrbit {
		sum, err := j.orbit.counts(ctx, first, end, progress)
		if err != nil {
			return nil, err
		}
		part.Counts = partCounts(sum, P)
		return part, nil
	}
	if j.method == methodReduced {
		er, err := newLargeRun(r, j.lp.ExactPlan, j.lp.ts, j.lp.sym)
		if err != nil {
			return nil, err
		}
		sum := newExactAcc(P, exactHistStride)
		wave := 4
		slots := make([]*exactAcc, wave)
		for i := range slots {
			slots[i] = newExactAcc(P, exactHistStride)
		}
		work := func(ctx context.Context, slot int, c, _, _ int64) error {
			return er.chunk(ctx, slots[slot], first+c)
		}
		merge := func(slot int) { sum.addChoice(slots[slot], P, j.lp.ts.n, j.lp.ts.maxTot) }
		if err := forChunksOf(ctx, end-first, 1, wave, work, merge, progress); err != nil {
			return nil, err
		}
		part.Counts = partCounts(sum, P)
		return part, nil
	}
	// The float paths: each chunk's sums, kept apart.
	wave := waveChunks
	slots := make([]*bussAcc, wave)
	for i := range slots {
		slots[i] = newBussAcc(P, r.nb.maxSize)
	}
	count, _ := r.nb.exactCount()
	work := func(ctx context.Context, slot int, c, _, _ int64) error {
		c += first
		if j.method == methodGray {
			return r.grayChunk(ctx, slots[slot], c, j.m, j.blockLen)
		}
		return r.chunk(ctx, slots[slot], c, c*chunkSize, min((c+1)*chunkSize, count))
	}
	part.ChunkSums = make([]ChunkSums, 0, end-first)
	merge := func(slot int) {
		a := slots[slot]
		part.ChunkSums = append(part.ChunkSums, ChunkSums{N: a.n, Sum: slices.Clone(a.sum),
			SumSq: slices.Clone(a.sumsq), Min: slices.Clone(a.lo), Max: slices.Clone(a.hi), Place: slices.Clone(a.place)})
	}
	if err := forChunksOf(ctx, end-first, 1, wave, work, merge, progress); err != nil {
		return nil, err
	}
	return part, nil
}

// ShardChunks says which chunks, first up to end, of the chunks of the
// exact enumeration of m with set shard sh covers, before running it (the
// part's First, End and Chunks).
func ShardChunks(m *movement.Movement, set Settings, sh Shard) (first, end, chunks int64, err error) {
	if sh.N < 1 || sh.K < 0 || sh.K >= sh.N {
		return 0, 0, 0, fmt.Errorf("bussemaker: shard %s: want 0 ≤ K < N", sh)
	}
	j, err := newExactJob(m, set)
	if err != nil {
		return 0, 0, 0, err
	}
	p := j.newPart(m, sh)
	return p.First, p.End, p.Chunks, nil
}

// partCounts are a part's integer counts.
func partCounts(sum *exactAcc, P int) *PartCounts {
	pc := &PartCounts{Scored: sum.n, Hist: make([][]int64, P), Place: sum.place}
	for e := range P {
		pc.Hist[e] = trimZeros(sum.hist[e*sum.stride : (e+1)*sum.stride])
	}
	if slices.ContainsFunc(sum.mom, func(m Moments) bool { return m.N > 0 }) {
		pc.Moments = slices.Clone(sum.mom)
	}
	return pc
}

// trimZeros drops the trailing zeros of a histogram.
func trimZeros(x []int64) []int64 {
	n := len(x)
	for n > 0 && x[n-1] == 0 {
		n--
	}
	return slices.Clone(x[:n])
}

// newPart is an empty part of shard sh, settings filled in.
func (j *exactJob) newPart(m *movement.Movement, sh Shard) *ExactPart {
	r := j.run
	groups := make([][]int, len(r.nb.groups))
	for g, grp := range r.nb.groups {
		for _, p := range grp {
			groups[g] = append(groups[g], p+1)
		}
	}
	ties := RandomTies
	if r.first {
		ties = FirstTies
	}
	return &ExactPart{Format: ExactPartFormat, Version: ExactPartVersion,
		Fingerprint: Fingerprint(m), Pairs: r.sc.pairs, Strengths: r.strengths, Groups: groups,
		Ties: ties, Seed: r.seed, Method: j.method, Numberings: r.nb.count.String(), Chunks: j.chunks,
		Shard: sh.K, Shards: sh.N,
		First: int64(sh.K) * j.chunks / int64(sh.N), End: int64(sh.K+1) * j.chunks / int64(sh.N)}
}

// Settings are the settings the part was computed with, for Bussemaker,
// ExactShard or MergeExact.
func (p *ExactPart) Settings() Settings {
	return Settings{Strengths: slices.Clone(p.Strengths), Groups: p.Groups, Ties: p.Ties, Seed: p.Seed, Method: Exact}
}

// PartError is an error of MergeExact about parts[Part], found against
// parts[Other] (the first part, whose settings the others must have, or
// the other part of the same shard), or against no other (Other < 0).
type PartError struct {
	Part, Other int
	Err         error
}

func (e *PartError) Error() string { return e.Err.Error() }
func (e *PartError) Unwrap() error { return e.Err }

// ErrPartMismatch is wrapped by the errors of MergeExact about parts that
// do not belong together or do not cover the enumeration.
var ErrPartMismatch = errors.New("exact parts do not make one enumeration")

// MergeExact reduces the parts of one exact enumeration of m, all N shards
// of it each once, into the Result of Bussemaker for the whole. It refuses
// parts of another movement or other settings, and missing or repeated
// shards, with an error wrapping ErrPartMismatch.
func MergeExact(m *movement.Movement, parts []*ExactPart) (*Result, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("merge: no parts: %w", ErrPartMismatch)
	}
	p0 := parts[0]
	if p0.Shards < 1 || p0.Shards > MaxShards {
		return nil, &PartError{0, -1, fmt.Errorf("merge: shard %d/%d: N must be from 1 to %d: %w", p0.Shard, p0.Shards, MaxShards, ErrPartMismatch)}
	}
	j, err := newExactJob(m, p0.Settings())
	if err != nil {
		return nil, &PartError{0, -1, err}
	}
	want := j.newPart(m, Shard{0, p0.Shards})
	want.Movement = p0.Movement
	byShard := make([]*ExactPart, p0.Shards)
	// from[k] is the index in parts of shard k.
	from := make([]int, p0.Shards)
	// at says that the error is about shard k's part.
	at := func(k int, err error) error { return &PartError{from[k], -1, err} }
	for i, p := range parts {
		want.Shard, want.First, want.End = p.Shard, 0, 0
		if p.Shards == want.Shards && p.Shard >= 0 && p.Shard < p.Shards {
			want.First = int64(p.Shard) * j.chunks / int64(p.Shards)
			want.End = int64(p.Shard+1) * j.chunks / int64(p.Shards)
		}
		if err := samePart(p, want); err != nil {
			if i == 0 {
				return nil, &PartError{i, -1, err}
			}
			return nil, &PartError{i, 0, err}
		}
		if byShard[p.Shard] != nil {
			return nil, &PartError{i, from[p.Shard], fmt.Errorf("merge: shard %d/%d given twice: %w", p.Shard, p.Shards, ErrPartMismatch)}
		}
		byShard[p.Shard], from[p.Shard] = p, i
	}
	var missing []string
	for k, p := range byShard {
		if p == nil {
			missing = append(missing, strconv.Itoa(k))
		}
	}
	if n := len(missing); n > 0 {
		if n > 10 {
			missing = append(missing[:10], "…")
		}
		return nil, fmt.Errorf("merge: %d of %d shards missing (%s): %w", n, p0.Shards, strings.Join(missing, ", "), ErrPartMismatch)
	}
	r := j.run
	P := r.sc.pairs
	if j.method == methodReduced || j.method == methodOrbit {
		stride, used, maxTot := exactHistStride, int64(0), int32(0)
		if j.method == methodOrbit {
			stride, used, maxTot = int(j.orbit.maxTot)+1, j.orbit.order, j.orbit.maxTot
		} else {
			used, maxTot = j.lp.sym.sideOrder, j.lp.ts.maxTot
		}
		// Each entrant's counts, over all parts, are every numbering over
		// the symmetry used (a side choice stands for its class, so one
		// part may count more than the enumeration scores).
		total, _ := nb64(r.nb.count)
		perEntrant := total / used
		sum := newExactAcc(P, stride)
		// Every count is of numberings of one entrant: none is negative,
		// and each entrant's totals and places, over all parts, cover
		// perEntrant numberings exactly. Checked part by part, the sums
		// cannot overflow.
		totals, places := make([]int64, P), make([]int64, P)
		for k, p := range byShard {
			where := fmt.Sprintf("shard %d/%d", p.Shard, p.Shards)
			c := p.Counts
			if c == nil || len(c.Hist) != P || len(c.Place) != P*P*P || len(c.Moments) != 0 && len(c.Moments) != P {
				return nil, at(k, fmt.Errorf("merge: %s: counts missing or of the wrong size: %w", where, ErrPartMismatch))
			}
			if c.Scored < 0 || c.Scored > j.lp.Evaluated-sum.n {
				return nil, at(k, fmt.Errorf("merge: %s: scored %d numberings, not 0…%d: %w", where, c.Scored, j.lp.Evaluated-sum.n, ErrPartMismatch))
			}
			sum.n += c.Scored
			for e, h := range c.Hist {
				if len(h) > stride {
					return nil, at(k, fmt.Errorf("merge: %s: entrant %d has %d totals, at most %d: %w", where, e+1, len(h), stride, ErrPartMismatch))
				}
				for t, x := range h {
					if x < 0 || x > perEntrant-totals[e] {
						return nil, at(k, fmt.Errorf("merge: %s: entrant %d's count of total %d is %d, not 0…%d: %w", where, e+1, t, x, perEntrant-totals[e], ErrPartMismatch))
					}
					totals[e] += x
					sum.hist[e*stride+t] += x
				}
			}
			for i, x := range c.Place {
				e := i / (P * P)
				if x < 0 || x > perEntrant-places[e] {
					return nil, at(k, fmt.Errorf("merge: %s: entrant %d's count of a place is %d, not 0…%d: %w", where, e+1, x, perEntrant-places[e], ErrPartMismatch))
				}
				places[e] += x
				sum.place[i] += x
			}
			for e, m := range c.Moments {
				if !m.within(perEntrant-totals[e], maxTot) {
					return nil, at(k, fmt.Errorf("merge: %s: entrant %d's moments %+v are not those of totals 0…%d: %w", where, e+1, m, maxTot, ErrPartMismatch))
				}
				totals[e] += m.N
				sum.mom[e].add(m, 1)
			}
		}
		if sum.n != j.lp.Evaluated {
			return nil, fmt.Errorf("merge: the parts scored %d numberings, the enumeration %d: %w", sum.n, j.lp.Evaluated, ErrPartMismatch)
		}
		for e := range P {
			if totals[e] != perEntrant || places[e] != perEntrant {
				return nil, fmt.Errorf("merge: the parts count entrant %d's totals in %d numberings and places in %d, not %d each: %w", e+1, totals[e], places[e], perEntrant, ErrPartMismatch)
			}
		}
		return countsResult(r, j.lp.ExactPlan, sum, used, maxTot)
	}
	sum := newBussAcc(P, r.nb.maxSize)
	a := newBussAcc(P, r.nb.maxSize)
	count, _ := r.nb.exactCount()
	for k, p := range byShard {
		if int64(len(p.ChunkSums)) != p.End-p.First {
			return nil, at(k, fmt.Errorf("merge: shard %d/%d holds %d chunks, not %d: %w", p.Shard, p.Shards, len(p.ChunkSums), p.End-p.First, ErrPartMismatch))
		}
		for i, c := range p.ChunkSums {
			if len(c.Sum) != P || len(c.SumSq) != P || len(c.Min) != P || len(c.Max) != P || len(c.Place) != len(a.place) {
				return nil, at(k, fmt.Errorf("merge: shard %d/%d: chunk %d has sums of the wrong size: %w", p.Shard, p.Shards, p.First+int64(i), ErrPartMismatch))
			}
			chunk := p.First + int64(i)
			if err := chunkSumsOK(c, j.chunkLen(chunk, count), P); err != nil {
				return nil, at(k, fmt.Errorf("merge: shard %d/%d: chunk %d: %v: %w", p.Shard, p.Shards, chunk, err, ErrPartMismatch))
			}
			a.n = c.N
			copy(a.sum, c.Sum)
			copy(a.sumsq, c.SumSq)
			copy(a.lo, c.Min)
			copy(a.hi, c.Max)
			copy(a.place, c.Place)
			sum.add(a)
		}
	}
	if sum.n != count {
		return nil, fmt.Errorf("merge: the parts scored %d numberings, the enumeration %d: %w", sum.n, count, ErrPartMismatch)
	}
	return r.result(sum), nil
}

// chunkLen is the count of numberings in chunk c of the float paths, of
// count in all.
func (j *exactJob) chunkLen(c, count int64) int64 {
	if j.method == methodGray {
		return j.blockLen
	}
	return min((c+1)*chunkSize, count) - c*chunkSize
}

// chunkSumsOK says what is wrong with one chunk's sums of n numberings:
// percentages lie in 0…100, and each entrant's shares of the places sum
// to n (up to the rounding of the floats).
func chunkSumsOK(c ChunkSums, n int64, P int) error {
	if c.N != n {
		return fmt.Errorf("%d numberings, not %d", c.N, n)
	}
	N := float64(n)
	slack := 1 + 1e-9
	for e := range P {
		switch {
		case !(0 <= c.Min[e] && c.Min[e] <= c.Max[e] && c.Max[e] <= 100):
			return fmt.Errorf("entrant %d's least and greatest percentage %g and %g, not within 0…100", e+1, c.Min[e], c.Max[e])
		case !(0 <= c.Sum[e] && c.Sum[e] <= 100*N*slack && 0 <= c.SumSq[e] && c.SumSq[e] <= 100*100*N*slack):
			return fmt.Errorf("entrant %d's sums %g and %g are not those of %d percentages", e+1, c.Sum[e], c.SumSq[e], n)
		}
		shares := 0.0
		for j := e; j < len(c.Place); j += P {
			if !(0 <= c.Place[j] && c.Place[j] <= N*slack) {
				return fmt.Errorf("entrant %d's count of a place is %g, not 0…%d", e+1, c.Place[j], n)
			}
			shares += c.Place[j]
		}
		if math.Abs(shares-N) > 1e-9*N+1e-9 {
			return fmt.Errorf("entrant %d's places add up to %g, not %d", e+1, shares, n)
		}
	}
	return nil
}

// samePart says what differs between a part and the part expected.
func samePart(got, want *ExactPart) error {
	where := fmt.Sprintf("shard %d/%d", got.Shard, got.Shards)
	bad := func(what string, g, w any) error {
		return fmt.Errorf("merge: %s: %s is %v, want %v: %w", where, what, g, w, ErrPartMismatch)
	}
	switch {
	case got.Format != ExactPartFormat:
		return bad("format", got.Format, ExactPartFormat)
	case !ExactPartVersionOK(got.Version):
		return bad("version", got.Version, ExactPartVersion)
	case got.Version == 1 && got.Counts != nil && got.Counts.Moments != nil:
		// Moments came with version 2: a part of version 1 that has them
		// was edited, or written by another program.
		return bad("version", "1 with moments", "2 for moments")
	case got.Movement != want.Movement && want.Movement != "":
		return bad("movement", got.Movement, want.Movement)
	case got.Fingerprint != want.Fingerprint:
		return bad("movement fingerprint", got.Fingerprint, want.Fingerprint+" (another movement)")
	case got.Pairs != want.Pairs:
		return bad("pairs", got.Pairs, want.Pairs)
	case !slices.Equal(got.Strengths, want.Strengths):
		return bad("strengths", got.Strengths, want.Strengths)
	case !slices.EqualFunc(got.Groups, want.Groups, slices.Equal):
		return bad("groups", got.Groups, want.Groups)
	case got.Ties != want.Ties:
		return bad("ties", got.Ties, want.Ties)
	case got.Seed != want.Seed:
		return bad("seed", got.Seed, want.Seed)
	case got.Method != want.Method:
		return bad("method", got.Method, want.Method)
	case got.Numberings != want.Numberings:
		return bad("numberings", got.Numberings, want.Numberings)
	case got.Chunks != want.Chunks:
		return bad("chunks", got.Chunks, want.Chunks)
	case got.Shards != want.Shards:
		return bad("shards", got.Shards, want.Shards)
	case got.Shard < 0 || got.Shard >= got.Shards:
		return bad("shard", got.Shard, fmt.Sprintf("0…%d", got.Shards-1))
	case got.First != want.First || got.End != want.End:
		return bad("chunks covered", fmt.Sprintf("%d…%d", got.First, got.End-1), fmt.Sprintf("%d…%d", want.First, want.End-1))
	}
	return nil
}

// ExactEstimate is what an exact enumeration would cost, before running it.
type ExactEstimate struct {
	// Method is how it would run: reduced, gray or decode; empty when it
	// cannot run at all (Reason says why).
	Method string
	// Numberings is the count of numberings; Evaluated the count scored
	// after the symmetries are taken out (Numberings without them).
	Numberings *big.Int
	Evaluated  float64
	// Plan is the reduction of a large field (nil for small ones).
	Plan *ExactPlan
	// Rate is the assumed numberings scored a CPU-second, CPUSeconds the
	// estimate, Evaluated / Rate.
	Rate, CPUSeconds float64
	// Reason, when not empty, says why this engine cannot run it (yet).
	Reason string
}

// Measured rates, numberings scored a CPU-second on the project's 2-core
// machine (AMD EPYC). The register kernel (boards.go) does the same vector
// work for any sides up to 8 and 8 boards, so one rate serves 12 to 16
// pairs. With AVX-512, sides of 7 and 8 are computed and counted in one
// pass (boardsJoint): one whole chunk of relay-mitchell:8,switch=2
// (812,851,200 numberings) took 7.31 CPU-s at --shard 0/6470 and 7.48 at
// 4321/6470, the whole of mitchell:7,switch=2 (1.038e9) 8.83 CPU-s (medians
// of 3 and 5 runs, load 3-7); on a quiet machine (load 1.4) the chunks
// took 6.79 and 6.80 CPU-s, mitchell:7,switch=2 8.56 (the rate below is the
// loaded one: an estimate a little long). Without AVX-512 (the project's
// machine from late November 2026 is an AMD EPYC of the Zen 3 family, AVX2
// only; medians of 3 to 5 runs on a quiet machine): sides of 7 and 8
// counted by pairs of lanes (countPairs) took 14.89 CPU-s for that chunk
// at 0/6470, 14.25 at 4321/6470, and 18.77 for the whole of
// mitchell:7,switch=2 (where the AVX2 count took 19.12 and 22.95); with
// the board kernel taking two numberings at a time, 14.13, 14.64 and 15.17
// (the rate below is the slowest chunk's: an estimate a little long); other
// sides with the AVX2 count, the whole of relay-mitchell:6,switch=2
// (122,342,400 scored) 3.11 CPU-s. By orbits, a
// numbering is scored whole: NBBR/NBB/N124_Meesterklasse_12 (12 pairs, 66
// plays, work 210 = plays + P²) at 462 ns, scaled by the work (10 pairs,
// work 140: 237 ns). The board tables, where the register kernel does not
// apply (other strengths, no AVX2), as measured on a quiet machine in
// November 2026 with the AVX count of that time: relay-mitchell:6,switch=2
// (12 pairs, 122,342,400 scored in 2.64 CPU-s), their work per numbering
// growing with the board reads and ranks, G + 2n for G boards and sides of
// n, scaled from the 12-pair field (G + 2n = 18); sides of 8 walk their
// matchings and read a board table that the cache does not hold: one chunk
// of relay-mitchell:8,switch=2 took 45.5 CPU-s. The Gray blocks of
// mitchell:5,switch=2 (3,628,800 in 0.68 CPU-s) and the float scorer in
// decode order (the same with ties to the first entrant, 1.17 CPU-s).
const (
	rateReduced12 = 4.63e7
	rateReduced16 = 1.79e7
	rateRegisters = 3.9e7
	ratePairs     = 5.46e7
	rateJoint     = 1.09e8
	rateOrbit     = 2.16e6
	orbitWork12   = 210
	rateGray      = 5.3e6
	rateDecode    = 3.1e6
)

// EstimateExact estimates the CPU time of the exact enumeration of m with
// set, however large: the count of numberings after symmetry reduction
// over a measured rate. Fields the engine cannot enumerate get Reason, and
// for a two-sided field beyond the sides the tables hold, still the plan
// and estimate.
func EstimateExact(m *movement.Movement, set Settings) (*ExactEstimate, error) {
	sc, nb, strengths, err := prepare(m, set)
	if err != nil {
		return nil, err
	}
	est := &ExactEstimate{Numberings: nb.count}
	count, small := nb.exactCount()
	if small {
		est.Evaluated = float64(count)
		k := newKernel(sc, strengths, nb)
		switch {
		case k != nil && set.Ties != FirstTies && count > legacyExact:
			est.Method, est.Rate = methodGray, rateGray
		default:
			est.Method, est.Rate = methodDecode, rateDecode
		}
		est.CPUSeconds = est.Evaluated / est.Rate
		return est, nil
	}
	lp := planLarge(sc, nb, strengths, set.Ties)
	est.Plan = lp.ExactPlan
	if lp.method == "" {
		est.Evaluated, _ = new(big.Float).SetInt(nb.count).Float64()
		est.Reason = lp.Reason
		return est, nil
	}
	est.Method, est.Evaluated = lp.method, float64(lp.Evaluated)
	est.Rate = planRate(sc, lp, strengths)
	est.CPUSeconds = est.Evaluated / est.Rate
	return est, nil
}

// planRate is the numberings a CPU-second of the reduced enumeration lp.
func planRate(sc *scorer, lp *largePlan, strengths []float64) float64 {
	if lp.method == methodOrbit {
		return rateOrbit * orbitWork12 / orbitWork(sc)
	}
	return reducedRate(sc, lp.ts, strengths)
}

// reducedRate is the rate of the reduced enumeration of a two-sided field.
func reducedRate(sc *scorer, ts *twoSided, strengths []float64) float64 {
	if regKernelOK(ts, strengths) {
		switch {
		case jointCount(ts.n):
			return rateJoint
		case pairCount(ts.n):
			return ratePairs
		}
		return rateRegisters
	}
	// The board tables: the work per numbering grows with the board reads
	// and ranks, G + 2n; sides of 8 walk their matchings.
	n := ts.n
	work := float64(len(sc.top) + 2*n)
	if n > seqSide {
		return rateReduced16 * 24 / work
	}
	return rateReduced12 * 18 / work
}

// orbitWork is the work of scoring one numbering of a field by orbits: its
// plays and the comparisons of its totals.
func orbitWork(sc *scorer) float64 {
	return float64(len(sc.ns) + sc.pairs*sc.pairs)
}

// ErrOverBudget is wrapped by CheckLocal's error.
var ErrOverBudget = errors.New("exact enumeration over the local budget")

// CheckLocal says whether the enumeration may run here: nil if it can run
// and its estimate is within limit CPU-seconds, else an error that says
// why, wrapping ErrOverBudget when only the budget stands in the way (then
// sharding it over many machines, ExactShard, is the way).
func (e *ExactEstimate) CheckLocal(limit float64) error {
	if e.Method == "" {
		return fmt.Errorf("exact enumeration: %s numberings: %s: %w", e.Numberings, e.Reason, ErrTooManyNumberings)
	}
	if e.CPUSeconds > limit {
		return fmt.Errorf("exact enumeration: %s numberings, %.4g scored, %s of CPU at %.3g a second, more than the local budget of %s: %w",
			e.Numberings, e.Evaluated, budget.Words(e.CPUSeconds), e.Rate, cpuBudget(limit), ErrOverBudget)
	}
	return nil
}

// cpuBudget says a budget of seconds: "1 CPU-hour", "2 CPU-hours", "60 CPU-seconds".
func cpuBudget(seconds float64) string {
	switch {
	case seconds == 3600:
		return "1 CPU-hour"
	case seconds < 3600:
		return fmt.Sprintf("%.4g CPU-seconds", seconds)
	}
	return fmt.Sprintf("%.4g CPU-hours", seconds/3600)
}

// CPUHours is the estimate in CPU-hours.
func (e *ExactEstimate) CPUHours() float64 { return e.CPUSeconds / 3600 }
