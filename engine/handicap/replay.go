package handicap

// ReplayExpected is the reverse check of the expected VP difference (seed
// 002): a single round robin of a division in which every match ends at
// the expected difference of its two teams. expected[i] is team i's
// expected VP difference from the top team, (top average − average) ·
// 2(N − 1)/N; each match shares matchVPs (20 on a 20-VP scale), team i
// getting matchVPs/2 + (expected[j] − expected[i])/2 against team j. It
// returns each team's average VPs over its N − 1 matches, which are the
// division's averages whenever they average matchVPs/2, and the most VPs any
// team gets in one match (more than matchVPs means the margins run past the
// scale).
func ReplayExpected(expected []float64, matchVPs float64) (averages []float64, most float64) {
	n := len(expected)
	averages = make([]float64, n)
	if n < 2 {
		return averages, 0
	}
	for i := range expected {
		sum := 0.0
		for j := range expected {
			if i == j {
				continue
			}
			vp := matchVPs/2 + (expected[j]-expected[i])/2
			sum += vp
			most = max(most, vp)
		}
		averages[i] = sum / float64(n-1)
	}
	return averages, most
}
