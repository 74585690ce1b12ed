package movement

import "fmt"

// Renumber returns a copy of m with the pairs renumbered: pair p becomes
// perm[p-1]. perm must be a permutation of 1..Pairs. The balance is the
// same, up to the order of the pairs (balans -p).
func (m *Movement) Renumber(perm []int) (*Movement, error) {
	if err := checkPermutation(perm, m.Pairs); err != nil {
		return nil, err
	}
	c := m.Clone()
	for _, row := range c.Schedule {
		for t := range row {
			if tb := &row[t]; !tb.Empty() {
				tb.NS, tb.EW = perm[tb.NS-1], perm[tb.EW-1]
			}
		}
	}
	return c, nil
}

// checkPermutation says whether perm is a permutation of 1..n.
func checkPermutation(perm []int, n int) error {
	if len(perm) != n {
		return fmt.Errorf("renumber: %d numbers for %d pairs: want a permutation of 1..%d", len(perm), n, n)
	}
	seen := make([]bool, n+1)
	for i, p := range perm {
		if p < 1 || p > n {
			return fmt.Errorf("renumber: pair %d becomes %d, outside 1..%d", i+1, p, n)
		}
		if seen[p] {
			return fmt.Errorf("renumber: %d appears twice: want a permutation of 1..%d", p, n)
		}
		seen[p] = true
	}
	return nil
}

// InversePermutation returns the permutation that undoes perm (a permutation of
// 1..len(perm)): InversePermutation(perm)[perm[i]-1] = i+1.
func InversePermutation(perm []int) []int {
	inv := make([]int, len(perm))
	for i, p := range perm {
		inv[p-1] = i + 1
	}
	return inv
}
