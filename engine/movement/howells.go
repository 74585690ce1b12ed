package movement

import "fmt"

// CompleteHowell returns a complete Howell for any number of pairs from 4
// (howell:N). For 4, 6 and 10 pairs, where Howell's cyclic form has no
// arrangement without every table playing the same boards (a barometer),
// it is the Dutch federation's published Howell of that size, as printed
// (publishedHowells); for the other even numbers Howell(pairs), a cyclic
// Howell of this package's own construction, checked for its properties
// (every pair meets every other once and plays every board group once, no
// group shared within a round) and not against a published card:
// unverified. For an odd number it is the Howell for pairs+1 with one pair
// absent (a half table), the absent pair chosen by BestPhantom, so that
// one pair sits out each round.
func CompleteHowell(pairs int) (*Movement, error) {
	if pairs < 4 {
		return nil, fmt.Errorf("howell: %d pairs: a Howell needs at least 4 pairs", pairs)
	}
	if pairs%2 == 1 {
		full, err := CompleteHowell(pairs + 1)
		if err != nil {
			return nil, err
		}
		m, _, err := HalfTable(full)
		return m, err
	}
	if rounds, ok := publishedHowells[pairs]; ok {
		m := New(pairs, pairs/2, len(rounds), len(rounds))
		for r, row := range rounds {
			for t, tb := range row {
				m.Schedule[r][t] = Table{NS: tb[0], EW: tb[1], Group: tb[2]}
			}
		}
		return m, nil
	}
	return Howell(pairs)
}

// publishedHowells are the complete Howells of the Dutch federation (NBB)
// for the sizes Howell builds as a barometer, round by round, each table
// {NS, EW, board group}: for 4 pairs its "Howell 4" (two tables, which
// must play the same boards: a barometer, Qf 100), for 6 pairs its "Howell
// 6" (Qf 60; boards shared in four rounds, as no three-table Howell avoids
// sharing), for 10 pairs its "Howell tafelkaart 10" (the table card of
// 1 to 9 rotating around pair 10, no boards shared, Qf 83.33). The
// library holds them (NBBR/NBB/N021_Howell_4, N022_Howell_6,
// N027_Howell_tafelkaart_10); a test compares them.
var publishedHowells = map[int][][][3]int{
	4: {
		{{1, 2, 0}, {3, 4, 0}},
		{{1, 3, 1}, {4, 2, 1}},
		{{1, 4, 2}, {2, 3, 2}},
	},
	6: {
		{{1, 2, 0}, {3, 4, 1}, {5, 6, 2}},
		{{1, 3, 2}, {5, 2, 3}, {4, 6, 0}},
		{{1, 4, 3}, {2, 6, 1}, {3, 5, 0}},
		{{1, 5, 1}, {4, 2, 2}, {6, 3, 3}},
		{{1, 6, 4}, {2, 3, 4}, {4, 5, 4}},
	},
	10: {
		{{10, 1, 0}, {8, 9, 1}, {6, 4, 2}, {3, 7, 7}, {2, 5, 8}},
		{{10, 2, 1}, {9, 1, 2}, {7, 5, 3}, {4, 8, 8}, {3, 6, 0}},
		{{10, 3, 2}, {1, 2, 3}, {8, 6, 4}, {5, 9, 0}, {4, 7, 1}},
		{{10, 4, 3}, {2, 3, 4}, {9, 7, 5}, {6, 1, 1}, {5, 8, 2}},
		{{10, 5, 4}, {3, 4, 5}, {1, 8, 6}, {7, 2, 2}, {6, 9, 3}},
		{{10, 6, 5}, {4, 5, 6}, {2, 9, 7}, {8, 3, 3}, {7, 1, 4}},
		{{10, 7, 6}, {5, 6, 7}, {3, 1, 8}, {9, 4, 4}, {8, 2, 5}},
		{{10, 8, 7}, {6, 7, 8}, {4, 2, 0}, {1, 5, 5}, {9, 3, 6}},
		{{10, 9, 8}, {7, 8, 0}, {5, 3, 1}, {2, 6, 6}, {1, 4, 7}},
	},
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
