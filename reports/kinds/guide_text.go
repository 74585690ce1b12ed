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
	var head strings.Builder
	head.WriteString(fill(v.summary(), guideWidth))
	head.WriteString("\n\n")
	head.WriteString(v.setsText())
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
		{Pre: &reports.Preformatted{ID: id + "-summary", Caption: "The movement", Text: head.String()}},
		{Pre: &reports.Preformatted{ID: id + "-tables", Caption: "Table cards", Text: tables.String()}},
		{Pre: &reports.Preformatted{ID: id + "-pairs", Caption: "Pair guide cards", Text: pairs.String()}},
	}
}

// summary is the movement in words.
func (v *GuideResult) summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Movement %s: %d pairs at %d tables, %d rounds", v.Movement, v.Pairs, v.Tables, v.Rounds)
	if v.BoardsPerRound > 0 {
		fmt.Fprintf(&b, " of %d boards, %d boards in all", v.BoardsPerRound, v.Boards)
	}
	fmt.Fprintf(&b, "; %d board sets", v.BoardGroups)
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
	switch {
	case sitOut > 0 && v.Pairs%2 == 1:
		fmt.Fprintf(&b, "; an odd field: %d pairs sit out a round or more, and no phantom pair is seated", sitOut)
	case sitOut > 0:
		fmt.Fprintf(&b, "; %d pairs sit out a round or more", sitOut)
	}
	if !v.Uniform {
		b.WriteString(". Its board sets are played unequal numbers of times: the balance is not defined")
	} else if v.Qf > 0 {
		fmt.Fprintf(&b, ". Qf %.2f", v.Qf)
		if v.Qf1Av > 0 {
			fmt.Fprintf(&b, ", Qf1av %.2f", v.Qf1Av)
		}
	}
	b.WriteString(".")
	return b.String()
}

// setsText is the board-set summary: where each set starts, who shares.
func (v *GuideResult) setsText() string {
	rows := [][]string{{"set", "boards", "starts at", "first round", "copies", "shared by tables"}}
	for i, s := range v.BoardSets {
		shared := "-"
		if len(s.SharedBy) > 0 {
			shared = ranges(s.SharedBy)
		}
		start := "table " + strconv.Itoa(s.StartTable)
		if len(s.StartTables) > 1 {
			start = "tables " + joinInts(s.StartTables, ", ")
		}
		if s.FirstRound == 0 {
			start, shared = "never played", "-"
		}
		rows = append(rows, []string{strconv.Itoa(i + 1), s.Boards, start, strconv.Itoa(s.FirstRound), strconv.Itoa(s.Copies), shared})
	}
	return "Board sets: put each set on the table where it is first played.\n" + columns(rows)
}

func tableCardText(card TableCard) string {
	rows := [][]string{{"round", "NS", "EW", "boards", "NS go", "EW go", "boards go"}}
	for _, t := range card.Rounds {
		if t.Idle {
			rows = append(rows, []string{strconv.Itoa(t.Round), "idle", "", "", "", "", ""})
			continue
		}
		for i, g := range t.Groups {
			row := []string{"", "", "", g.Boards, "", "", arrowTable(g.Next, t.LastRound)}
			if g.NS != t.NS {
				row[3] += fmt.Sprintf(" (%d NS)", g.NS)
			}
			if i == 0 {
				row[0], row[1], row[2] = strconv.Itoa(t.Round), strconv.Itoa(t.NS), strconv.Itoa(t.EW)
				row[4], row[5] = arrowSeat(t.NSNext, t.NSSitsOutNext), arrowSeat(t.EWNext, t.EWSitsOutNext)
			}
			rows = append(rows, row)
		}
	}
	return fmt.Sprintf("Table %d\n", card.Table) + columns(rows)
}

func nextSeat(s *Seat, sitsOut bool) string {
	switch {
	case s != nil:
		return fmt.Sprintf("%d %s", s.Table, s.Direction)
	case sitsOut:
		return "sits out"
	}
	return "last round"
}

func nextTable(t *int, last bool) string {
	switch {
	case t != nil:
		return "table " + strconv.Itoa(*t)
	case last:
		return "last round"
	}
	return "finished"
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
				row[0], row[1], row[3] = strconv.Itoa(t.Round), strconv.Itoa(t.Table), strconv.Itoa(t.Opponent)
			}
			rows = append(rows, row)
		}
	}
	return fmt.Sprintf("Pair %d\n", card.Pair) + columns(rows)
}

// ranges writes sorted numbers with runs as ranges: 1-5, 7, 9-12.
func ranges(xs []int) string {
	var parts []string
	for i := 0; i < len(xs); {
		j := i
		for j+1 < len(xs) && xs[j+1] == xs[j]+1 {
			j++
		}
		if j == i {
			parts = append(parts, strconv.Itoa(xs[i]))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", xs[i], xs[j]))
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
