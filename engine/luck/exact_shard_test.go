package luck

import (
	"context"
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// shardAndMerge runs every shard of the exact enumeration of spec and
// merges them (engine/formats/exactpart tests the parts through their
// files).
func shardAndMerge(t *testing.T, spec string, set Settings, n int) (*Result, []*ExactPart) {
	t.Helper()
	m := mustMovement(t, spec)
	var parts []*ExactPart
	for k := range n {
		p, err := ExactShard(context.Background(), m, set, Shard{k, n})
		if err != nil {
			t.Fatal(err)
		}
		p.Movement = spec
		parts = append(parts, p)
	}
	// Any order of the parts merges the same.
	rev := make([]*ExactPart, n)
	for i, p := range parts {
		rev[n-1-i] = p
	}
	res, err := MergeExact(m, rev)
	if err != nil {
		t.Fatal(err)
	}
	return res, parts
}

// TestExactShardsMergeToWhole: 8 shards merged are the unsharded exact
// result to the bit, for each way of enumerating: the Gray blocks of the
// 10-pair Mitchell, the reduced enumeration of a 12-pair relay Mitchell
// (mitchell:6 does not exist: a standard Mitchell has an odd number of
// tables), the orbits of a 12-pair movement that is not two-sided,
// numberings in decode order (ties to the first entrant).
func TestExactShardsMergeToWhole(t *testing.T) {
	cases := []struct {
		spec   string
		set    Settings
		method string
		long   bool
	}{
		{"mitchell:5,switch=2", Settings{Method: Exact}, methodGray, false},
		{"relay-mitchell:6", Settings{Method: Exact}, methodReduced, true},
		{"NBBR/NBB/N055_Onvolledig_Mitchell_6_6", Settings{Method: Exact}, methodOrbit, true},
		{"mitchell:3,switch=2", Settings{Method: Exact, Ties: FirstTies, Seed: 5}, methodDecode, false},
		{"mitchell:3", Settings{Method: Exact, Strengths: []float64{1, 1, 2, 3, 3, 4}}, methodDecode, false},
	}
	for _, c := range cases {
		t.Run(c.spec, func(t *testing.T) {
			if c.long && testing.Short() {
				t.Skip("a few seconds")
			}
			want, err := Bussemaker(context.Background(), mustMovement(t, c.spec), c.set)
			if err != nil {
				t.Fatal(err)
			}
			got, parts := shardAndMerge(t, c.spec, c.set, 8)
			if parts[0].Method != c.method {
				t.Errorf("method %s, want %s", parts[0].Method, c.method)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("merged %+v\nunsharded %+v", got, want)
			}
			if c.method == methodReduced {
				// Parts whose totals are summed (Moments, as the pair
				// count leaves them) merge to the same, and so do parts of
				// version 1, which hold every total in Hist.
				for i, p := range parts {
					if i%2 == 1 {
						parts[i] = withMoments(p)
					} else {
						p.Version = 1
					}
				}
				mixed, err := MergeExact(mustMovement(t, c.spec), parts)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(mixed, want) {
					t.Errorf("merged with moments %+v\nunsharded %+v", mixed, want)
				}
				bad := withMoments(parts[0])
				bad.Version = ExactPartVersion // moments are of version 2
				bad.Counts.Moments[0].Max = 1000
				parts[0] = bad
				if _, err := MergeExact(mustMovement(t, c.spec), parts); !errors.Is(err, ErrPartMismatch) || !strings.Contains(err.Error(), "entrant 1's moments") {
					t.Errorf("moments beyond the top total: error %v", err)
				}
			}
			if c.method == methodDecode {
				one, _ := shardAndMerge(t, c.spec, c.set, 1)
				if !reflect.DeepEqual(one, want) {
					t.Errorf("one shard %+v\nunsharded %+v", one, want)
				}
			}
		})
	}
}

// withMoments is p with its histograms turned into Moments (added to those
// it holds, as the pair count writes them without AVX-512).
func withMoments(p *ExactPart) *ExactPart {
	q := *p
	c := *p.Counts
	c.Hist, c.Moments = make([][]int64, len(p.Counts.Hist)), make([]Moments, len(p.Counts.Hist))
	copy(c.Moments, p.Counts.Moments)
	for e, h := range p.Counts.Hist {
		for t, x := range h {
			if x != 0 {
				c.Moments[e].addTotal(int64(t), x)
			}
		}
	}
	q.Counts = &c
	return &q
}

// Moments mirrored are the moments of the mirrored totals, and moments
// added are the moments of the totals together.
func TestMoments(t *testing.T) {
	const top = 112
	rng := rand.New(rand.NewPCG(5, 6))
	var all, mirror, parts Moments
	for i := range 200 {
		var one Moments
		for range 1 + rng.IntN(5) {
			tot, count := rng.Int64N(top+1), 1+rng.Int64N(1000)
			one.addTotal(tot, count)
			all.addTotal(tot, count)
			mirror.addTotal(top-tot, count)
		}
		parts.add(one, 1)
		if i == 0 && one.mirrored(top).mirrored(top) != one {
			t.Errorf("mirrored twice %+v, want %+v", one.mirrored(top).mirrored(top), one)
		}
	}
	if parts != all {
		t.Errorf("added %+v, want %+v", parts, all)
	}
	if got := all.mirrored(top); got != mirror {
		t.Errorf("mirrored %+v, want %+v", got, mirror)
	}
	var thrice Moments
	thrice.add(all, 3)
	if want := (Moments{N: 3 * all.N, Sum: 3 * all.Sum, SumSq: 3 * all.SumSq, Min: all.Min, Max: all.Max}); thrice != want {
		t.Errorf("3 times %+v, want %+v", thrice, want)
	}
}

// TestMergeRefuses: missing, repeated and foreign parts are errors that say
// which shard and what differs.
func TestMergeRefuses(t *testing.T) {
	spec := "mitchell:3,switch=2"
	m := mustSpec(t, spec)
	_, parts := shardAndMerge(t, spec, Settings{Method: Exact}, 4)
	other, err := ExactShard(context.Background(), m, Settings{Method: Exact, Strengths: []float64{1, 2, 3, 4, 5, 7}}, Shard{2, 4})
	if err != nil {
		t.Fatal(err)
	}
	other.Movement = spec
	foreign, err := ExactShard(context.Background(), mustSpec(t, "mitchell:3"), Settings{Method: Exact}, Shard{2, 4})
	if err != nil {
		t.Fatal(err)
	}
	foreign.Movement = spec
	six, err := ExactShard(context.Background(), m, Settings{Method: Exact}, Shard{2, 6})
	if err != nil {
		t.Fatal(err)
	}
	six.Movement = spec
	for _, c := range []struct {
		name  string
		parts []*ExactPart
		want  string
	}{
		{"missing", []*ExactPart{parts[0], parts[1], parts[3]}, "1 of 4 shards missing (2)"},
		{"twice", []*ExactPart{parts[0], parts[1], parts[2], parts[2], parts[3]}, "shard 2/4 given twice"},
		{"strengths", []*ExactPart{parts[0], parts[1], other, parts[3]}, "shard 2/4: strengths"},
		{"movement", []*ExactPart{parts[0], parts[1], foreign, parts[3]}, "shard 2/4: movement fingerprint"},
		{"shards", []*ExactPart{parts[0], parts[1], six, parts[3]}, "shard 2/6: shards is 6, want 4"},
		{"none", nil, "no parts"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := MergeExact(m, c.parts)
			if err == nil || !errors.Is(err, ErrPartMismatch) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

func TestParseShard(t *testing.T) {
	for _, c := range []struct {
		text, index string
		want        Shard
		err         string
	}{
		{"3/8", "", Shard{3, 8}, ""},
		{"0/1", "", Shard{0, 1}, ""},
		{"auto/8", "5", Shard{5, 8}, ""},
		{"auto/8", "", Shard{}, "JOB_COMPLETION_INDEX"},
		{"auto/8", "8", Shard{}, `JOB_COMPLETION_INDEX, which is "8", not a whole number from 0 to N−1 = 7`},
		{"auto/8", " 3", Shard{}, `JOB_COMPLETION_INDEX, which is " 3", not a whole number`},
		{"8/8", "", Shard{}, "from 0 to N−1"},
		{"-1/8", "", Shard{}, "from 0 to N−1"},
		{"3", "", Shard{}, "want K/N"},
		{"3/0", "", Shard{}, "N must be"},
	} {
		got, err := ParseShard(c.text, c.index)
		if c.err == "" && (err != nil || got != c.want) {
			t.Errorf("%q: %v, %v; want %v", c.text, got, err, c.want)
		}
		if c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%q: error %v, want one with %q", c.text, err, c.err)
		}
	}
}

// TestEstimateExact: the numberings scored come from the plan, checked here
// by counting by hand: for the 16-pair relay Mitchell with round 2
// switched, C(16,8) choices of side A halved by the strength reversal,
// 8!/|G| arrangements of A under the automorphisms used and 8! of B.
func TestEstimateExact(t *testing.T) {
	m := mustSpec(t, "relay-mitchell:8,switch=2")
	est, err := EstimateExact(m, Settings{Method: Exact})
	if err != nil {
		t.Fatal(err)
	}
	if est.Plan == nil || est.Plan.Used < 1 || !est.Plan.Reversal {
		t.Fatalf("plan %+v", est.Plan)
	}
	// C(16,8) = 12870 choices, of which mirror(x) = x for none (16 pairs,
	// reversing a set of 8 positions that equals itself: C(8,4) = 70 such).
	choices := (12870-70)/2 + 70
	f8 := 40320
	want := float64(choices) * float64(f8/est.Plan.Used) * float64(f8)
	if est.Evaluated != want {
		t.Errorf("evaluated %g, want %g", est.Evaluated, want)
	}
	if est.Method != methodReduced || est.Reason != "" {
		t.Errorf("16 pairs: method %q reason %q; want the reduced enumeration (sides of 8)", est.Method, est.Reason)
	}
	if err := est.CheckLocal(3600); !errors.Is(err, ErrOverBudget) {
		t.Errorf("CheckLocal(an hour): %v", err)
	}
	howell, err := EstimateExact(mustSpec(t, "howell:16"), Settings{Method: Exact})
	if err != nil {
		t.Fatal(err)
	}
	if err := howell.CheckLocal(1e6); howell.Method != methodOrbit || !errors.Is(err, ErrOverBudget) {
		t.Errorf("howell:16: method %q: %v", howell.Method, err)
	}
	absent, err := EstimateExact(mustSpec(t, "mitchell:7,absent=14"), Settings{Method: Exact})
	if err != nil {
		t.Fatal(err)
	}
	if err := absent.CheckLocal(1e12); !errors.Is(err, ErrTooManyNumberings) || !strings.Contains(err.Error(), "maxima differ") {
		t.Errorf("mitchell:7,absent=14: %v", err)
	}
	f16, _ := new(big.Int).MulRange(1, 16).Float64()
	if est.CPUSeconds <= 0 || est.Evaluated >= f16 {
		t.Errorf("estimate %g CPU-s for %g of %g numberings", est.CPUSeconds, est.Evaluated, f16)
	}
	small, err := EstimateExact(mustSpec(t, "mitchell:5,switch=2"), Settings{Method: Exact})
	if err != nil {
		t.Fatal(err)
	}
	if small.Method != methodGray || small.Evaluated != 3628800 {
		t.Errorf("mitchell:5,switch=2: %+v", small)
	}
	if err := small.CheckLocal(small.CPUSeconds / 2); !errors.Is(err, ErrOverBudget) {
		t.Errorf("over budget: %v", err)
	}
	if err := small.CheckLocal(small.CPUSeconds * 2); err != nil {
		t.Errorf("within budget: %v", err)
	}
	t.Logf("relay-mitchell:8,switch=2: %s numberings, symmetry %d (used %d), reversal %v, %.4g scored, %.3g CPU-hours at %.3g/s",
		est.Numberings, est.Plan.Symmetry, est.Plan.Used, est.Plan.Reversal, est.Evaluated, est.CPUHours(), est.Rate)
}

// TestKernelsAgree: the register kernel, the board tables with the full
// table of matchings, and the tables with the matchings walked through the
// transposition table (as for sides of 8) give the same result, to the bit.
func TestKernelsAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("three exact runs of 12 pairs")
	}
	m := mustSpec(t, "relay-mitchell:6")
	set := Settings{Method: Exact}
	defer func(s int, reg bool) { seqSide, useRegKernel = s, reg }(seqSide, useRegKernel)
	var results []*Result
	for _, c := range []struct {
		reg  bool
		side int
	}{{true, 7}, {false, 7}, {false, 5}} {
		if c.reg && !useRegKernel {
			continue
		}
		useRegKernel, seqSide = c.reg, c.side
		r, err := Bussemaker(context.Background(), m, set)
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, r)
	}
	for _, r := range results[1:] {
		if !reflect.DeepEqual(r, results[0]) {
			t.Errorf("kernels disagree: %+v\n%+v", r, results[0])
		}
	}
}

// TestMergeMomentsOfFourteenPairs: parts whose totals are summed merge on
// the fields where the pair count sums them (14 and 16 pairs without
// AVX-512). A side choice stands for its class of choices, so one part's
// moments count more numberings than the enumeration scores: the merge
// refused every such part of mitchell:7 as "not those of totals".
func TestMergeMomentsOfFourteenPairs(t *testing.T) {
	if testing.Short() {
		t.Skip("an exact 14-pair run")
	}
	spec := "mitchell:7"
	m := mustMovement(t, spec)
	want, err := Bussemaker(context.Background(), m, Settings{Method: Exact})
	if err != nil {
		t.Fatal(err)
	}
	_, parts := shardAndMerge(t, spec, Settings{Method: Exact}, 2)
	for i, p := range parts {
		parts[i] = withMoments(p)
	}
	got, err := MergeExact(m, parts)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("merged with moments %+v\nunsharded %+v", got, want)
	}
	// Hostile counts are refused, not printed as negative percentages.
	for _, c := range []struct {
		name   string
		tamper func(c *PartCounts)
		want   string
	}{
		{"place-moved-below-zero", func(c *PartCounts) { c.Place[0] -= 1e9; c.Place[1] += 1e9 }, "entrant 1's count of a place is -"},
		{"place-huge", func(c *PartCounts) { c.Place[5] = math.MaxInt64 }, "entrant 1's count of a place is 9223372036854775807"},
		{"hist-negative", func(c *PartCounts) { c.Hist[2] = []int64{-1, 1} }, "entrant 3's count of total 0 is -1"},
		{"scored-negative", func(c *PartCounts) { c.Scored = -5 }, "scored -5 numberings"},
		{"version-1-moments", func(c *PartCounts) {}, "version is 1 with moments, want 2 for moments"},
		{"moments-short", func(c *PartCounts) {
			c.Moments[4].N--
			c.Moments[4].Sum -= int64(c.Moments[4].Max)
			c.Moments[4].SumSq -= int64(c.Moments[4].Max) * int64(c.Moments[4].Max)
		}, "entrant 5's totals in"},
	} {
		t.Run(c.name, func(t *testing.T) {
			bad := *parts[1]
			counts := *bad.Counts
			counts.Hist = slices.Clone(counts.Hist)
			counts.Place = slices.Clone(counts.Place)
			counts.Moments = slices.Clone(counts.Moments)
			c.tamper(&counts)
			bad.Counts = &counts
			if c.name == "version-1-moments" {
				bad.Version = 1
			}
			_, err := MergeExact(m, []*ExactPart{parts[0], &bad})
			if !errors.Is(err, ErrPartMismatch) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

// TestMergeRefusesHostileSums: a part of the float paths (Gray blocks,
// decode order) whose sums no chunk could have is refused, not printed as
// a probability of the first place lowered or a maximum of 1e300 percent.
func TestMergeRefusesHostileSums(t *testing.T) {
	for _, spec := range []string{"mitchell:5,switch=2", "mitchell:3"} {
		m := mustMovement(t, spec)
		_, parts := shardAndMerge(t, spec, Settings{Method: Exact}, 2)
		for _, c := range []struct {
			name   string
			tamper func(c *ChunkSums)
			want   string
		}{
			{"place-negative", func(c *ChunkSums) { c.Place[0] = -1e6 }, "entrant 1's count of a place is -1e+06"},
			{"places-short", func(c *ChunkSums) { c.Place[0] /= 2 }, "entrant 1's places add up to"},
			{"n-moved", func(c *ChunkSums) { c.N -= 5 }, "numberings, not"},
			{"max-huge", func(c *ChunkSums) { c.Max[1] = 1e300 }, "entrant 2's least and greatest percentage"},
			{"sum-negative", func(c *ChunkSums) { c.Sum[2] = -1 }, "entrant 3's sums -1 and"},
		} {
			t.Run(spec+"/"+c.name, func(t *testing.T) {
				bad := *parts[len(parts)-1]
				bad.ChunkSums = slices.Clone(bad.ChunkSums)
				last := &bad.ChunkSums[len(bad.ChunkSums)-1]
				last.Sum, last.Max, last.Place = slices.Clone(last.Sum), slices.Clone(last.Max), slices.Clone(last.Place)
				c.tamper(last)
				_, err := MergeExact(m, append(slices.Clone(parts[:len(parts)-1]), &bad))
				if !errors.Is(err, ErrPartMismatch) || !strings.Contains(err.Error(), c.want) {
					t.Errorf("error %v, want one containing %q", err, c.want)
				}
			})
		}
	}
}
