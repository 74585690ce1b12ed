package movement

import "fmt"

// CompleteHowell returns a complete Howell for any number of pairs from 4:
// for an even number Howell(pairs); for an odd number the
// Howell for pairs+1 with one pair absent (a half table), the absent pair
// chosen by BestPhantom, so that one pair sits out each round.
func CompleteHowell(pairs int) (*Movement, error) {
	if pairs < 4 {
		return nil, fmt.Errorf("howell: %d pairs: a Howell needs at least 4 pairs", pairs)
	}
	if pairs%2 == 0 {
		return Howell(pairs)
	}
	full, err := Howell(pairs + 1)
	if err != nil {
		return nil, err
	}
	m, _, err := HalfTable(full)
	return m, err
}

// BestPhantom chooses the pair of m to leave out for a half table: the pair
// whose absence leaves the best vacancy quality Qf1 (Vacancy), the
// highest pair number among equals (the usual phantom, and the pair the
// published Qf1 of the TEAM tables leaves out).
func BestPhantom(m *Movement) (int, error) {
	v, err := ComputeVacancy(m)
	if err != nil {
		return 0, err
	}
	best := m.Pairs
	for p := m.Pairs - 1; p >= 1; p-- {
		if v.Qf1[p-1] > v.Qf1[best-1]+1e-9 {
			best = p
		}
	}
	return best, nil
}

// HalfTable returns m for one pair fewer: the pair BestPhantom chooses is
// absent (its opponents sit out; the pairs above it are renumbered one
// lower). It also returns the absent pair's number in m. When the pairs of
// m do not all play every board group (a skip Mitchell), the half table
// plays its groups unequal numbers of times: Describe tells (Uniform).
func HalfTable(m *Movement) (*Movement, int, error) {
	v, err := BestPhantom(m)
	if err != nil {
		return nil, 0, err
	}
	out, err := m.WithoutPair(v)
	return out, v, err
}
