package luck

import (
	"fmt"
	"strings"
)

// TieRule says how entrants with equal percentages share their places in
// the final order of the Bussemaker model.
type TieRule int

const (
	// RandomTies breaks ties at random (shared evenly when enumerating), as
	// the seed's program does from version 5.8 on.
	RandomTies TieRule = iota
	// FirstTies puts the tied entrants in the order of their entrant
	// numbers, the strongest first: the rule of the seed's program before
	// version 5.8, where pair 1 was always first and pair 2 second.
	FirstTies
)

func (t TieRule) String() string {
	switch t {
	case RandomTies:
		return "random"
	case FirstTies:
		return "first"
	}
	return fmt.Sprintf("TieRule(%d)", int(t))
}

// MarshalText writes the rule's name: random or first.
func (t TieRule) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText reads random or first (any case), so YAML and flag.TextVar
// decode a rule directly.
func (t *TieRule) UnmarshalText(text []byte) error {
	for _, x := range []TieRule{RandomTies, FirstTies} {
		if strings.EqualFold(string(text), x.String()) {
			*t = x
			return nil
		}
	}
	return fmt.Errorf("want random or first, got %q", text)
}
