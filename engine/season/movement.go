package season

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/engine/luck"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/engine/optimize"
	"github.com/bridgereport/bridgereport/engine/session"
)

// Movement is a movement as played, with its balance, its luck quality and
// the better movement its arrow switches could have made.
type Movement struct {
	// Section, Scope and Label as in session.FieldMovement: "section" or
	// "session" for a movement as played, "across" for the union of
	// sections scored across the field (measured for Qf only).
	Section string `json:"section"`
	Scope   string `json:"scope"`
	Label   string `json:"label"`
	Pairs   int    `json:"pairs"`
	Tables  int    `json:"tables"`
	Rounds  int    `json:"rounds"`
	// ASC is the movement as played in the .ASC format (its pairs 1, 2, …
	// are PairNumbers, the file's pairs): Analyse leaves it empty, the
	// caller that prints the result writes Played there
	// (engine/formats/asc).
	ASC         string   `json:"asc"`
	PairNumbers []string `json:"pair_numbers"`
	// Qf is the balance (DOMAIN.md §2); Qd the mean probability, in
	// percent, that a pair of strength rank i finishes i-th under the
	// Bussemaker model (§4), ranked by direction when the field has two
	// winners; QdExact says every numbering was enumerated, else
	// QdSamples were drawn.
	Qf        float64 `json:"qf"`
	Qd        float64 `json:"qd"`
	QdExact   bool    `json:"qd_exact"`
	QdSamples int64   `json:"qd_samples"`
	// Reading and QfBoards as in session.FieldMovement: what Qf measures
	// (board groups as set), and Qf board by board as played.
	Reading  string  `json:"reading"`
	QfBoards float64 `json:"qf_board_by_board"`
	// Better is the best orientation of the same tables the optimiser
	// found (nil when not searched).
	Better *Better `json:"better,omitempty"`
	// Played is the movement itself, which ASC writes.
	Played *movement.Movement `json:"-"`
}

// Switch is an arrow switch: a whole round (Tables nil) or some tables of
// it, whose NS and EW pairs change places.
type Switch struct {
	Round  int   `json:"round"`
	Tables []int `json:"tables,omitempty"`
}

// Better is the better movement: the played movement with other arrow
// switches.
type Better struct {
	// Qf is the better movement's balance.
	Qf float64 `json:"qf"`
	// Played and Switches are the switched tables of the movement as
	// played and of the better one, each against the direction its pairs
	// sit most often (a Mitchell's stationary pairs sit NS).
	Played   []Switch `json:"played_switches"`
	Switches []Switch `json:"switches"`
	// Text says it in words: "switch round 3 instead of round 2: Qf 71 → 92".
	Text string `json:"text"`
	// Proven says no orientation is better; Iterations and Seed bound and
	// seed the search.
	Proven     bool   `json:"proven"`
	Iterations int64  `json:"iterations"`
	Seed       uint64 `json:"seed"`
}

// maxEnumerate is the most numberings Qd is enumerated over.
const maxEnumerate = 100_000

// movementFigures measures one movement of a session.
func movementFigures(ctx context.Context, fm session.FieldMovement, a *session.Analysis, opt Options) (Movement, string, error) {
	mv := Movement{Section: fm.Section, Scope: fm.Scope, Label: fm.Label, Pairs: fm.Pairs, Tables: fm.Tables, Rounds: fm.Rounds, Qf: fm.Qf,
		PairNumbers: fm.PairNumbers, Reading: fm.Reading, QfBoards: fm.QfBoards, Played: fm.Played}
	if fm.Scope == "across" || fm.Played == nil {
		return mv, "", nil
	}
	seats := map[string]string{}
	for _, p := range a.Pairs {
		seats[p.Label] = p.Seats
	}
	var ns, ew []int
	for i, label := range fm.PairNumbers {
		switch seats[label] {
		case "NS":
			ns = append(ns, i+1)
		case "EW":
			ew = append(ew, i+1)
		}
	}
	ls := luck.Settings{Seed: opt.Seed, Samples: opt.LuckSamples}
	if ls.Samples == 0 {
		ls.Samples = DefaultLuckSamples
	}
	sizes := []int{fm.Pairs}
	if len(ns)+len(ew) == fm.Pairs && len(ns) > 0 && len(ew) > 0 {
		ls.Groups = [][]int{ns, ew}
		sizes = []int{len(ns), len(ew)}
	}
	// Enumerate small fields exactly, sample the others: a season has
	// many sessions, and 20 000 draws give Qd to a few tenths.
	count := 1.0
	for _, n := range sizes {
		for k := 2; k <= n; k++ {
			count *= float64(k)
		}
	}
	ls.Method = luck.Sample
	if count <= maxEnumerate {
		ls.Method = luck.Exact
	}
	lr, err := luck.Bussemaker(ctx, fm.Played, ls)
	note := ""
	switch {
	case ctx.Err() != nil:
		return mv, "", ctx.Err()
	case err != nil:
		note = fmt.Sprintf("Qd of %s: %v", fm.Label, err)
	default:
		mv.Qd, mv.QdExact, mv.QdSamples = lr.Qd, lr.Exact, lr.Samples
	}
	if opt.NoOptimize {
		return mv, note, nil
	}
	set := optimize.Settings{Iterations: opt.Iterations, Restarts: opt.Restarts, Seed: opt.Seed}
	if set.Iterations == 0 {
		set.Iterations = DefaultIterations
	}
	if set.Restarts == 0 {
		set.Restarts = DefaultRestarts
	}
	or, err := optimize.Search(ctx, fm.Played, set)
	if ctx.Err() != nil {
		return mv, "", ctx.Err()
	}
	if err != nil {
		return mv, strings.TrimPrefix(note+"; ", "; ") + fmt.Sprintf("better movement of %s: %v", fm.Label, err), nil
	}
	b := &Better{Qf: or.After.Qf, Proven: or.Proven, Iterations: or.Iterations, Seed: set.Seed}
	best := or.Movement
	// A director switches whole rounds: when one or two whole rounds do
	// as well as the optimiser's tables, say those.
	if m, qf := wholeRounds(fm.Played); qf >= b.Qf-1e-9 {
		best, b.Qf = m, qf
	}
	b.Played = switches(fm.Played, fm.Played)
	if b.Qf <= fm.Qf+1e-9 {
		b.Qf = fm.Qf // no better orientation: keep the played one
		b.Switches = b.Played
	} else {
		b.Switches = switches(fm.Played, best)
	}
	b.Text = betterText(b.Played, b.Switches, fm.Qf, b.Qf)
	if !wholeOnly(b.Played) || len(b.Switches) > 3 {
		// A Howell has no home direction: say how many tables turn.
		rounds, at, err := movement.Switches(fm.Played, best)
		if err == nil && b.Qf > fm.Qf+1e-9 {
			n := 0
			for _, rt := range at {
				n += len(rt.Tables)
			}
			b.Text = fmt.Sprintf("turn the arrows of %s: Qf %.0f → %.0f", countTables(len(rounds), n, len(at)), fm.Qf, b.Qf)
		}
	}
	mv.Better = b
	return mv, note, nil
}

// home orients every table of m so that its pairs sit where they sit most
// often in m (a Mitchell with no round switched).
func home(m *movement.Movement) *movement.Movement {
	ns := make([]int, m.Pairs+1)
	for _, row := range m.Schedule {
		for _, t := range row {
			if !t.Empty() {
				ns[t.NS]++
				ns[t.EW]--
			}
		}
	}
	h := m.Clone()
	for r, row := range h.Schedule {
		for t, tab := range row {
			if !tab.Empty() && ns[tab.NS] < 0 && ns[tab.EW] > 0 {
				h.Schedule[r][t] = movement.Table{NS: tab.EW, EW: tab.NS, Group: tab.Group}
			}
		}
	}
	return h
}

// wholeRounds is the best movement with one or two whole rounds switched
// from m's home orientation, and its Qf.
func wholeRounds(m *movement.Movement) (*movement.Movement, float64) {
	h := home(m)
	best, bestQf := h, movement.ComputeBalance(h).Qf
	try := func(rounds []int) {
		s, err := h.SwitchRounds(rounds, nil)
		if err != nil {
			return
		}
		if qf := movement.ComputeBalance(s).Qf; qf > bestQf+1e-9 {
			best, bestQf = s, qf
		}
	}
	for r := 1; r <= h.Rounds; r++ {
		try([]int{r})
		for r2 := r + 1; r2 <= h.Rounds; r2++ {
			try([]int{r, r2})
		}
	}
	return best, bestQf
}

// switches lists the tables of m that are switched: where the NS pair sits
// EW most often in played and the EW pair NS. A round whose every table is
// switched is one Switch without tables.
func switches(played, m *movement.Movement) []Switch {
	nsCount := make([]int, played.Pairs+1)
	ewCount := make([]int, played.Pairs+1)
	for _, row := range played.Schedule {
		for _, t := range row {
			if !t.Empty() {
				nsCount[t.NS]++
				ewCount[t.EW]++
			}
		}
	}
	homeEW := func(p int) bool { return ewCount[p] > nsCount[p] }
	homeNS := func(p int) bool { return nsCount[p] > ewCount[p] }
	out := []Switch{}
	for r, row := range m.Schedule {
		var tables []int
		played := 0
		for t, tab := range row {
			if tab.Empty() {
				continue
			}
			played++
			if homeEW(tab.NS) && homeNS(tab.EW) {
				tables = append(tables, t+1)
			}
		}
		switch {
		case len(tables) == 0:
		case len(tables) == played:
			out = append(out, Switch{Round: r + 1})
		default:
			out = append(out, Switch{Round: r + 1, Tables: tables})
		}
	}
	return out
}

// betterText says the better movement in words.
func betterText(played, better []Switch, qf, bqf float64) string {
	if slices.EqualFunc(played, better, func(a, b Switch) bool { return a.Round == b.Round && slices.Equal(a.Tables, b.Tables) }) {
		return fmt.Sprintf("no arrow switches do better than those played: Qf %.0f", qf)
	}
	say := func(sw []Switch) string {
		var rounds, parts []string
		for _, s := range sw {
			if s.Tables == nil {
				rounds = append(rounds, fmt.Sprint(s.Round))
				continue
			}
			ts := make([]string, len(s.Tables))
			for i, t := range s.Tables {
				ts[i] = fmt.Sprint(t)
			}
			parts = append(parts, fmt.Sprintf("table%s %s of round %d", plural(len(ts)), joinAnd(ts), s.Round))
		}
		if len(rounds) > 0 {
			parts = append([]string{fmt.Sprintf("round%s %s", plural(len(rounds)), joinAnd(rounds))}, parts...)
		}
		return joinAnd(parts)
	}
	switch {
	case len(played) == 0:
		return fmt.Sprintf("switch %s: Qf %.0f → %.0f", say(better), qf, bqf)
	case len(better) == 0:
		return fmt.Sprintf("switch nothing instead of %s: Qf %.0f → %.0f", say(played), qf, bqf)
	}
	return fmt.Sprintf("switch %s instead of %s: Qf %.0f → %.0f", say(better), say(played), qf, bqf)
}

// wholeOnly reports whether every switch is a whole round.
func wholeOnly(sw []Switch) bool {
	for _, s := range sw {
		if s.Tables != nil {
			return false
		}
	}
	return true
}

// countTables says "2 whole rounds and 5 tables in 3 other rounds".
func countTables(rounds, tables, inRounds int) string {
	var parts []string
	if rounds > 0 {
		parts = append(parts, fmt.Sprintf("%d whole round%s", rounds, plural(rounds)))
	}
	if tables > 0 {
		other := ""
		if rounds > 0 {
			other = " other"
		}
		parts = append(parts, fmt.Sprintf("%d table%s in %d%s round%s", tables, plural(tables), inRounds, other, plural(inRounds)))
	}
	return joinAnd(parts) + " (listed in switches)"
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// joinAnd joins "a, b and c".
func joinAnd(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}
