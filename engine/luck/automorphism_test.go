package luck

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/studies/library"
)

// libraryUpTo lists the library movements of at most maxPairs pairs that
// the model scores (every pair plays a compared board), by name.
func libraryUpTo(t testing.TB, maxPairs int) map[string]*movement.Movement {
	t.Helper()
	out := map[string]*movement.Movement{}
	for _, name := range library.Names() {
		m := mustCorpus(t, name)
		if m.Pairs > maxPairs {
			continue
		}
		if _, err := newScorer(m); err != nil {
			continue
		}
		out[name] = m
	}
	return out
}

// bruteAutomorphisms counts the permutations of the pairs that keep the
// scoring structure, trying every one: the oracle of the search.
func bruteAutomorphisms(sc *scorer) int {
	P := sc.pairs
	boardKey := func(perm []int, g int, buf []int) string {
		buf = buf[:0]
		for i := sc.start[g]; i < sc.start[g+1]; i++ {
			buf = append(buf, perm[sc.ns[i]]*P+perm[sc.ew[i]])
		}
		slices.Sort(buf)
		k1 := intsKey(buf)
		buf = buf[:0]
		for i := sc.start[g]; i < sc.start[g+1]; i++ {
			buf = append(buf, perm[sc.ew[i]]*P+perm[sc.ns[i]])
		}
		slices.Sort(buf)
		return min(k1, intsKey(buf))
	}
	want := map[string]int{}
	var buf []int
	id := identityPerm(P)
	for g := range sc.top {
		want[boardKey(id, g, buf)]++
	}
	n := 0
	have := map[string]int{}
	forPerms(P, func(perm []int) {
		clear(have)
		for g := range sc.top {
			k := boardKey(perm, g, buf)
			if have[k]++; have[k] > want[k] {
				return
			}
		}
		n++
	})
	return n
}

// TestAutomorphisms: every automorphism found keeps every pair's
// percentage under random strengths (turned groups included), they form a
// group, and up to 8 pairs the search finds exactly as many as trying every
// permutation does, on generated movements and on every library movement.
func TestAutomorphisms(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	ms := map[string]*movement.Movement{}
	for _, spec := range []string{"mitchell:3", "mitchell:3,switch=2", "mitchell:3,switch=2+3", "howell:4",
		"skip-mitchell:4", "relay-mitchell:4", "relay-mitchell:4,switch=2", "mitchell:5,switch=2", "mitchell:7,switch=2", "mitchell:7,switch=2+3", "mitchell:7",
		"relay-mitchell:8", "relay-mitchell:8,switch=2"} {
		ms[spec] = mustSpec(t, spec)
	}
	for name, m := range libraryUpTo(t, 8) {
		ms[name] = m
	}
	names := make([]string, 0, len(ms))
	for name := range ms {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		m := ms[name]
		group, complete := Automorphisms(m)
		if !complete {
			t.Errorf("%s: search gave up", name)
			continue
		}
		P := m.Pairs
		if !slices.Equal(group[0].Perm, identityPerm(P)) {
			t.Errorf("%s: the identity is not first", name)
		}
		s := make([]float64, P)
		for i := range s {
			s[i] = float64(rng.IntN(2 * P))
		}
		base, err := Percentages(m, s)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, a := range group {
			seen[intsKey(a.Perm)] = true
			moved := make([]float64, P)
			for p := range P {
				moved[a.Perm[p]] = s[p]
			}
			got, err := Percentages(m, moved)
			if err != nil {
				t.Fatal(err)
			}
			for p := range P {
				if got[a.Perm[p]] != base[p] {
					t.Fatalf("%s: automorphism %v changes pair %d's percentage", name, a.Perm, p+1)
				}
			}
		}
		if len(seen) != len(group) {
			t.Errorf("%s: an automorphism is listed twice", name)
		}
		for _, a := range group {
			for _, b := range group {
				c := make([]int, P)
				for p := range P {
					c[p] = a.Perm[b.Perm[p]]
				}
				if !seen[intsKey(c)] {
					t.Fatalf("%s: the automorphisms are not closed under composition", name)
				}
			}
		}
		if P <= 8 {
			sc, _ := newScorer(m)
			if want := bruteAutomorphisms(sc); want != len(group) {
				t.Errorf("%s: %d automorphisms, every permutation tried finds %d", name, len(group), want)
			}
		}
		t.Logf("%s: automorphism group of order %d", name, len(group))
	}
}
