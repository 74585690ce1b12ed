package scoring

import (
	"errors"
	"math"
)

// impSteps are the score differences at which the IMP scale of Law 78B goes
// up by one: 20–40 is 1 IMP, 50–80 is 2, …, 4000 and more is 24.
var impSteps = [...]int{20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
	750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000}

// IMPs converts a score difference to International Match Points (Law 78B).
// The sign follows the difference.
func IMPs(diff int) int {
	d := diff
	if d < 0 {
		d = -d
	}
	imps := 0
	for _, step := range impSteps {
		if d < step {
			break
		}
		imps++
	}
	if diff < 0 {
		return -imps
	}
	return imps
}

// IMPSteps returns the differences at which each further IMP starts.
func IMPSteps() []int { return append([]int(nil), impSteps[:]...) }

// tau is the golden-ratio constant (√5 − 1)/2 of the WBF scale.
var tau = (math.Sqrt(5) - 1) / 2

// VictoryPoints converts an IMP margin in a match of the given number of
// boards to the WBF continuous 20-victory-point scale: with
// B = 15·√boards the winner gets min(20, 10 + 10·(1 − τ^(3M/B))/(1 − τ³)),
// the loser 20 minus that. margin is the side's own margin (negative for
// the loser), so VictoryPoints(m) + VictoryPoints(−m) = 20. The WBF publishes
// the winner's figure rounded to two decimals.
func VictoryPoints(margin float64, boards int) (float64, error) {
	if boards < 1 {
		return 0, errors.New("victory points: a match has at least one board")
	}
	if math.IsNaN(margin) {
		return 0, errors.New("victory points: margin is not a number")
	}
	m := math.Abs(margin)
	b := 15 * math.Sqrt(float64(boards))
	win := math.Min(20, 10+10*(1-math.Pow(tau, 3*m/b))/(1-math.Pow(tau, 3)))
	if margin < 0 {
		return 20 - win, nil
	}
	return win, nil
}

// BlitzMargin is the IMP margin at which the winner reaches 20 VPs in a
// match of the given number of boards: 15·√boards.
func BlitzMargin(boards int) float64 { return 15 * math.Sqrt(float64(boards)) }

// DrawSlope is the slope of the WBF continuous scale at a draw, in VPs per
// IMP, for a match of the given number of boards: the derivative of
// VictoryPoints at a margin of 0, 30·ln(1/τ)/(B·(1 − τ³)) with B =
// 15·√boards. Its inverse is the IMPs a VP is worth in a close match.
func DrawSlope(boards int) float64 {
	return 30 * math.Log(1/tau) / (BlitzMargin(boards) * (1 - math.Pow(tau, 3)))
}
