package kinds

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/check"
)

// StructureCell checks what a movement's layout promises, one row per
// movement (seed 004 on the TEAM movements). A row's figures are pairs,
// tables, rounds; tables_minimal (1 when the movement uses no more tables
// than half the pairs, rounded up); stationary (the number of pairs that
// never change table); pair1_ns_table1 (1 when pair 1 sits NS at table 1
// in every round); round1_universal (1 when round 1 seats pairs 2t−1 and
// 2t at table t, the other tables empty, and table t plays the t-th board
// group where there are t groups); appendix_tables (tables numbered above
// the number of board groups) and appendix_unattended (those without a
// pair that sits there in every round);
// boards_moved (table-rounds that play another board group than the one
// the table plays most) and moved_unshared (those of them whose group no
// other table plays in that round); copies (the most tables playing one
// group in a round). Checks are named <id>/<label>/<figure>.
type StructureCell struct {
	cell.Common `yaml:",inline"`
	// Rows are the movements, one a row, with their published facts.
	Rows []BalanceRow `yaml:"rows"`
}

// Structure is the structure kind.
var Structure = register(Kind{Name: "structure", New: func() cell.Body { return new(StructureCell) }, Results: []any{&StructureResult{}}, Figures: StructureFigures{}, Per: "rows"})

// StructureResult is what a structure cell computes: a row per movement.
type StructureResult struct {
	Rows []StructureFigures `json:"rows"`
}

// StructureFigures are the facts of a movement's layout that a structure
// cell checks; the json names are the figures' (see StructureCell).
type StructureFigures struct {
	Label              string `json:"label"`
	Movement           string `json:"movement"`
	Pairs              int    `json:"pairs"`
	Tables             int    `json:"tables"`
	Rounds             int    `json:"rounds"`
	TablesMinimal      bool   `json:"tables_minimal"`
	Stationary         int    `json:"stationary"`
	Pair1NSTable1      bool   `json:"pair1_ns_table1"`
	Round1Universal    bool   `json:"round1_universal"`
	AppendixTables     int    `json:"appendix_tables"`
	AppendixUnattended int    `json:"appendix_unattended"`
	BoardsMoved        int    `json:"boards_moved"`
	MovedUnshared      int    `json:"moved_unshared"`
	Copies             int    `json:"copies"`
	// StationaryPairs are the pairs that never change table.
	StationaryPairs []int `json:"stationary_pairs"`
}

func (c *StructureCell) Movements() []string { return rowMovements(c.Rows) }

// structureColumns are the figures a structure table shows, in order.
var structureColumns = []string{"pairs", "tables", "rounds", "tables_minimal", "stationary", "pair1_ns_table1",
	"round1_universal", "appendix_tables", "appendix_unattended", "boards_moved", "moved_unshared", "copies"}

func (c *StructureCell) Run(env *cell.Env) (*cell.Output, error) {
	if len(c.Rows) == 0 {
		return nil, fmt.Errorf("rows: a structure cell needs at least one row")
	}
	if len(c.Published) > 0 {
		return nil, fmt.Errorf("published: give published figures per row")
	}
	t := &reports.Table{ID: env.ID, Caption: cell.CaptionOr(c.Caption, "What the layouts promise"), Columns: []reports.Column{{Name: "movement"}}}
	for _, name := range structureColumns {
		t.Columns = append(t.Columns, reports.Column{Name: strings.ReplaceAll(name, "_", " ")})
	}
	t.Columns = append(t.Columns, reports.Column{Name: "stationary pairs"})
	res := &StructureResult{}
	out := &cell.Output{Result: res}
	labels := map[string]bool{}
	for i, r := range c.Rows {
		label := r.name()
		if labels[label] {
			return nil, fmt.Errorf("rows: label %q appears twice (labels name the checks)", label)
		}
		labels[label] = true
		m, err := env.Movement(r.Movement)
		if err != nil {
			return nil, fmt.Errorf("row %d: %w", i+1, err)
		}
		f := structureFigures(m)
		f.Label, f.Movement = label, r.Movement
		res.Rows = append(res.Rows, f)
		figs, err := check.Paths(f)
		if err != nil {
			return nil, err
		}
		row := []any{label}
		for _, name := range structureColumns {
			row = append(row, figs[name])
		}
		var list []string
		for _, p := range f.StationaryPairs {
			list = append(list, strconv.Itoa(p))
		}
		t.Rows = append(t.Rows, append(row, strings.Join(list, " ")))
		checks, err := r.checks(env.ID+"/"+label+"/", figs)
		if err != nil {
			return nil, fmt.Errorf("row %d (%s): %w", i+1, label, err)
		}
		out.Checks = append(out.Checks, checks...)
	}
	out.Blocks = []reports.Block{{Table: t}}
	return out, nil
}

// structureFigures computes the figures of a structure row.
func structureFigures(m *movement.Movement) StructureFigures {
	f := movement.Describe(m)
	ns1 := true
	for _, row := range m.Schedule {
		ns1 = ns1 && len(row) > 0 && row[0].NS == 1
	}
	universal := len(m.Schedule) > 0
	if universal {
		for ti, tb := range m.Schedule[0] {
			if 2*ti+2 <= m.Pairs {
				universal = universal && tb.NS == 2*ti+1 && tb.EW == 2*ti+2 && (ti >= m.Groups || tb.Group == ti)
			} else {
				universal = universal && tb.Empty()
			}
		}
	}
	appendix, unattended := max(0, m.Tables-m.Groups), 0
	for ti := m.Groups; ti < m.Tables; ti++ {
		attended := false
		for _, p := range f.Stationary {
			here := true
			for _, row := range m.Schedule {
				tb := row[ti]
				here = here && (tb.NS == p || tb.EW == p)
			}
			attended = attended || here
		}
		if !attended {
			unattended++
		}
	}
	// A table's home group is the one it plays most (the first on a tie).
	moved, unshared := 0, 0
	for ti := 0; ti < m.Tables; ti++ {
		count := make([]int, m.Groups)
		for _, row := range m.Schedule {
			if tb := row[ti]; !tb.Empty() {
				count[tb.Group]++
			}
		}
		home := 0
		for g, n := range count {
			if n > count[home] {
				home = g
			}
		}
		for _, row := range m.Schedule {
			tb := row[ti]
			if tb.Empty() || tb.Group == home {
				continue
			}
			moved++
			shared := false
			for tj, other := range row {
				shared = shared || (tj != ti && !other.Empty() && other.Group == tb.Group)
			}
			if !shared {
				unshared++
			}
		}
	}
	return StructureFigures{
		Pairs: m.Pairs, Tables: m.Tables, Rounds: m.Rounds,
		TablesMinimal: m.Tables <= (m.Pairs+1)/2, Stationary: len(f.Stationary),
		Pair1NSTable1: ns1, Round1Universal: universal,
		AppendixTables: appendix, AppendixUnattended: unattended,
		BoardsMoved: moved, MovedUnshared: unshared, Copies: f.Copies, StationaryPairs: f.Stationary,
	}
}
