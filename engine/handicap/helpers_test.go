package handicap

import (
	"math"
	"strconv"
	"strings"
)

// roundsTo reports whether x rounds to the published figure at its precision.
func roundsTo(x float64, published string) bool {
	decimals := 0
	if i := strings.IndexByte(published, '.'); i >= 0 {
		decimals = len(published) - i - 1
	}
	want, _ := strconv.ParseFloat(published, 64)
	scale := math.Pow(10, float64(decimals))
	return math.Abs(math.Round(x*scale)-math.Round(want*scale)) < 0.5
}
