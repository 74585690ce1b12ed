package scoring

import (
	"math"
	"testing"
)

// TestDrawSlope compares the slope at a draw with a central difference of
// VictoryPoints, and pins the IMPs per VP of a few match lengths to two
// decimals (12 boards: the 2.75 of seed 002's handicaps).
func TestDrawSlope(t *testing.T) {
	for _, tc := range []struct {
		boards    int
		impsPerVP float64
	}{
		{8, 2.25}, {12, 2.75}, {16, 3.18}, {24, 3.89}, {32, 4.49},
	} {
		const h = 1e-4
		hi, _ := VictoryPoints(h, tc.boards)
		lo, _ := VictoryPoints(-h, tc.boards)
		numeric := (hi - lo) / (2 * h)
		if got := DrawSlope(tc.boards); math.Abs(got-numeric) > 1e-6 {
			t.Errorf("%d boards: DrawSlope = %v, numerically %v", tc.boards, got, numeric)
		}
		if got := math.Round(100/DrawSlope(tc.boards)) / 100; got != tc.impsPerVP {
			t.Errorf("%d boards: %.2f IMPs per VP, want %.2f", tc.boards, got, tc.impsPerVP)
		}
	}
}
