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

func TestCompareRefusesText(t *testing.T) {
	if _, _, err := Compare(1, "n/a"); err == nil {
		t.Error("Compare accepted a printed figure that is not a number")
	}
}

func TestReaches(t *testing.T) {
	for _, c := range []struct {
		x       float64
		printed string
		cmp     int
	}{
		{95.49, "95.49", 0}, {95.494, "95.49", 0}, {95.5, "95.49", 1}, {95.48, "95.49", -1}, {91.6, "92", 0},
	} {
		if got, cmp, err := Reaches(c.x, c.printed); err != nil || cmp != c.cmp {
			t.Errorf("Reaches(%v, %q) = %s, %d, %v; want %d", c.x, c.printed, got, cmp, err, c.cmp)
		}
	}
}

func TestWithin(t *testing.T) {
	for _, c := range []struct {
		x, tol  float64
		printed string
		match   bool
	}{
		{83.34, 0, "83.3", true},    // inside the printed rounding
		{83.36, 0, "83.3", false},   // beyond it
		{83.5, 0.2, "83.3", true},   // within the tolerance beyond the rounding
		{83.56, 0.2, "83.3", false}, // beyond both
	} {
		if got, match, err := Within(c.x, c.printed, c.tol); err != nil || match != c.match {
			t.Errorf("Within(%v, %q, %v) = %s, %v, %v; want %v", c.x, c.printed, c.tol, got, match, err, c.match)
		}
	}
}
