package luck

import (
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// The Bussemaker model sees a movement only through its compared board
// groups: for each, the list of plays "pair a sits NS against pair b". A
// renumbering of the pairs that maps this structure onto itself, board
// groups relabelled, maps every numbering to one whose outcome is the same
// with the entrants' totals unchanged; so does one that also turns every
// play around (NS and EW exchanged at every table), as reversing all
// directions negates every board's scores and each pair keeps its
// matchpoints. These maps form the movement's automorphism group, found
// here by search from the plays themselves, not from the movement's name.

// Automorphism is a symmetry of a movement's scoring structure: pair p
// (0-based) maps to Perm[p]; Flip says that every play is also turned
// around.
type Automorphism struct {
	Perm []int
	Flip bool
}

// maxAutNodes bounds the search; a movement whose search exceeds it is
// treated as having no symmetry but the identity (still exact, only slower).
const maxAutNodes = 2_000_000

// Automorphisms returns the automorphism group of m's scoring structure,
// the identity first, in a deterministic order. complete is false when the
// search gave up (then only the identity is returned).
func Automorphisms(m *movement.Movement) (group []Automorphism, complete bool) {
	sc, err := newScorer(m)
	if err != nil {
		id := make([]int, m.Pairs)
		for i := range id {
			id[i] = i
		}
		return []Automorphism{{Perm: id}}, false
	}
	return sc.automorphisms()
}

func (sc *scorer) automorphisms() ([]Automorphism, bool) {
	P := sc.pairs
	identity := make([]int, P)
	for i := range identity {
		identity[i] = i
	}
	meet := make([]int, P*P) // meet[a*P+b]: plays with a NS against b EW
	play := make([]int, P*P) // the play's group when meet is 1, else -1
	for i := range play {
		play[i] = -1
	}
	adj := make([][]int, P)
	for g := range sc.top {
		for i := sc.start[g]; i < sc.start[g+1]; i++ {
			a, b := sc.ns[i], sc.ew[i]
			meet[a*P+b]++
			play[a*P+b] = g
			if meet[a*P+b] > 1 {
				play[a*P+b] = -1
			}
			if meet[a*P+b]+meet[b*P+a] == 1 {
				adj[a] = append(adj[a], b)
				adj[b] = append(adj[b], a)
			}
		}
	}
	// Order the pairs so that each meets as many earlier ones as possible.
	order := make([]int, 0, P)
	placed := make([]bool, P)
	links := make([]int, P)
	for len(order) < P {
		best := -1
		for p := range P {
			if !placed[p] && (best < 0 || links[p] > links[best]) {
				best = p
			}
		}
		placed[best] = true
		order = append(order, best)
		for _, q := range adj[best] {
			links[q]++
		}
	}
	// The canonical key of every group, to check a complete map.
	groupKey := func(perm []int, flip bool) []string {
		keys := make([]string, len(sc.top))
		for g := range sc.top {
			var ps []string
			for i := sc.start[g]; i < sc.start[g+1]; i++ {
				a, b := perm[sc.ns[i]], perm[sc.ew[i]]
				if flip {
					a, b = b, a
				}
				ps = append(ps, strconv.Itoa(a)+">"+strconv.Itoa(b))
			}
			slices.Sort(ps)
			keys[g] = strings.Join(ps, " ")
		}
		slices.Sort(keys)
		return keys
	}
	want := groupKey(identity, false)

	var group []Automorphism
	nodes := 0
	perm := make([]int, P)
	used := make([]bool, P)
	var flip bool
	// m2 is meet of the image, turned around when flipping.
	m2 := func(a, b int) int {
		if flip {
			return meet[b*P+a]
		}
		return meet[a*P+b]
	}
	g2 := func(a, b int) int {
		if flip {
			return play[b*P+a]
		}
		return play[a*P+b]
	}
	// boardMap[g] is the image of group g as far as known, -1 if not yet.
	boardMap := make([]int, len(sc.top))
	boardInv := make([]int, len(sc.top))
	var search func(k int) bool
	search = func(k int) bool {
		if nodes++; nodes > maxAutNodes {
			return false
		}
		if k == P {
			if slices.Equal(groupKey(perm, flip), want) {
				group = append(group, Automorphism{Perm: slices.Clone(perm), Flip: flip})
			}
			return true
		}
		v := order[k]
		for w := range P {
			if used[w] {
				continue
			}
			ok := m2(w, w) == meet[v*P+v]
			// Plays with the pairs already mapped: same counts, and unique
			// plays map to one board group consistently.
			var setG []int
			for _, u := range order[:k] {
				if !ok {
					break
				}
				pu := perm[u]
				if meet[v*P+u] != m2(w, pu) || meet[u*P+v] != m2(pu, w) {
					ok = false
					break
				}
				for _, d := range [2][4]int{{v, u, w, pu}, {u, v, pu, w}} {
					g, h := play[d[0]*P+d[1]], g2(d[2], d[3])
					if g < 0 || h < 0 {
						continue
					}
					switch {
					case boardMap[g] == h:
					case boardMap[g] < 0 && boardInv[h] < 0:
						boardMap[g], boardInv[h] = h, g
						setG = append(setG, g)
					default:
						ok = false
					}
				}
			}
			if ok {
				perm[v], used[w] = w, true
				if !search(k + 1) {
					return false
				}
				used[w] = false
			}
			for _, g := range setG {
				boardInv[boardMap[g]], boardMap[g] = -1, -1
			}
		}
		return true
	}
	for _, f := range []bool{false, true} {
		flip = f
		for i := range boardMap {
			boardMap[i], boardInv[i] = -1, -1
		}
		if !search(0) {
			return []Automorphism{{Perm: identity}}, false
		}
	}
	// The identity first, the rest in the order found.
	for i, a := range group {
		if !a.Flip && slices.Equal(a.Perm, identity) {
			group[0], group[i] = group[i], group[0]
			break
		}
	}
	return group, true
}
