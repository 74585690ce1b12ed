package budget

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// The case: 9·10⁹ iterations × 64 restarts on the 15-table
// Mitchell (30 pairs) is 5.76·10¹¹ switches, 72,000 s at 8 M a second.
func TestSwitchesRefused(t *testing.T) {
	e := Switches(9_000_000_000, 64, 30)
	if e.Seconds() != 72000 {
		t.Fatalf("seconds = %v, want 72000", e.Seconds())
	}
	if got, want := e.String(), "about 20 hours at 8 M switches a second"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	err := e.Check("optimize", 0, false, "give --time or fewer iterations")
	var tl *TooLong
	if !errors.As(err, &tl) {
		t.Fatalf("err = %v, want a *TooLong", err)
	}
	want := "optimize: 9000000000 iterations × 64 restarts (576 G switches) would take about 20 hours at 8 M switches a second, more than the 4 hours allowed without a time limit; give --time or fewer iterations"
	if err.Error() != want {
		t.Errorf("err =\n%s\nwant\n%s", err, want)
	}
	if err := e.Check("optimize", 0, true, ""); err != nil {
		t.Errorf("a time bound still refused: %v", err)
	}
	if err := Switches(2_000_000, 8, 30).Check("optimize", 0, false, ""); err != nil {
		t.Errorf("the default search refused: %v", err)
	}
}

func TestRateScalesWithPairs(t *testing.T) {
	// A switch on 60 pairs costs twice one on 30; below 30 the rate holds.
	if a, b := Switches(1e6, 1, 60).Seconds(), Switches(1e6, 1, 30).Seconds(); a != 2*b {
		t.Errorf("60 pairs %v s, 30 pairs %v s: want twice", a, b)
	}
	if a, b := Switches(1e6, 1, 10).Seconds(), Switches(1e6, 1, 30).Seconds(); a != b {
		t.Errorf("10 pairs %v s, 30 pairs %v s: want the same", a, b)
	}
}

func TestWords(t *testing.T) {
	cases := []struct {
		s    float64
		want string
	}{{0.2, "about a second"}, {30, "about 30 seconds"}, {600, "about 10 minutes"}, {72000, "about 20 hours"},
		{5 * 86400, "about 5 days"}, {3 * 365 * 86400, "about 3 years"}, {1e20, "about forever"}}
	for _, c := range cases {
		if got := Words(c.s); got != c.want {
			t.Errorf("Words(%v) = %q, want %q", c.s, got, c.want)
		}
	}
}

func TestOrientationsAndVacancy(t *testing.T) {
	// 2^40 switches at 8 M/s: 137,439 s, about 38 hours: refused.
	if err := Orientations(40, 30).Check("optimize", 0, false, ""); err == nil || !strings.Contains(err.Error(), "about 38 hours") {
		t.Errorf("err = %v, want a refusal of about 38 hours", err)
	}
	// relay-mitchell:500: 1,000 pairs, 500 groups of 500 plays: balance
	// 2.5·10⁸ + 10⁶ comparisons, vacancy 7.5·10⁸ + 2·10⁶ more: seconds.
	groups := make([]int, 500)
	for i := range groups {
		groups[i] = 500
	}
	v := Vacancy(1000, groups)
	if v.Units != 2*500*500*500+1e6+6*500*500*500+1e6 || !v.Long() || v.Seconds() > 60 {
		t.Errorf("vacancy: %v units, %v s", v.Units, v.Seconds())
	}
	if Balance(14, []int{7, 7}).Long() {
		t.Error("a 7-table balance shows progress")
	}
	if d := Switches(1<<62, 1<<20, 30).Duration(); d != time.Duration(1<<63-1) {
		t.Errorf("Duration of endless work = %v, want the largest", d)
	}
}
