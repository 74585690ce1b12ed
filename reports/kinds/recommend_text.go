package kinds

import (
	"fmt"
	"strconv"

	"github.com/bridgereport/bridgereport/engine/catalogue"
)

// session is the answer's session and bounds, in a sentence.
func (a *CatalogueAnswer) session() string {
	session := IntRange(a.Boards).Count("board", "boards")
	if a.Minutes > 0 {
		session = fmt.Sprintf("%s (%s at %d minutes a board)", IntRange(a.Boards).Count("board", "boards"), duration(a.Minutes), a.MinutesPerBoard)
	}
	tables := "any number of tables"
	if a.MaxTables > 0 {
		tables = fmt.Sprintf("at most %d tables", a.MaxTables)
	}
	copies := "one copy of each board"
	if a.MaxCopies > 1 {
		copies = fmt.Sprintf("at most %d copies of each board", a.MaxCopies)
	}
	return fmt.Sprintf("%d pairs, a session of %s, %s a round, %s, %s.", a.Pairs, session, IntRange(a.BoardsPerRound).Count("board", "boards"), copies, tables)
}

// cardsCommand is the command that prints the recommended movement's
// cards.
func (a *CatalogueAnswer) cardsCommand() string {
	bpr := a.Candidates[0].NearestBoardsPerRound
	if len(a.Candidates[0].BoardsPerRound) > 0 {
		bpr = a.Candidates[0].BoardsPerRound[0]
	}
	return fmt.Sprintf("bridgereport movement \"$(bridgereport catalogue --pairs %d%s --pick 1)\" --boards-per-round %d --cards cards.html",
		a.Pairs, a.flags(), bpr)
}

// flags are the catalogue flags that give this answer again.
func (a *CatalogueAnswer) flags() string {
	var f string
	switch {
	case a.Minutes > 0 && a.Minutes%6 == 0:
		f += " --hours " + strconv.FormatFloat(float64(a.Minutes)/60, 'f', -1, 64)
	case a.Minutes > 0:
		f += fmt.Sprintf(" --minutes %d", a.Minutes)
	}
	if a.Minutes > 0 {
		if a.MinutesPerBoard != DefaultMinutesPerBoard {
			f += fmt.Sprintf(" --minutes-per-board %d", a.MinutesPerBoard)
		}
	} else if a.Boards != [2]int{catalogue.DefaultMinBoards, catalogue.DefaultMaxBoards} {
		f += " --boards " + IntRange(a.Boards).String()
	}
	if a.BoardsPerRound != [2]int{catalogue.DefaultMinPerRound, catalogue.DefaultMaxPerRound} {
		f += " --boards-per-round " + IntRange(a.BoardsPerRound).String()
	}
	if a.MaxCopies != catalogue.DefaultMaxCopies {
		f += fmt.Sprintf(" --max-copies %d", a.MaxCopies)
	}
	if a.MaxTables > 0 {
		f += fmt.Sprintf(" --max-tables %d", a.MaxTables)
	}
	return f
}

// changeFlags are the catalogue flags of the answer's plans: --extra R,
// or --leave R and the pair that leaves when one was named.
func (a *CatalogueAnswer) changeFlags() string {
	if len(a.Plans) == 0 {
		return ""
	}
	p := a.Plans[0]
	if p.Kind != "leave" {
		return fmt.Sprintf(" --extra %d", p.After)
	}
	if len(a.Plans) == 1 {
		return fmt.Sprintf(" --leave %d --pair %d", p.After, p.Pair)
	}
	return fmt.Sprintf(" --leave %d", p.After)
}

// dealText is what the director deals, beside what each pair plays.
func dealText(c CatalogueCandidate) string {
	if c.DealBoards == 0 {
		return "nothing (no number of boards a round within the bounds)"
	}
	copies := ""
	if c.DealCopies > 1 {
		copies = fmt.Sprintf(", %d copies", c.DealCopies)
	}
	if c.DealBoardsPerSet == 0 {
		// Sections whose sets differ in size.
		return fmt.Sprintf("%d boards (%d sets, each section its own%s), %s", c.DealBoards, c.DealSets, copies, playedText(c))
	}
	return fmt.Sprintf("%d boards (%d sets of %d%s), %s", c.DealBoards, c.DealSets, c.DealBoardsPerSet, copies, playedText(c))
}

// playedText is what the pairs play, from the movement's sit-outs: one
// number when every pair plays the same, else the fewest and the most and
// who plays fewer.
func playedText(c CatalogueCandidate) string {
	least, most := c.BoardsPlayedLeast, c.BoardsPlayedMost
	perRound := c.BoardsPlayed / max(c.Rounds, 1)
	rounds := func(boards int) string {
		n := (c.BoardsPlayed - boards) / max(perRound, 1)
		if n == 1 {
			return "a round"
		}
		return fmt.Sprintf("%d rounds", n)
	}
	// "the pair that sits out", not "the 1 pairs that sit out" (21 pairs).
	those := fmt.Sprintf("the %d pairs that sit out", c.PairsPlayingLeast)
	if c.PairsPlayingLeast == 1 {
		those = "the pair that sits out"
	}
	switch {
	case least == most && most == c.BoardsPlayed:
		return fmt.Sprintf("each pair plays %d", most)
	case least == most:
		return fmt.Sprintf("each pair plays %d (each sits out %s)", most, rounds(most))
	case c.PairsPlayingFewer == c.PairsPlayingLeast:
		return fmt.Sprintf("each pair plays %d or %d (%d: %s %s)", least, most, least, those, rounds(least))
	}
	return fmt.Sprintf("each pair plays %d to %d (%d: %s %s; %d pairs play fewer than %d)",
		least, most, least, those, rounds(least), c.PairsPlayingFewer, most)
}

// duration writes minutes as hours and minutes: "2½ hours", "2 hours 40 minutes".
func duration(minutes int) string {
	h, m := minutes/60, minutes%60
	switch {
	case h == 0:
		return count(m, "minute", "minutes")
	case m == 0:
		return count(h, "hour", "hours")
	case m == 30:
		return fmt.Sprintf("%d½ hours", h)
	}
	return count(h, "hour", "hours") + " " + count(m, "minute", "minutes")
}

// Pick is the k-th candidate (from 1) within the bounds that fits the
// session: the catalogue command's --pick.
func (a *CatalogueAnswer) Pick(k int) (CatalogueCandidate, error) {
	if c, ok := catalogue.Pick(a.Candidates, k); ok {
		return c, nil
	}
	if n := len(catalogue.Within(a.Candidates)); n > 0 {
		return CatalogueCandidate{}, fmt.Errorf("--pick %d: %d pairs have %d candidates within the bounds that fit the session (pick 1 to %d)", k, a.Pairs, n, n)
	}
	return CatalogueCandidate{}, fmt.Errorf("--pick %d: no candidate for %d pairs is within the bounds and fits the session: %s", k, a.Pairs, a.Reason)
}
