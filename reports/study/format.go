package study

import "strconv"

// fmtNum prints a number in the fewest digits that read back as it: a
// handicap as whole IMPs or with the decimals a finer rounding step gives
// it, a top of matchpoints, a VP factor.
func fmtNum(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
