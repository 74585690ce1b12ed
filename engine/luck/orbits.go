package luck

import "slices"

// One numbering per orbit: orderly generation along a stabiliser chain.
//
// A group of automorphisms acts on the numberings (ν ↦ ν∘g⁻¹, ν giving
// each pair position its entrant) freely: only the identity fixes a
// numbering, as a numbering is a bijection. So every orbit has as many
// numberings as the group has elements, all with the same outcome for
// every entrant, and counting one numbering per orbit, times the group's
// order, counts every numbering.
//
// The numbering an orbit is represented by is its least image: order the
// positions b₁, b₂, … (the base) and compare numberings by the entrants
// at b₁, then b₂, …. With G₀ the group and Gᵢ the automorphisms that fix
// b₁ … bᵢ, the least image has at b₁ the least entrant of the positions
// in b₁'s orbit under G₀; among the images that have it (a coset of G₁),
// at b₂ the least of b₂'s orbit under G₁; and so on until Gₖ is the
// identity. So a numbering is its orbit's representative exactly when, at
// every level, the entrant at bᵢ is below the entrants at the other
// positions of bᵢ's orbit under Gᵢ₋₁: a fixed list of comparisons, checked
// without building any image, and met by exactly one numbering of each
// orbit.
//
// This is chosen over canonical augmentation (building numberings position
// by position and testing each extension) because the groups here are
// small (at most some thousands of elements, listed whole by the search)
// and the enumeration's inner loops want plain lists of arrangements: the
// comparisons select them once, before any numbering is scored.

// baseLevel is one level of the chain: the entrant at position at must be
// below the entrants at the positions of above.
type baseLevel struct {
	at    int
	above []int
}

// stabiliserChain returns the levels of the chain of group (permutations
// of 0..n−1, the identity among them) along the points in order, until
// the stabiliser is the identity. Levels whose orbit is one point are
// left out: they compare nothing.
func stabiliserChain(group [][]int, points []int) []baseLevel {
	var levels []baseLevel
	cur := group
	for _, b := range points {
		if len(cur) <= 1 {
			break
		}
		var orbit []int
		for _, g := range cur {
			if x := g[b]; x != b && !slices.Contains(orbit, x) {
				orbit = append(orbit, x)
			}
		}
		if len(orbit) > 0 {
			slices.Sort(orbit)
			levels = append(levels, baseLevel{at: b, above: orbit})
		}
		var next [][]int
		for _, g := range cur {
			if g[b] == b {
				next = append(next, g)
			}
		}
		cur = next
	}
	return levels
}

// leastInOrbit reports whether the arrangement arr (arr[position] = label)
// meets every level's comparison.
func leastInOrbit(levels []baseLevel, arr []uint8) bool {
	for _, l := range levels {
		x := arr[l.at]
		for _, p := range l.above {
			if arr[p] < x {
				return false
			}
		}
	}
	return true
}

// orbitProduct is the product of the levels' orbit sizes: the order of the
// group the chain was made of.
func orbitProduct(levels []baseLevel) int64 {
	n := int64(1)
	for _, l := range levels {
		n *= int64(len(l.above) + 1)
	}
	return n
}
