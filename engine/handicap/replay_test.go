package handicap

import (
	"math"
	"testing"
)

// TestReplayExpected replays each division of the seed's Table 1 at its
// expected VP differences and gets the printed averages back.
func TestReplayExpected(t *testing.T) {
	for _, tc := range []struct {
		name string
		avgs []float64
		most float64 // the most VPs in one match, to two decimals
	}{
		{"division 1", []float64{14.0, 14.0, 13.4, 10.0, 5.3, 3.3}, 18.92},
		{"division 2", []float64{11.5, 10.6, 10.1, 10.0, 9.9, 7.9}, 13.00},
		{"division 3", []float64{17.0, 15.3, 8.9, 8.3, 7.7, 2.8}, 21.83},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := float64(len(tc.avgs))
			expected := make([]float64, len(tc.avgs))
			for i, a := range tc.avgs {
				expected[i] = (tc.avgs[0] - a) * 2 * (n - 1) / n
			}
			got, most := ReplayExpected(expected, 20)
			for i, a := range tc.avgs {
				if math.Abs(got[i]-a) > 1e-9 {
					t.Errorf("team %d: replayed %.4f, printed %.1f", i+1, got[i], a)
				}
			}
			if math.Round(most*100)/100 != tc.most {
				t.Errorf("most VPs in a match %.4f, want %.2f", most, tc.most)
			}
		})
	}
}
