package kinds

import (
	"fmt"

	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/reports/cell"

	"github.com/bridgereport/bridgereport/reports"
)

// MovementCell shows the layout of a movement: NS-EW and board group at
// each table, round by round (its cards are a guide cell's).
type MovementCell struct {
	cell.Common `yaml:",inline"`
	// Movement names the movement whose layout is shown.
	Movement string `yaml:"movement"`
	// BoardsPerRound shows board numbers instead of board groups: group g
	// is boards g·B+1 to g·B+B (0: the groups' letters).
	BoardsPerRound int `yaml:"boards_per_round" range:"0..1000"`
}

// Movement is the movement kind.
var Movement = register(Kind{Name: "movement", Browser: true, New: func() cell.Body { return new(MovementCell) }, Results: []any{&MovementResult{}}})

// MovementResult is what a movement cell shows: the movement in .ASC form
// and its size.
type MovementResult struct {
	Movement string `json:"movement"`
	Pairs    int    `json:"pairs"`
	Tables   int    `json:"tables"`
	Rounds   int    `json:"rounds"`
	Groups   int    `json:"groups"`
	ASC      string `json:"asc"`
}

func (c *MovementCell) Movements() []string { return []string{c.Movement} }

func (c *MovementCell) Run(env *cell.Env) (*cell.Output, error) {
	m, err := env.Movement(c.Movement)
	if err != nil {
		return nil, err
	}
	if len(c.Published) > 0 {
		return nil, fmt.Errorf("published: a movement cell has no figures (use a balance cell)")
	}
	t := &reports.Table{ID: env.ID, Caption: cell.CaptionOr(c.Caption, "The movement "+c.Movement+": NS-EW and board group at each table")}
	t.Columns = append(t.Columns, reports.Column{Name: "round"})
	for tb := 1; tb <= m.Tables; tb++ {
		t.Columns = append(t.Columns, reports.Column{Name: fmt.Sprintf("table %d", tb)})
	}
	for r, row := range m.Schedule {
		cells := []any{r + 1}
		for _, tb := range row {
			if tb.Empty() {
				cells = append(cells, "")
				continue
			}
			cells = append(cells, fmt.Sprintf("%d-%d %s", tb.NS, tb.EW, cell.BoardsOf(m, tb.Group, c.BoardsPerRound)))
		}
		t.Rows = append(t.Rows, cells)
	}
	res := &MovementResult{Movement: c.Movement, Pairs: m.Pairs, Tables: m.Tables, Rounds: m.Rounds, Groups: m.Groups, ASC: asc.String(m)}
	return &cell.Output{Blocks: []reports.Block{{Table: t}}, Result: res}, nil
}
