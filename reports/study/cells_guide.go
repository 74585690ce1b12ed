package study

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
)

// GuideCell is the guide of a movement, for the director and the players:
// a table card per table and a card per pair. The movement command runs it.
type GuideCell struct {
	Common `yaml:",inline"`
	// Movement names the movement whose guide is shown.
	Movement string `yaml:"movement"`
	// BoardsPerRound numbers the boards: group g is boards g·B+1 to g·B+B
	// (0: the groups' letters).
	BoardsPerRound int `yaml:"boards_per_round"`
}

func (c *GuideCell) movements() []string { return []string{c.Movement} }

// Guide is the guide of a movement: the movement command's --json.
type Guide struct {
	Movement       string      `json:"movement"`
	Pairs          int         `json:"pairs"`
	Tables         int         `json:"tables"`
	Rounds         int         `json:"rounds"`
	BoardGroups    int         `json:"board_groups"`
	BoardsPerRound int         `json:"boards_per_round"`
	TableCards     []TableCard `json:"table_cards"`
	PairCards      []PairCard  `json:"pair_cards"`
	ASC            string      `json:"asc"`
}

// TableCard is what one table plays, round by round.
type TableCard struct {
	Table  int         `json:"table"`
	Rounds []TableTurn `json:"rounds"`
}

// TableTurn is one round at a table. Next seats are null after the last
// round and when the pair sits out the next round.
type TableTurn struct {
	Round      int    `json:"round"`
	NS         int    `json:"ns"`
	EW         int    `json:"ew"`
	Boards     string `json:"boards"`
	NSNext     *Seat  `json:"ns_next"`
	EWNext     *Seat  `json:"ew_next"`
	BoardsNext *int   `json:"boards_next"`
}

// Seat is a table and a direction (NS or EW).
type Seat struct {
	Table     int    `json:"table"`
	Direction string `json:"direction"`
}

func (s *Seat) String() string {
	if s == nil {
		return "-"
	}
	return fmt.Sprintf("table %d %s", s.Table, s.Direction)
}

// PairCard is what one pair plays, round by round.
type PairCard struct {
	Pair   int        `json:"pair"`
	Rounds []PairTurn `json:"rounds"`
}

// PairTurn is one round of a pair: where it sits, or that it sits out.
type PairTurn struct {
	Round     int    `json:"round"`
	Table     int    `json:"table,omitempty"`
	Direction string `json:"direction,omitempty"`
	Opponent  int    `json:"opponent,omitempty"`
	Boards    string `json:"boards,omitempty"`
	SitsOut   bool   `json:"sits_out,omitempty"`
}

// guide builds the cards of a movement.
func guide(name string, m *movement.Movement, perRound int) (*Guide, error) {
	v := &Guide{Movement: name, Pairs: m.Pairs, Tables: m.Tables, Rounds: m.Rounds, BoardGroups: m.Groups, BoardsPerRound: perRound}
	// seat[r][p] is where pair p sits in round r (the first table, for a
	// split table); group[r][g] the first table playing group g.
	seat := make([][]*Seat, m.Rounds)
	group := make([][]int, m.Rounds)
	for r, row := range m.Schedule {
		seat[r], group[r] = make([]*Seat, m.Pairs+1), make([]int, m.Groups)
		for t := len(row) - 1; t >= 0; t-- {
			if tb := row[t]; !tb.Empty() {
				seat[r][tb.NS], seat[r][tb.EW] = &Seat{t + 1, "NS"}, &Seat{t + 1, "EW"}
				group[r][tb.Group] = t + 1
			}
		}
	}
	next := func(r, p int) *Seat {
		if r+1 < m.Rounds {
			return seat[r+1][p]
		}
		return nil
	}
	for t := 1; t <= m.Tables; t++ {
		card := TableCard{Table: t, Rounds: []TableTurn{}}
		for r, row := range m.Schedule {
			tb := row[t-1]
			if tb.Empty() {
				continue
			}
			turn := TableTurn{Round: r + 1, NS: tb.NS, EW: tb.EW, Boards: boardsOf(m, tb.Group, perRound),
				NSNext: next(r, tb.NS), EWNext: next(r, tb.EW)}
			for later := r + 1; later < m.Rounds; later++ {
				if at := group[later][tb.Group]; at != 0 {
					turn.BoardsNext = &at
					break
				}
			}
			card.Rounds = append(card.Rounds, turn)
		}
		v.TableCards = append(v.TableCards, card)
	}
	for p := 1; p <= m.Pairs; p++ {
		card := PairCard{Pair: p}
		for r, row := range m.Schedule {
			s := seat[r][p]
			if s == nil {
				card.Rounds = append(card.Rounds, PairTurn{Round: r + 1, SitsOut: true})
				continue
			}
			tb := row[s.Table-1]
			opp := tb.EW
			if s.Direction == "EW" {
				opp = tb.NS
			}
			card.Rounds = append(card.Rounds, PairTurn{Round: r + 1, Table: s.Table, Direction: s.Direction, Opponent: opp,
				Boards: boardsOf(m, tb.Group, perRound)})
		}
		v.PairCards = append(v.PairCards, card)
	}
	var asc strings.Builder
	if err := movement.WriteASC(&asc, m); err != nil {
		return nil, err
	}
	v.ASC = asc.String()
	return v, nil
}

func (c *GuideCell) run(env *runEnv) (*cellOutput, error) {
	m, err := env.movement(c.Movement)
	if err != nil {
		return nil, err
	}
	if c.BoardsPerRound < 0 {
		return nil, fmt.Errorf("boards per round: %d: want a positive number (0: board groups)", c.BoardsPerRound)
	}
	v, err := guide(c.Movement, m, c.BoardsPerRound)
	if err != nil {
		return nil, err
	}
	return &cellOutput{Blocks: v.blocks(env.cell.ID), Result: v}, nil
}

// blocks are the cards: a table per table card, one table of pair cards.
func (v *Guide) blocks(id string) []reports.Block {
	boards := fmt.Sprintf("%d board groups", v.BoardGroups)
	if v.BoardsPerRound > 0 {
		boards = fmt.Sprintf("%d boards (%d a round)", v.BoardGroups*v.BoardsPerRound, v.BoardsPerRound)
	}
	blocks := []reports.Block{{Prose: fmt.Sprintf("Movement %s: %d pairs, %d tables, %d rounds, %s.", v.Movement, v.Pairs, v.Tables, v.Rounds, boards)}}
	for _, card := range v.TableCards {
		t := &reports.Table{ID: fmt.Sprintf("%s-table-%d", id, card.Table), Caption: fmt.Sprintf("Table %d", card.Table), Columns: []reports.Column{{Name: "round"}, {Name: "NS"}, {Name: "EW"},
			{Name: "boards"}, {Name: "NS goes to"}, {Name: "EW goes to"}, {Name: "boards go to"}}}
		for _, tt := range card.Rounds {
			to := "-"
			if tt.BoardsNext != nil {
				to = "table " + strconv.Itoa(*tt.BoardsNext)
			}
			t.Rows = append(t.Rows, []any{tt.Round, tt.NS, tt.EW, tt.Boards, tt.NSNext.String(), tt.EWNext.String(), to})
		}
		blocks = append(blocks, reports.Block{Table: t})
	}
	pairs := &reports.Table{ID: id + "-pairs", Caption: "Pair cards: table and direction, opponents and boards, round by round", Columns: []reports.Column{{Name: "pair"}}}
	for r := 1; r <= v.Rounds; r++ {
		pairs.Columns = append(pairs.Columns, reports.Column{Name: fmt.Sprintf("round %d", r)})
	}
	for _, card := range v.PairCards {
		row := []any{card.Pair}
		for _, pt := range card.Rounds {
			if pt.SitsOut {
				row = append(row, "sits out")
				continue
			}
			row = append(row, fmt.Sprintf("%d %s v %d: %s", pt.Table, pt.Direction, pt.Opponent, pt.Boards))
		}
		pairs.Rows = append(pairs.Rows, row)
	}
	return append(blocks, reports.Block{Table: pairs})
}
