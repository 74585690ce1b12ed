package optimize

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Cooling is the annealing schedule with its two temperatures (balans -S
// n:c1:c2). Temperatures are in units of the mean uphill ΔSS of single
// switches from the starting orientation, so one setting suits movements of
// every size; 0 takes the mode's default.
type Cooling struct {
	Mode Mode
	// C1 and C2: in fast mode the coldest and the hottest temperature of
	// each cycle (defaults 0.05 and 1; balans: start and peak); in slow mode
	// the temperature at the start and at the end of each restart (defaults
	// 1 and 0.05; C2 > C1 heats instead of cooling).
	C1, C2 float64
}

// Default temperatures of the cooling modes, in units of the mean uphill ΔSS.
const (
	tempHigh = 1.0
	tempLow  = 0.05
)

// temps returns the fast mode's coldest and hottest temperature, or the slow
// mode's first and last, with the defaults filled in.
func (c Cooling) temps() (float64, float64) {
	c1, c2 := c.C1, c.C2
	switch c.Mode {
	case ModeSlow:
		if c1 == 0 {
			c1 = tempHigh
		}
		if c2 == 0 {
			c2 = tempLow
		}
	default:
		if c1 == 0 {
			c1 = tempLow
		}
		if c2 == 0 {
			c2 = tempHigh
		}
	}
	return c1, c2
}

// String writes the cooling as MarshalText does.
func (c Cooling) String() string {
	s := c.Mode.String()
	if c.C1 != 0 || c.C2 != 0 {
		s += ":" + strconv.FormatFloat(c.C1, 'g', -1, 64)
		if c.C2 != 0 {
			s += ":" + strconv.FormatFloat(c.C2, 'g', -1, 64)
		}
	}
	return s
}

// MarshalText writes MODE, MODE:C1 or MODE:C1:C2.
func (c Cooling) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads MODE[:C1[:C2]] with MODE fast or slow, or balans's
// algorithm numbers 0 (fast) and 1 (slow): "slow", "slow:2:0.01", "0:0.1:2";
// or greedy, which has no temperatures.
func (c *Cooling) UnmarshalText(text []byte) error {
	parts := strings.Split(string(text), ":")
	if len(parts) > 3 {
		return fmt.Errorf("want MODE[:C1[:C2]], got %q", text)
	}
	var out Cooling
	switch parts[0] {
	case "0":
		out.Mode = ModeFast
	case "1":
		out.Mode = ModeSlow
	case "2":
		return fmt.Errorf("%q: balans's adaptive ensemble cooling (2) is not implemented; use fast (0) or slow (1)", text)
	default:
		if err := out.Mode.UnmarshalText([]byte(parts[0])); err != nil {
			return err
		}
	}
	if out.Mode == ModeGreedy && len(parts) > 1 {
		return fmt.Errorf("%q: greedy search has no temperatures", text)
	}
	for i, p := range parts[1:] {
		x, err := strconv.ParseFloat(p, 64)
		if err != nil || x <= 0 || math.IsInf(x, 0) {
			return fmt.Errorf("%q: temperature %q must be a positive number", text, p)
		}
		if i == 0 {
			out.C1 = x
		} else {
			out.C2 = x
		}
	}
	if lo, hi := out.temps(); out.Mode == ModeFast && lo >= hi {
		return fmt.Errorf("%q: fast mode wants the coldest temperature below the hottest (%g ≥ %g)", text, lo, hi)
	}
	*c = out
	return nil
}

// Vacancy chooses how the vacancy quality ranks orientations of equal Qf,
// or leaves it out of the ranking.
type Vacancy int

const (
	// VacancyWeighted ranks by the vacancy score w1·Qf1max + w2·Qf1av
	// (higher first), with the Weights; balans's way.
	VacancyWeighted Vacancy = iota
	// VacancyAvThenMax ranks by Qf1av, then Qf1max (both higher first):
	// bridgereport's ranking before the weights, kept for its results.
	VacancyAvThenMax
	// VacancyOff leaves the vacancy quality out of the ranking: equal Qf
	// goes to d4 (or, with Settings.NoD4, is a tie). The search then skips
	// the vacancy evaluation, its most expensive part.
	VacancyOff
)

func (v Vacancy) String() string {
	switch v {
	case VacancyWeighted:
		return "weighted"
	case VacancyAvThenMax:
		return "av-then-max"
	case VacancyOff:
		return "off"
	}
	return fmt.Sprintf("vacancy(%d)", int(v))
}

// MarshalText writes weighted, av-then-max or off.
func (v Vacancy) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads weighted, av-then-max or off (any case).
func (v *Vacancy) UnmarshalText(text []byte) error {
	switch strings.ToLower(string(text)) {
	case "weighted":
		*v = VacancyWeighted
	case "av-then-max":
		*v = VacancyAvThenMax
	case "off":
		*v = VacancyOff
	default:
		return fmt.Errorf("want weighted, av-then-max or off, got %q", text)
	}
	return nil
}

// Weights are w1 and w2 of the vacancy score w1·Qf1max + w2·Qf1av (balans
// -W w1:w2). The zero value means balans's default for an even number of
// pairs, 2:1, which bridgereport uses for every number of pairs.
type Weights struct {
	Max, Av float64
}

// DefaultWeights is Qf1max 2 : Qf1av 1.
var DefaultWeights = Weights{Max: 2, Av: 1}

// orDefault returns w, or the default weights for the zero value.
func (w Weights) orDefault() Weights {
	if w == (Weights{}) {
		return DefaultWeights
	}
	return w
}

func (w Weights) String() string {
	return strconv.FormatFloat(w.Max, 'g', -1, 64) + ":" + strconv.FormatFloat(w.Av, 'g', -1, 64)
}

// MarshalText writes w1:w2.
func (w Weights) MarshalText() ([]byte, error) { return []byte(w.String()), nil }

// UnmarshalText reads w1:w2, two numbers from 0 up, not both 0: "2:1", "0:1".
func (w *Weights) UnmarshalText(text []byte) error {
	a, b, ok := strings.Cut(string(text), ":")
	x, err1 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	y, err2 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	switch {
	case !ok || err1 != nil || err2 != nil:
		return fmt.Errorf("want w1:w2 (the weights of Qf1max and Qf1av), got %q", text)
	case x < 0 || y < 0 || math.IsInf(x, 0) || math.IsInf(y, 0) || x+y == 0:
		return fmt.Errorf("%q: weights must be finite, from 0 up, and not both 0", text)
	}
	*w = Weights{Max: x, Av: y}
	return nil
}

// Group names a board group, 1-based: group A is 1. Its text is the
// group's letter as a movement file writes it (A–Z, then a–z) or its
// number, so "C" and "3" name the same group.
type Group int

func (g Group) String() string {
	switch {
	case g == 0:
		return "" // none
	case g >= 1 && g <= 26:
		return string(rune('A' + g - 1))
	case g >= 27 && g <= 52:
		return string(rune('a' + g - 27))
	}
	return strconv.Itoa(int(g))
}

// MarshalText writes the group's letter (its number beyond z; nothing for 0, none).
func (g Group) MarshalText() ([]byte, error) { return []byte(g.String()), nil }

// UnmarshalText reads a letter A–Z or a–z, or a number from 1.
func (g *Group) UnmarshalText(text []byte) error {
	s := strings.TrimSpace(string(text))
	if len(s) == 1 && (s[0] >= 'A' && s[0] <= 'Z' || s[0] >= 'a' && s[0] <= 'z') {
		if s[0] >= 'a' {
			*g = Group(s[0]-'a') + 27
		} else {
			*g = Group(s[0]-'A') + 1
		}
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return fmt.Errorf("want a board group letter (A, B, …) or number from 1, got %q", text)
	}
	*g = Group(n)
	return nil
}

// PairRange is a range of pair numbers From..To, both included (balans -P
// n1-n2). The zero value is every pair.
type PairRange struct {
	From, To int
}

// all reports whether the range is the zero value, every pair.
func (r PairRange) all() bool { return r == PairRange{} }

// contains reports whether pair p is in the range.
func (r PairRange) contains(p int) bool { return r.all() || p >= r.From && p <= r.To }

func (r PairRange) String() string {
	if r.all() {
		return ""
	}
	return fmt.Sprintf("%d-%d", r.From, r.To)
}

// MarshalText writes n1-n2, or nothing for every pair.
func (r PairRange) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads n1-n2 with 1 ≤ n1 ≤ n2, or a single pair n.
func (r *PairRange) UnmarshalText(text []byte) error {
	a, b, ok := strings.Cut(strings.TrimSpace(string(text)), "-")
	if !ok {
		b = a
	}
	x, err1 := strconv.Atoi(strings.TrimSpace(a))
	y, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || x < 1 || y < x {
		return fmt.Errorf("want a range of pair numbers n1-n2 with 1 ≤ n1 ≤ n2, got %q", text)
	}
	*r = PairRange{From: x, To: y}
	return nil
}
