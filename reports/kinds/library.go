package kinds

import (
	"fmt"
	"strconv"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/resolve"
)

// LibraryCell lists the movements of the embedded library, with the Qf
// each file publishes and the Qf recomputed from its layout; a published Qf
// that belongs to another layout is marked (!) with the reason. Its
// figures are NAME/qf and NAME/qo of each movement listed (NAME as the
// library names it). The movements command runs it.
type LibraryCell struct {
	cell.Common `yaml:",inline"`
	// Pairs keeps the movements for this many pairs (0: any).
	Pairs int `yaml:"pairs"`
	// Rounds keeps the movements of this many rounds (0: any).
	Rounds int `yaml:"rounds"`
}

// Library is the library kind.
var Library = register(Kind{Name: "library", New: func() cell.Body { return new(LibraryCell) }, Results: []any{[]resolve.LibraryMovement{}}})

func (c *LibraryCell) Movements() []string { return nil }

func (c *LibraryCell) Run(env *cell.Env) (*cell.Output, error) {
	if c.Pairs < 0 || c.Rounds < 0 {
		return nil, fmt.Errorf("pairs %d, rounds %d: want 0 (any) or more", c.Pairs, c.Rounds)
	}
	list, err := resolve.LibraryMovements(env.Ctx, c.Pairs, c.Rounds)
	if err != nil {
		return nil, err
	}
	figs := map[string]float64{}
	for _, e := range list {
		figs[e.Name+"/qf"], figs[e.Name+"/qo"] = e.Qf, e.Qo
	}
	return c.Output(env, figs, c.blocks(env.ID, list), list)
}

// blocks are the table of the movements listed and a paragraph that
// counts them and gives the reasons of any misannotation.
func (c *LibraryCell) blocks(id string, list []resolve.LibraryMovement) []reports.Block {
	if len(list) == 0 {
		return []reports.Block{{Prose: c.none()}}
	}
	caption := c.Caption
	// On a narrow terminal (Column.Priority) the list keeps what it is
	// for: each name with its published and computed Qf.
	t := &reports.Table{ID: id, Caption: caption, Columns: []reports.Column{{Name: "name"}, {Name: "pairs", Priority: 1}, {Name: "tables", Priority: 3},
		{Name: "rounds", Priority: 2}, {Name: "groups", Priority: 4}, {Name: "published Qf"}, {Name: "Qf", Decimals: 2}}}
	notes := ""
	for _, e := range list {
		published := "-"
		if e.PublishedQf != nil {
			published = strconv.FormatFloat(*e.PublishedQf, 'f', -1, 64)
			if e.Misannotated != "" {
				published = "(!) " + published
				notes += fmt.Sprintf("(!) %s: %s.\n", e.Name, e.Misannotated)
			}
		}
		t.Rows = append(t.Rows, []any{e.Name, e.Pairs, e.Tables, e.Rounds, e.BoardGroups, published, e.Qf})
	}
	count := fmt.Sprintf("%d movements. A MOVEMENT argument of balance, optimize and simulate may be any of these names.", len(list))
	if len(list) == 1 {
		count = "1 movement. A MOVEMENT argument of balance, optimize and simulate may be its name."
	}
	return []reports.Block{{Table: t}, {Prose: count + "\n" + notes}}
}

// none says that no movement has the pairs and rounds asked for, naming
// them; for an odd field, that the library's movements of one pair more
// are played with a pair absent.
func (c *LibraryCell) none() string {
	text := "No library movement"
	if c.Pairs > 0 {
		text += fmt.Sprintf(" for %d pairs", c.Pairs)
	}
	if c.Rounds > 0 {
		text += fmt.Sprintf(" of %d rounds", c.Rounds)
	}
	text += "."
	if c.Pairs%2 == 1 {
		text += fmt.Sprintf(" An odd field plays a movement of %d pairs with one pair absent (NAME,absent=N).", c.Pairs+1)
	}
	return text
}
