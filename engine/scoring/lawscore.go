package scoring

import (
	"fmt"
	"slices"
	"sync"
)

// Strain is the denomination of a contract.
type Strain int

const (
	Clubs Strain = iota
	Diamonds
	Hearts
	Spades
	NoTrump
)

// Strains lists every strain, lowest first.
var Strains = []Strain{Clubs, Diamonds, Hearts, Spades, NoTrump}

func (s Strain) String() string {
	if s < Clubs || s > NoTrump {
		return fmt.Sprintf("Strain(%d)", int(s))
	}
	return [...]string{"C", "D", "H", "S", "NT"}[s]
}

// Doubling says whether a contract was doubled or redoubled.
type Doubling int

const (
	Undoubled Doubling = iota
	Doubled
	Redoubled
)

func (d Doubling) String() string {
	if d < Undoubled || d > Redoubled {
		return fmt.Sprintf("Doubling(%d)", int(d))
	}
	return [...]string{"", "x", "xx"}[d]
}

// Contract is a final contract: level 1..7, strain, doubling.
type Contract struct {
	Level    int
	Strain   Strain
	Doubling Doubling
}

func (c Contract) String() string {
	return fmt.Sprintf("%d%v%v", c.Level, c.Strain, c.Doubling)
}

// Vulnerability of a board: which sides are vulnerable. The zero value is
// neither side.
type Vulnerability int

const (
	VulNone Vulnerability = iota
	VulNS
	VulEW
	VulBoth
)

// Vulnerabilities lists the four vulnerabilities.
var Vulnerabilities = []Vulnerability{VulNone, VulNS, VulEW, VulBoth}

// NS reports whether North-South are vulnerable.
func (v Vulnerability) NS() bool { return v == VulNS || v == VulBoth }

// EW reports whether East-West are vulnerable.
func (v Vulnerability) EW() bool { return v == VulEW || v == VulBoth }

func (v Vulnerability) String() string {
	if v < VulNone || v > VulBoth {
		return fmt.Sprintf("Vulnerability(%d)", int(v))
	}
	return [...]string{"none", "ns", "ew", "both"}[v]
}

// MarshalText writes the vulnerability's name: none, ns, ew or both.
func (v Vulnerability) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads none, ns, ew or both (any case), so YAML and
// flag.TextVar decode a vulnerability directly.
func (v *Vulnerability) UnmarshalText(text []byte) error {
	return unmarshalName(v, text, Vulnerabilities)
}

// ParseVulnerability reads none, ns, ew or both (any case).
func ParseVulnerability(s string) (Vulnerability, error) {
	var v Vulnerability
	err := v.UnmarshalText([]byte(s))
	return v, prefixed("vulnerability", err)
}

// DeclarerScore is the score of the declaring side under Law 77 when contract
// c takes the given number of tricks (0..13): positive when the contract is
// made, negative (the defenders' score, negated) when it is defeated.
func DeclarerScore(c Contract, vulnerable bool, tricks int) (int, error) {
	if c.Level < 1 || c.Level > 7 {
		return 0, fmt.Errorf("contract level %d: want 1..7", c.Level)
	}
	if c.Strain < Clubs || c.Strain > NoTrump {
		return 0, fmt.Errorf("contract strain %d: unknown", int(c.Strain))
	}
	if c.Doubling < Undoubled || c.Doubling > Redoubled {
		return 0, fmt.Errorf("contract doubling %d: unknown", int(c.Doubling))
	}
	if tricks < 0 || tricks > 13 {
		return 0, fmt.Errorf("%d tricks: want 0..13", tricks)
	}
	need := c.Level + 6
	if tricks < need {
		return -undertrickPenalty(need-tricks, c.Doubling, vulnerable), nil
	}
	return madeScore(c, vulnerable, tricks-need), nil
}

// factor is what doubling multiplies trick score and penalties by.
func (d Doubling) factor() int { return 1 << d }

// madeScore is trick score plus bonuses for a made contract.
func madeScore(c Contract, vul bool, over int) int {
	trick := 0
	switch c.Strain {
	case Clubs, Diamonds:
		trick = 20 * c.Level
	case Hearts, Spades:
		trick = 30 * c.Level
	case NoTrump:
		trick = 40 + 30*(c.Level-1)
	}
	trick *= c.Doubling.factor()
	score := trick
	// Game is judged on the trick score of the contracted tricks only.
	switch {
	case trick >= 100 && vul:
		score += 500
	case trick >= 100:
		score += 300
	default:
		score += 50
	}
	switch {
	case c.Level == 6 && vul:
		score += 750
	case c.Level == 6:
		score += 500
	case c.Level == 7 && vul:
		score += 1500
	case c.Level == 7:
		score += 1000
	}
	// The "insult" bonus for making a doubled or redoubled contract.
	score += 50 * (c.Doubling.factor() / 2)
	if c.Doubling == Undoubled {
		per := 30
		if c.Strain == Clubs || c.Strain == Diamonds {
			per = 20
		}
		score += over * per
	} else {
		per := 100
		if vul {
			per = 200
		}
		score += over * per * c.Doubling.factor() / 2
	}
	return score
}

// undertrickPenalty is what the defenders score for down tricks under.
func undertrickPenalty(down int, d Doubling, vul bool) int {
	if d == Undoubled {
		if vul {
			return 100 * down
		}
		return 50 * down
	}
	pen := 0
	for i := 1; i <= down; i++ {
		switch {
		case vul && i == 1:
			pen += 200
		case vul:
			pen += 300
		case i == 1:
			pen += 100
		case i <= 3:
			pen += 200
		default:
			pen += 300
		}
	}
	return pen * d.factor() / 2
}

// LegalScores returns every NS score a board with vulnerability v can
// produce, in increasing order: every contract by either side with every
// number of tricks, and 0 for a passed-out board.
func LegalScores(v Vulnerability) []int {
	return slices.Clone(legalScores()[v])
}

// IsLegalScore reports whether NS score s can occur with vulnerability v.
func IsLegalScore(s int, v Vulnerability) bool {
	_, ok := slices.BinarySearch(legalScores()[v], s)
	return ok
}

// legalScores computes the four sets once; the table never changes.
var legalScores = sync.OnceValue(func() [4][]int {
	var sets [4][]int
	for _, v := range Vulnerabilities {
		seen := map[int]bool{0: true}
		for level := 1; level <= 7; level++ {
			for _, s := range Strains {
				for d := Undoubled; d <= Redoubled; d++ {
					c := Contract{level, s, d}
					for tricks := 0; tricks <= 13; tricks++ {
						ns, _ := DeclarerScore(c, v.NS(), tricks)
						ew, _ := DeclarerScore(c, v.EW(), tricks)
						seen[ns] = true
						seen[-ew] = true
					}
				}
			}
		}
		for s := range seen {
			sets[v] = append(sets[v], s)
		}
		slices.Sort(sets[v])
	}
	return sets
})
