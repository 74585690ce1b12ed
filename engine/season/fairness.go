package season

import (
	"fmt"
	"strings"

	"github.com/bridgereport/bridgereport/engine/scoring"
)

// Fairness is what the season says about its movements' fairness.
type Fairness struct {
	// NS and EW are the average board percentage of the NS and the EW
	// side in the one-winner sessions (where pairs sit both ways and are
	// ranked together, so a direction favoured by the deals is a bias).
	OneWinnerSessions int    `json:"one_winner_sessions"`
	NS                Figure `json:"ns"`
	EW                Figure `json:"ew"`
	// Stationary and Moving are the average board percentage of pairs
	// that stayed at one table all session and of the others.
	// StationaryFrom says how they were told apart: the tables the files
	// give, or, in two-winner sessions whose files give none, the NS pairs
	// of a Mitchell, which are its stationary pairs.
	Stationary     Figure   `json:"stationary"`
	Moving         Figure   `json:"moving"`
	StationaryFrom []string `json:"stationary_from"`
	// NeubergChanges are the pairs whose rank depends on Neuberg or its
	// rounding (session.RankChange), over the season.
	NeubergChanges []NeubergChange `json:"neuberg_changes"`
}

// Figure is an average board percentage over Results results, with its
// standard error and 95 % interval.
type Figure struct {
	Results int     `json:"results"`
	Percent float64 `json:"percent"`
	SE      float64 `json:"se"`
	Low95   float64 `json:"low95"`
	High95  float64 `json:"high95"`
}

func figure(xs []float64) Figure {
	m, se := meanSE(xs)
	return Figure{Results: len(xs), Percent: m, SE: se, Low95: m - z95*se, High95: m + z95*se}
}

// NeubergChange is a rank that Neuberg or its rounding changed.
type NeubergChange struct {
	Session int      `json:"session"`
	Date    string   `json:"date"`
	Pair    string   `json:"pair"`
	Names   []string `json:"names"`
	// Ranks under per-board rounding, total rounding, no rounding and no
	// Neuberg.
	Ranks [4]int `json:"ranks"`
	Text  string `json:"text"`
}

// twoWinners reports whether a session is ranked by direction.
func twoWinners(s Session) bool {
	for _, r := range s.Ranking {
		if r.Group == "NS" || r.Group == "EW" || strings.HasSuffix(r.Group, " NS") || strings.HasSuffix(r.Group, " EW") {
			return true
		}
	}
	return false
}

func fairness(files []*scoring.Session, sessions []Session) Fairness {
	f := Fairness{StationaryFrom: []string{}, NeubergChanges: []NeubergChange{}}
	var ns, ew, stat, moving []float64
	for si, s := range sessions {
		a := s.Analysis
		two := twoWinners(s)
		if !two {
			f.OneWinnerSessions++
			for _, p := range a.Pairs {
				for _, b := range a.PairBoards[p.Key()] {
					if b.Top == 0 {
						continue
					}
					if b.NS {
						ns = append(ns, 100*b.MP/b.Top)
					} else {
						ew = append(ew, 100*b.MP/b.Top)
					}
				}
			}
		}
		// Which pairs stayed at one table.
		tables := map[scoring.PairKey]map[int]bool{}
		allTables := true
		for _, b := range files[si].Boards {
			for _, l := range b.Lines {
				if l.Table == 0 {
					allTables = false
				}
				for _, k := range []scoring.PairKey{l.NSKey(), l.EWKey()} {
					if tables[k] == nil {
						tables[k] = map[int]bool{}
					}
					tables[k][l.Table] = true
				}
			}
		}
		var stationary func(k scoring.PairKey, seats string) bool
		switch {
		case allTables:
			stationary = func(k scoring.PairKey, _ string) bool { return len(tables[k]) == 1 }
			f.StationaryFrom = append(f.StationaryFrom, fmt.Sprintf("%s: the tables in the file", s.File))
		case two:
			stationary = func(_ scoring.PairKey, seats string) bool { return seats == "NS" }
			f.StationaryFrom = append(f.StationaryFrom, fmt.Sprintf("%s: the NS pairs of a Mitchell (the file gives no tables)", s.File))
		}
		if stationary != nil {
			for _, p := range a.Pairs {
				dst := &moving
				if stationary(p.Key(), p.Seats) {
					dst = &stat
				}
				for _, b := range a.PairBoards[p.Key()] {
					if b.Top > 0 {
						*dst = append(*dst, 100*b.MP/b.Top)
					}
				}
			}
		}
		for _, c := range a.Neuberg.RankChanges {
			f.NeubergChanges = append(f.NeubergChanges, NeubergChange{Session: si, Date: s.Date, Pair: c.Label, Names: c.Names, Ranks: c.Ranks,
				Text: fmt.Sprintf("%s: %s", s.File, c.Text)})
		}
	}
	f.NS, f.EW = figure(ns), figure(ew)
	f.Stationary, f.Moving = figure(stat), figure(moving)
	return f
}
