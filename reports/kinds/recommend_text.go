package kinds

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/catalogue"
)

// recommendShown is the most candidates (merged by figures) the text
// lists; --json lists them all.
const recommendShown = 10

// text is the answer for the director, within 80 columns: the session and
// its bounds, the recommendation with its spec, then at most ten
// candidates (those with the same figures merged), then those that break
// a bound, with the reason.
func (a *CatalogueAnswer) text() string {
	var b strings.Builder
	para := func(format string, args ...any) {
		b.WriteString(fill(fmt.Sprintf(format, args...), guideWidth))
		b.WriteString("\n")
	}
	session := fmt.Sprintf("%s boards", IntRange(a.Boards))
	if a.Minutes > 0 {
		session = fmt.Sprintf("%s boards (%s at %d minutes a board, --minutes-per-board)", IntRange(a.Boards), duration(a.Minutes), a.MinutesPerBoard)
	}
	tables := "any number of tables"
	if a.MaxTables > 0 {
		tables = fmt.Sprintf("at most %d tables", a.MaxTables)
	}
	copies := "one copy of each board"
	if a.MaxCopies > 1 {
		copies = fmt.Sprintf("at most %d copies of each board", a.MaxCopies)
	}
	para("%d pairs, a session of %s, %s boards a round, %s, %s.", a.Pairs, session, IntRange(a.BoardsPerRound), copies, tables)
	b.WriteString("\n")
	// Specs and commands stay on one line, however long, so that they
	// paste as printed; prose wraps.
	if a.Recommended != nil {
		para("Recommended: %s", a.Reason)
		para("Deal: %s.", dealText(a.Candidates[0]))
		b.WriteString("Spec: " + a.Candidates[0].Spec + "\n")
		b.WriteString("Cards: " + a.cardsCommand() + "\n")
	} else {
		para("%s", a.Reason)
	}
	if a.Change != nil {
		b.WriteString("\n")
		para("%s", a.Change.Plan)
	}
	b.WriteString("\n")
	para("Ranked by this rule: %s.", a.Rule)
	b.WriteString("\n")
	shown, listed, within := 0, 0, 0
	for i := 0; i < len(a.Candidates); {
		c := a.Candidates[i]
		j := i + 1
		for j < len(a.Candidates) && sameFigures(c, a.Candidates[j]) {
			j++
		}
		if c.Excluded == "" {
			within += j - i
		}
		if c.Excluded == "" && shown < recommendShown {
			shown++
			listed += j - i
			b.WriteString(hang(fmt.Sprintf("%d. %s: %s; deal %s", i+1, c.Name, candidateFigures(c), dealText(c)), 4))
			b.WriteString("    spec " + c.Spec + "\n")
			if j > i+1 {
				var names []string
				for _, o := range a.Candidates[i+1 : j] {
					names = append(names, o.Name)
				}
				b.WriteString(indent(fill(fmt.Sprintf("and %d more with the same figures: %s", j-i-1, strings.Join(names, ", ")), guideWidth-4), "    "))
			}
		}
		i = j
	}
	if rest := within - listed; rest > 0 {
		para("… and %d more within the bounds (--json lists every candidate, --pick K gives the spec of the K-th within the bounds that fits the session).", rest)
	}
	var out []string
	for i, c := range a.Candidates {
		if c.Excluded != "" {
			out = append(out, fmt.Sprintf("%d. %s %s", i+1, c.Name, c.Excluded))
		}
	}
	if len(out) > 0 {
		b.WriteString("\n")
		para("Shown apart, %d candidates that break a bound:", len(out))
		for i, line := range out {
			if i == recommendShown {
				para("… and %d more.", len(out)-i)
				break
			}
			b.WriteString(hang(line, 4))
		}
	}
	b.WriteString("\n")
	para("Qd from %d random numberings (seed %d). For an odd field the figures are those with the phantom pair absent; it sits out, it gets no card.",
		a.Samples, catalogue.DefaultSeed)
	return b.String()
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
		return fmt.Sprintf("%d boards (%d sets, each section its own%s), each pair plays %d", c.DealBoards, c.DealSets, copies, c.BoardsPlayed)
	}
	return fmt.Sprintf("%d boards (%d sets of %d%s), each pair plays %d", c.DealBoards, c.DealSets, c.DealBoardsPerSet, copies, c.BoardsPlayed)
}

// candidateFigures are a candidate's figures in words.
func candidateFigures(c CatalogueCandidate) string {
	var b strings.Builder
	if c.InRange {
		parts := make([]string, len(c.BoardsPerRound))
		for i, bpr := range c.BoardsPerRound {
			parts[i] = fmt.Sprintf("%d×%d = %d boards", c.Rounds, bpr, c.Rounds*bpr)
		}
		fmt.Fprintf(&b, "%s", strings.Join(parts, " or "))
	} else {
		fmt.Fprintf(&b, "%d×%d = %d boards (%d outside the range)", c.Rounds, c.NearestBoardsPerRound, c.Rounds*c.NearestBoardsPerRound, c.BoardsOutside)
	}
	fmt.Fprintf(&b, ", %d tables", c.Tables)
	if c.GroupsPerRound > 1 {
		fmt.Fprintf(&b, " (%d board sets a round)", c.GroupsPerRound)
	}
	if c.Copies > 1 {
		fmt.Fprintf(&b, ", %d copies", c.Copies)
	}
	if c.Winners > 1 {
		fmt.Fprintf(&b, ", %d winners", c.Winners)
	}
	fmt.Fprintf(&b, ", Qf %.2f, Qf1av %.2f, Qd %.1f", c.Qf, c.Qf1Av, c.Qd)
	if len(c.Sections) > 0 {
		var parts []string
		for i, s := range c.Sections {
			parts = append(parts, fmt.Sprintf("%c: %d pairs, Qf %.2f", 'A'+i, s.Pairs, s.Qf))
		}
		fmt.Fprintf(&b, " (sections %s", strings.Join(parts, "; "))
		if c.AcrossQf > 0 {
			fmt.Fprintf(&b, "; across the field Qf %.2f", c.AcrossQf)
		}
		b.WriteString(")")
	}
	return b.String()
}

// sameFigures reports whether two candidates have the same figures, as
// printed.
func sameFigures(a, b CatalogueCandidate) bool {
	return candidateFigures(a) == candidateFigures(b) && a.Excluded == b.Excluded && fmt.Sprintf("%.2f", a.Qf1Max) == fmt.Sprintf("%.2f", b.Qf1Max)
}

// hang fills text with its later lines indented by n columns.
func hang(text string, n int) string {
	lines := strings.Split(fill(text, guideWidth), "\n")
	first, rest := lines[0], strings.Join(lines[1:], " ")
	if rest == "" {
		return first + "\n"
	}
	return first + "\n" + indent(fill(rest, guideWidth-n), strings.Repeat(" ", n))
}

func indent(text, prefix string) string {
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		b.WriteString(prefix + line + "\n")
	}
	return b.String()
}

// duration writes minutes as hours and minutes: "2½ hours", "2 hours 40 minutes".
func duration(minutes int) string {
	h, m := minutes/60, minutes%60
	switch {
	case h == 0:
		return fmt.Sprintf("%d minutes", m)
	case m == 0:
		return fmt.Sprintf("%d hours", h)
	case m == 30:
		return fmt.Sprintf("%d½ hours", h)
	}
	return fmt.Sprintf("%d hours %d minutes", h, m)
}
