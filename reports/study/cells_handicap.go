package study

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/bridgereport/bridgereport/engine/handicap"
	"github.com/bridgereport/bridgereport/reports"
)

// HandicapCell sets a league's handicaps by the Form-L system and by the
// old one of 6 IMPs a place, from last season's divisional average VPs
// (seed 002, Table 1). The league is in the format of the handicap command
// (see League), inline or read from a file:
//
//   - handicap:
//     id: table1
//     settings: {factor: 2.75, overlap_low: 2, overlap_high: 3, round_to: 1, old_per_place: 6}
//     divisions:                  # top first
//   - name: "1"
//     published: {range: "10.7"}
//     teams:
//   - {team: Eroes, avg_vp: 14.0, published: {old: "0", expected: "0", merged: "0", imps: "0"}}
//
// A team's figures are old (the old system's IMPs), expected and merged (the
// expected VP difference within its division and on the merged scale) and
// imps (the Form-L handicap); a division's is range (top minus bottom
// average). Checks are named <id>/<team>/<figure> and <id>/range/<division>.
// The table shows the teams of divisions. With new teams a second table
// places them (figures new/<team>/matches, new/<team>/merged,
// new/<team>/imps and new/iterations); with matches a third replays them
// with both systems' handicaps, and a fourth counts the outcomes (figures
// applied/<system>/wins, losses, draws, equal, unrated, p_at_most,
// p_at_least, system Form-L or old): these are published at the cell's
// level. With reverse, a table replays each division's round robin at the
// expected VP differences, and each team gains the figure replayed, its
// average in that replay.
type HandicapCell struct {
	Common `yaml:",inline"`
	// File is a league file, relative to the study, instead of the league
	// inline.
	File string `yaml:"file"`
	// Reverse replays each division at its expected VP differences and
	// recomputes the averages (the seed's reverse check of 2(N − 1)/N).
	Reverse bool `yaml:"reverse"`
	League  `yaml:",inline"`
	node    *yaml.Node
}

// UnmarshalYAML keeps the cell's node, which gives the lines of its
// entries.
func (c *HandicapCell) UnmarshalYAML(n *yaml.Node) error {
	type plain HandicapCell
	if err := strictDecode(n, (*plain)(c)); err != nil {
		return err
	}
	c.node = n
	return nil
}

func (c *HandicapCell) movements() []string { return nil }

// input reads the league from its file, or checks the inline one.
func (c *HandicapCell) input(env *runEnv) (*leagueInput, error) {
	for key := range c.Published {
		if !strings.HasPrefix(key, "new/") && !strings.HasPrefix(key, "applied/") {
			return nil, fmt.Errorf("published: %s: give published figures beside their team or division (only new/ and applied/ figures belong to the cell)", key)
		}
	}
	if c.File != "" {
		if c.Divisions != nil || c.Outcomes != nil || c.Matches != nil || c.NewTeams != nil || c.Settings != (LeagueSettings{}) {
			return nil, fmt.Errorf("file: give the league in a file or inline, not both")
		}
		path, err := env.input(c.File)
		if err != nil {
			return nil, err
		}
		return readLeagueFile(path)
	}
	if c.node == nil { // built in Go, not decoded
		c.node = new(yaml.Node)
		if err := c.node.Encode(&c.League); err != nil {
			return nil, err
		}
	}
	in, err := checkLeague("", c.node, &c.League)
	return in, inline(err)
}

func (c *HandicapCell) run(env *runEnv) (*cellOutput, error) {
	in, err := c.input(env)
	if err != nil {
		return nil, err
	}
	r, err := in.handicaps(env.ctx)
	if err != nil {
		return nil, inline(err)
	}
	if env.command {
		return c.runCommand(in, r)
	}
	res := in.settings.Resolved()
	avgDecimals := 1
	for _, t := range r.FormL {
		avgDecimals = max(avgDecimals, decimals(t.AvgVP))
	}
	caption := captionOr(c.Caption, "Handicaps by the old system and by Form-L")
	t := &reports.Table{ID: env.cell.ID, Caption: caption, Columns: []reports.Column{
		{Name: "division"}, {Name: "team"}, {Name: "average VPs", Decimals: avgDecimals},
		{Name: "old system IMPs", Decimals: decimals(res.Old.PerPlace)},
		{Name: "expected VP diff", Decimals: 2}, {Name: "merged VP diff", Decimals: 2},
		{Name: "Form-L IMPs", Decimals: decimals(res.FormL.RoundTo)},
	}}
	chart := &reports.Chart{ID: env.cell.ID + "-chart", Caption: extend(caption, ": ", "handicap IMPs of each team, strongest first."),
		Kind: "bar", XName: "team", YName: "handicap IMPs", SlantXLabels: true,
		Series: []reports.Series{{Name: "old system"}, {Name: "Form-L"}}}

	// The engine ranks each division's teams; the published figures are
	// looked up by name.
	type entry struct {
		team LeagueTeam
		line int
	}
	byName := map[string]entry{}
	divs := in.spec.Divisions
	for d, div := range divs {
		for i, tm := range div.Teams {
			byName[tm.Team] = entry{tm, nodeLine(c.node, "divisions", d, "teams", i)}
		}
	}
	out := &cellOutput{}
	var replayed map[string]float64
	var reverse *reports.Table
	if c.Reverse {
		replayed, reverse = replayTable(env.cell.ID, caption, r, len(divs))
	}
	i := 0
	for d, div := range divs {
		for range div.Teams {
			f, o := r.FormL[i], r.Old[i]
			i++
			t.Rows = append(t.Rows, []any{f.Division, f.Team, f.AvgVP, o.IMPs, f.ExpectedVPDiff, f.MergedVPDiff, f.IMPs})
			chart.XLabels = append(chart.XLabels, f.Team)
			chart.Series[0].Values = append(chart.Series[0].Values, o.IMPs)
			chart.Series[1].Values = append(chart.Series[1].Values, f.IMPs)
			tm := byName[f.Team]
			figs := map[string]float64{"old": o.IMPs, "expected": f.ExpectedVPDiff, "merged": f.MergedVPDiff, "imps": f.IMPs}
			if c.Reverse {
				figs["replayed"] = replayed[f.Team]
			}
			checks, err := checkFigures(env.cell.ID+"/"+f.Team+"/", figs, tm.team.Published, tm.team.Errata)
			if err != nil {
				return nil, &entryError{tm.line, fmt.Errorf("team %s: %w", f.Team, err)}
			}
			out.Checks = append(out.Checks, checks...)
		}
		t.Rows = append(t.Rows, []any{div.Name, "range", r.Ranges[d], nil, nil, nil, nil})
		checks, err := checkFigures("", map[string]float64{"range": r.Ranges[d]}, div.Published, div.Errata)
		if err != nil {
			return nil, &entryError{nodeLine(c.node, "divisions", d), fmt.Errorf("division %s: %w", div.Name, err)}
		}
		for j := range checks {
			checks[j].Name = env.cell.ID + "/range/" + div.Name
		}
		out.Checks = append(out.Checks, checks...)
	}
	out.Blocks = []reports.Block{{Table: t}, {Chart: chart}}
	if reverse != nil {
		out.Blocks = append(out.Blocks, reports.Block{Table: reverse})
	}
	figs := map[string]float64{}
	if len(r.NewTeams.Teams) > 0 {
		out.Blocks = append(out.Blocks, reports.Block{Table: newTeamsTable(env.cell.ID, caption, r.NewTeams, figs)})
	}
	if len(in.league.Matches) > 0 {
		out.Blocks = append(out.Blocks, appliedTables(env.cell.ID, caption, in, r, figs)...)
	}
	checks, err := checkFigures(env.cell.ID+"/", figs, c.Published, c.Errata)
	if err != nil {
		return nil, err
	}
	out.Checks = append(out.Checks, checks...)
	return out, nil
}

// replayTable replays each division at its expected VP differences
// (handicap.ReplayExpected, 20 VPs a match) and tabulates the averages it
// gives back, by team.
func replayTable(id, caption string, r *handicap.LeagueReport, divisions int) (map[string]float64, *reports.Table) {
	t := &reports.Table{ID: id + "-reverse", Caption: extend(caption, ": ", "the reverse check, each division replayed as a round robin whose every match ends at the expected VP difference (20 VPs a match)."),
		Columns: []reports.Column{{Name: "division"}, {Name: "team"}, {Name: "average VPs", Decimals: 2}, {Name: "expected VP diff", Decimals: 2},
			{Name: "replayed average", Decimals: 2}, {Name: "most VPs in a match", Decimals: 2}}}
	replayed := map[string]float64{}
	for start := 0; start < len(r.FormL); {
		end := start
		for end < len(r.FormL) && r.FormL[end].Division == r.FormL[start].Division {
			end++
		}
		var expected []float64
		for _, f := range r.FormL[start:end] {
			expected = append(expected, f.ExpectedVPDiff)
		}
		avgs, most := handicap.ReplayExpected(expected, 20)
		for k, f := range r.FormL[start:end] {
			replayed[f.Team] = avgs[k]
			t.Rows = append(t.Rows, []any{f.Division, f.Team, f.AvgVP, f.ExpectedVPDiff, avgs[k], most})
		}
		start = end
	}
	return replayed, t
}

// newTeamsTable places the new teams, adding their figures to figs.
func newTeamsTable(id, caption string, nt handicap.NewTeamResult, figs map[string]float64) *reports.Table {
	t := &reports.Table{ID: id + "-new-teams", Caption: extend(caption, ": ", fmt.Sprintf("new teams, placed by this season's matches (%d iterations).", nt.Iterations)),
		Columns: []reports.Column{{Name: "new team"}, {Name: "matches"}, {Name: "merged VP diff", Decimals: 2}, {Name: "Form-L IMPs"}}}
	for _, tm := range nt.Teams {
		t.Rows = append(t.Rows, []any{tm.Team, tm.Matches, tm.MergedVPDiff, tm.IMPs})
		key := "new/" + tm.Team + "/"
		figs[key+"matches"], figs[key+"merged"], figs[key+"imps"] = float64(tm.Matches), tm.MergedVPDiff, tm.IMPs
	}
	figs["new/iterations"] = float64(nt.Iterations)
	return t
}

// appliedTables replays the league's matches with both systems' handicaps,
// one row a match, and counts the outcomes, adding their figures to figs.
func appliedTables(id, caption string, in *leagueInput, r *handicap.LeagueReport, figs map[string]float64) []reports.Block {
	formL, old := map[string]float64{}, map[string]float64{}
	for i, f := range r.FormL {
		formL[f.Team], old[r.Old[i].Team] = f.IMPs, r.Old[i].IMPs
	}
	for _, tm := range r.NewTeams.Teams {
		formL[tm.Team] = tm.IMPs
	}
	result := func(m handicap.Match, hcp map[string]float64) string {
		hh, okh := hcp[m.Home]
		ha, oka := hcp[m.Away]
		switch {
		case !okh || !oka:
			return "no handicap"
		case hh == ha:
			return "equal handicaps"
		}
		margin := m.HomeIMPs + hh - (m.AwayIMPs + ha)
		lower := m.Home
		if ha > hh {
			lower, margin = m.Away, -margin
		}
		switch {
		case margin > 0:
			return fmt.Sprintf("%s (lower) by %s", lower, fmtNum(margin))
		case margin < 0:
			return fmt.Sprintf("higher-ranked by %s", fmtNum(-margin))
		}
		return "draw"
	}
	matches := &reports.Table{ID: id + "-matches", Caption: extend(caption, ": ", "the matches replayed with each system's handicaps (the winner once the team with the higher handicap receives the difference)."),
		Columns: []reports.Column{{Name: "home"}, {Name: "away"}, {Name: "IMPs"}, {Name: "Form-L handicaps"}, {Name: "Form-L result"}, {Name: "old handicaps"}, {Name: "old result"}}}
	hcps := func(m handicap.Match, hcp map[string]float64) string {
		h, okh := hcp[m.Home]
		a, oka := hcp[m.Away]
		if !okh || !oka {
			return "–"
		}
		return fmtNum(h) + "–" + fmtNum(a)
	}
	for _, m := range in.league.Matches {
		matches.Rows = append(matches.Rows, []any{m.Home, m.Away, fmtNum(m.HomeIMPs) + "–" + fmtNum(m.AwayIMPs),
			hcps(m, formL), result(m, formL), hcps(m, old), result(m, old)})
	}
	tally := &reports.Table{ID: id + "-applied", Caption: extend(caption, ": ", "the replayed matches counted from the side of the lower-ranked team, its wins judged as coin tosses."),
		Columns: []reports.Column{{Name: "system"}, {Name: "wins"}, {Name: "losses"}, {Name: "draws"}, {Name: "equal handicaps"}, {Name: "no handicap"},
			{Name: "P(X ≤ wins)", Decimals: 4}, {Name: "P(X ≥ wins)", Decimals: 4}}}
	for _, sys := range []struct {
		name string
		t    handicap.Tally
		j    handicap.Judged
	}{{"Form-L", r.FormLTally, r.FormLApplied}, {"old", r.OldTally, r.OldApplied}} {
		tally.Rows = append(tally.Rows, []any{sys.name, sys.t.Wins, sys.t.Losses, sys.t.Draws, sys.t.EqualHandicap, sys.t.Unrated, sys.j.AtMost, sys.j.AtLeast})
		key := "applied/" + sys.name + "/"
		for k, v := range map[string]float64{"wins": float64(sys.t.Wins), "losses": float64(sys.t.Losses), "draws": float64(sys.t.Draws),
			"equal": float64(sys.t.EqualHandicap), "unrated": float64(sys.t.Unrated), "p_at_most": sys.j.AtMost, "p_at_least": sys.j.AtLeast} {
			figs[key+k] = v
		}
	}
	return []reports.Block{{Table: matches}, {Table: tally}}
}

// FairnessCell judges outcomes as coin tosses: if handicaps are fair, the
// lower-ranked team wins each match with probability ½ (seed 002, Figures 1
// and 2). It tabulates each outcome's tails and band, and draws the band
// edges against the number of matches with each outcome marked.
//
//   - fairness:
//     id: figure1
//     bands: [0.5, 0.9, 0.98]      # the default
//     max_matches: 100             # default: past the largest outcome
//     outcomes:
//   - label: "34 of 87"
//     wins: 34
//     matches: 87
//     counts: "wins of the lower-ranked team, 2013-14 divisional matches"
//     color: green             # of the marker; default from the palette
//     published: {inside_90: "0", inside_98: "1"}
//
// An outcome's figures are p_at_most and p_at_least (P(X ≤ wins), P(X ≥
// wins)), expected (matches/2), from_expected (wins − matches/2), losses,
// and for each band of mass m% inside_m (1 when the band holds the wins, 0
// when not), low_m and high_m (the band's edges). Checks are named
// <id>/<label>/<figure>.
type FairnessCell struct {
	Common `yaml:",inline"`
	// Bands are the masses of the bands, each between 0 and 1.
	Bands []float64 `yaml:"bands"`
	// MaxMatches is the right end of the chart.
	MaxMatches int `yaml:"max_matches"`
	// Outcomes are the observed results, each wins out of matches.
	Outcomes []FairnessOutcome `yaml:"outcomes"`
	node     *yaml.Node
}

// FairnessOutcome is k wins in n matches.
type FairnessOutcome struct {
	// Label names the outcome in the table and on the chart.
	Label string `yaml:"label"`
	// Wins counted (by the lower-ranked team, say).
	Wins *int `yaml:"wins"`
	// Matches played, of which Wins were won.
	Matches *int `yaml:"matches"`
	// Counts says briefly whose wins are counted, in which matches; it
	// goes into the table's caption.
	Counts string `yaml:"counts"`
	// Color of the outcome's mark on the chart (a CSS colour).
	Color string `yaml:"color"`
	// Published figures of this outcome, by figure name, as printed.
	Published map[string]string `yaml:"published"`
	// Errata: published figures of this outcome known to be wrong, with the reason.
	Errata map[string]string `yaml:"errata"`
}

// UnmarshalYAML keeps the cell's node, which gives the lines of its
// outcomes.
func (c *FairnessCell) UnmarshalYAML(n *yaml.Node) error {
	type plain FairnessCell
	if err := strictDecode(n, (*plain)(c)); err != nil {
		return err
	}
	c.node = n
	return nil
}

func (c *FairnessCell) movements() []string { return nil }

// bandColors are the seed's: blue, green and orange from the narrowest band
// out.
var bandColors = []string{"#3b6fd4", "#2e9e44", "#f08a00"}

// maxChartMatches bounds the chart: a point per number of matches.
const maxChartMatches = 10_000

func (c *FairnessCell) run(env *runEnv) (*cellOutput, error) {
	if len(c.Published) > 0 {
		return nil, fmt.Errorf("published: give published figures beside their outcome")
	}
	bands := slices.Clone(c.Bands)
	if len(bands) == 0 {
		bands = slices.Clone(handicap.SeedBands)
	}
	slices.Sort(bands)
	for i, m := range bands {
		if !(m > 0 && m < 1) {
			return nil, fmt.Errorf("bands: %v: a band's mass is between 0 and 1, e.g. 0.9", m)
		}
		if i > 0 && m == bands[i-1] {
			return nil, fmt.Errorf("bands: %v is given twice", m)
		}
	}
	if len(c.Outcomes) == 0 {
		return nil, fmt.Errorf("outcomes: give at least one {label, wins, matches}")
	}
	most := 0
	labels := map[string]bool{}
	if c.node == nil { // built in Go, not decoded
		c.node = new(yaml.Node)
	}
	check := &leagueChecker{root: c.node}
	for i, o := range c.Outcomes {
		op := []any{"outcomes", i}
		switch {
		case o.Label == "":
			check.fail(at(op, "label"), "missing (it names the checks)")
		case labels[o.Label]:
			check.fail(at(op, "label"), "%q is used twice", o.Label)
		}
		if err := reports.CheckColor(o.Color); err != nil {
			check.fail(at(op, "color"), "%v", err)
		}
		check.outcome(op, o.Wins, o.Matches)
		if check.err != nil {
			return nil, inline(check.err)
		}
		labels[o.Label] = true
		most = max(most, *o.Matches)
	}
	maxN := c.MaxMatches
	if maxN == 0 {
		maxN = (most/20 + 1) * 20 // room to the right of the last marker
	}
	if maxN < most || maxN > maxChartMatches {
		return nil, fmt.Errorf("max_matches: %d: must be between the largest outcome's %d matches and %d", maxN, most, maxChartMatches)
	}

	pct := make([]string, len(bands)) // 0.98 → "98"
	for i, m := range bands {
		pct[i] = strconv.FormatFloat(math.Round(m*100*1e6)/1e6, 'f', -1, 64)
	}
	caption := captionOr(c.Caption, "Outcomes against the bands of fair handicaps")
	t := &reports.Table{ID: env.cell.ID, Caption: caption, Columns: []reports.Column{
		{Name: "outcome"}, {Name: "wins"}, {Name: "matches"},
		{Name: "P(X ≤ wins)", Decimals: 4}, {Name: "P(X ≥ wins)", Decimals: 4}}}
	for _, p := range pct {
		t.Columns = append(t.Columns, reports.Column{Name: p + " % band"})
	}
	t.Columns = append(t.Columns, reports.Column{Name: "in band"})

	out := &cellOutput{}
	var counted []string // what each outcome counts, for the caption
	chart := &reports.Chart{ID: env.cell.ID + "-chart", Kind: "line", XNumeric: true, XName: "matches", YName: "wins",
		Caption: extend(caption, ": ", "the edges of the "+strings.Join(pct, ", ")+" % bands of a fair coin against the number of matches, each outcome marked.")}
	for i, o := range c.Outcomes {
		k, n := *o.Wins, *o.Matches
		atMost, atLeast := handicap.BinomialTails(n, k)
		figs := map[string]float64{
			"p_at_most": atMost, "p_at_least": atLeast, "losses": float64(n - k),
			"expected": float64(n) / 2, "from_expected": float64(k) - float64(n)/2,
		}
		row := []any{o.Label, k, n, atMost, atLeast}
		holding := ""
		for j, m := range bands {
			b := handicap.FairBand(n, m)
			row = append(row, fmt.Sprintf("%d–%d", b.Lo, b.Hi))
			figs["low_"+pct[j]], figs["high_"+pct[j]] = float64(b.Lo), float64(b.Hi)
			figs["inside_"+pct[j]] = 0
			if b.Contains(k) {
				figs["inside_"+pct[j]] = 1
				holding = cmp.Or(holding, pct[j]+" %")
			}
		}
		row = append(row, cmp.Or(holding, "none"))
		t.Rows = append(t.Rows, row)
		checks, err := checkFigures(env.cell.ID+"/"+o.Label+"/", figs, o.Published, o.Errata)
		if err != nil {
			return nil, &entryError{nodeLine(c.node, "outcomes", i), fmt.Errorf("outcomes[%d] (%s): %w", i, o.Label, err)}
		}
		out.Checks = append(out.Checks, checks...)
		// Labels go above the markers on or over the middle line and below
		// the others, away from the crowd of lines near it.
		place := "bottom"
		if 2*k >= n {
			place = "top"
		}
		chart.Points = append(chart.Points, reports.ChartPoint{X: float64(n), Y: float64(k), Label: o.Label, Color: o.Color, Place: place})
		if o.Counts != "" {
			counted = append(counted, o.Label+" ("+o.Counts+")")
		}
	}

	// The lines: the expected count, then each band's edges, narrowest
	// band first.
	expected := reports.Series{Name: "expected", Color: "#222"}
	edges := make([]reports.Series, 2*len(bands))
	for j, p := range pct {
		color := ""
		if len(bands) <= len(bandColors) {
			color = bandColors[j]
		}
		edges[2*j] = reports.Series{Name: p + " % low", Color: color}
		edges[2*j+1] = reports.Series{Name: p + " % high", Color: color}
	}
	for n := 1; n <= maxN; n++ {
		chart.XLabels = append(chart.XLabels, strconv.Itoa(n))
		expected.Values = append(expected.Values, float64(n)/2)
		for j, m := range bands {
			b := handicap.FairBand(n, m)
			edges[2*j].Values = append(edges[2*j].Values, float64(b.Lo))
			edges[2*j+1].Values = append(edges[2*j+1].Values, float64(b.Hi))
		}
	}
	chart.Series = append([]reports.Series{expected}, edges...)
	if len(counted) > 0 {
		t.Caption = extend(t.Caption, ". ", "The wins counted: "+strings.Join(counted, "; ")+".")
	}
	out.Blocks = []reports.Block{{Table: t}, {Chart: chart}}
	return out, nil
}
