package kinds

import (
	"fmt"
	"strings"
)

// exactReductionText says how an exact run of a large field was reduced:
// the movement's symmetry group, the part of it used, the strength
// reversal, and the numberings actually scored.
func exactReductionText(r *BussemakerResult) string {
	rev := ""
	if r.Reversal {
		rev = " and the strength reversal (×2)"
	}
	group := fmt.Sprintf("the movement's automorphism group (order %d)", r.Symmetry)
	if r.SymmetryUsed != r.Symmetry {
		group = fmt.Sprintf("automorphism group of order %d, a subgroup of order %d", r.Symmetry, r.SymmetryUsed)
	}
	// A numbering that a symmetry maps onto itself stands for fewer: then
	// the share is an average.
	share := fmt.Sprintf("each standing for %d", r.Samples/r.Evaluated)
	if r.Samples%r.Evaluated != 0 {
		share = fmt.Sprintf("each standing for %.2f on average", float64(r.Samples)/float64(r.Evaluated))
	}
	return fmt.Sprintf("Reduced by symmetry: %s%s; %d numberings scored, %s.", group, rev, r.Evaluated, share)
}

// reductionProse is exactReductionText after a space, or "" when the run
// was not reduced.
func reductionProse(r *BussemakerResult) string {
	if r.Evaluated == 0 {
		return ""
	}
	return " " + exactReductionText(r)
}

// splitErrata parts a Bussemaker cell's errata: those of the figures in
// exactPub, and those of the other published figures. The errata of the
// printed tables (ranks, spread/…) go to their own comparisons.
func splitErrata(errata, exactPub map[string]string) (exact, other map[string]string) {
	exact, other = map[string]string{}, map[string]string{}
	for k, v := range errata {
		switch _, ok := exactPub[k]; {
		case k == "ranks" || strings.HasPrefix(k, "spread/"):
		case ok:
			exact[k] = v
		default:
			other[k] = v
		}
	}
	return exact, other
}
