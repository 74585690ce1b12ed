package kinds

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/check"
)

// SessionBalanceCell shows the balance of movements played over several
// sessions, each session on its own beside the whole (seed 004: optimising
// over all sessions makes each session's balance worse). A movement gets
// one table row for the whole and one per session, whose figures are those
// of its rounds alone (movement.SessionSpans).
type SessionBalanceCell struct {
	cell.Common `yaml:",inline"`
	// Columns are figure names, as in a balance cell; default qf.
	Columns []string `yaml:"columns"`
	// Rows are the movements, each with its sessions.
	Rows []SessionBalanceRow `yaml:"rows"`
	// Chart names a column to draw as bars per movement: the whole, and
	// the highest and the lowest of its sessions.
	Chart string `yaml:"chart"`
}

// SessionBalance is the session_balance kind.
var SessionBalance = register(Kind{Name: "session_balance", New: func() cell.Body { return new(SessionBalanceCell) }, Results: []any{&SessionBalanceResult{}}, Figures: SessionBalanceFigures{}, Per: "rows"})

// SessionBalanceRow is one movement of a session_balance table.
type SessionBalanceRow struct {
	// Label names the movement's rows; default the movement's name.
	Label string `yaml:"label"`
	// Movement names a movement of the study.
	Movement string `yaml:"movement"`
	// Sessions are the numbers of rounds of the sessions, in order, for
	// example [5, 6]; they add up to the movement's rounds.
	Sessions []int `yaml:"sessions"`
	// Published figures by column name, as printed: "qf" is the whole
	// movement's, "sessions/2/qf" session 2's.
	Published map[string]string `yaml:"published"`
	// Errata: published figures known to be wrong, with the reason.
	Errata map[string]string `yaml:"errata"`
}

// SessionBalanceResult is what a session_balance cell computes: a row per
// movement.
type SessionBalanceResult struct {
	Rows []SessionBalanceFigures `json:"rows"`
}

// SessionBalanceFigures are the balance figures of a movement as a whole,
// and of each session's rounds alone.
type SessionBalanceFigures struct {
	BalanceFigures
	Sessions []BalanceFigures `json:"sessions"`
}

func (c *SessionBalanceCell) Movements() []string { return rowMovements(c.Rows) }

func (r SessionBalanceRow) movementName() string { return r.Movement }

func (c *SessionBalanceCell) Run(env *cell.Env) (*cell.Output, error) {
	if len(c.Rows) == 0 {
		return nil, fmt.Errorf("rows: a session_balance cell needs at least one row")
	}
	if len(c.Published) > 0 {
		return nil, fmt.Errorf("published: give published figures per row")
	}
	cols := c.Columns
	if len(cols) == 0 {
		cols = []string{"qf"}
	}
	t := &reports.Table{ID: env.ID, Caption: cell.CaptionOr(c.Caption, "Balance by session"),
		Columns: []reports.Column{{Name: "movement"}, {Name: "part"}, {Name: "span"}}}
	needVacancy := false
	for _, name := range cols {
		i := slices.IndexFunc(balanceColumns, func(bc figureColumn) bool { return bc.name == name })
		if i < 0 {
			return nil, fmt.Errorf("columns: unknown figure %q", name)
		}
		t.Columns = append(t.Columns, reports.Column{Name: name, Decimals: balanceColumns[i].decimals})
		needVacancy = needVacancy || strings.HasPrefix(name, "qf1")
	}
	var chart *reports.Chart
	if c.Chart != "" {
		if !slices.Contains(cols, c.Chart) {
			return nil, fmt.Errorf("chart: %q is not one of the columns", c.Chart)
		}
		chart = &reports.Chart{ID: env.ID + "-chart", Caption: t.Caption, Kind: "bar", XName: "movement", YName: c.Chart,
			Series: []reports.Series{{Name: "whole"}, {Name: "highest session"}, {Name: "lowest session"}}}
	}
	result := &SessionBalanceResult{}
	out := cell.Output{Result: result}
	labels := map[string]bool{}
	for i, r := range c.Rows {
		label := r.Label
		if label == "" {
			label = r.Movement
		}
		if labels[label] {
			return nil, fmt.Errorf("rows: label %q appears twice (labels name the checks)", label)
		}
		labels[label] = true
		fail := func(err error) (*cell.Output, error) { return nil, fmt.Errorf("row %d (%s): %w", i+1, label, err) }
		if len(r.Sessions) == 0 {
			return fail(fmt.Errorf("sessions: give the rounds of each session, for example [5, 6]"))
		}
		m, err := env.Movement(r.Movement)
		if err != nil {
			return fail(err)
		}
		spans, err := movement.SessionSpans(m, r.Sessions)
		if err != nil {
			return fail(err)
		}
		add := func(part, rounds string, mv *movement.Movement) (*BalanceFigures, error) {
			f, err := balanceFigures(env.Ctx, label, r.Movement, mv, needVacancy || hasVacancyKey(r.Published))
			if err != nil {
				return nil, err
			}
			figs, err := check.Paths(f)
			if err != nil {
				return nil, err
			}
			row := []any{label, part, rounds}
			for _, col := range cols {
				row = append(row, figs[col])
			}
			t.Rows = append(t.Rows, row)
			return f, nil
		}
		whole, err := add("whole", fmt.Sprintf("rounds 1–%d", m.Rounds), m)
		if err != nil {
			return fail(err)
		}
		figures := SessionBalanceFigures{BalanceFigures: *whole}
		first := 1
		for s, span := range spans {
			f, err := add(fmt.Sprintf("session %d", s+1), fmt.Sprintf("rounds %d–%d", first, first+span.Rounds-1), span)
			if err != nil {
				return fail(err)
			}
			first += span.Rounds
			figures.Sessions = append(figures.Sessions, *f)
		}
		result.Rows = append(result.Rows, figures)
		computed, err := check.Paths(figures)
		if err != nil {
			return fail(err)
		}
		var perSession []float64
		for s := range spans {
			perSession = append(perSession, computed[fmt.Sprintf("sessions/%d/%s", s+1, c.Chart)])
		}
		checks, err := check.Figures(env.ID+"/"+label+"/", computed, r.Published, r.Errata)
		if err != nil {
			return fail(err)
		}
		out.Checks = append(out.Checks, checks...)
		if chart != nil {
			chart.XLabels = append(chart.XLabels, label)
			chart.Series[0].Values = append(chart.Series[0].Values, computed[c.Chart])
			chart.Series[1].Values = append(chart.Series[1].Values, slices.Max(perSession))
			chart.Series[2].Values = append(chart.Series[2].Values, slices.Min(perSession))
		}
	}
	out.Blocks = append(out.Blocks, reports.Block{Table: t})
	if chart != nil {
		out.Blocks = append(out.Blocks, reports.Block{Chart: chart})
	}
	return &out, nil
}

// hasVacancyKey reports whether some published key names a vacancy figure
// (qf1_av, sessions/2/qf1_max).
func hasVacancyKey(published map[string]string) bool {
	for key := range published {
		for _, part := range strings.Split(key, "/") {
			if strings.HasPrefix(part, "qf1") {
				return true
			}
		}
	}
	return false
}
