package study

import (
	"fmt"

	"github.com/bridgereport/bridgereport/engine/luck"
)

// exactReductionText says how an exact run of a large field was reduced:
// the movement's symmetry group, the part of it used, the strength
// reversal, and the numberings actually scored.
func exactReductionText(r *luck.Result) string {
	rev := ""
	if r.Reversal {
		rev = " and the strength reversal (×2)"
	}
	return fmt.Sprintf("Reduced by symmetry: automorphism group of order %d, %d of them keeping the sides used%s; %d numberings scored, each standing for %d.",
		r.Symmetry, r.SymmetryUsed, rev, r.Evaluated, r.Samples/r.Evaluated)
}

// reductionProse is exactReductionText after a space, or "" when the run
// was not reduced.
func reductionProse(r *luck.Result) string {
	if r.Evaluated == 0 {
		return ""
	}
	return " " + exactReductionText(r)
}
