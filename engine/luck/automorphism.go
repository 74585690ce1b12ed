package luck

import (
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// The Bussemaker model sees a movement only through its compared board
// groups: for each, the list of plays "pair a sits NS against pair b". A
// renumbering of the pairs that maps every group's plays onto another
// group's plays maps every numbering to one where each entrant scores the
// same. So does one that maps a group's plays onto another group's plays
// all turned around (NS and EW exchanged at every table of the group): the
// group's scores all change sign and each pair keeps its matchpoints. Each
// group may be turned or not, independently. These renumberings form the
// movement's automorphism group, found here by search from the plays
// themselves, not from the movement's name.

// Automorphism is a symmetry of a movement's scoring structure: pair p
// (0-based) maps to Perm[p]. Two automorphisms that move the pairs alike
// are one: the turning of each group follows from Perm.
type Automorphism struct {
	Perm []int
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
		return []Automorphism{{Perm: identityPerm(m.Pairs)}}, false
	}
	return sc.automorphisms()
}

func identityPerm(n int) []int {
	id := make([]int, n)
	for i := range id {
		id[i] = i
	}
	return id
}

// autSearch is the state of the automorphism search: a partial map of
// pairs and of groups, with a trail to undo it. Fixing one pair's image
// forces others: once a group's image is known, a mapped pair's opponent
// on it must map to the image's opponent on the image group; and two
// mapped pairs that meet on one group only fix that group's image.
type autSearch struct {
	sc    *scorer
	P     int
	inc   [][]incidence // inc[a]: the plays of pair a
	once  []int         // once[a*G+g]: index in inc[a] of a's one play of group g, -1 none, -2 several
	meet  [][]int       // meet[a*P+b]: the groups where a and b meet
	color []string      // pairs of different colors cannot map to each other
	G     int
	perm  []int
	inv   []int
	bmap  []int  // bmap[g]: group g's image, -1 unknown
	binv  []int  // binv[h]: the group whose image is h, -1 none
	bturn []bool // bturn[g]: group g maps onto its image turned around
	trail []trailEntry
	queue []int
	nodes int
}

type incidence struct {
	g, other int
	ns       bool // the pair sits NS
}

// trailEntry undoes one assignment: a pair (board false) or a group.
type trailEntry struct {
	board bool
	x     int
}

func (s *autSearch) setPair(a, b int) bool {
	switch {
	case s.perm[a] == b:
		return true
	case s.perm[a] >= 0 || s.inv[b] >= 0 || s.color[a] != s.color[b]:
		return false
	}
	s.perm[a], s.inv[b] = b, a
	s.trail = append(s.trail, trailEntry{false, a})
	s.queue = append(s.queue, a)
	return true
}

func (s *autSearch) setBoard(g, h int, turn bool) bool {
	switch {
	case s.bmap[g] == h:
		return s.bturn[g] == turn
	case s.bmap[g] >= 0 || s.binv[h] >= 0 || s.sc.top[g] != s.sc.top[h]:
		return false
	}
	s.bmap[g], s.binv[h], s.bturn[g] = h, g, turn
	s.trail = append(s.trail, trailEntry{true, g})
	// Every mapped pair of the group has something new to force.
	for i := s.sc.start[g]; i < s.sc.start[g+1]; i++ {
		for _, p := range [2]int{s.sc.ns[i], s.sc.ew[i]} {
			if s.perm[p] >= 0 {
				s.queue = append(s.queue, p)
			}
		}
	}
	return true
}

// propagate draws the consequences of the queued assignments; false on a
// contradiction.
func (s *autSearch) propagate() bool {
	for len(s.queue) > 0 {
		a := s.queue[len(s.queue)-1]
		s.queue = s.queue[:len(s.queue)-1]
		a2 := s.perm[a]
		for _, in := range s.inc[a] {
			if h := s.bmap[in.g]; h >= 0 {
				if s.once[a*s.G+in.g] < 0 {
					continue // a plays the group twice: the final check decides
				}
				j := s.once[a2*s.G+h]
				if j < 0 {
					return false // a plays the group once, a2 its image not once
				}
				out := s.inc[a2][j]
				if out.ns != (in.ns != s.bturn[in.g]) || !s.setPair(in.other, out.other) {
					return false
				}
				continue
			}
			if !s.narrowBoard(in.g) {
				return false
			}
		}
	}
	return true
}

// narrowBoard looks for the images group g can still have: groups of the
// same size where every mapped pair of g plays, on the same side up to one
// turn of the whole group, against the image of its opponent when that is
// mapped. None is a contradiction; one fixes g's image.
func (s *autSearch) narrowBoard(g int) bool {
	sc := s.sc
	found, turnFound := -1, false
	for h := range s.G {
		if s.binv[h] >= 0 || sc.top[h] != sc.top[g] {
			continue
		}
		ok, turnSet, turn := true, false, false
		for i := sc.start[g]; i < sc.start[g+1] && ok; i++ {
			for _, x := range [2]incidence{{g, sc.ew[i], true}, {g, sc.ns[i], false}} {
				p := sc.ns[i]
				if !x.ns {
					p = sc.ew[i]
				}
				if s.perm[p] < 0 {
					continue
				}
				if s.once[p*s.G+g] < 0 {
					continue // p plays g twice: the final check decides
				}
				j := s.once[s.perm[p]*s.G+h]
				if j < 0 {
					ok = false
					break
				}
				out := s.inc[s.perm[p]][j]
				t := out.ns != x.ns
				if turnSet && t != turn {
					ok = false
					break
				}
				turnSet, turn = true, t
				if q := s.perm[x.other]; q >= 0 && q != out.other {
					ok = false
					break
				}
			}
		}
		if !ok {
			continue
		}
		if found >= 0 {
			return true // two images still possible
		}
		found, turnFound = h, turn
	}
	if found < 0 {
		return false
	}
	return s.setBoard(g, found, turnFound)
}

func (s *autSearch) undo(mark int) {
	for len(s.trail) > mark {
		e := s.trail[len(s.trail)-1]
		s.trail = s.trail[:len(s.trail)-1]
		if e.board {
			s.binv[s.bmap[e.x]], s.bmap[e.x] = -1, -1
		} else {
			s.inv[s.perm[e.x]], s.perm[e.x] = -1, -1
		}
	}
	s.queue = s.queue[:0]
}

func (sc *scorer) automorphisms() ([]Automorphism, bool) {
	P, G := sc.pairs, len(sc.top)
	s := &autSearch{sc: sc, P: P, G: G, inc: make([][]incidence, P), once: make([]int, P*G),
		meet: make([][]int, P*P), perm: make([]int, P), inv: make([]int, P),
		bmap: make([]int, G), binv: make([]int, G), bturn: make([]bool, G)}
	for i := range s.once {
		s.once[i] = -1
	}
	for g := range G {
		for i := sc.start[g]; i < sc.start[g+1]; i++ {
			a, b := sc.ns[i], sc.ew[i]
			for _, x := range [2]incidence{{g, b, true}, {g, a, false}} {
				p := a
				if !x.ns {
					p = b
				}
				if s.once[p*G+g] == -1 {
					s.once[p*G+g] = len(s.inc[p])
				} else {
					s.once[p*G+g] = -2
				}
				s.inc[p] = append(s.inc[p], x)
			}
			if !slices.Contains(s.meet[a*P+b], g) {
				s.meet[a*P+b] = append(s.meet[a*P+b], g)
				s.meet[b*P+a] = append(s.meet[b*P+a], g)
			}
		}
	}
	// A pair's color: the tops of the groups it plays and how often it
	// meets each opponent, both sorted.
	s.color = make([]string, P)
	for a := range P {
		var tops, meets []int
		for _, in := range s.inc[a] {
			tops = append(tops, int(sc.top[in.g]))
		}
		for b := range P {
			if n := len(s.meet[a*P+b]); n > 0 {
				meets = append(meets, n)
			}
		}
		slices.Sort(tops)
		slices.Sort(meets)
		s.color[a] = intsKey(tops) + "/" + intsKey(meets)
	}
	for i := range s.perm {
		s.perm[i], s.inv[i] = -1, -1
	}
	for i := range s.bmap {
		s.bmap[i], s.binv[i] = -1, -1
	}
	// Order the pairs so that each meets as many earlier ones as possible:
	// an image chosen for one is soon checked against the others.
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
		for q := range P {
			if len(s.meet[best*P+q]) > 0 {
				links[q]++
			}
		}
	}
	want := structureKey(sc, identityPerm(P))
	var group []Automorphism
	seen := map[string]bool{}
	var search func(k int) bool
	search = func(k int) bool {
		if s.nodes++; s.nodes > maxAutNodes {
			return false
		}
		for k < P && s.perm[order[k]] >= 0 {
			k++
		}
		if k == P {
			if key := intsKey(s.perm); !seen[key] && structureKey(sc, s.perm) == want {
				seen[key] = true
				group = append(group, Automorphism{Perm: slices.Clone(s.perm)})
			}
			return true
		}
		v := order[k]
		for w := range P {
			if s.inv[w] >= 0 || s.color[w] != s.color[v] {
				continue
			}
			mark := len(s.trail)
			if s.setPair(v, w) && s.propagate() {
				if !search(k + 1) {
					return false
				}
			}
			s.undo(mark)
		}
		return true
	}
	if !search(0) {
		return []Automorphism{{Perm: identityPerm(P)}}, false
	}
	// The identity first, the rest in the order found.
	for i, a := range group {
		if slices.Equal(a.Perm, identityPerm(P)) {
			group[0], group[i] = group[i], group[0]
			break
		}
	}
	return group, true
}

// structureKey is the movement's compared groups after renaming the pairs
// by perm: each group's plays sorted, a group and its turned-around self
// written alike, the groups sorted. perm is an automorphism exactly when
// it leaves the key unchanged.
func structureKey(sc *scorer, perm []int) string {
	groups := make([]string, len(sc.top))
	var plays, turned []string
	for g := range sc.top {
		plays, turned = plays[:0], turned[:0]
		for i := sc.start[g]; i < sc.start[g+1]; i++ {
			a, b := strconv.Itoa(perm[sc.ns[i]]), strconv.Itoa(perm[sc.ew[i]])
			plays = append(plays, a+">"+b)
			turned = append(turned, b+">"+a)
		}
		slices.Sort(plays)
		slices.Sort(turned)
		groups[g] = min(strings.Join(plays, " "), strings.Join(turned, " "))
	}
	slices.Sort(groups)
	return strings.Join(groups, "|")
}

func intsKey(x []int) string {
	b := make([]byte, 0, 3*len(x))
	for _, v := range x {
		b = strconv.AppendInt(b, int64(v), 10)
		b = append(b, ',')
	}
	return string(b)
}
