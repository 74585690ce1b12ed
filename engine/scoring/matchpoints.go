package scoring

import (
	"fmt"
	"math"
)

// Scale is a matchpoint scale. The zero value, ScaleDefault, is the
// default scale of what uses it: the WBF scale for Matchpoints, Neuberg,
// Top and a session (ScoreSession), the ACBL scale of seed 003 for an
// instant table (InstantMatchpoints). Results carry the scale they used.
type Scale int

const (
	// ScaleDefault leaves the choice to what uses the scale.
	ScaleDefault Scale = iota
	// ScaleWBF gives 2 for each result beaten and 1 for each tie; the top
	// on a board with k results is 2(k−1).
	ScaleWBF
	// ScaleACBL gives 1 for each result beaten and ½ for each tie; the top
	// is k−1.
	ScaleACBL
)

func (s Scale) String() string {
	switch s {
	case ScaleDefault:
		return "default"
	case ScaleWBF:
		return "wbf"
	case ScaleACBL:
		return "acbl"
	}
	return fmt.Sprintf("Scale(%d)", int(s))
}

// Scales lists the matchpoint scales, the names UnmarshalText reads.
var Scales = []Scale{ScaleWBF, ScaleACBL}

// MarshalText writes the scale's name: wbf or acbl.
func (s Scale) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads wbf or acbl (any case), so YAML and flag.TextVar
// decode a scale directly.
func (s *Scale) UnmarshalText(text []byte) error { return unmarshalName(s, text, Scales) }

// ParseScale reads wbf or acbl (any case).
func ParseScale(s string) (Scale, error) {
	var sc Scale
	err := sc.UnmarshalText([]byte(s))
	return sc, prefixed("scale", err)
}

// or is s, or def when s is ScaleDefault.
func (s Scale) or(def Scale) Scale {
	if s == ScaleDefault {
		return def
	}
	return s
}

// beat is what beating one result is worth; a tie is worth half of it
// (ScaleDefault: the WBF scale).
func (s Scale) beat() float64 {
	if s == ScaleACBL {
		return 1
	}
	return 2
}

// Top is the most a result can score on a board with k results.
func (s Scale) Top(k int) float64 { return s.beat() * float64(k-1) }

// Matchpoints writes into dst[i] the matchpoints of NS score scores[i]
// compared with the other results on the board. The EW matchpoints are
// s.Top(len(scores)) − dst[i].
func Matchpoints(dst []float64, scores []int, s Scale) {
	if len(dst) != len(scores) {
		panic("scoring: Matchpoints: dst and scores differ in length")
	}
	for i, x := range scores {
		beaten, tied := 0, -1 // the loop counts the result itself as a tie
		for _, y := range scores {
			switch {
			case x > y:
				beaten++
			case x == y:
				tied++
			}
		}
		dst[i] = s.beat() * (float64(beaten) + float64(tied)/2)
	}
}

// Neuberg scales matchpoints mp, scored on a board with actual results, to a
// board with expected results (seed 001): on the WBF scale
// (mp + 1)·E/A − 1, on the ACBL scale (mp + ½)·E/A − ½. It is the identity
// when actual equals expected.
func Neuberg(mp float64, actual, expected int, s Scale) float64 {
	half := s.beat() / 2
	// Multiply before dividing so that whole results stay exact.
	return (mp+half)*float64(expected)/float64(actual) - half
}

// RoundPolicy says where totals of matchpoints are rounded. The zero value
// rounds the totals, not each board, as seed 001 recommends.
type RoundPolicy int

const (
	// RoundTotals keeps each board exact and rounds each pair's total.
	RoundTotals RoundPolicy = iota
	// RoundEachBoard rounds each adjusted board score, then adds them up.
	// Two pairs with equal exact totals can then be ranked apart.
	RoundEachBoard
	// RoundNone rounds nothing.
	RoundNone
)

func (p RoundPolicy) String() string {
	switch p {
	case RoundTotals:
		return "total"
	case RoundEachBoard:
		return "board"
	case RoundNone:
		return "none"
	}
	return fmt.Sprintf("RoundPolicy(%d)", int(p))
}

// RoundPolicies lists the rounding policies.
var RoundPolicies = []RoundPolicy{RoundTotals, RoundEachBoard, RoundNone}

// MarshalText writes the policy's name: total, board or none.
func (p RoundPolicy) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads total, board or none (any case).
func (p *RoundPolicy) UnmarshalText(text []byte) error {
	return unmarshalName(p, text, RoundPolicies)
}

// ParseRoundPolicy reads total, board or none (any case).
func ParseRoundPolicy(s string) (RoundPolicy, error) {
	var p RoundPolicy
	err := p.UnmarshalText([]byte(s))
	return p, prefixed("rounding", err)
}

// RoundTo rounds x to a multiple of step (0.1, 0.01, …; 1/step should be a
// whole number), halves away from zero. It multiplies by the reciprocal
// because 0.1 has no exact binary form and x/0.1 drifts.
func RoundTo(x, step float64) float64 {
	f := math.Round(1 / step)
	return math.Round(x*f) / f
}
