package scoring

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine"
)

// Session is a pairs session as a results file gives it: the pairs, the
// travellers of every board and the file's own figures (its matchpoints, its
// totals, percentages and places), kept as the file prints them so that
// they can be checked against a recomputation.
type Session struct {
	// Name is the file's name as the reader was given it.
	Name string
	// Format is "usebio 1.0", "usebio 1.2" (the version the file states)
	// or "pbn".
	Format string
	// Event is the event's name or description, when the file gives one.
	Event string
	// Pairs are the participants, in the order of the file.
	Pairs []SessionPair
	// Boards are the boards with at least one traveller line, by number.
	Boards []SessionBoard
	// Date is the session's date as the file writes it ("" when none).
	Date string
	// Club is the club's name and Movement the movement's, as the file
	// writes them ("" when it does not).
	Club, Movement string
	// Top and Average are the top and the average on a board as the
	// file's header states them (0 when it does not).
	Top, Average float64
	// Scale is the matchpoint scale the file's format writes (ACBLscore
	// writes 1 a beat); ScaleDefault when the format does not say, and
	// the analysis tells it from the figures.
	Scale Scale
	// Warnings are the file's own mistakes that did not stop the reading:
	// scores that do not follow from their contracts, contracts that are
	// not contracts, values the format does not allow. Each names its line.
	// Only the first ShownPerKind of each kind are kept; WarningTally
	// counts them all.
	Warnings     []Warning
	WarningTally Tally

	index map[int]int // board number → index in Boards, while reading (AddLine)
}

// SessionPair is one pair of a session and its result as the file prints it.
type SessionPair struct {
	// Section is the section's name ("" when the file has none); Number is
	// the pair number within it, as the file writes it (numbers may have
	// gaps).
	Section string
	Number  int
	// Names are the players' names.
	Names []string
	// Direction is what the file says about the pair's seat ("NS", "EW"
	// or ""); files do not always tell the truth, the travellers do.
	Direction string
	// Percent is the file's percentage and PercentText how it is written;
	// HasPercent is false when the file gives none.
	Percent     float64
	PercentText string
	HasPercent  bool
	// Total is the file's matchpoint total and TotalText how it is
	// written; HasTotal whether it gives one.
	Total     float64
	TotalText string
	HasTotal  bool
	// PlayerIDs are the players' numbers (national or club membership
	// numbers) when the file gives them, in the order of Names.
	PlayerIDs []string
	// Place is the file's place, as written ("3", "8=").
	Place string
	// Line is where the pair is in the file; Record where a binary file
	// holds it ("offset 0x1a2c"; "" in a text file).
	Line   int
	Record string
	// ByDirection is set when the file numbers each direction from 1, so
	// that the pair is known by its number and Direction.
	ByDirection bool
	// Strat is the stratum the file puts the pair in ("A", "B", "C"; ""
	// when unstratified) and StratRanks its ranks in each stratum it is
	// ranked in, as printed ("A": "2", "B": "1").
	Strat      string
	StratRanks []StratRank
	// Awards are the masterpoints the file awards the pair, as printed.
	Awards []Award
	// Handicap is the handicap the file applies to the pair's percentage
	// (HasHandicap), as printed.
	Handicap    float64
	HasHandicap bool
}

// StratRank is a pair's rank in one stratum, as the file prints it.
type StratRank struct {
	Strat string `json:"strat"`
	Rank  string `json:"rank"`
}

// SessionBoard is one board and its traveller.
type SessionBoard struct {
	Number int
	Lines  []TravellerLine
	// Line is where the board starts in the file.
	Line int
	// Vul is the board's vulnerability when the file states it (HasVul);
	// otherwise BoardVulnerability(Number) applies.
	Vul    Vulnerability
	HasVul bool
}

// Artificial is an artificial (adjusted) score: each side gets a
// percentage of the top, such as 60/40 for Average+/Average−.
type Artificial struct {
	NS, EW float64 // percent of the top
	// Text is the score as the file writes it ("A5050", "A+", "AVE-").
	Text string
}

// TravellerLine is one result on a board's traveller.
type TravellerLine struct {
	// Section of the pairs; NS and EW are their numbers within it.
	Section string
	NS, EW  int
	// Score is the NS score when Artificial is nil.
	Score      int
	Artificial *Artificial
	// Contract as written, for reference ("3NTx", "PASS"), and who
	// declared it.
	Contract, Declarer string
	// Round and Table when the file gives them; 0 otherwise.
	Round, Table int
	// Tricks taken by declarer when the file gives them (HasTricks).
	Tricks    int
	HasTricks bool
	// NSMP and EWMP are the file's matchpoints and NSMPText, EWMPText how
	// it writes them; HasMP whether it gives them. MPDecimals is how many
	// decimals the file writes (the most of the two).
	NSMP, EWMP         float64
	NSMPText, EWMPText string
	HasMP              bool
	MPDecimals         int
	// Line is where the traveller line is in the file; Record where a
	// binary file holds it ("offset 0x1a2c"; "" in a text file).
	Line   int
	Record string
	// ByDirection is set when the file numbers each direction from 1: NS
	// is then an NS pair's number and EW an EW pair's.
	ByDirection bool
}

// PairKey names a pair across sections. Dir is "NS" or "EW" in a file
// that numbers each direction from 1 (a Mitchell's NS 1 and EW 1 are two
// pairs), "" otherwise.
type PairKey struct {
	Section string
	Dir     string
	Number  int
}

// String is the pair as a scorer writes it: A12, or Sect1 12 when the
// section's name ends in a digit (Sect1 and 1 must not run together into
// Sect11), with the direction after a space in a file numbered by
// direction.
func (k PairKey) String() string {
	s := PairLabel(k.Section, k.Number, k.Dir)
	return s
}

// PairLabel writes a pair's section, number and direction as PairKey.String
// does; every printer should label pairs with it.
func PairLabel(section string, number int, dir string) string {
	s := section
	if s != "" && s[len(s)-1] >= '0' && s[len(s)-1] <= '9' {
		s += " "
	}
	s += strconv.Itoa(number)
	if dir != "" {
		s += " " + dir
	}
	return s
}

// Key is the pair's key.
func (p SessionPair) Key() PairKey {
	if p.ByDirection {
		return PairKey{p.Section, p.Direction, p.Number}
	}
	return PairKey{p.Section, "", p.Number}
}

// NSKey and EWKey are the keys of the line's pairs.
func (l TravellerLine) NSKey() PairKey {
	if l.ByDirection {
		return PairKey{l.Section, "NS", l.NS}
	}
	return PairKey{l.Section, "", l.NS}
}

func (l TravellerLine) EWKey() PairKey {
	if l.ByDirection {
		return PairKey{l.Section, "EW", l.EW}
	}
	return PairKey{l.Section, "", l.EW}
}

// ParseArtificial reads an artificial score as results files write it:
// A5050, A6040, A4060 (the NS and EW percents, two digits each); A+, A-,
// A= (60/40, 40/60, 50/50 from NS's side) and the same after AVE or AVG;
// A++, A--, A+-, A-+ for split adjustments; a percentage such as 40% or
// 60.0% (0 to 100), the side's own, the other side getting the rest. ok is
// false when s is not an artificial score.
func ParseArtificial(s string) (a Artificial, ok bool) {
	t := strings.ToUpper(strings.TrimSpace(s))
	a.Text = strings.TrimSpace(s)
	if p, isPct := strings.CutSuffix(t, "%"); isPct {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || !(f >= 0 && f <= 100) || strings.ContainsAny(p, "eEnNiIxX") {
			return a, false
		}
		a.NS, a.EW = f, 100-f
		return a, true
	}
	if !strings.HasPrefix(t, "A") {
		return a, false
	}
	rest := strings.TrimPrefix(strings.TrimPrefix(t, "AVG"), "AVE")
	if rest == t {
		rest = t[1:]
	}
	switch rest {
	case "+":
		a.NS, a.EW = 60, 40
		return a, true
	case "-":
		a.NS, a.EW = 40, 60
		return a, true
	case "=", "", "50", "5050":
		a.NS, a.EW = 50, 50
		return a, true
	case "++":
		a.NS, a.EW = 60, 60
		return a, true
	case "--":
		a.NS, a.EW = 40, 40
		return a, true
	case "+-":
		a.NS, a.EW = 60, 40
		return a, true
	case "-+":
		a.NS, a.EW = 40, 60
		return a, true
	}
	if len(rest) == 4 {
		ns, err1 := strconv.Atoi(rest[:2])
		ew, err2 := strconv.Atoi(rest[2:])
		if err1 == nil && err2 == nil {
			a.NS, a.EW = float64(ns), float64(ew)
			return a, true
		}
	}
	return a, false
}

// LineChecker checks a session's travellers as a reader reads them: no
// pair number twice on one side of a board. Whether NS 3 and EW 3 are one
// pair (and so may not meet, nor play a board twice) is known only at the
// end, from the pairs' directions: Finish checks that.
type LineChecker struct {
	seen map[sideKey]int // → line
}

type sideKey struct {
	board   int
	section string
	ew      bool
	pair    int
}

// Check checks line l of board number board against the lines before it.
func (c *LineChecker) Check(board int, l TravellerLine) error {
	if c.seen == nil {
		c.seen = map[sideKey]int{}
	}
	for _, k := range []sideKey{{board, l.Section, false, l.NS}, {board, l.Section, true, l.EW}} {
		if prev, ok := c.seen[k]; ok {
			side := "NS"
			if k.ew {
				side = "EW"
			}
			return fmt.Errorf("board %d: %s pair %s already played it (line %d)", board, side, PairKey{Section: l.Section, Number: k.pair}, prev)
		}
		c.seen[k] = l.Line
	}
	return nil
}

// byDirection reports whether the pairs are numbered per direction: some
// number is listed twice in a section, as an NS and as an EW pair, and no
// number twice in one direction.
func byDirection(pairs []SessionPair) bool {
	seen := map[PairKey]string{}
	twice := false
	for _, p := range pairs {
		k := PairKey{Section: p.Section, Number: p.Number}
		d, ok := seen[k]
		switch {
		case !ok:
			seen[k] = p.Direction
		case d == p.Direction || (d != "NS" && d != "EW") || (p.Direction != "NS" && p.Direction != "EW"):
			return false
		default:
			twice = true
		}
	}
	return twice
}

// Finish ends the reading of a session, once, after its last AddLine: it
// sorts the boards, checks each score against its contract (warnings),
// tells whether pairs are numbered per direction, and checks that no pair
// plays a board twice, that every traveller names a listed pair (or lists
// the pairs from the travellers when the file lists none) and that there
// are results at all. Its error is an *engine.ParseError naming the file
// (name) and line.
func (s *Session) Finish(name string) error {
	if len(s.Boards) == 0 {
		return &engine.ParseError{File: name, Err: fmt.Errorf("no traveller lines: the file has no results to analyse (a hand record only?)")}
	}
	sortBoards(s.Boards)
	s.index = nil
	s.checkScores(name)
	byDir := byDirection(s.Pairs)
	if byDir {
		for i := range s.Pairs {
			s.Pairs[i].ByDirection = true
		}
		for bi := range s.Boards {
			for li := range s.Boards[bi].Lines {
				s.Boards[bi].Lines[li].ByDirection = true
			}
		}
	}
	// A pair plays a board once: NS pair 3 of a numbering by direction
	// as much as pair 3 of one numbering (which also cannot meet itself,
	// nor play a board once each way).
	for _, b := range s.Boards {
		seen := map[PairKey]TravellerLine{}
		for _, l := range b.Lines {
			if !byDir && l.NS == l.EW {
				return &engine.ParseError{File: name, Line: l.Line, Err: fmt.Errorf("board %d: pair %d cannot sit both NS and EW", b.Number, l.NS)}
			}
			for _, k := range []PairKey{l.NSKey(), l.EWKey()} {
				if prev, ok := seen[k]; ok {
					at := fmt.Sprintf("line %d", prev.Line)
					if prev.Line == 0 && prev.Record != "" { // a binary file's record
						at = fmt.Sprintf("at %s, and again at %s", prev.Record, l.Record)
					}
					return &engine.ParseError{File: name, Line: l.Line, Err: fmt.Errorf("board %d: pair %s already played it (%s)", b.Number, k, at)}
				}
				seen[k] = l
			}
		}
	}
	known := map[PairKey]int{}
	for _, p := range s.Pairs {
		if prev, ok := known[p.Key()]; ok {
			return &engine.ParseError{File: name, Line: p.Line, Err: fmt.Errorf("pair %s is listed twice (first on line %d)", p.Key(), prev)}
		}
		known[p.Key()] = p.Line
	}
	if len(s.Pairs) > 0 {
		for _, b := range s.Boards {
			for _, l := range b.Lines {
				for _, k := range []PairKey{l.NSKey(), l.EWKey()} {
					if _, ok := known[k]; !ok {
						return &engine.ParseError{File: name, Line: l.Line, Err: fmt.Errorf("board %d: pair %s is not among the file's pairs", b.Number, k)}
					}
				}
			}
		}
		return nil
	}
	// No participants listed: the travellers define the pairs.
	for _, b := range s.Boards {
		for _, l := range b.Lines {
			for _, k := range []PairKey{l.NSKey(), l.EWKey()} {
				if _, ok := known[k]; !ok {
					known[k] = l.Line
					s.Pairs = append(s.Pairs, SessionPair{Section: k.Section, Number: k.Number, Line: l.Line, Direction: k.Dir, ByDirection: k.Dir != ""})
				}
			}
		}
	}
	return nil
}

func sortBoards(bs []SessionBoard) {
	slices.SortStableFunc(bs, func(a, b SessionBoard) int { return cmp.Compare(a.Number, b.Number) })
}

// AddLine adds a traveller line to board n, whose results start at
// boardLine of the file, merging boards of the same number (a board
// written once per section), and returns the board for the reader to set
// what the file says of it (its vulnerability), until the next AddLine. A
// reader (engine/formats/...) builds a Session with AddLine for each
// traveller line, Warn for each mistake of the file that does not stop the
// reading, and Finish once at the end.
func (s *Session) AddLine(n, boardLine int, l TravellerLine) *SessionBoard {
	if s.index == nil {
		s.index = map[int]int{}
	}
	if i, ok := s.index[n]; ok {
		s.Boards[i].Lines = append(s.Boards[i].Lines, l)
		return &s.Boards[i]
	}
	s.index[n] = len(s.Boards)
	s.Boards = append(s.Boards, SessionBoard{Number: n, Line: boardLine, Lines: []TravellerLine{l}})
	return &s.Boards[len(s.Boards)-1]
}
