package luck

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// matchpointFields are fields the float scorer works on in the catalogue
// and the score command: Mitchells and Howells of 14 to 38 pairs.
func matchpointFields(t testing.TB) map[string]*movement.Movement {
	out := map[string]*movement.Movement{}
	for _, spec := range []string{"mitchell:7", "howell:14", "mitchell:13", "howell:26,rounds=14", "mitchell:19"} {
		sp, err := movement.ParseSpec(spec)
		if err != nil {
			t.Fatal(err)
		}
		m, err := sp.Build()
		if err != nil {
			t.Fatal(err)
		}
		out[spec] = m
	}
	return out
}

// TestMatchpointsByOrder: the float scorer's matchpoints are those of the
// pairwise definition (2 per result beaten, 1 per tie), with strengths that
// tie often (whole numbers from a few) and seldom (floats).
func TestMatchpointsByOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for name, m := range matchpointFields(t) {
		sc, err := newScorer(m)
		if err != nil {
			t.Fatal(err)
		}
		v, c := make([]float64, sc.maxK), make([]int32, sc.maxK)
		got, want := make([]int32, m.Pairs), make([]int32, m.Pairs)
		s := make([]float64, m.Pairs)
		for trial := range 200 {
			for p := range s {
				if trial%2 == 0 {
					s[p] = float64(rng.IntN(4))
				} else {
					s[p] = rng.NormFloat64()
				}
			}
			sc.matchpoints(s, v, c, got)
			clear(want)
			for g, top := range sc.top {
				a, b := sc.start[g], sc.start[g+1]
				for i := a; i < b; i++ {
					x := s[sc.ew[i]] - s[sc.ns[i]]
					mp := int32(0)
					for l := a; l < b; l++ {
						y := s[sc.ew[l]] - s[sc.ns[l]]
						switch {
						case l == i:
						case x > y:
							mp += 2
						case x == y:
							mp++
						}
					}
					want[sc.ns[i]] += mp
					want[sc.ew[i]] += top - mp
				}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s trial %d: matchpoints %v, want %v", name, trial, got, want)
			}
		}
	}
}

// BenchmarkMatchpoints times the float scorer and the integer kernel on
// the same fields and numberings of the default strengths 1..P (as the
// catalogue's Qd and a session's luck score them): a new numbering each
// time, or the branch predictor learns the one and flatters code that
// branches on the results' order. The kernel is faster up to 14 pairs;
// beyond, its boards of more than eight results are not.
func BenchmarkMatchpoints(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	for name, m := range matchpointFields(b) {
		sc, err := newScorer(m)
		if err != nil {
			b.Fatal(err)
		}
		strengths := make([]float64, m.Pairs)
		for e := range strengths {
			strengths[e] = float64(e + 1)
		}
		var perms [][]int
		var numbered [][]float64
		for range 256 {
			perm := rng.Perm(m.Pairs)
			s := make([]float64, m.Pairs)
			for p, e := range perm {
				s[p] = strengths[e]
			}
			perms, numbered = append(perms, perm), append(numbered, s)
		}
		perPlay := func(b *testing.B) {
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(sc.ns)), "ns/play")
		}
		b.Run(name+"/float", func(b *testing.B) {
			v, c, tot := make([]float64, sc.maxK), make([]int32, sc.maxK), make([]int32, m.Pairs)
			i := 0
			for b.Loop() {
				sc.matchpoints(numbered[i%len(numbered)], v, c, tot)
				i++
			}
			perPlay(b)
		})
		b.Run(name+"/kernel", func(b *testing.B) {
			nb, err := newNumberings(m.Pairs, nil)
			if err != nil {
				b.Fatal(err)
			}
			k, _ := buildKernel(sc, strengths, nb)
			if k == nil {
				b.Skip("no kernel")
			}
			buf := k.newBuf()
			i := 0
			for b.Loop() {
				k.load(perms[i%len(perms)], buf)
				k.matchpoints(buf)
				i++
			}
			perPlay(b)
		})
	}
}
