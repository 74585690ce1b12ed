package kinds

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/catalogue"
	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports/cell"
)

// GuideCell is the guide of a movement, for the director and the players:
// a board-set summary, a table card per table and a card per pair. The
// movement command runs it.
type GuideCell struct {
	cell.Common `yaml:",inline"`
	// Movement names the movement whose guide is shown.
	Movement string `yaml:"movement"`
	// BoardsPerRound numbers the boards: with one board group a round,
	// group g is boards g·B+1 to g·B+B; with two a round (a split round),
	// each group has B/2 boards (0: the groups' letters).
	BoardsPerRound int `yaml:"boards_per_round" range:"0..1000"`
}

// Guide is the guide kind.
var Guide = register(Kind{Name: "guide", Browser: true, New: func() cell.Body { return new(GuideCell) }, Results: []any{&GuideResult{}}})

func (c *GuideCell) Movements() []string { return []string{c.Movement} }

// Guide is the guide of a movement: the movement command's --json.
type GuideResult struct {
	Movement       string      `json:"movement"`
	Pairs          int         `json:"pairs"`
	Tables         int         `json:"tables"`
	Rounds         int         `json:"rounds"`
	BoardGroups    int         `json:"board_groups"`
	BoardsPerRound int         `json:"boards_per_round"`
	TableCards     []TableCard `json:"table_cards"`
	PairCards      []PairCard  `json:"pair_cards"`
	ASC            string      `json:"asc"`
	// GroupsPerRound is 2 when a table plays two board groups a round.
	GroupsPerRound int `json:"groups_per_round"`
	// Boards is the number of boards played (0 without boards per round).
	Boards int `json:"boards"`
	// Copies is the most tables playing one board group in one round.
	Copies int `json:"copies"`
	// Qf, Qf1Av and Qf1Max are the movement's balance (Qf1 0 for few
	// pairs); Uniform is false when its board groups are played unequal
	// numbers of times: the figures are then not defined (balance says
	// how they are computed).
	Qf        float64    `json:"qf"`
	Qf1Av     float64    `json:"qf1_av"`
	Qf1Max    float64    `json:"qf1_max"`
	BoardSets []BoardSet `json:"board_sets"`
	Uniform   bool       `json:"uniform"`
	// ScoredApart says the field is played as sections scored apart: the
	// figures pool the sections (catalogue.Measure), each section balanced
	// on its own.
	ScoredApart bool `json:"scored_apart"`
	// UnplayedTables are the tables of the room's numbering nobody plays
	// at (the phantom's stationary table of a half table): they keep
	// their number and have no card.
	UnplayedTables []string `json:"unplayed_tables"`
}

// BoardSet is one board group: where it starts and who shares it.
type BoardSet struct {
	Boards string `json:"boards"`
	// FirstRound is the first round it is played, StartTable the table
	// (the first, when several play it at once).
	FirstRound int `json:"first_round"`
	StartTable int `json:"start_table"`
	// Copies is the most tables playing it in one round; SharedBy lists
	// the tables that play it in the same round as another (sorted).
	Copies   int   `json:"copies"`
	SharedBy []int `json:"shared_by"`
	// StartTables are the tables playing it in its first round.
	StartTables []int `json:"start_tables"`
	// StartLabels and SharedByLabels are StartTables and SharedBy as the
	// room numbers them (Seat.Label).
	StartLabels    []string `json:"start_labels"`
	SharedByLabels []string `json:"shared_by_labels"`
	// Spare says the set is not played in round 1: it waits on a spare
	// table (a relay stand), not on a table in play, until its first round.
	Spare bool `json:"spare"`
}

// TableCard is what one table plays, round by round.
type TableCard struct {
	Table int `json:"table"`
	// Section is the table's section letter in a field of several
	// sections ("" otherwise) and Label the table as the room numbers it:
	// section letter and number within the section (B1), or the number.
	Section string      `json:"section"`
	Label   string      `json:"label"`
	Rounds  []TableTurn `json:"rounds"`
	// Replaces and New mark the cards of a plan (a pair joining or
	// leaving): the card replaces the printed one, or is new.
	Replaces bool `json:"replaces,omitempty"`
	New      bool `json:"new,omitempty"`
}

// TableTurn is one round at a table. Next seats are null after the last
// round and when the pair sits out the next round (the flags say which);
// an idle round has pairs 0 and idle set.
type TableTurn struct {
	Round         int    `json:"round"`
	NS            int    `json:"ns"`
	EW            int    `json:"ew"`
	Boards        string `json:"boards"`
	NSNext        *Seat  `json:"ns_next"`
	EWNext        *Seat  `json:"ew_next"`
	BoardsNext    *int   `json:"boards_next"`
	Idle          bool   `json:"idle"`
	LastRound     bool   `json:"last_round"`
	NSSitsOutNext bool   `json:"ns_sits_out_next"`
	EWSitsOutNext bool   `json:"ew_sits_out_next"`
	// Groups are the round's board groups at the table, two in a split
	// round, each with its orientation and the table it goes to next.
	Groups []GroupTurn `json:"groups"`
	// NSLabel, EWLabel and BoardsNextLabel are NS, EW and BoardsNext as
	// the room numbers them (B10); "" where the number is 0 or null.
	NSLabel         string `json:"ns_label"`
	EWLabel         string `json:"ew_label"`
	BoardsNextLabel string `json:"boards_next_label"`
}

// GroupTurn is one board group played at a table in a round.
type GroupTurn struct {
	Boards string `json:"boards"`
	NS     int    `json:"ns"`
	EW     int    `json:"ew"`
	Next   *int   `json:"next"`
	// NSLabel, EWLabel and NextLabel as the room numbers them.
	NSLabel   string `json:"ns_label"`
	EWLabel   string `json:"ew_label"`
	NextLabel string `json:"next_label"`
}

// Seat is a table and a direction (NS or EW).
type Seat struct {
	Table     int    `json:"table"`
	Direction string `json:"direction"`
	// Label is the table as the room numbers it (B1).
	Label string `json:"label"`
}

// PairCard is what one pair plays, round by round.
type PairCard struct {
	Pair int `json:"pair"`
	// Section and Label as on a TableCard: the pair as the room numbers it.
	Section string     `json:"section"`
	Label   string     `json:"label"`
	Rounds  []PairTurn `json:"rounds"`
	// Replaces and New as on a TableCard.
	Replaces bool `json:"replaces,omitempty"`
	New      bool `json:"new,omitempty"`
}

// PairTurn is one round of a pair: where it sits, or that it sits out.
// Groups lists each board group with the pair's direction (two in a split
// round).
type PairTurn struct {
	Round     int         `json:"round"`
	Table     int         `json:"table,omitempty"`
	Direction string      `json:"direction,omitempty"`
	Opponent  int         `json:"opponent,omitempty"`
	Boards    string      `json:"boards,omitempty"`
	SitsOut   bool        `json:"sits_out,omitempty"`
	Groups    []PairGroup `json:"groups,omitempty"`
	// TableLabel and OpponentLabel as the room numbers them.
	TableLabel    string `json:"table_label,omitempty"`
	OpponentLabel string `json:"opponent_label,omitempty"`
}

// PairGroup is one board group a pair plays in a round, and its direction.
type PairGroup struct {
	Boards    string `json:"boards"`
	Direction string `json:"direction"`
}

// guide builds the cards of a movement. A split table (two board groups a
// round, the second half at another table position of the file) is one
// table. The tables and pairs are numbered as the room numbers them
// (movement.Room: by section letter and number within the section in a
// field of several sections), the numbers every scoring program's file of
// the movement uses; the ints of the JSON number them across the field. A
// table nobody plays at (the phantom's stationary table of a half table)
// keeps its number and gets no card.
func guide(ctx context.Context, name string, m *movement.Movement, perRound int) (*GuideResult, error) {
	v, err := guideCards(ctx, name, m, perRound)
	if err != nil {
		return nil, err
	}
	// The catalogue's figures: for sections scored apart, pooled over the
	// sections (catalogue.Measure); otherwise the movement's balance.
	f := catalogue.Measure(m)
	v.Qf, v.Uniform, v.Qf1Av, v.Qf1Max = f.Qf, f.Uniform, f.Qf1av, f.Qf1max
	v.ScoredApart = len(m.Sections) > 0 && !m.Across
	return v, ctx.Err() // seconds of work for hundreds of tables
}

// guideCards is the guide without the balance figures: the cards.
func guideCards(ctx context.Context, name string, m *movement.Movement, perRound int) (*GuideResult, error) {
	tables, split := movement.PlayingTables(m)
	perGroup := 0
	if perRound > 0 {
		if perRound%split != 0 {
			return nil, fmt.Errorf("boards per round: %d: this movement plays %d board groups a round: give a multiple of %d", perRound, split, split)
		}
		perGroup = perRound / split
	}
	facts := movement.Describe(m)
	v := &GuideResult{Movement: name, Pairs: m.Pairs, Tables: tables, Rounds: m.Rounds, BoardGroups: m.Groups, BoardsPerRound: perRound,
		GroupsPerRound: split, Boards: m.Groups * perGroup, Copies: facts.Copies, TableCards: []TableCard{}, PairCards: []PairCard{}, BoardSets: []BoardSet{}}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// The boards of each set, numbered as the Data Connector's records
	// number them (a section of split tables has sets of half the round's
	// boards); a movement whose sections cannot be numbered so (sets
	// of unequal sizes on shared boards) keeps the plain numbering.
	boardsOf := func(g int) string { return cell.BoardsOf(m, g, perGroup) }
	if first, size, err := movement.SetBoards(m, perRound); perRound > 0 && err == nil {
		v.Boards = 0
		for g := range size {
			v.Boards = max(v.Boards, first[g]+size[g]-1)
		}
		boardsOf = func(g int) string {
			if size[g] == 1 {
				return strconv.Itoa(first[g])
			}
			return fmt.Sprintf("%d-%d", first[g], first[g]+size[g]-1)
		}
	}
	half := movement.FirstHalves(m)
	room := movement.NewRoom(m)
	// number[t] is the table number of position t across the field, in
	// the room's order (0: no table of its own); label[t] the room's name
	// of it.
	// position[n] is the position of table number n.
	roomTables := movement.RoomTables(m)
	number := make([]int, m.Tables)
	label := make([]string, m.Tables)
	position := make([]int, len(roomTables)+1)
	for k, t := range roomTables {
		number[t], label[t], position[k+1] = k+1, room.TableLabel(t), t
	}
	sectionOf := func(t int) int { s, _ := room.Table(t); return s }
	// seat[r][p] is where pair p sits in round r (the first half of a split
	// table); at[r][g] the tables playing group g in round r.
	seat := make([][]*Seat, m.Rounds)
	at := make([]map[int][]int, m.Rounds)
	for r, row := range m.Schedule {
		seat[r], at[r] = make([]*Seat, m.Pairs+1), map[int][]int{}
		for t, tb := range row {
			if tb.Empty() {
				continue
			}
			at[r][tb.Group] = append(at[r][tb.Group], number[half[r][t]])
			if half[r][t] == t {
				seat[r][tb.NS], seat[r][tb.EW] = &Seat{number[t], "NS", label[t]}, &Seat{number[t], "EW", label[t]}
			}
		}
	}
	next := func(r, p int) (*Seat, bool) {
		if r+1 < m.Rounds {
			return seat[r+1][p], seat[r+1][p] == nil
		}
		return nil, false
	}
	// nextTable is where group g goes after round r from a table of
	// section s: a section's boards stay in it (sections sharing the
	// deals each have their own copy).
	nextTable := func(r, g, s int) (*int, string) {
		for later := r + 1; later < m.Rounds; later++ {
			for _, n := range at[later][g] {
				if sectionOf(position[n]) == s {
					return &n, label[position[n]]
				}
			}
		}
		return nil, ""
	}
	v.UnplayedTables = []string{}
	for t := range m.Tables {
		if number[t] > 0 && !isTable(half, t) {
			v.UnplayedTables = append(v.UnplayedTables, label[t])
		}
		if number[t] == 0 || !isTable(half, t) {
			continue
		}
		card := TableCard{Table: number[t], Section: room.SectionName(sectionOf(t)), Label: label[t], Rounds: []TableTurn{}}
		for r, row := range m.Schedule {
			turn := TableTurn{Round: r + 1, LastRound: r+1 == m.Rounds, Groups: []GroupTurn{}}
			if half[r][t] != t {
				turn.Idle = true
				card.Rounds = append(card.Rounds, turn)
				continue
			}
			tb := row[t]
			turn.NS, turn.EW = tb.NS, tb.EW
			turn.NSLabel, turn.EWLabel = room.PairLabel(tb.NS), room.PairLabel(tb.EW)
			turn.NSNext, turn.NSSitsOutNext = next(r, tb.NS)
			turn.EWNext, turn.EWSitsOutNext = next(r, tb.EW)
			var names []string
			for u, other := range row {
				if half[r][u] == t {
					g := GroupTurn{Boards: boardsOf(other.Group), NS: other.NS, EW: other.EW,
						NSLabel: room.PairLabel(other.NS), EWLabel: room.PairLabel(other.EW)}
					g.Next, g.NextLabel = nextTable(r, other.Group, sectionOf(t))
					turn.Groups = append(turn.Groups, g)
					names = append(names, g.Boards)
				}
			}
			turn.Boards, turn.BoardsNext, turn.BoardsNextLabel = strings.Join(names, " and "), turn.Groups[0].Next, turn.Groups[0].NextLabel
			card.Rounds = append(card.Rounds, turn)
		}
		v.TableCards = append(v.TableCards, card)
	}
	for p := 1; p <= m.Pairs; p++ {
		s, _ := room.Pair(p)
		card := PairCard{Pair: p, Section: room.SectionName(s), Label: room.PairLabel(p), Rounds: []PairTurn{}}
		for r, row := range m.Schedule {
			st := seat[r][p]
			if st == nil {
				card.Rounds = append(card.Rounds, PairTurn{Round: r + 1, SitsOut: true})
				continue
			}
			pos := position[st.Table]
			tb := row[pos]
			opp := tb.EW
			if st.Direction == "EW" {
				opp = tb.NS
			}
			turn := PairTurn{Round: r + 1, Table: st.Table, Direction: st.Direction, Opponent: opp, TableLabel: st.Label, OpponentLabel: room.PairLabel(opp)}
			var names []string
			for u, other := range row {
				if half[r][u] == pos {
					dir := "NS"
					if other.EW == p {
						dir = "EW"
					}
					turn.Groups = append(turn.Groups, PairGroup{Boards: boardsOf(other.Group), Direction: dir})
					names = append(names, boardsOf(other.Group))
				}
			}
			turn.Boards = strings.Join(names, " and ")
			card.Rounds = append(card.Rounds, turn)
		}
		v.PairCards = append(v.PairCards, card)
	}
	for g := range m.Groups {
		set := BoardSet{Boards: boardsOf(g), SharedBy: []int{}, StartTables: []int{}, StartLabels: []string{}, SharedByLabels: []string{}}
		shared := map[int]bool{}
		for r := range m.Rounds {
			ts := at[r][g]
			if len(ts) == 0 {
				continue
			}
			if set.FirstRound == 0 {
				set.FirstRound, set.StartTable, set.StartTables = r+1, ts[0], slices.Clone(ts)
				set.Spare = r > 0
			}
			set.Copies = max(set.Copies, len(ts))
			if len(ts) > 1 {
				for _, t := range ts {
					shared[t] = true
				}
			}
		}
		for n := 1; n < len(position); n++ {
			if shared[n] {
				set.SharedBy = append(set.SharedBy, n)
			}
		}
		for _, n := range set.StartTables {
			set.StartLabels = append(set.StartLabels, label[position[n]])
		}
		for _, n := range set.SharedBy {
			set.SharedByLabels = append(set.SharedByLabels, label[position[n]])
		}
		v.BoardSets = append(v.BoardSets, set)
	}
	v.ASC = asc.String(m)
	return v, nil
}

// isTable reports whether position t is where a table's pairs sit in some
// round (not only the second half of split tables, nor never used).
func isTable(half [][]int, t int) bool {
	for _, row := range half {
		if row[t] == t {
			return true
		}
	}
	return false
}

func (c *GuideCell) Run(env *cell.Env) (*cell.Output, error) {
	m, err := env.Movement(c.Movement)
	if err != nil {
		return nil, err
	}
	if c.BoardsPerRound < 0 {
		return nil, fmt.Errorf("boards per round: %d: want a positive number (0: board groups)", c.BoardsPerRound)
	}
	v, err := guide(env.Ctx, c.Movement, m, c.BoardsPerRound)
	if err != nil {
		return nil, err
	}
	return &cell.Output{Blocks: v.blocks(env.ID), Result: v}, nil
}
