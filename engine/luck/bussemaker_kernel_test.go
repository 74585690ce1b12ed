package luck

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// kernelCases are movements and strength vectors the kernel accepts: boards
// of up to eight results and of more (the Howell-18 and Mitchell-20), one
// group and several, distinct and tied strengths.
func kernelCases(t *testing.T) []struct {
	name   string
	m      *movement.Movement
	s      []float64
	groups [][]int
} {
	m14, _ := movement.Mitchell(7)
	m18, _ := movement.Mitchell(9)
	seq := func(n int) []float64 {
		s := make([]float64, n)
		for i := range s {
			s[i] = float64(i + 1)
		}
		return s
	}
	return []struct {
		name   string
		m      *movement.Movement
		s      []float64
		groups [][]int
	}{
		{"howell8", howell8(t), seq(8), nil},
		{"howell8-halves", howell8(t), []float64{1, 2, 3, 4, 1, 2, 3, 4}, [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{"mitchell14-r2", mustSwitch(t, m14, []int{2}, nil), seq(14), nil},
		{"mitchell14-groups", m14, []float64{1, 2, 3, 4, 5, 6, 7, 1, 2, 3, 4, 5, 6, 7},
			[][]int{{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14}}},
		{"mitchell14-ties", m14, []float64{1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2}, nil},
		{"mitchell18", m18, seq(18), nil}, // boards of nine: the word loop
		{"team18", mustCorpus(t, "TeamPlusSchemas/18p8r9sS.TeamPlus.txt"), seq(18), nil},
	}
}

// TestKernelMatchpoints scores random numberings with the kernel and with the
// float scorer, and checks that each board hands out its whole total.
func TestKernelMatchpoints(t *testing.T) {
	for _, c := range kernelCases(t) {
		t.Run(c.name, func(t *testing.T) {
			sc, err := newScorer(c.m)
			if err != nil {
				t.Fatal(err)
			}
			nb, err := newNumberings(c.m.Pairs, c.groups)
			if err != nil {
				t.Fatal(err)
			}
			k, _ := buildKernel(sc, c.s, nb)
			if k == nil {
				t.Fatal("kernel refused the case")
			}
			buf := k.newBuf()
			P := c.m.Pairs
			perm, s := make([]int, P), make([]float64, P)
			for p := range perm {
				perm[p] = p
			}
			v, cc, want := make([]float64, sc.maxK), make([]int32, sc.maxK), make([]int32, P)
			rng := rand.NewPCG(1, 2)
			for range 200 {
				nb.shuffle(rng, perm)
				for p, e := range perm {
					s[p] = c.s[e]
				}
				sc.matchpoints(s, v, cc, want)
				k.load(perm, buf)
				k.matchpoints(buf)
				if got := buf.tot[:P]; !reflect.DeepEqual(got, want) {
					t.Fatalf("numbering %v: kernel %v, float scorer %v", perm, got, want)
				}
				for b, top := range k.btop {
					k.board(b, buf)
					a, z := k.bstart[b], k.bstart[b+1]
					sum := int32(0)
					for _, m := range buf.mp[a:z] {
						sum += m
					}
					if n := z - a; sum != top*n/2 {
						t.Fatalf("board %d: NS matchpoints add up to %d, want %d", b, sum, top*n/2)
					}
				}
			}
		})
	}
}

// runBoth runs Bussemaker with the kernel and with the float scorer.
func runBoth(t *testing.T, m *movement.Movement, set Settings) (kern, float *Result) {
	t.Helper()
	var err error
	if kern, err = Bussemaker(context.Background(), m, set); err != nil {
		t.Fatal(err)
	}
	noKernel = true
	defer func() { noKernel = false }()
	if float, err = Bussemaker(context.Background(), m, set); err != nil {
		t.Fatal(err)
	}
	return kern, float
}

// TestKernelSameResults: sampled and (small) exact results are the float
// scorer's to the bit, random tie-breaks included.
func TestKernelSameResults(t *testing.T) {
	for _, c := range kernelCases(t) {
		t.Run(c.name, func(t *testing.T) {
			// Where the kernel cannot rank, both runs take the float path.
			set := Settings{Strengths: c.s, Groups: c.groups, Samples: 3*chunkSize + 5, Seed: 9, Method: Sample}
			k, f := runBoth(t, c.m, set)
			if !reflect.DeepEqual(k, f) {
				t.Errorf("sampled: kernel %+v\nfloat scorer %+v", k, f)
			}
			if n, ok := mustNumberings(t, c.m.Pairs, c.groups).exactCount(); ok && n <= 50_000 {
				set.Method = Exact
				k, f := runBoth(t, c.m, set)
				if !reflect.DeepEqual(k, f) {
					t.Errorf("exact: kernel %+v\nfloat scorer %+v", k, f)
				}
			}
		})
	}
}

func mustNumberings(t *testing.T, pairs int, groups [][]int) *numberings {
	t.Helper()
	nb, err := newNumberings(pairs, groups)
	if err != nil {
		t.Fatal(err)
	}
	return nb
}

// TestGrayMatchesDecodeOrder enumerates in Heap's order (legacyExact
// lowered) and in decode's order: the same figures up to float rounding, and
// the published superperfect Howell-8 values.
func TestGrayMatchesDecodeOrder(t *testing.T) {
	m14, _ := movement.Mitchell(7)
	cases := []struct {
		name   string
		m      *movement.Movement
		groups [][]int
		s      []float64
	}{
		{"howell8", howell8(t), nil, nil},
		{"howell8-halves", howell8(t), [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}, []float64{1, 2, 3, 4, 1, 2, 3, 4}},
		{"howell8-three", howell8(t), [][]int{{1, 3, 5}, {2, 4, 6, 8}, {7}}, nil},
		{"mitchell14-small", m14, [][]int{{1, 2, 3, 4, 5, 6, 7}, {8, 9}, {10}, {11}, {12}, {13}, {14}}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			set := Settings{Method: Exact, Groups: c.groups, Strengths: c.s}
			want, err := Bussemaker(context.Background(), c.m, set)
			if err != nil {
				t.Fatal(err)
			}
			defer func(old int64) { legacyExact = old }(legacyExact)
			legacyExact = 0
			got, err := Bussemaker(context.Background(), c.m, set)
			if err != nil {
				t.Fatal(err)
			}
			if !got.Exact || got.Samples != want.Samples {
				t.Fatalf("exact %v over %d numberings, want %d", got.Exact, got.Samples, want.Samples)
			}
			close := func(what string, a, b float64) {
				if math.Abs(a-b) > 1e-9 {
					t.Errorf("%s: Heap's order %.12f, decode's %.12f", what, a, b)
				}
			}
			for e := range want.Spread {
				g, w := got.Spread[e], want.Spread[e]
				close("avg", g.Avg, w.Avg)
				close("sd", g.Sd, w.Sd)
				close("min", g.Min, w.Min)
				close("max", g.Max, w.Max)
			}
			for j := range want.RankProbability {
				for e := range want.RankProbability[j] {
					close("rank", got.RankProbability[j][e], want.RankProbability[j][e])
				}
			}
			close("Qd", got.Qd, want.Qd)
			checkMargins(t, got)
			if c.name == "howell8" {
				checkTable(t, got.RankProbability, howell8Table, func(float64) float64 { return 0 })
			}
		})
	}
}
