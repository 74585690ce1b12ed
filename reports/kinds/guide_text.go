package kinds

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
)

// guideWidth is the width of the guide's text: every line fits it.
const guideWidth = 80

// blocks are the guide as text of at most 80 columns: the movement in
// words and its board sets, then the table cards one after another, then
// the pair cards.
func (v *GuideResult) blocks(id string) []reports.Block {
	// The paragraphs fill a terminal narrower than the guide; the
	// tables and cards keep their columns.
	head := func(width int) string {
		width = min(width, guideWidth)
		return fill(v.summary(), width) + "\n\n" + v.setsText(width)
	}
	var tables strings.Builder
	for i, card := range v.TableCards {
		if i > 0 {
			tables.WriteString("\n")
		}
		tables.WriteString(tableCardText(card))
	}
	var pairs strings.Builder
	for i, card := range v.PairCards {
		if i > 0 {
			pairs.WriteString("\n")
		}
		pairs.WriteString(pairCardText(card))
	}
	return []reports.Block{
		{Pre: &reports.Preformatted{ID: id + "-summary", Caption: "The movement", Text: head(guideWidth), Fit: head}},
		{Pre: &reports.Preformatted{ID: id + "-tables", Caption: "Table cards", Text: tables.String()}},
		{Pre: &reports.Preformatted{ID: id + "-pairs", Caption: "Pair guide cards", Text: pairs.String()}},
		{Prose: Glossary},
	}
}

// Line is the movement in one line: its name, field, tables and rounds,
// and its balance.
func (v *GuideResult) Line() string {
	line := fmt.Sprintf("%s: %d pairs at %s, %s", v.Movement, v.Pairs, count(v.Tables, "table", "tables"), count(v.Rounds, "round", "rounds"))
	if v.BoardsPerRound > 0 {
		line += " of " + count(v.BoardsPerRound, "board", "boards")
	}
	if v.Uniform && v.Qf > 0 {
		line += fmt.Sprintf(", Qf %.2f", v.Qf)
	}
	return line
}

// summary is the movement in words.
func (v *GuideResult) summary() string {
	var b strings.Builder
	// A movement of one round (mitchell:7,rounds=1) or one board a round
	// is counted in the singular.
	fmt.Fprintf(&b, "Movement %s: %d pairs at %s, %s", v.Movement, v.Pairs, count(v.Tables, "table", "tables"), count(v.Rounds, "round", "rounds"))
	if v.BoardsPerRound > 0 {
		fmt.Fprintf(&b, " of %s, %s in all", count(v.BoardsPerRound, "board", "boards"), count(v.Boards, "board", "boards"))
	}
	fmt.Fprintf(&b, "; %s", count(v.BoardGroups, "board set", "board sets"))
	if v.BoardsPerRound > 0 {
		if n := v.BoardsPerRound / v.GroupsPerRound; n == 1 {
			b.WriteString(" of 1 board")
		} else {
			fmt.Fprintf(&b, " of %d boards", n)
		}
	}
	if v.GroupsPerRound > 1 {
		fmt.Fprintf(&b, ", %d sets a table each round (split rounds)", v.GroupsPerRound)
	}
	switch v.Copies {
	case 1:
		b.WriteString(", one copy of each set")
	default:
		fmt.Fprintf(&b, ", up to %d tables play a set in the same round (%d copies, or the tables share)", v.Copies, v.Copies)
	}
	sitOut := 0
	for _, c := range v.PairCards {
		for _, t := range c.Rounds {
			if t.SitsOut {
				sitOut++
				break
			}
		}
	}
	if len(v.UnplayedTables) > 0 {
		fmt.Fprintf(&b, "; nobody plays at table %s (the phantom's: a pair that joins late sits there), so no other table is renumbered",
			strings.Join(v.UnplayedTables, " or "))
	}
	switch {
	case sitOut > 0 && v.Pairs%2 == 1:
		fmt.Fprintf(&b, "; an odd field: %s a round or more, and no phantom pair is seated", sitOutText(sitOut))
	case sitOut > 0:
		fmt.Fprintf(&b, "; %s a round or more", sitOutText(sitOut))
	}
	if !v.Uniform {
		b.WriteString(". Its board sets are played unequal numbers of times: the balance is not defined")
	} else if v.Qf > 0 {
		fmt.Fprintf(&b, ". Qf %.2f", v.Qf)
		if v.Qf1Av > 0 {
			fmt.Fprintf(&b, ", Qf1av %.2f", v.Qf1Av)
		}
		if v.ScoredApart {
			b.WriteString(", pooled over the sections scored apart")
		}
	}
	b.WriteString(".")
	return b.String()
}

// setsText is the board-set summary: where each set starts, who shares;
// its heading filled to width.
func (v *GuideResult) setsText(width int) string {
	rows := [][]string{{"set", "boards", "starts at", "first round", "copies", "shared by tables"}}
	spare := false
	for i, s := range v.BoardSets {
		shared := "-"
		if len(s.SharedByLabels) > 0 {
			shared = labelRanges(s.SharedByLabels)
		}
		rows = append(rows, []string{strconv.Itoa(i + 1), s.Boards, startText(s), strconv.Itoa(s.FirstRound), strconv.Itoa(s.Copies), shared})
		spare = spare || s.Spare
	}
	head := "Board sets: put each set on the table where it is first played."
	if spare {
		head = "Board sets: put each set played in round 1 on its table, the others on a spare table (spare →) until their round."
	}
	return fill(head, width) + "\n" + columns(rows)
}

// startText is where a board set waits before the first round.
func startText(s BoardSet) string {
	switch {
	case s.FirstRound == 0:
		return "never played"
	case s.Spare && len(s.StartLabels) > 1:
		return "spare → tables " + strings.Join(s.StartLabels, ", ")
	case s.Spare:
		return "spare → table " + s.StartLabels[0]
	case len(s.StartLabels) > 1:
		return "tables " + strings.Join(s.StartLabels, ", ")
	}
	return "table " + s.StartLabels[0]
}

func tableCardText(card TableCard) string {
	rows := [][]string{{"round", "NS", "EW", "boards", "NS go", "EW go", "boards go"}}
	for _, t := range card.Rounds {
		if t.Idle {
			rows = append(rows, []string{strconv.Itoa(t.Round), "idle", "", "", "", "", ""})
			continue
		}
		for i, g := range t.Groups {
			row := []string{"", "", "", g.Boards, "", "", arrowTable(g.NextLabel, t.LastRound)}
			if g.NS != t.NS {
				row[3] += fmt.Sprintf(" (%s NS)", g.NSLabel)
			}
			if i == 0 {
				row[0], row[1], row[2] = strconv.Itoa(t.Round), t.NSLabel, t.EWLabel
				row[4], row[5] = arrowSeat(t.NSNext, t.NSSitsOutNext), arrowSeat(t.EWNext, t.EWSitsOutNext)
			}
			rows = append(rows, row)
		}
	}
	return fmt.Sprintf("Table %s%s\n", card.Label, mark(card.Replaces, card.New)) + columns(rows)
}

func pairCardText(card PairCard) string {
	rows := [][]string{{"round", "table", "sits", "against", "boards"}}
	for _, t := range card.Rounds {
		if t.SitsOut {
			rows = append(rows, []string{strconv.Itoa(t.Round), "sits out", "", "", ""})
			continue
		}
		for i, g := range t.Groups {
			row := []string{"", "", g.Direction, "", g.Boards}
			if i == 0 {
				row[0], row[1], row[3] = strconv.Itoa(t.Round), t.TableLabel, t.OpponentLabel
			}
			rows = append(rows, row)
		}
	}
	return fmt.Sprintf("Pair %s%s\n", card.Label, mark(card.Replaces, card.New)) + columns(rows)
}

// sitOutText counts the pairs that sit out: "1 pair sits out", "9 pairs
// sit out".
func sitOutText(n int) string {
	if n == 1 {
		return "1 pair sits out"
	}
	return fmt.Sprintf("%d pairs sit out", n)
}

// markText is what a plan's card says of itself, "" for a card of the
// movement printed.
func markText(replaces, isNew bool) string {
	switch {
	case replaces:
		return "replaces the printed card"
	case isNew:
		return "new card"
	}
	return ""
}

// mark is what a plan's card says of itself: it replaces the printed
// card, or is new.
func mark(replaces, isNew bool) string {
	if m := markText(replaces, isNew); m != "" {
		return " (" + m + ")"
	}
	return ""
}

// labelRanges writes sorted table labels with runs as ranges: 1-5, 7,
// A2-A4, B1.
func labelRanges(labels []string) string {
	var parts []string
	split := func(l string) (string, int) {
		i := strings.IndexFunc(l, func(r rune) bool { return r >= '0' && r <= '9' })
		n, _ := strconv.Atoi(l[i:])
		return l[:i], n
	}
	for i := 0; i < len(labels); {
		sec, first := split(labels[i])
		j := i
		for j+1 < len(labels) {
			s, n := split(labels[j+1])
			if _, prev := split(labels[j]); s != sec || n != prev+1 {
				break
			}
			j++
		}
		if j == i {
			parts = append(parts, labels[i])
		} else {
			_, last := split(labels[j])
			parts = append(parts, fmt.Sprintf("%s%d-%s%d", sec, first, sec, last))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// columns lays rows out in left-aligned columns two spaces apart, within
// guideWidth: a last column that does not fit is wrapped under itself.
func columns(rows [][]string) string {
	var width []int
	for _, r := range rows {
		for i, c := range r {
			if i >= len(width) {
				width = append(width, 0)
			}
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	indent := 0
	for _, w := range width[:len(width)-1] {
		indent += w + 2
	}
	last := max(guideWidth-indent, 10)
	var b strings.Builder
	for _, r := range rows {
		var line strings.Builder
		for i, c := range r {
			if i > 0 {
				line.WriteString("  ")
			}
			if i == len(r)-1 && len([]rune(c)) > last {
				c = strings.ReplaceAll(fill(c, last), "\n", "\n"+strings.Repeat(" ", indent))
			}
			line.WriteString(c + strings.Repeat(" ", max(width[i]-len([]rune(c)), 0)))
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	return b.String()
}

// fill wraps text into lines of at most width columns; a word longer than
// what is left of a line (a long spec) is broken after one of its + or ,
// signs when one falls within the line.
func fill(text string, width int) string {
	var b strings.Builder
	col := 0
	for _, w := range strings.Fields(text) {
		for {
			n := len([]rune(w))
			sep := 0
			if col > 0 {
				sep = 1
			}
			if col+sep+n <= width {
				if sep == 1 {
					b.WriteString(" ")
				}
				b.WriteString(w)
				col += sep + n
				break
			}
			room := width - col - sep
			cut := -1
			if room > 8 && n > width/2 {
				cut = strings.LastIndexAny(string([]rune(w)[:min(room, n)]), "+,")
			}
			if cut > 0 {
				if sep == 1 {
					b.WriteString(" ")
				}
				b.WriteString(w[:cut+1] + "\n")
				w, col = w[cut+1:], 0
				continue
			}
			if col == 0 {
				b.WriteString(w)
				col = n
				break
			}
			b.WriteString("\n")
			col = 0
		}
	}
	return b.String()
}
