package session

import (
	"fmt"

	"github.com/bridgereport/bridgereport/engine/scoring"
)

// InstantBoard is the instant-matchpoint table of one board (DOMAIN.md §6,
// seed 003) built from the session's own results on it, as Pavlicek builds
// his from a previous tournament: each actual score and each gap between
// them, matchpointed against the field with one imaginary result added.
type InstantBoard struct {
	Board   int    `json:"board"`
	Section string `json:"section"`
	// Vul is the board's vulnerability by its number (the 16-board cycle).
	Vul     scoring.Vulnerability `json:"vul"`
	Results int                   `json:"results"`
	Top     float64               `json:"top"`
	Rows    []InstantRow          `json:"rows"`
}

// InstantRow is one row: an actual NS score, or a gap between scores.
type InstantRow struct {
	// Label is the score ("+420") or the gap ("above +450", "-50..+90",
	// "below -620").
	Label   string  `json:"label"`
	Count   int     `json:"count"`
	MP      float64 `json:"mp"`
	Percent int     `json:"percent"`
}

// instantBoards builds the table of every board of every field from its
// played (not artificial) scores; a board with a score impossible at its
// vulnerability is left out with a note: the first few such boards each,
// then one note that counts the rest.
func instantBoards(fields []*field, notes []string) ([]InstantBoard, []string) {
	out := []InstantBoard{}
	var left scoring.Tally
	for _, f := range fields {
		for _, b := range f.boards {
			count := map[int]int{}
			var order []int
			for _, l := range b.lines {
				if l.Artificial != nil {
					continue
				}
				if count[l.Score] == 0 {
					order = append(order, l.Score)
				}
				count[l.Score]++
			}
			if len(order) == 0 {
				continue
			}
			freqs := make([]scoring.Frequency, len(order))
			for i, sc := range order {
				freqs[i] = scoring.Frequency{Score: sc, Count: count[sc]}
			}
			vul := scoring.BoardVulnerability(b.number)
			t, err := scoring.InstantMatchpoints(freqs, scoring.InstantSettings{Vul: vul}) // seed 003's, but the board's vulnerability
			if err != nil {
				if left.Add("instant") {
					notes = append(notes, fmt.Sprintf("instant matchpoints, board %d (%s): %v", b.number, f.label(), err))
				}
				continue
			}
			ib := InstantBoard{Board: b.number, Section: f.label(), Vul: vul, Results: t.Results, Top: t.Top}
			for _, r := range t.Rows {
				ib.Rows = append(ib.Rows, InstantRow{Label: rowLabel(r), Count: r.Count, MP: r.MP, Percent: r.Percent})
			}
			out = append(out, ib)
		}
	}
	if n := left.Total(); n > scoring.ShownPerKind {
		notes = append(notes, fmt.Sprintf("instant matchpoints: %d more boards left out for an impossible score (%d in all)", n-scoring.ShownPerKind, n))
	}
	return out, notes
}

func signed(n int) string {
	if n > 0 {
		return fmt.Sprintf("+%d", n)
	}
	return fmt.Sprint(n)
}

func rowLabel(r scoring.InstantRow) string {
	switch {
	case r.Kind == scoring.ResultRow:
		return signed(r.Score)
	case r.HighOpen:
		return "above " + signed(r.Low)
	case r.LowOpen:
		return "below " + signed(r.High)
	}
	return signed(r.Low) + ".." + signed(r.High)
}
