package published

import "testing"

func TestMatches(t *testing.T) {
	for _, c := range []struct {
		x       float64
		printed string
		want    bool
	}{
		{91.6, "92", true},
		{91.6, "92.00", false},
		{32.7014, "32.70", true},
		{32.7014, "32.71", false},
		{46.9387, "46.94", true},
		{0.499, "0", true},
		{-1.05, "-1.05", true},
		{92, "ninety-two", false},
	} {
		if got := Matches(c.x, c.printed); got != c.want {
			t.Errorf("Matches(%v, %q) = %v, want %v", c.x, c.printed, got, c.want)
		}
	}
	if Decimals("83.33") != 2 || Decimals("100") != 0 {
		t.Error("Decimals")
	}
}
