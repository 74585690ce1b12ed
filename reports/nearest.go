package reports

import (
	"slices"

	"github.com/bridgereport/bridgereport/studies/library"
)

// Nearest is the name among names closest to name in edit distance, when
// it is close enough to be a typo of it (within a third of its length),
// else "": the suggestion of an unknown label or key. Ties go to the name
// first in sorted order.
func Nearest(name string, names []string) string {
	best, bestD := "", len(name)/3+1
	for _, c := range slices.Sorted(slices.Values(names)) {
		if d := library.EditDistance(name, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}
