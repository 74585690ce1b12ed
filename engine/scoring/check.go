package scoring

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine"
)

// Warning is something wrong in a results file that does not stop it being
// read: a score that does not follow from its contract, a contract that
// cannot be read, a value the format does not allow. Kind names the class
// ("score", "contract", "direction", "comment"), so a caller can count or
// filter them.
type Warning struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Kind string `json:"kind"`
	Text string `json:"text"`
}

func (w Warning) String() string {
	if w.Line == 0 {
		return fmt.Sprintf("%s: %s", w.File, w.Text)
	}
	return fmt.Sprintf("%s:%d: %s", w.File, w.Line, w.Text)
}

// Warn notes a mistake of the file, of a kind ("score", "contract", …),
// at a line (0: the file as a whole); only the first ShownPerKind of each
// kind are kept (WarningTally counts them all).
func (s *Session) Warn(file string, line int, kind, format string, args ...any) {
	if s.WarningTally.Add(kind) {
		s.Warnings = append(s.Warnings, Warning{File: file, Line: line, Kind: kind, Text: fmt.Sprintf(format, args...)})
	}
}

// BoardVulnerability is the vulnerability of board n in the standard
// 16-board cycle.
func BoardVulnerability(n int) Vulnerability {
	cycle := [16]Vulnerability{
		VulNone, VulNS, VulEW, VulBoth,
		VulNS, VulEW, VulBoth, VulNone,
		VulEW, VulBoth, VulNone, VulNS,
		VulBoth, VulNone, VulNS, VulEW}
	return cycle[((n-1)%16+16)%16]
}

// ParsedContract is a contract as a traveller writes it, with the result
// when the text carries one ("4S=", "3NT+1", "4Hx-2").
type ParsedContract struct {
	Contract
	// Tricks taken by declarer, when the text gives the result; -1 otherwise.
	Tricks int
}

// ParseContract reads a contract as results files write it: a level 1–7,
// a strain (C, D, H, S, NT or N, suit symbols too), then x/X/* for doubled
// and xx/XX/** for redoubled, optionally followed by a result (=, +n, -n).
// ok is false for anything else, such as "S2" or "8H".
func ParseContract(text string) (c ParsedContract, ok bool) {
	t := strings.ToUpper(strings.TrimSpace(text))
	t = strings.NewReplacer("♣", "C", "♦", "D", "♥", "H", "♠", "S", " ", "").Replace(t)
	c.Tricks = -1
	if len(t) < 2 || t[0] < '1' || t[0] > '7' {
		return c, false
	}
	c.Level = int(t[0] - '0')
	rest := t[1:]
	switch {
	case strings.HasPrefix(rest, "NT"):
		c.Strain, rest = NoTrump, rest[2:]
	case strings.HasPrefix(rest, "SA"): // sans atout
		c.Strain, rest = NoTrump, rest[2:]
	default:
		switch rest[0] {
		case 'C':
			c.Strain = Clubs
		case 'D':
			c.Strain = Diamonds
		case 'H':
			c.Strain = Hearts
		case 'S':
			c.Strain = Spades
		case 'N':
			c.Strain = NoTrump
		default:
			return c, false
		}
		rest = rest[1:]
	}
	switch {
	case strings.HasPrefix(rest, "XX"), strings.HasPrefix(rest, "**"), strings.HasPrefix(rest, "R"):
		c.Doubling = Redoubled
		rest = strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(rest, "XX"), "**"), "R")
	case strings.HasPrefix(rest, "X"), strings.HasPrefix(rest, "*"), strings.HasPrefix(rest, "D"):
		c.Doubling = Doubled
		rest = rest[1:]
	}
	switch {
	case rest == "":
		return c, true
	case rest == "=" || rest == "MADE":
		c.Tricks = c.Level + 6
		return c, true
	case rest[0] == '+' || rest[0] == '-':
		n, err := strconv.Atoi(rest[1:])
		if err != nil || n < 0 {
			return c, false
		}
		if rest[0] == '-' {
			n = -n
		}
		if tr := c.Level + 6 + n; tr >= 0 && tr <= 13 {
			c.Tricks = tr
			return c, true
		}
	}
	return c, false
}

// IsPass reports whether a traveller's contract says the board was passed
// out.
func IsPass(contract string) bool {
	switch strings.ToUpper(strings.TrimSpace(contract)) {
	case "PASS", "P", "AP", "PASSED":
		return true
	}
	return false
}

// declarerSide is "NS" or "EW" for a declarer written N, S, E, W (or the
// words); "" when it cannot be told.
func declarerSide(d string) string {
	switch strings.ToUpper(strings.TrimSpace(d)) {
	case "N", "S", "NORTH", "SOUTH", "NS":
		return "NS"
	case "E", "W", "EAST", "WEST", "EW":
		return "EW"
	}
	return ""
}

// checkScores checks every traveller line whose contract the file gives:
// the contract must read as one, and the NS score must be the Law 77 score
// of that contract by that declarer at the board's vulnerability with the
// tricks taken (or, when the file does not give the tricks, with some
// number of tricks). Each finding is a warning naming the line.
func (s *Session) checkScores(file string) {
	for _, b := range s.Boards {
		vul := BoardVulnerability(b.Number)
		if b.HasVul {
			vul = b.Vul
		}
		for _, l := range b.Lines {
			if l.Artificial != nil || strings.TrimSpace(l.Contract) == "" {
				continue
			}
			if IsPass(l.Contract) {
				if l.Score != 0 {
					s.Warn(file, l.Line, "score", "board %d, pairs %s v %s: passed out but scored %+d for NS", b.Number, l.NSKey(), l.EWKey(), l.Score)
				}
				continue
			}
			pc, ok := ParseContract(l.Contract)
			if !ok {
				s.Warn(file, l.Line, "contract", "board %d, pairs %s v %s: contract %q is not a contract (want a level 1–7 and a strain, such as 4S, 3NTx or 2H=)", b.Number, l.NSKey(), l.EWKey(), engine.Clip(l.Contract))
				continue
			}
			side := declarerSide(l.Declarer)
			if side == "" {
				continue // no declarer: the sign of the score cannot be checked
			}
			tricks := pc.Tricks
			if l.HasTricks {
				if tricks >= 0 && tricks != l.Tricks {
					s.Warn(file, l.Line, "score", "board %d, pairs %s v %s: contract %s says %d tricks, the tricks column %d", b.Number, l.NSKey(), l.EWKey(), l.Contract, tricks, l.Tricks)
				}
				tricks = l.Tricks
			}
			vulnerable := vul.NS()
			sign := 1
			if side == "EW" {
				vulnerable, sign = vul.EW(), -1
			}
			if tricks >= 0 {
				want, err := DeclarerScore(pc.Contract, vulnerable, tricks)
				if err == nil && sign*want != l.Score {
					s.Warn(file, l.Line, "score", "board %d, pairs %s v %s: %s by %s taking %d tricks (%s vulnerable) scores %+d for NS, the file records %+d",
						b.Number, l.NSKey(), l.EWKey(), pc.Contract, strings.ToUpper(l.Declarer), tricks, vulWords(vul), sign*want, l.Score)
				}
				continue
			}
			found := false
			for tr := 0; tr <= 13 && !found; tr++ {
				want, err := DeclarerScore(pc.Contract, vulnerable, tr)
				found = err == nil && sign*want == l.Score
			}
			if !found {
				s.Warn(file, l.Line, "score", "board %d, pairs %s v %s: %s by %s (%s vulnerable) cannot score %+d for NS with any number of tricks",
					b.Number, l.NSKey(), l.EWKey(), pc.Contract, strings.ToUpper(l.Declarer), vulWords(vul), l.Score)
			}
		}
	}
}
