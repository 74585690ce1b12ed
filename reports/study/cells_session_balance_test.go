package study

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/load"
)

const sessionStudy = `title: "S"
movements:
  h12: perfect:12,sessions=2
  h6: perfect:6,vacancy=super
cells:
  - session_balance:
      id: s
      columns: [qf, qo, qf1_av]
      chart: qf
      rows:
        - {label: twelve, movement: h12, sessions: [5, 6], published: {qf: "100", sessions/1/qf: "38.06", sessions/2/qf: "46.67", sessions/2/qo: "54.55"}}
  - balance:
      id: b
      columns: [qf, qf1_av, mid_rounds, mid_pairs]
      rows:
        - {label: super, movement: h6, published: {qf1_av: "100", mid_rounds: "1", mid_pairs: "6"}}
`

func TestSessionBalanceCell(t *testing.T) {
	s, err := ParseStudy("s.yaml", []byte(sessionStudy), nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), s, RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range res.Checks {
		names = append(names, c.Name)
		if c.Status != reports.StatusOK {
			t.Errorf("%s: published %s, computed %s", c.Name, c.Published, c.Computed)
		}
	}
	if want := "s/twelve/qf s/twelve/sessions/1/qf s/twelve/sessions/2/qf s/twelve/sessions/2/qo b/super/mid_pairs b/super/mid_rounds b/super/qf1_av"; strings.Join(names, " ") != want {
		t.Errorf("checks %q, want %q", strings.Join(names, " "), want)
	}
	tb := res.Sections[0].Blocks[0].Table
	if len(tb.Rows) != 3 || tb.Rows[0][1] != "whole" || tb.Rows[2][2] != "rounds 6–11" {
		t.Errorf("rows %v: want the whole, then sessions 1 and 2", tb.Rows)
	}
	ch := res.Sections[0].Blocks[1].Chart
	if ch == nil || len(ch.Series) != 3 || ch.Series[2].Values[0] > ch.Series[1].Values[0] {
		t.Errorf("chart %+v: want whole, highest and lowest session", ch)
	}
}

func TestSessionBalanceCellRefuses(t *testing.T) {
	for _, c := range []struct{ name, old, new, want string }{
		{"no sessions", "sessions: [5, 6], ", "", "sessions: give the rounds of each session"},
		{"wrong total", "sessions: [5, 6]", "sessions: [5, 5]", "add up to 10 rounds, the movement has 11"},
		{"unknown session figure", "2/qo", "3/qo", `unknown figure "sessions/3/qo"`},
		{"unknown column", "columns: [qf, qo, qf1_av]", "columns: [qf, qq]", `unknown figure "qq"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := ParseStudy("s.yaml", []byte(strings.Replace(sessionStudy, c.old, c.new, 1)), nil)
			if err == nil {
				_, err = Run(context.Background(), s, RunOptions{})
			}
			var se *load.StudyError
			if !errors.As(err, &se) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want a StudyError saying %q", err, c.want)
			}
		})
	}
}
