package textfile

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/scoring"
)

// Score reads an NS score as files write it: 430, -50, "430.0", +620;
// none is beyond ±scoring.MaxScore (7600).
func Score(s string) (int, error) {
	t := strings.TrimPrefix(strings.TrimSpace(s), "+")
	switch strings.ToUpper(t) {
	case "PASS", "P", "AP", "PASSED", "ALL PASS":
		return 0, nil // passed out
	}
	n, err := strconv.Atoi(t)
	if err != nil {
		f, ferr := strconv.ParseFloat(t, 64)
		if ferr != nil || math.IsNaN(f) || math.IsInf(f, 0) || f != math.Trunc(f) {
			return 0, fmt.Errorf("score %q: want a whole number such as 430 or -50, or an artificial score such as A5050", engine.Clip(s))
		}
		if math.Abs(f) > scoring.MaxScore {
			return 0, fmt.Errorf("score %s: no bridge score is beyond ±%d", engine.Clip(t), scoring.MaxScore)
		}
		n = int(f)
	}
	if n > scoring.MaxScore || n < -scoring.MaxScore {
		return 0, fmt.Errorf("score %d: no bridge score is beyond ±%d", n, scoring.MaxScore)
	}
	return n, nil
}

// Number reads a decimal figure (matchpoints, a percentage) and says
// how many decimals it is written with.
func Number(what, s string) (float64, int, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimSuffix(t, "%")
	t = strings.Replace(t, ",", ".", 1) // some European writers
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > 1e9 {
		return 0, 0, fmt.Errorf("%s %q is not a number", what, engine.Clip(s))
	}
	dec := 0
	if i := strings.IndexByte(t, '.'); i >= 0 {
		dec = len(t) - i - 1
	}
	return f, dec, nil
}

// PairNumber reads a pair number, which must be at least 1.
func PairNumber(what, s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 1 || n > 100000 {
		return 0, fmt.Errorf("%s %q: want a pair number from 1", what, engine.Clip(s))
	}
	return n, nil
}

// Names splits "Ann Archer - Bob Baker" or "Ann Archer & Bob Baker" (or
// with " / ", " and ", an en dash) into the players' names, each with its
// runs of spaces made one; then, for writers that join names with a bare
// hyphen (ACBLscore's "Ann Archer-Bob Baker"), at each of bare.
func Names(s string, bare ...string) []string {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	for _, sep := range append([]string{" - ", " & ", " / ", " and ", " – "}, bare...) {
		if strings.Contains(s, sep) {
			var out []string
			for _, n := range strings.Split(s, sep) {
				if n = strings.Join(strings.Fields(n), " "); n != "" {
					out = append(out, n)
				}
			}
			return out
		}
	}
	return []string{strings.Join(strings.Fields(s), " ")}
}
