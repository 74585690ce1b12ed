package scoring

import (
	"fmt"
	"math"
	"testing"
)

func TestIMPBoundaries(t *testing.T) {
	// The IMP scale of Law 78B: the differences at which each further IMP
	// starts.
	starts := []int{20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
		750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000}
	if fmt.Sprint(IMPSteps()) != fmt.Sprint(starts) {
		t.Errorf("IMPSteps() = %v", IMPSteps())
	}
	for i, s := range starts {
		t.Run(fmt.Sprint(s), func(t *testing.T) {
			for _, sign := range []int{1, -1} {
				if got := IMPs(sign * (s - 10)); got != sign*i {
					t.Errorf("IMPs(%d) = %d, want %d", sign*(s-10), got, sign*i)
				}
				if got := IMPs(sign * s); got != sign*(i+1) {
					t.Errorf("IMPs(%d) = %d, want %d", sign*s, got, sign*(i+1))
				}
			}
		})
	}
	for diff, want := range map[int]int{0: 0, 10: 0, 620 - 170: 10, 1430 - 680: 13, 7600: 24, 100000: 24} {
		if got := IMPs(diff); got != want {
			t.Errorf("IMPs(%d) = %d, want %d", diff, got, want)
		}
	}
}

func TestVictoryPoints(t *testing.T) {
	// Margin 0 is 10.00 each; the rest are VictoryPoints's formula at
	// two decimals (the precision the WBF publishes).
	tests := []struct {
		margin float64
		boards int
		want   float64
	}{
		{0, 16, 10.00},
		{0, 7, 10.00},
		{1, 16, 10.31},
		{2, 16, 10.61},
		{10, 16, 12.80},
		{-10, 16, 7.20},
		{1, 12, 10.36},
		{12, 12, 13.71},
		{59, 16, 19.92},
		{60, 16, 20.00},
		{100, 16, 20.00},
		{-100, 16, 0.00},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%v/%d", tc.margin, tc.boards), func(t *testing.T) {
			got, err := VictoryPoints(tc.margin, tc.boards)
			if err != nil {
				t.Fatal(err)
			}
			if !near(got, tc.want, 0.005) {
				t.Errorf("got %.4f, want %.2f", got, tc.want)
			}
		})
	}
}

func TestVictoryPointsProperties(t *testing.T) {
	for _, boards := range []int{1, 4, 8, 12, 16, 20, 24, 28, 32, 48, 64} {
		t.Run(fmt.Sprint(boards), func(t *testing.T) {
			b := BlitzMargin(boards)
			if want := 15 * math.Sqrt(float64(boards)); b != want {
				t.Errorf("BlitzMargin = %v, want %v", b, want)
			}
			// The formula meets 20 exactly at the blitz margin, so the cap
			// costs nothing below it.
			if v, _ := VictoryPoints(b, boards); !near(v, 20, 1e-9) {
				t.Errorf("at the blitz margin %v: %v", b, v)
			}
			if v, _ := VictoryPoints(b+1, boards); v != 20 {
				t.Errorf("above the blitz margin: %v", v)
			}
			prev := -1.0
			for m := 0.0; m <= b+5; m++ {
				w, _ := VictoryPoints(m, boards)
				l, _ := VictoryPoints(-m, boards)
				if !near(w+l, 20, 1e-12) {
					t.Errorf("margin %v: %v + %v ≠ 20", m, w, l)
				}
				if w < prev || (m <= b && w <= prev) {
					t.Errorf("margin %v: %v does not rise from %v", m, w, prev)
				}
				prev = w
			}
		})
	}
	if _, err := VictoryPoints(1, 0); err == nil {
		t.Error("0 boards accepted")
	}
	if _, err := VictoryPoints(math.NaN(), 16); err == nil {
		t.Error("NaN accepted")
	}
}
