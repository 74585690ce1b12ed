// Package published reads figures as the sources print them: a number
// whose printed decimals are its precision. "92" and "92.00" are different
// claims: the first holds for 91.6, the second does not.
package published

import (
	"math"
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

// Matches reports whether x, rounded to the printed precision, is the
// printed figure. A printed text that is not a number matches nothing.
func Matches(x float64, printed string) bool {
	want, err := strconv.ParseFloat(printed, 64)
	if err != nil {
		return false
	}
	scale := math.Pow(10, float64(Decimals(printed)))
	return math.Abs(math.Round(x*scale)-math.Round(want*scale)) < 0.5
}
