// Package published compares computed figures with figures as the sources
// print them: a number whose printed decimals are its precision. "92" and
// "92.00" are different claims: the first holds for 91.6, the second does
// not. It is the one comparison behind every check of a published figure,
// in the engine's tests and in the studies' checks.
package published

import (
	"fmt"
	"strconv"
	"strings"
)

// Decimals is the number of decimals a figure is printed with.
func Decimals(printed string) int {
	if i := strings.IndexByte(printed, '.'); i >= 0 {
		return len(printed) - i - 1
	}
	return 0
}

// parse reads a printed figure.
func parse(printed string) (float64, error) {
	want, err := strconv.ParseFloat(printed, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", printed)
	}
	return want, nil
}

// Compare prints x at the precision of the printed figure and reports
// whether it reads as the printed figure. The error says the printed text
// is not a number.
func Compare(x float64, printed string) (computed string, match bool, err error) {
	want, err := parse(printed)
	if err != nil {
		return "", false, err
	}
	computed = strconv.FormatFloat(x, 'f', Decimals(printed), 64)
	got, _ := strconv.ParseFloat(computed, 64)
	return computed, got == want, nil
}

// Matches reports whether x, rounded to the printed precision, is the
// printed figure. A printed text that is not a number matches nothing.
func Matches(x float64, printed string) bool {
	_, match, err := Compare(x, printed)
	return err == nil && match
}

// Reaches compares x with a printed figure that it should reach or beat, at
// the printed precision: cmp is -1 when x falls short, 0 when it reads as
// the figure, +1 when it beats it.
func Reaches(x float64, printed string) (computed string, cmp int, err error) {
	want, err := parse(printed)
	if err != nil {
		return "", 0, err
	}
	computed = strconv.FormatFloat(x, 'f', Decimals(printed), 64)
	switch got, _ := strconv.ParseFloat(computed, 64); {
	case got < want:
		cmp = -1
	case got > want:
		cmp = 1
	}
	return computed, cmp, nil
}

// Within compares a sampled figure x with a printed one: it matches when it
// lies within tol of the printed figure beyond the printed rounding (half a
// unit of its last digit). computed is x with one decimal more than the
// printed figure.
func Within(x float64, printed string, tol float64) (computed string, match bool, err error) {
	want, err := parse(printed)
	if err != nil {
		return "", false, err
	}
	d := Decimals(printed)
	half := 0.5
	for range d {
		half /= 10
	}
	computed = strconv.FormatFloat(x, 'f', d+1, 64)
	return computed, x >= want-half-tol && x <= want+half+tol, nil
}
