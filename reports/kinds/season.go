package kinds

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/engine/formats/results"
	"github.com/bridgereport/bridgereport/engine/scoring"
	"github.com/bridgereport/bridgereport/engine/season"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/check"
	"github.com/bridgereport/bridgereport/reports/load"
)

// SeasonCell analyses a club's season: every results file (USEBIO or
// Scorer .xml, PBN .pbn, ACBLscore's reports .txt, .htm and game files
// .ACA) that Files names, each analysed as the session cell analyses
// one, then together: per session its movement (Qf, Qd, the better arrow
// switches) and how sure its ranking is (each pair's probability of
// finishing first, from a bootstrap over the boards); per partnership its
// season average with a 95 % interval; the season's fairness. Its Result
// is a season.Result, the `score DIR --json` contract.
type SeasonCell struct {
	cell.Common `yaml:",inline"`
	// Files is a glob relative to the study ("results/*.xml"), or a folder,
	// whose results files are read (.xml, .pbn, .txt, .htm, .html, .ACA
	// and the like), each told by its content; a file that is none is
	// skipped with its reason.
	Files string `yaml:"files"`
	// Paths are files given one by one (the score command's FILE...),
	// instead of Files.
	Paths []string `yaml:"-" json:"paths,omitempty"`
	// BestOf adds each partnership's average over its best N sessions.
	BestOf int `yaml:"best_of"`
	// Resamples is the number of bootstrap resamples a session (default 2000).
	Resamples int `yaml:"resamples"`
	// Seed seeds the bootstrap, the optimiser and the luck model.
	Seed uint64 `yaml:"seed"`
	// Iterations bounds the optimiser of the better movement (default 20 000 a restart).
	Iterations int64 `yaml:"iterations"`
}

// Season is the season kind.
var Season = register(Kind{Name: "season", New: func() cell.Body { return new(SeasonCell) }, Results: []any{&season.Result{}}})

func (c *SeasonCell) Movements() []string { return nil }

// files lists the results files the cell reads, relative to the study.
func (c *SeasonCell) files(env *cell.Env) ([]string, error) {
	if len(c.Paths) > 0 {
		return c.Paths, nil
	}
	if c.Files == "" {
		return nil, fmt.Errorf("files: want a glob such as results/*.xml, or a folder")
	}
	pattern := c.Files
	if dir, err := env.Input(c.Files); err == nil {
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			pattern = filepath.Join(c.Files, "*")
		}
	}
	matches, err := filepath.Glob(filepath.Join(env.Dir, pattern))
	if err != nil {
		return nil, fmt.Errorf("files: %q: %v", c.Files, err)
	}
	var out []string
	for _, m := range matches {
		if !results.Named(m) {
			continue
		}
		// Relative to the study's folder (or the working folder), where
		// the cell reads it from; absolute when it lies elsewhere.
		out = append(out, load.Shown(env.Dir, m))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("files: %q matches no results file (.xml, .pbn, ACBLscore's .txt, .htm and .ACA)", c.Files)
	}
	slices.Sort(out)
	return out, nil
}

func (c *SeasonCell) Run(env *cell.Env) (*cell.Output, error) {
	files, err := c.files(env)
	if err != nil {
		return nil, err
	}
	// A file that is not a results file the tool reads (a stray .xml, a
	// file cut short) is skipped with its reason: the rest of the season
	// is still analysed.
	var sessions []*scoring.Session
	skipped := []season.Skipped{}
	seen := map[string]string{} // a session's results → the file read for them
	for _, f := range files {
		if err := env.Ctx.Err(); err != nil {
			return nil, err
		}
		data, err := env.Read(f, 16<<20+1)
		var s *scoring.Session
		ok := false
		if err == nil {
			s, ok, err = results.Read(f, data)
		}
		switch {
		case err != nil:
			skipped = append(skipped, season.Skipped{File: f, Reason: skipReason(f, err)})
		case !ok:
			skipped = append(skipped, season.Skipped{File: f, Reason: "not a results file the tool reads (USEBIO, PBN, Scorer XML, an ACBLscore report or game file)"})
		case seen[resultsKey(s)] != "":
			// The same session twice (a copy, or its .pbn beside its .xml)
			// would count each of its boards twice: read once.
			skipped = append(skipped, season.Skipped{File: f, Reason: "the same results as " + seen[resultsKey(s)] + ": read once"})
		default:
			seen[resultsKey(s)] = f
			sessions = append(sessions, s)
		}
	}
	if len(sessions) == 0 {
		return nil, fmt.Errorf("files: %s: no results file could be read (%s: %s)", c.Files, skipped[0].File, skipped[0].Reason)
	}
	res, err := season.Analyse(env.Ctx, sessions, season.Options{BestOf: c.BestOf, Resamples: c.Resamples, Seed: c.Seed, Iterations: c.Iterations})
	if err != nil {
		return nil, err
	}
	res.Skipped = skipped
	for _, ss := range res.Sessions {
		for i, mv := range ss.Movements {
			ss.Movements[i].ASC = ascText(mv.Played)
		}
	}
	var figs map[string]float64
	if c.Publishes() {
		if figs, err = seasonFigures(res); err != nil {
			return nil, err
		}
	}
	return c.Output(env, figs, seasonBlocks(env.ID, cell.CaptionOr(c.Caption, "The season"), res), res)
}

// sessionKey names a session in figures: its date, or its file.
func sessionKey(s season.Session) string {
	if s.Date != "" {
		return s.Date
	}
	return s.File
}

// seasonFigures are the figures a study may check, by json path: the
// Result's own (sessions, pairs: how many), each session's own under its
// date (<date>/margin_of_error, disagreements, warnings, …), each of its
// movements under its field (<date>/<section>/qf, qd, better/qf, …) and
// its pairs (<date>/<pair>/percent, p_first, p_top3, …), each
// partnership under its id (<id>/percent, se, sessions, …), and the
// fairness (fairness/ns/percent, …, fairness/neuberg_changes).
func seasonFigures(r *season.Result) (map[string]float64, error) {
	f, err := check.Own(r)
	if err != nil {
		return nil, err
	}
	own := func(prefix string, part any) error {
		figs, err := check.Own(part)
		for k, v := range figs {
			f[prefix+k] = v
		}
		return err
	}
	for _, s := range r.Sessions {
		k := sessionKey(s)
		if err := own(k+"/", s); err != nil {
			return nil, err
		}
		for _, m := range s.Movements {
			if err := check.AddPaths(f, k+"/"+fieldLabel(m.Section)+"/", m); err != nil {
				return nil, err
			}
		}
		for _, p := range s.Ranking {
			if err := check.AddPaths(f, k+"/"+p.Pair+"/", p); err != nil {
				return nil, err
			}
		}
	}
	for _, p := range r.Pairs {
		if err := check.AddPaths(f, p.ID+"/", p); err != nil {
			return nil, err
		}
	}
	if err := check.AddPaths(f, "fairness/", r.Fairness); err != nil {
		return nil, err
	}
	return f, nil
}

// seasonBlocks presents a season: the sessions with their movements, the
// partnerships, a chart of the regulars' percentages, each session's
// probabilities of first, and the season's fairness.
func seasonBlocks(id, caption string, r *season.Result) []reports.Block {
	var blocks []reports.Block
	sess := &reports.Table{ID: id + "-sessions", Caption: caption + ": the sessions, each movement as played with its balance (Qf), its luck quality (Qd) and the better arrow switches.",
		// On a narrow terminal (Column.Priority): which movement (a session
		// of sections has a row each), its figures and the file's
		// disagreements first; the event and the file's path last.
		Columns: []reports.Column{{Name: "date"}, {Name: "event", Priority: 5}, {Name: "file", Priority: 4}, {Name: "pairs", Priority: 3}, {Name: "boards", Priority: 3},
			{Name: "method", Priority: 3, Wrap: true}, {Name: "disagreements", Priority: 1}, {Name: "warnings", Priority: 3}, {Name: "movement", Priority: 1, Wrap: true},
			{Name: "Qf", Decimals: 2}, {Name: "Qd", Decimals: 1, Priority: 1}, {Name: "better", Priority: 1, Wrap: true}, {Name: "± margin", Decimals: 1, Priority: 2}}}
	for _, s := range r.Sessions {
		for i, m := range s.Movements {
			better := ""
			if m.Better != nil {
				better = m.Better.Text
			}
			var qd any = m.Qd
			if m.Scope == "across" {
				qd = nil
			}
			row := []any{s.Date, s.Event, s.File, s.Pairs, s.Boards, s.Method, s.Disagreements, s.WarningCount, m.Label, m.Qf, qd, better, s.MarginOfError}
			if i > 0 { // the session's next movement: its date says which session
				row = []any{s.Date, "", "", nil, nil, "", nil, nil, m.Label, m.Qf, qd, better, nil}
			}
			sess.Rows = append(sess.Rows, row)
		}
	}
	blocks = append(blocks, reports.Block{Prose: fmt.Sprintf("%d %s, %d %s. The margin of error is the half-width of a 95 %% interval of a pair's session percentage, from the spread of its board percentages: two pairs closer than that are not told apart by the session.",
		len(r.Sessions), plural(len(r.Sessions), "session", "sessions"), len(r.Pairs), plural(len(r.Pairs), "partnership", "partnerships"))}, reports.Block{Table: sess})
	// Where a table missed boards, Qf counts the movement as set; the
	// boards as played are measured beside it.
	var readings []string
	for _, sess := range r.Sessions {
		for _, m := range sess.Movements {
			if m.Scope != "across" && m.Reading != "" && m.QfBoards != m.Qf {
				readings = append(readings, fmt.Sprintf("%s, %s: Qf %.2f %s", sessionKey(sess), m.Label, m.Qf, m.Reading))
			}
		}
	}
	if len(readings) > 0 {
		blocks = append(blocks, reports.Block{Plain: &reports.Plain{Text: "Boards a table missed:", Items: readings}})
	}
	if len(r.Skipped) > 0 {
		var items []string
		for _, s := range r.Skipped {
			items = append(items, s.File+": "+s.Reason) // the file's name and text: plain, never Markdown
		}
		blocks = append(blocks, reports.Block{Plain: &reports.Plain{Text: fmt.Sprintf("Skipped: %d %s of the folder %s the tool reads:", len(r.Skipped),
			plural(len(r.Skipped), "file", "files"), plural(len(r.Skipped), "is not a results file", "are not results files")), Items: items}})
	}
	pairs := &reports.Table{ID: id + "-pairs", Caption: "The partnerships over the season: average of their board percentages, its standard error and 95 % interval.",
		Columns: []reports.Column{{Name: "names"}, {Name: "sessions"}, {Name: "boards"}, {Name: "average %", Decimals: 2}, {Name: "±", Decimals: 2}, {Name: "95 % from", Decimals: 1}, {Name: "to", Decimals: 1}}}
	if r.BestOf > 0 {
		pairs.Columns = append(pairs.Columns, reports.Column{Name: fmt.Sprintf("best %d", r.BestOf), Decimals: 2})
	}
	for _, p := range r.Pairs {
		names := strings.Join(p.Names, " & ")
		if names == "" { // a pair the file names no players of: its pair in its session
			names = "(no names) " + strings.TrimPrefix(p.ID, "pair:")
		}
		row := []any{names, p.Sessions, p.Boards, p.Percent, p.SE, p.Low95, p.High95}
		if r.BestOf > 0 {
			var best any
			if p.Best != nil {
				best = *p.Best
			}
			row = append(row, best)
		}
		pairs.Rows = append(pairs.Rows, row)
	}
	blocks = append(blocks, reports.Block{Table: pairs})
	// The regulars (every session) over the season.
	line := &reports.Chart{ID: id + "-regulars", Caption: "The percentages of the partnerships that played every session, session by session.", Kind: "line", XName: "session", YName: "percent"}
	for _, s := range r.Sessions {
		line.XLabels = append(line.XLabels, sessionKey(s))
	}
	for _, p := range r.Pairs {
		if p.Sessions != len(r.Sessions) {
			continue
		}
		vals := make([]float64, len(r.Sessions))
		for _, ps := range p.PerSession {
			vals[ps.Session] = ps.Percent
		}
		line.Series = append(line.Series, reports.Series{Name: strings.Join(p.Names, " & "), Values: vals})
	}
	if len(line.Series) > 0 {
		blocks = append(blocks, reports.Block{Chart: line})
	}
	for _, s := range r.Sessions {
		k := sessionKey(s)
		ranked := slices.Clone(s.Ranking)
		slices.SortStableFunc(ranked, func(a, b season.Ranked) int {
			return cmp.Or(cmp.Compare(a.Group, b.Group), cmp.Compare(a.Rank, b.Rank))
		})
		t := &reports.Table{ID: id + "-" + cell.Slug(k), Caption: fmt.Sprintf("%s: how sure the ranking is. The chance of finishing first and in the first three of the group if the session's boards were drawn again (%d %s).", k, r.Resamples, plural(r.Resamples, "resample", "resamples")),
			Columns: []reports.Column{{Name: "group"}, {Name: "rank"}, {Name: "pair"}, {Name: "names"}, {Name: "percent", Decimals: 2}, {Name: "±", Decimals: 2}, {Name: "first %", Decimals: 1}, {Name: "top 3 %", Decimals: 1}}}
		// The file's strats and masterpoints (ACBLscore's), when it gives any.
		awards := false
		for _, p := range ranked {
			awards = awards || p.Strat != "" || p.Masterpoints > 0
		}
		if awards {
			t.Caption += " Strat and masterpoints as the file awards them."
			t.Columns = append(t.Columns, reports.Column{Name: "strat"}, reports.Column{Name: "masterpoints", Decimals: 2})
		}
		bar := &reports.Chart{ID: id + "-" + cell.Slug(k) + "-first", Caption: k + ": the probability of finishing first, pair by pair.", Kind: "bar", XName: "pair", YName: "P(first) %", SlantXLabels: true}
		vals := []float64{}
		for _, p := range ranked {
			row := []any{p.Group, p.Rank, p.Pair, strings.Join(p.Names, " & "), p.Percent, p.SE, 100 * p.PFirst, 100 * p.PTop3}
			if awards {
				var mp any
				if p.Masterpoints > 0 {
					mp = p.Masterpoints
				}
				row = append(row, p.Strat, mp)
			}
			t.Rows = append(t.Rows, row)
			if p.PFirst > 0 {
				bar.XLabels = append(bar.XLabels, p.Pair)
				vals = append(vals, 100*p.PFirst)
			}
		}
		bar.Series = []reports.Series{{Name: "P(first) %", Values: vals}}
		blocks = append(blocks, reports.Block{Table: t}, reports.Block{Chart: bar})
		for _, w := range s.Warnings {
			blocks = append(blocks, reports.Block{Prose: "The file's own mistake: " + w.String()})
		}
	}
	f := r.Fairness
	fair := &reports.Table{ID: id + "-fairness", Caption: "Fairness over the season: average board percentage with its 95 % interval.",
		Columns: []reports.Column{{Name: "who"}, {Name: "results"}, {Name: "average %", Decimals: 2}, {Name: "95 % from", Decimals: 1}, {Name: "to", Decimals: 1}}}
	for _, row := range []struct {
		who string
		fig season.Figure
	}{{fmt.Sprintf("NS, in the %d one-winner %s", f.OneWinnerSessions, plural(f.OneWinnerSessions, "session", "sessions")), f.NS}, {"EW, in the same", f.EW}, {"stationary pairs", f.Stationary}, {"moving pairs", f.Moving}} {
		fair.Rows = append(fair.Rows, []any{row.who, row.fig.Results, row.fig.Percent, row.fig.Low95, row.fig.High95})
	}
	blocks = append(blocks, reports.Block{Table: fair})
	if len(f.StationaryFrom) > 0 {
		blocks = append(blocks, reports.Block{Prose: "Stationary pairs were told by: " + strings.Join(f.StationaryFrom, "; ") + "."})
	}
	if len(f.NeubergChanges) == 0 {
		blocks = append(blocks, reports.Block{Prose: "No rank of the season depended on Neuberg or on its rounding."})
	} else {
		var lines []string
		for _, c := range f.NeubergChanges {
			lines = append(lines, "- "+c.Text)
		}
		blocks = append(blocks, reports.Block{Prose: "Ranks that depended on Neuberg or on its rounding:\n\n" + strings.Join(lines, "\n")})
	}
	if len(r.Notes) > 0 {
		blocks = append(blocks, reports.Block{Prose: "Notes: " + strings.Join(r.Notes, "; ") + "."})
	}
	return blocks
}

// resultsKey is what a session played, whatever the file's format and
// header: every traveller line's board, pairs and score.
func resultsKey(s *scoring.Session) string {
	// A session of one section is the same session whether its file names
	// the section (USEBIO's SECTION_ID "A") or not (a PBN exported beside
	// it), and whatever order its lines are listed in (by table, by round).
	sections := map[string]bool{}
	for _, bd := range s.Boards {
		for _, l := range bd.Lines {
			sections[l.Section] = true
		}
	}
	var lines []string
	for _, bd := range s.Boards {
		for _, l := range bd.Lines {
			section := l.Section
			if len(sections) == 1 {
				section = ""
			}
			k := fmt.Sprintf("%d %q %d %d %v %d", bd.Number, section, l.NS, l.EW, l.ByDirection, l.Score)
			if a := l.Artificial; a != nil {
				k += fmt.Sprintf(" %g/%g", a.NS, a.EW)
			}
			lines = append(lines, k)
		}
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

// skipReason is a reading error without the file's name, which Skipped
// carries: "line 3: ..." for "FILE:3: ...".
func skipReason(file string, err error) string {
	msg := strings.TrimPrefix(err.Error(), file+":")
	if i := strings.IndexByte(msg, ':'); i > 0 && strings.Trim(msg[:i], "0123456789") == "" {
		return "line " + msg
	}
	return strings.TrimSpace(msg)
}
