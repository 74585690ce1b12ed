package season

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/scoring"
	"github.com/bridgereport/bridgereport/engine/session"
)

// Options controls Analyse. The zero value draws DefaultResamples bootstrap
// resamples per session with seed 0, optimises each movement's arrow
// switches DefaultIterations trials in DefaultRestarts restarts, runs the
// luck model with DefaultLuckSamples, and gives no best-of figure.
type Options struct {
	// Resamples is the number of bootstrap resamples of each session's
	// boards (0: DefaultResamples).
	Resamples int
	// Seed seeds the bootstrap, the optimiser and the luck model.
	Seed uint64
	// BestOf, when above 0, also gives each partnership's average over its
	// best BestOf sessions (a club's "best N of M").
	BestOf int
	// Iterations and Restarts bound the optimiser of the better movement
	// (0: DefaultIterations, DefaultRestarts); NoOptimize leaves it out.
	Iterations int64
	Restarts   int
	NoOptimize bool
	// LuckSamples is the number of numberings the luck model draws for Qd
	// when they are too many to enumerate (0: DefaultLuckSamples).
	LuckSamples int64
}

// Defaults of Options.
const (
	DefaultResamples   = 2000
	DefaultIterations  = 20_000
	DefaultRestarts    = 4
	DefaultLuckSamples = 20_000
)

// z95 is the normal quantile of a two-sided 95 % interval. A pair plays
// twenty boards or more a session, so the normal approximation of its mean
// board percentage is close enough; the interval is still an approximation
// (board results of one pair are not independent draws), and is labelled
// so.
const z95 = 1.959964

// Result is a season analysed; its json tags are the contract of
// `bridgereport score DIR --json`.
type Result struct {
	// Sessions by date (files without a date last, in the order given).
	Sessions []Session `json:"sessions"`
	// Pairs are the partnerships over the season, by average.
	Pairs    []Pair   `json:"pairs"`
	Fairness Fairness `json:"fairness"`
	// Resamples, Seed and BestOf are the options used, defaults filled in.
	Resamples int    `json:"resamples"`
	Seed      uint64 `json:"seed"`
	BestOf    int    `json:"best_of,omitempty"`
	// Notes say what could not be done and why.
	Notes []string `json:"notes"`
	// Skipped are the files of the season's folder that are not results
	// files the tool reads, each with the reason.
	Skipped []Skipped `json:"skipped"`
}

// Skipped is a file left out of a season, and why.
type Skipped struct {
	File   string `json:"file"`
	Reason string `json:"reason"`
}

// Session is one session of the season.
type Session struct {
	File string `json:"file"`
	// Date is the session's date as YYYY-MM-DD when the file's date reads
	// as one (DD/MM/YYYY, YYYY.MM.DD, YYYY-MM-DD), DateText as written.
	Date     string `json:"date"`
	DateText string `json:"date_text"`
	Event    string `json:"event"`
	Format   string `json:"format"`
	Pairs    int    `json:"pairs"`
	Boards   int    `json:"boards"`
	// Method is the scoring method identified; Disagreements the figures
	// of the file it does not reproduce (all of them, counted); Warnings the
	// file's own mistakes (the first few of each kind: WarningCount counts
	// them all).
	Method        string            `json:"method"`
	Disagreements int               `json:"disagreements"`
	Warnings      []scoring.Warning `json:"warnings"`
	WarningCount  int               `json:"warning_count"`
	// Movements are the movements as played, per section, with the union
	// of sections scored across the field last (session.FieldMovement).
	Movements []Movement `json:"movements"`
	// Ranking is every pair with its probabilities of finishing first and
	// in the top three of its ranking group.
	Ranking []Ranked `json:"ranking"`
	// MarginOfError is the half-width of the 95 % interval of a pair's
	// session percentage, from the board-by-board variance pooled over the
	// pairs: 1.96 standard errors.
	MarginOfError float64 `json:"margin_of_error"`
	// Analysis is the whole analysis of the file, for printers that show
	// more of it.
	Analysis *session.Analysis `json:"-"`
}

// Ranked is a pair in a session's ranking.
type Ranked struct {
	// Pair is the pair as the file labels it (A12, Sect1 3); Partnership
	// the season's key of the partnership (Pair.ID).
	Pair        string   `json:"pair"`
	Partnership string   `json:"partnership"`
	Names       []string `json:"names"`
	Group       string   `json:"group"`
	Boards      int      `json:"boards"`
	// Percent is the pair's matchpoints over its top on its boards, under
	// the method identified; Rank its place in Group.
	Percent float64 `json:"percent"`
	Rank    int     `json:"rank"`
	// PFirst and PTop3 are the probabilities (0 to 1) of finishing first
	// and in the first three of Group when the session's boards are drawn
	// again with replacement. A tie for first shares the win; a tie for a
	// place in the first three counts as in it.
	PFirst float64 `json:"p_first"`
	PTop3  float64 `json:"p_top3"`
	// SE is the standard error of Percent from the board-by-board variance.
	SE float64 `json:"se"`
	// Strat and Masterpoints are the file's stratum and masterpoints
	// awarded (ACBLscore's), read, never recomputed.
	Strat        string  `json:"strat,omitempty"`
	Masterpoints float64 `json:"masterpoints,omitempty"`
}

// Pair is a partnership over the season.
type Pair struct {
	// ID is how the partnership was matched: "ids:" and the players'
	// numbers, or "names:" and the players' names folded to lower case.
	ID        string   `json:"id"`
	Names     []string `json:"names"`
	PlayerIDs []string `json:"player_ids,omitempty"`
	Sessions  int      `json:"sessions"`
	Boards    int      `json:"boards"`
	// Percent is the mean of its board percentages over the season; SE its
	// standard error (the boards' sample sd over √boards); Low95 and
	// High95 the 95 % interval Percent ± 1.96·SE.
	Percent float64 `json:"percent"`
	SE      float64 `json:"se"`
	Low95   float64 `json:"low95"`
	High95  float64 `json:"high95"`
	// Best is the mean of its best Options.BestOf session percentages
	// (nil without BestOf, or with fewer sessions).
	Best *float64 `json:"best,omitempty"`
	// PerSession is its percentage in each session it played.
	PerSession []SessionPercent `json:"per_session"`
}

// SessionPercent is a partnership's result in one session.
type SessionPercent struct {
	Session int     `json:"session"` // index in Result.Sessions
	Date    string  `json:"date"`
	Pair    string  `json:"pair"`
	Percent float64 `json:"percent"`
	Rank    int     `json:"rank"`
	Group   string  `json:"group"`
}

// Analyse analyses each session (session.Analyse without its own luck
// model) and the season they make.
func Analyse(ctx context.Context, sessions []*scoring.Session, opt Options) (*Result, error) {
	if len(sessions) == 0 {
		return nil, errors.New("season: no sessions")
	}
	if opt.Resamples == 0 {
		opt.Resamples = DefaultResamples
	}
	if opt.Resamples < 0 || opt.BestOf < 0 {
		return nil, fmt.Errorf("season: resamples %d, best of %d: want positive numbers", opt.Resamples, opt.BestOf)
	}
	sessions = slices.Clone(sessions)
	slices.SortStableFunc(sessions, func(a, b *scoring.Session) int {
		da, db := sessionDate(a), sessionDate(b)
		switch {
		case da == db:
			return 0
		case da == "":
			return 1
		case db == "":
			return -1
		}
		return strings.Compare(da, db)
	})
	res := &Result{Resamples: opt.Resamples, Seed: opt.Seed, BestOf: opt.BestOf, Notes: []string{}, Sessions: []Session{}, Pairs: []Pair{}}
	ids := newPartnerships()
	for i, s := range sessions {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		a, err := session.Analyse(ctx, s, session.Settings{NoLuck: true, Seed: opt.Seed})
		if err != nil {
			return nil, fmt.Errorf("season: %s: %w", s.Name, err)
		}
		ss := Session{File: s.Name, Date: sessionDate(s), DateText: s.Date, Event: s.Event, Format: s.Format, Method: a.Method,
			Disagreements: total(a.DisagreementCounts), Warnings: a.Warnings, WarningCount: total(a.WarningCounts), Analysis: a, Movements: []Movement{}}
		boards := map[int]bool{}
		for _, bs := range a.PairBoards {
			for _, b := range bs {
				boards[b.Board] = true
			}
		}
		ss.Pairs, ss.Boards = len(a.Pairs), len(boards)
		for _, fm := range a.Movement {
			mv, note, err := movementFigures(ctx, fm, a, opt)
			if err != nil {
				return nil, err
			}
			if note != "" {
				res.Notes = append(res.Notes, fmt.Sprintf("%s: %s", s.Name, note))
			}
			ss.Movements = append(ss.Movements, mv)
		}
		if ss.Ranking, ss.MarginOfError, err = bootstrap(ctx, a, i, opt); err != nil {
			return nil, err
		}
		for ri := range ss.Ranking {
			p := &ss.Ranking[ri]
			p.Partnership = ids.add(i, s, a.Pairs[ri])
		}
		res.Sessions = append(res.Sessions, ss)
	}
	res.Pairs = seasonPairs(res.Sessions, ids, opt)
	res.Fairness = fairness(sessions, res.Sessions)
	return res, nil
}

// partnerships matches pairs across sessions: appearances sharing the
// players' numbers, or their names, are one partnership (a union of both
// links, so a file without numbers still joins one with them).
type partnerships struct {
	parent []int
	byKey  map[string]int
	apps   []appearance
}

type appearance struct {
	session int
	names   []string
	ids     []string
	idKey   string
	nameKey string
}

func newPartnerships() *partnerships { return &partnerships{byKey: map[string]int{}} }

func (ps *partnerships) find(x int) int {
	for ps.parent[x] != x {
		ps.parent[x] = ps.parent[ps.parent[x]]
		x = ps.parent[x]
	}
	return x
}

// add records a pair's appearance and returns its provisional key; the
// final keys are given by seasonPairs once every link is known.
func (ps *partnerships) add(sess int, s *scoring.Session, p session.Pair) string {
	app := appearance{session: sess, names: p.Names}
	for _, sp := range s.Pairs {
		if sp.Key() == p.Key() {
			app.ids = sp.PlayerIDs
		}
	}
	if len(app.ids) >= 2 && !slices.Contains(app.ids, "") {
		ids := slices.Clone(app.ids)
		slices.Sort(ids)
		app.idKey = "ids:" + strings.Join(ids, "+")
	}
	if len(p.Names) > 0 {
		names := make([]string, len(p.Names))
		for i, n := range p.Names {
			names[i] = foldName(n)
		}
		slices.Sort(names)
		app.nameKey = "names:" + strings.Join(names, " & ")
	}
	i := len(ps.apps)
	ps.apps = append(ps.apps, app)
	ps.parent = append(ps.parent, i)
	for _, k := range []string{app.idKey, app.nameKey} {
		if k == "" {
			continue
		}
		if j, ok := ps.byKey[k]; ok {
			ps.parent[ps.find(i)] = ps.find(j)
		} else {
			ps.byKey[k] = i
		}
	}
	return fmt.Sprint(i) // replaced by seasonPairs
}

// key is the partnership's key: its players' numbers when any appearance
// has them, else its names, else the pair in its only session.
func (ps *partnerships) key(root int, label func(app int) string) string {
	best := ""
	for i, a := range ps.apps {
		if ps.find(i) != root {
			continue
		}
		switch {
		case a.idKey != "":
			return a.idKey
		case best == "" && a.nameKey != "":
			best = a.nameKey
		}
	}
	if best == "" {
		best = "pair:" + label(root)
	}
	return best
}

// foldName is a name folded for matching: lower case, single spaces, no
// dots or commas.
func foldName(n string) string {
	n = strings.Map(func(r rune) rune {
		if r == '.' || r == ',' {
			return ' '
		}
		return r
	}, n)
	return strings.ToLower(strings.Join(strings.Fields(n), " "))
}

// seasonPairs gathers each partnership's boards and sessions.
func seasonPairs(sessions []Session, ids *partnerships, opt Options) []Pair {
	type acc struct {
		pair  Pair
		pcts  []float64
		first int
	}
	byRoot := map[int]*acc{}
	var order []int
	app := 0
	for si := range sessions {
		s := &sessions[si]
		for ri := range s.Ranking {
			r := &s.Ranking[ri]
			root := ids.find(app)
			a := byRoot[root]
			if a == nil {
				a = &acc{first: app}
				byRoot[root] = a
				order = append(order, root)
			}
			ap := ids.apps[app]
			if len(a.pair.Names) == 0 {
				a.pair.Names = ap.names
			}
			if len(a.pair.PlayerIDs) == 0 && ap.idKey != "" {
				a.pair.PlayerIDs = ap.ids
			}
			a.pair.Sessions++
			a.pair.PerSession = append(a.pair.PerSession, SessionPercent{Session: si, Date: s.Date, Pair: r.Pair, Percent: r.Percent, Rank: r.Rank, Group: r.Group})
			for _, b := range s.Analysis.PairBoards[s.Analysis.Pairs[ri].Key()] {
				if b.Top > 0 {
					a.pcts = append(a.pcts, 100*b.MP/b.Top)
				}
			}
			app++
		}
	}
	// Sessions and apps were visited in the same order as ids.add saw
	// them, so app indexes match.
	label := func(i int) string {
		n := 0
		for si := range sessions {
			for ri := range sessions[si].Ranking {
				if n == i {
					return sessions[si].File + " " + sessions[si].Ranking[ri].Pair
				}
				n++
			}
		}
		return fmt.Sprint(i)
	}
	out := make([]Pair, 0, len(order))
	keyOf := map[int]string{}
	for _, root := range order {
		a := byRoot[root]
		p := a.pair
		p.ID = ids.key(root, label)
		keyOf[root] = p.ID
		p.Boards = len(a.pcts)
		p.Percent, p.SE = meanSE(a.pcts)
		p.Low95, p.High95 = p.Percent-z95*p.SE, p.Percent+z95*p.SE
		if opt.BestOf > 0 && p.Sessions >= opt.BestOf {
			ps := make([]float64, len(p.PerSession))
			for i, s := range p.PerSession {
				ps[i] = s.Percent
			}
			slices.SortFunc(ps, func(x, y float64) int { return cmp.Compare(y, x) })
			sum := 0.0
			for _, x := range ps[:opt.BestOf] {
				sum += x
			}
			best := sum / float64(opt.BestOf)
			p.Best = &best
		}
		if p.Names == nil {
			p.Names = []string{}
		}
		out = append(out, p)
	}
	// The rankings' partnership keys, now final.
	app = 0
	for si := range sessions {
		for ri := range sessions[si].Ranking {
			sessions[si].Ranking[ri].Partnership = keyOf[ids.find(app)]
			app++
		}
	}
	slices.SortStableFunc(out, func(x, y Pair) int {
		return cmp.Or(cmp.Compare(y.Percent, x.Percent), cmp.Compare(x.ID, y.ID))
	})
	return out
}

// meanSE is the mean of xs and its standard error, the sample standard
// deviation (n − 1) over √n; 0 for fewer than two values.
func meanSE(xs []float64) (mean, se float64) {
	n := float64(len(xs))
	if len(xs) == 0 {
		return 0, 0
	}
	for _, x := range xs {
		mean += x
	}
	mean /= n
	if len(xs) < 2 {
		return mean, 0
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss/(n-1)) / math.Sqrt(n)
}

// isoDate reads DD/MM/YYYY (the European order UK scorers write),
// YYYY.MM.DD (PBN) and YYYY-MM-DD as YYYY-MM-DD; "" otherwise.
func isoDate(d string) string { return parseDate(d, false) }

// sessionDate is a session's date as YYYY-MM-DD: a file on ACBLscore's
// scale is American, and writes 3/4/2025 for March 4.
func sessionDate(s *scoring.Session) string {
	return parseDate(s.Date, s.Scale == scoring.ScaleACBL)
}

var months = []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}

// parseDate reads DD/MM/YYYY (MM/DD/YYYY when monthFirst), YYYY.MM.DD,
// YYYY-MM-DD, and dates with the month's name: March 4, 2025, 4 March
// 2025, Tuesday, Mar 4 2025.
func parseDate(d string, monthFirst bool) string {
	d = strings.TrimSpace(d)
	if iso := namedMonthDate(d); iso != "" {
		return iso
	}
	for _, sep := range []string{"/", ".", "-"} {
		parts := strings.Split(d, sep)
		if len(parts) != 3 {
			continue
		}
		y, m, day := parts[0], parts[1], parts[2]
		if len(parts[2]) == 4 {
			y, day = parts[2], parts[0]
			if monthFirst && sep == "/" {
				m, day = parts[0], parts[1]
			}
		}
		var yi, mi, di int
		if _, err := fmt.Sscanf(y+" "+m+" "+day, "%d %d %d", &yi, &mi, &di); err != nil || len(y) != 4 || mi < 1 || mi > 12 || di < 1 || di > 31 {
			return ""
		}
		return fmt.Sprintf("%04d-%02d-%02d", yi, mi, di)
	}
	return ""
}

// namedMonthDate reads a date that names its month; "" when d does not.
func namedMonthDate(d string) string {
	words := strings.FieldsFunc(strings.ToLower(d), func(r rune) bool { return r == ' ' || r == ',' || r == '.' })
	mi, di, yi := 0, 0, 0
	for _, w := range words {
		if n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(w, "st"), "nd"), "rd"), "th")); err == nil {
			switch {
			case n >= 1000 && yi == 0:
				yi = n
			case n >= 1 && n <= 31 && di == 0:
				di = n
			}
			continue
		}
		for i, m := range months {
			if len(w) >= 3 && strings.HasPrefix(w, m) && mi == 0 {
				mi = i + 1
			}
		}
	}
	if mi == 0 || di == 0 || yi == 0 {
		return ""
	}
	return fmt.Sprintf("%04d-%02d-%02d", yi, mi, di)
}

// total adds the counts of problems of every kind.
func total(counts []scoring.KindCount) int {
	n := 0
	for _, c := range counts {
		n += c.Count
	}
	return n
}
