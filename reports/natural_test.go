package reports

import (
	"slices"
	"testing"
)

func TestNaturalCompare(t *testing.T) {
	got := []string{"b/10", "b/2", "a", "b/1", "b/1x", "b/01", "table 12", "table 3", ""}
	slices.SortStableFunc(got, NaturalCompare)
	want := []string{"", "a", "b/1", "b/01", "b/1x", "b/2", "b/10", "table 3", "table 12"}
	if !slices.Equal(got, want) {
		t.Errorf("sorted %q, want %q", got, want)
	}
}

func FuzzNaturalCompare(f *testing.F) {
	f.Add("b/10", "b/2")
	f.Fuzz(func(t *testing.T, a, b string) {
		if NaturalCompare(a, b) != -NaturalCompare(b, a) {
			t.Errorf("not antisymmetric: %q %q", a, b)
		}
		if NaturalCompare(a, a) != 0 {
			t.Errorf("%q differs from itself", a)
		}
	})
}
