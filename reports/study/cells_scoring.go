package study

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/scoring"
	"github.com/bridgereport/bridgereport/reports"
)

// InstantCell builds the instant-matchpoint table of a board from the
// frequencies of its NS scores (seed 003). Absent settings take
// scoring.DefaultInstantSettings. Its figures are top, rows, raw_top,
// raw_mp(<score>) (the board as played), mp(<row>) and pct(<row>), ties
// (the runs of rows left with equal percents after the remedy), and
// dropped_mp(<low>..<high>) for each gap between neighbouring listed scores
// that is left out because no legal score lies inside it: what it would
// earn, the results below it.
type InstantCell struct {
	Common `yaml:",inline"`
	// File is a frequency file (a `score count` line per score, relative
	// to the study), read as the instant command reads it, instead of
	// Results.
	File  string                `yaml:"file"`
	Vul   scoring.Vulnerability `yaml:"vul"`   // none, ns, ew or both
	Scale scoring.Scale         `yaml:"scale"` // acbl or wbf
	Ties  scoring.TieRemedy     `yaml:"ties"`  // report, merge or nudge
	// Results are [NS score, count] pairs.
	Results [][2]int `yaml:"results"`
}

// NewInstantCell returns an instant cell with the default settings, as a
// study's instant cell starts before its keys are read.
func NewInstantCell() *InstantCell {
	d := scoring.DefaultInstantSettings()
	return &InstantCell{Vul: d.Vul, Scale: d.Scale, Ties: d.Ties}
}

func (c *InstantCell) movements() []string { return nil }

// frequencies reads the file, or checks the inline results.
func (c *InstantCell) frequencies(env *runEnv) ([]scoring.Frequency, error) {
	if c.File != "" {
		if len(c.Results) > 0 {
			return nil, fmt.Errorf("file: give the results in a file or inline, not both")
		}
		data, err := ReadText(env.path(c.File))
		if err != nil {
			return nil, err
		}
		return scoring.ParseFrequencies(c.File, bytes.NewReader(data), c.Vul)
	}
	if len(c.Results) == 0 {
		return nil, fmt.Errorf("results: give [score, count] pairs")
	}
	var freqs []scoring.Frequency
	for _, r := range c.Results {
		if r[1] < 1 {
			return nil, fmt.Errorf("results: score %d has count %d", r[0], r[1])
		}
		if !scoring.IsLegalScore(r[0], c.Vul) {
			return nil, fmt.Errorf("results: %s is not a legal NS score with %s vulnerable", signed(r[0]), c.Vul)
		}
		freqs = append(freqs, scoring.Frequency{Score: r[0], Count: r[1]})
	}
	return freqs, nil
}

func (c *InstantCell) run(env *runEnv) (*cellOutput, error) {
	vul, scale, ties := c.Vul, c.Scale, c.Ties
	freqs, err := c.frequencies(env)
	if err != nil {
		return nil, err
	}
	var plain []int
	for _, f := range freqs {
		for range f.Count {
			plain = append(plain, f.Score)
		}
	}
	table, err := scoring.InstantMatchpoints(freqs, scoring.InstantSettings{Vul: vul, Scale: scale, Ties: ties})
	if err != nil {
		if c.File != "" {
			return nil, fmt.Errorf("%s: %w", c.File, err)
		}
		return nil, err
	}
	if env.command {
		return c.runCommand(table)
	}

	// The board as played, matchpointed on its own top.
	mps := make([]float64, len(plain))
	scoring.Matchpoints(mps, plain, scale)
	figs := map[string]float64{"top": table.Top, "rows": float64(len(table.Rows)), "raw_top": scale.Top(len(plain))}
	raw := &reports.Table{ID: env.cell.ID + "-played", Caption: fmt.Sprintf("The board as played: %d results matchpointed on a top of %s.", len(plain), fmtNum(scale.Top(len(plain)))),
		Columns: []reports.Column{{Name: "NS score"}, {Name: "frequency"}, {Name: "matchpoints", Decimals: 1}}}
	for _, f := range freqs {
		i := slices.Index(plain, f.Score)
		raw.Rows = append(raw.Rows, []any{signed(f.Score), f.Count, mps[i]})
		figs["raw_mp("+signed(f.Score)+")"] = mps[i]
	}

	caption := captionOr(c.Caption, "Instant matchpoints")
	t := &reports.Table{ID: env.cell.ID, Caption: extend(caption, " ", fmt.Sprintf("(one imaginary result added: top %s).", fmtNum(table.Top))),
		Columns: []reports.Column{{Name: "NS score"}, {Name: "frequency"}, {Name: "matchpoints", Decimals: 1}, {Name: "percent"}}}
	chart := &reports.Chart{ID: env.cell.ID + "-chart", Caption: extend(caption, ": ", "matchpoints against the NS score (gaps at their legal extremes)."),
		Kind: "line", XName: "NS score", YName: "matchpoints", Series: []reports.Series{{Name: "matchpoints"}}}
	var points [][2]float64 // score, mp, from low to high
	for _, r := range table.Rows {
		label := gapLabel(r)
		count := any(r.Count)
		key := label
		if r.Kind == scoring.ResultRow {
			label = signed(r.Score)
			key = label
		} else {
			count = "…"
		}
		t.Rows = append(t.Rows, []any{label, count, r.MP, r.Percent})
		figs["mp("+key+")"] = r.MP
		figs["pct("+key+")"] = float64(r.Percent)
		points = append(points, [2]float64{float64(r.Highest), r.MP}, [2]float64{float64(r.Lowest), r.MP})
	}
	slices.SortStableFunc(points, func(a, b [2]float64) int { return int(a[0] - b[0]) })
	for _, p := range slices.Compact(points) {
		chart.XLabels = append(chart.XLabels, signed(int(p[0])))
		chart.Series[0].Values = append(chart.Series[0].Values, p[1])
	}
	figs["ties"] = float64(len(table.Ties))
	dropped := droppedGaps(freqs, vul, scale)
	for _, d := range dropped {
		figs["dropped_mp("+d.label+")"] = d.mp
	}
	checks, err := checkFigures(env.cell.ID+"/", figs, c.Published, c.Errata)
	if err != nil {
		return nil, err
	}
	out := &cellOutput{Blocks: []reports.Block{{Table: raw}, {Table: t}, {Chart: chart}}, Checks: checks}
	if len(dropped) > 0 {
		var words []string
		for _, d := range dropped {
			words = append(words, fmt.Sprintf("%s (it would earn %s)", d.label, fmtNum(d.mp)))
		}
		out.Blocks = append(out.Blocks, reports.Block{Prose: "Gaps left out, with no legal score inside: " + strings.Join(words, "; ") + "."})
	}
	if len(table.Ties) > 0 {
		var runs []string
		for _, run := range table.Ties {
			var labels []string
			for _, i := range run {
				labels = append(labels, gapLabel(table.Rows[i]))
			}
			runs = append(runs, strings.Join(labels, " = "))
		}
		out.Blocks = append(out.Blocks, reports.Block{Prose: "Rows with equal matchpoint percentages: " + strings.Join(runs, "; ") + "."})
	}
	return out, nil
}

// droppedGap is a gap between neighbouring listed scores with no legal
// score inside it, and the matchpoints it would earn as the imaginary
// result: the results below it (two a result on the WBF scale).
type droppedGap struct {
	label string
	mp    float64
}

func droppedGaps(freqs []scoring.Frequency, vul scoring.Vulnerability, scale scoring.Scale) []droppedGap {
	sorted := slices.Clone(freqs)
	slices.SortFunc(sorted, func(a, b scoring.Frequency) int { return b.Score - a.Score })
	below := 0
	for _, f := range sorted {
		below += f.Count
	}
	per := scale.Top(2) // matchpoints for beating one result
	var out []droppedGap
	for i := 0; i+1 < len(sorted); i++ {
		below -= sorted[i].Count
		hi, lo := sorted[i].Score, sorted[i+1].Score
		legal := false
		for s := lo + 10; s < hi && !legal; s += 10 {
			legal = scoring.IsLegalScore(s, vul)
		}
		if !legal && hi-lo > 10 {
			out = append(out, droppedGap{label: signed(lo) + ".." + signed(hi), mp: per * float64(below)})
		}
	}
	return out
}

// gapLabel names a row: a result by its score, a gap by its bounds.
func gapLabel(r scoring.InstantRow) string {
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

func fmtNum(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// NeubergCell applies the Neuberg formula to single board scores.
type NeubergCell struct {
	Common `yaml:",inline"`
	Scale  scoring.Scale `yaml:"scale"` // wbf (default) or acbl
	Step   float64       `yaml:"step"`  // rounding step of the shown result; default 0.1
	// Rows are the scores to adjust: label, mp (matchpoints on the 2-per-beat or ACBL scale), actual and expected (results on the board).
	Rows []struct {
		Label    string  `yaml:"label"`
		MP       float64 `yaml:"mp"`
		Actual   int     `yaml:"actual"`
		Expected int     `yaml:"expected"`
	} `yaml:"rows"`
}

func (c *NeubergCell) movements() []string { return nil }

func (c *NeubergCell) run(env *runEnv) (*cellOutput, error) {
	scale := c.Scale
	step := c.Step
	if step == 0 {
		step = 0.1
	}
	t := &reports.Table{ID: env.cell.ID, Caption: captionOr(c.Caption, "Neuberg adjustment"), Columns: []reports.Column{
		{Name: "pair"}, {Name: "matchpoints"}, {Name: "top as played"}, {Name: "played"}, {Name: "expected"},
		{Name: "adjusted", Decimals: 4}, {Name: "rounded", Decimals: 1}, {Name: "full top"}}}
	figs := map[string]float64{}
	for i, r := range c.Rows {
		if r.Label == "" || r.Actual < 1 || r.Expected < r.Actual {
			return nil, fmt.Errorf("rows: row %d needs a label and 1 ≤ actual ≤ expected", i+1)
		}
		adj := scoring.Neuberg(r.MP, r.Actual, r.Expected, scale)
		rounded := scoring.RoundTo(adj, step)
		t.Rows = append(t.Rows, []any{r.Label, r.MP, scale.Top(r.Actual), r.Actual, r.Expected, adj, rounded, scale.Top(r.Expected)})
		figs[r.Label+"/adjusted"], figs[r.Label+"/rounded"], figs[r.Label+"/top"] = adj, rounded, scale.Top(r.Expected)
	}
	checks, err := checkFigures(env.cell.ID+"/", figs, c.Published, c.Errata)
	if err != nil {
		return nil, err
	}
	return &cellOutput{Blocks: []reports.Block{{Table: t}}, Checks: checks}, nil
}

// SessionCell scores a pairs session: a session file (the CSV
// board,ns,ew,score that the score command reads), or a constructed session
// of named pairs with given scores and anonymous filler results, per board.
type SessionCell struct {
	Common `yaml:",inline"`
	// File is a session file, relative to the study, instead of Pairs and
	// Boards.
	File     string              `yaml:"file"`
	Scale    scoring.Scale       `yaml:"scale"`    // wbf (default) or acbl
	Round    scoring.RoundPolicy `yaml:"round"`    // total (default), board or none
	Step     float64             `yaml:"step"`     // rounding step, default 0.1
	Expected int                 `yaml:"expected"` // results a board should have; default the most played
	// Pairs names the pairs under study, in the order they are listed.
	Pairs []string `yaml:"pairs"`
	// Boards with their results: the named pairs' and the field's.
	Boards []SessionBoard `yaml:"boards"`
}

// SessionBoard is one board (or a range "3-22" of identical boards).
type SessionBoard struct {
	// Board number.
	Board int `yaml:"board"`
	// Boards gives several board numbers with the same results, such as "2-27".
	Boards string `yaml:"boards"`
	// Results of the named pairs, who sit NS: pair, score (NS), and
	// against, a named pair sitting EW (default an anonymous one).
	Results []struct {
		Pair    string `yaml:"pair"`
		Against string `yaml:"against"`
		Score   int    `yaml:"score"`
	} `yaml:"results"`
	// Field is the anonymous results: [NS score, count] pairs.
	Field [][2]int `yaml:"field"`
}

func (c *SessionCell) movements() []string { return nil }

func (c *SessionCell) run(env *runEnv) (*cellOutput, error) {
	if c.File != "" {
		return c.runFile(env)
	}
	scale, round := c.Scale, c.Round
	if len(c.Pairs) == 0 {
		return nil, fmt.Errorf("pairs: name the pairs under study")
	}
	number := map[string]int{}
	for i, p := range c.Pairs {
		number[p] = i + 1
	}
	const fillerNS, fillerEW = 100001, 200001
	var results []scoring.BoardResult
	filler := 0
	for i, b := range c.Boards {
		lo, hi, err := boardRange(b)
		if err != nil {
			return nil, fmt.Errorf("boards: entry %d: %w", i+1, err)
		}
		for board := lo; board <= hi; board++ {
			for _, r := range b.Results {
				p, ok := number[r.Pair]
				if !ok {
					return nil, fmt.Errorf("boards: entry %d: pair %q is not in pairs", i+1, r.Pair)
				}
				ew := fillerEW + filler
				if r.Against != "" {
					if ew, ok = number[r.Against]; !ok || r.Against == r.Pair {
						return nil, fmt.Errorf("boards: entry %d: against %q is not another pair of pairs", i+1, r.Against)
					}
				}
				results = append(results, scoring.BoardResult{Board: board, NS: p, EW: ew, Score: r.Score})
				filler++
			}
			for _, f := range b.Field {
				for range f[1] {
					results = append(results, scoring.BoardResult{Board: board, NS: fillerNS + filler, EW: fillerEW + filler, Score: f[0]})
					filler++
				}
			}
		}
	}
	set := scoring.SessionSettings{Expected: c.Expected, Scale: scale, Round: round, Step: c.Step}
	s, err := scoring.ScoreSession(results, set)
	if err != nil {
		return nil, err
	}
	t := &reports.Table{ID: env.cell.ID, Caption: extend(captionOr(c.Caption, "Session"), " ", fmt.Sprintf("(expected %d results a board, %s scale, rounding %s).", s.Settings.Expected, scale, round)),
		Columns: []reports.Column{{Name: "pair"}, {Name: "boards"}, {Name: "raw MP", Decimals: 2}, {Name: "raw top", Decimals: 0}, {Name: "raw %", Decimals: 2},
			{Name: "Neuberg MP", Decimals: 2}, {Name: "full top", Decimals: 0}, {Name: "Neuberg %", Decimals: 2}, {Name: "rank"}}}
	type named struct {
		name string
		ps   scoring.PairScore
	}
	var shown []named
	for _, name := range c.Pairs {
		for _, ps := range s.Pairs {
			if ps.Pair == number[name] {
				shown = append(shown, named{name, ps})
			}
		}
	}
	// Rank among the named pairs: filler pairs play a board or two each.
	// Percents equal but for drift in unrounded sums share a rank, as in
	// the engine's ranking.
	same := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(a)) }
	order := slices.Clone(shown)
	slices.SortStableFunc(order, func(a, b named) int {
		switch {
		case same(a.ps.Percent, b.ps.Percent):
			return 0
		case a.ps.Percent > b.ps.Percent:
			return -1
		}
		return 1
	})
	rank := map[string]int{}
	for i, n := range order {
		rank[n.name] = i + 1
		if i > 0 && same(n.ps.Percent, order[i-1].ps.Percent) {
			rank[n.name] = rank[order[i-1].name]
		}
	}
	figs := map[string]float64{"expected": float64(s.Settings.Expected)}
	for _, n := range shown {
		p := n.ps
		t.Rows = append(t.Rows, []any{n.name, p.Boards, p.RawMP, p.RawTop, p.RawPercent, p.MP, p.Top, p.Percent, rank[n.name]})
		for k, v := range map[string]float64{"raw_mp": p.RawMP, "raw_top": p.RawTop, "raw_percent": p.RawPercent,
			"mp": p.MP, "top": p.Top, "percent": p.Percent, "rank": float64(rank[n.name])} {
			figs[n.name+"/"+k] = v
		}
	}
	checks, err := checkFigures(env.cell.ID+"/", figs, c.Published, c.Errata)
	if err != nil {
		return nil, err
	}
	return &cellOutput{Blocks: []reports.Block{{Table: t}}, Checks: checks}, nil
}

// runFile scores a session file: the ranking of every pair, or as a
// command the session's text layout and its result.
func (c *SessionCell) runFile(env *runEnv) (*cellOutput, error) {
	if len(c.Pairs) > 0 || len(c.Boards) > 0 {
		return nil, fmt.Errorf("file: give the session in a file or as pairs and boards, not both")
	}
	if c.Expected < 0 {
		return nil, fmt.Errorf("expected: %d: want 0 (the most any board has) or more", c.Expected)
	}
	data, err := ReadText(env.path(c.File))
	if err != nil {
		return nil, err
	}
	results, err := scoring.ParseSession(c.File, bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	s, err := scoring.ScoreSession(results, scoring.SessionSettings{Expected: c.Expected, Scale: c.Scale, Round: c.Round, Step: c.Step})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.File, err)
	}
	if env.command {
		return c.runCommand(s)
	}
	t := &reports.Table{ID: env.cell.ID, Caption: captionOr(c.Caption, "Session "+c.File) + fmt.Sprintf(" (expected %d results a board, %s scale, rounding %s).", s.Settings.Expected, s.Settings.Scale, s.Settings.Round),
		Columns: []reports.Column{{Name: "rank"}, {Name: "pair"}, {Name: "boards"}, {Name: "Neuberg MP", Decimals: 2}, {Name: "full top", Decimals: 0},
			{Name: "Neuberg %", Decimals: 2}, {Name: "raw MP", Decimals: 2}, {Name: "raw top", Decimals: 0}, {Name: "raw %", Decimals: 2}}}
	figs := map[string]float64{"expected": float64(s.Settings.Expected)}
	for _, p := range s.Pairs {
		t.Rows = append(t.Rows, []any{p.Rank, p.Pair, p.Boards, p.MP, p.Top, p.Percent, p.RawMP, p.RawTop, p.RawPercent})
		for k, v := range map[string]float64{"raw_mp": p.RawMP, "raw_top": p.RawTop, "raw_percent": p.RawPercent,
			"mp": p.MP, "top": p.Top, "percent": p.Percent, "rank": float64(p.Rank)} {
			figs[fmt.Sprintf("%d/%s", p.Pair, k)] = v
		}
	}
	checks, err := checkFigures(env.cell.ID+"/", figs, c.Published, c.Errata)
	if err != nil {
		return nil, err
	}
	return &cellOutput{Blocks: []reports.Block{{Table: t}}, Checks: checks}, nil
}

func boardRange(b SessionBoard) (int, int, error) {
	switch {
	case b.Board > 0 && b.Boards == "":
		return b.Board, b.Board, nil
	case b.Board == 0 && b.Boards != "":
		a, z, ok := strings.Cut(b.Boards, "-")
		lo, err1 := strconv.Atoi(strings.TrimSpace(a))
		hi, err2 := strconv.Atoi(strings.TrimSpace(z))
		if !ok || err1 != nil || err2 != nil || lo < 1 || hi < lo {
			return 0, 0, fmt.Errorf("boards %q: want a range like 3-22", b.Boards)
		}
		return lo, hi, nil
	}
	return 0, 0, fmt.Errorf("give board (a number) or boards (a range)")
}
