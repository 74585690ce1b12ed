package cell

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// The helpers below write numbers the way more than one presenter shows
// them; a helper of one presenter lives beside it.

// FmtNum writes a number in the fewest digits that read back as it: 16,
// 8.5, 0.25 (a handicap in IMPs, a top of matchpoints, a VP factor).
func FmtNum(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// Signed writes a score the way score sheets do: +420, -50, 0.
func Signed(s int) string {
	if s > 0 {
		return "+" + strconv.Itoa(s)
	}
	return strconv.Itoa(s)
}

// FormatMP writes matchpoints with at most two decimals and no trailing zeros.
func FormatMP(x float64) string {
	s := strconv.FormatFloat(x, 'f', 2, 64)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// Decimals is the number of Decimals, up to 3, that x was given with; for a
// rounding step (0.1, 0.01) it is the Decimals the step keeps.
func Decimals(x float64) int {
	for d := 0; d < 3; d++ {
		v := x * math.Pow(10, float64(d))
		if math.Abs(v-math.Round(v)) < 1e-9 {
			return d
		}
	}
	return 3
}

// CaptionOr is the caption the study gives, or the cell's own.
func CaptionOr(caption, fallback string) string {
	if caption != "" {
		return caption
	}
	return fallback
}

// Extend adds to a caption after sep, so that "Qf of the Mitchell." and
// ": by round" read "Qf of the Mitchell: by round", punctuated once.
func Extend(caption, sep, more string) string {
	return strings.TrimRight(caption, ". ") + sep + more
}

// BoardsOf names the boards of group g: numbers with boards per group,
// else the group's label.
func BoardsOf(m *movement.Movement, g, perGroup int) string {
	if perGroup <= 0 {
		return m.GroupLabel(g)
	}
	if perGroup == 1 {
		return strconv.Itoa(g + 1)
	}
	return fmt.Sprintf("%d-%d", g*perGroup+1, g*perGroup+perGroup)
}
