package reports

import "slices"

// Nearest is the name among names closest to name in edit distance, when
// it is close enough to be a typo of it (within a third of its length),
// else "": the suggestion of an unknown label or key. Ties go to the name
// first in sorted order.
func Nearest(name string, names []string) string {
	best, bestD := "", len(name)/3+1
	for _, c := range slices.Sorted(slices.Values(names)) {
		if d := editDistance(name, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance of two strings, by bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
