package kinds

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/bridgereport/bridgereport/engine/handicap"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/check"
	"github.com/bridgereport/bridgereport/reports/league"
	"github.com/bridgereport/bridgereport/reports/load"
)

// HandicapCell sets a league's handicaps by the Form-L system and by the
// old one of 6 IMPs a place, from last season's divisional average VPs
// (seed 002, Table 1). The league is in the format of the handicap command
// (see League), inline or read from a file:
//
//	# a cell of a study
//	- handicap:
//	    id: table1
//	    settings: {factor: 2.75, overlap_low: 2, overlap_high: 3, round_to: 1, old_per_place: 6}
//	    divisions:                  # top first
//	      - name: "1"
//	        published: {range_avg_vp: "10.7"}
//	        teams:
//	          - {team: Eroes, avg_vp: 14.0, published: {old_handicap_imps: "0", expected_vp_diff: "0", merged_vp_diff: "0", handicap_imps: "0"}}
//
// The figures are the json names of the Result's parts. A team's are its
// HandicapTeam's: old_handicap_imps (the old system's IMPs), old_place,
// expected_vp_diff and merged_vp_diff (the expected VP difference within
// its division and on the merged scale), handicap_imps (the Form-L
// handicap) and avg_vp; a division's its HandicapDivision's: range_avg_vp
// (top minus bottom average) and teams. Checks are named
// <id>/<team>/<figure> and <id>/division/<division>/<figure>. The table
// shows the teams of divisions. With new teams a second table places them
// (figures new/<team>/FIGURE of its HandicapNewTeam: matches,
// merged_vp_diff, handicap_imps; and new/iterations, new/converged); with
// matches a third replays them with both systems' handicaps, and a fourth
// counts the outcomes (figures applied/<system>/FIGURE of its
// HandicapTally: wins, losses, draws, equal_handicap, unrated, decided,
// p_at_most, p_at_least, band; system Form-L or old): these are published
// at the cell's level. With reverse, a table replays each division's round
// robin at the expected VP differences, and each team gains the figures of
// its HandicapReplayed: replayed, its average in that replay, and most.
// The handicap command runs it on a file.
type HandicapCell struct {
	cell.Common `yaml:",inline"`
	// File is a league file, relative to the study, instead of the league
	// inline.
	File string `yaml:"file"`
	// Reverse replays each division at its expected VP differences and
	// recomputes the averages (the seed's reverse check of 2(N − 1)/N).
	Reverse       bool `yaml:"reverse"`
	league.League `yaml:",inline"`
	node          *yaml.Node
}

// Handicap is the handicap kind.
var Handicap = register(Kind{Name: "handicap", New: func() cell.Body { return new(HandicapCell) }, Results: []any{&HandicapResult{}}})

// UnmarshalYAML keeps the cell's node, which gives the lines of its
// entries.
func (c *HandicapCell) UnmarshalYAML(n *yaml.Node) error {
	type plain HandicapCell
	if err := load.StrictDecode(n, (*plain)(c)); err != nil {
		return err
	}
	c.node = n
	return nil
}

func (c *HandicapCell) Movements() []string { return nil }

// input reads the league from its file, or checks the inline one.
func (c *HandicapCell) input(env *cell.Env) (*league.Input, error) {
	for key := range c.Published {
		if !strings.HasPrefix(key, "new/") && !strings.HasPrefix(key, "applied/") {
			return nil, fmt.Errorf("published: %s: give published figures beside their team or division (only new/ and applied/ figures belong to the cell)", key)
		}
	}
	if c.File != "" {
		if c.Divisions != nil || c.Outcomes != nil || c.Matches != nil || c.NewTeams != nil || c.Settings != (league.LeagueSettings{}) {
			return nil, fmt.Errorf("file: give the league in a file or inline, not both")
		}
		path, err := env.Input(c.File)
		if err != nil {
			return nil, err
		}
		return league.ReadFile(path)
	}
	if c.node == nil { // built in Go, not decoded
		c.node = new(yaml.Node)
		if err := c.node.Encode(&c.League); err != nil {
			return nil, err
		}
	}
	in, err := league.Check("", c.node, &c.League)
	return in, load.Inline(err)
}

// HandicapResult is a league's handicaps by both systems, its new teams,
// its matches replayed and its outcomes judged; the handicap command's
// --json. Settings are the values in force.
type HandicapResult struct {
	File      string                `json:"file"`
	Divisions []HandicapDivision    `json:"divisions"`
	Teams     []HandicapTeam        `json:"teams"`
	NewTeams  *HandicapNewTeams     `json:"new_teams"` // null without new teams
	Outcomes  []HandicapJudged      `json:"outcomes"`
	Matches   *HandicapApplied      `json:"matches"` // null without matches
	Settings  league.LeagueSettings `json:"settings"`
	// Reverse is each division replayed at its expected VP differences,
	// when the cell asks for it.
	Reverse []HandicapReplayed `json:"reverse,omitempty"`
}

// HandicapDivision is a division, top first, with the range of its
// teams' averages.
type HandicapDivision struct {
	Name       string  `json:"name"`
	Teams      int     `json:"teams"`
	RangeAvgVP float64 `json:"range_avg_vp"`
}

// HandicapTeam is a team's handicap by Form-L (with the expected VP
// difference within its division and on the merged scale) and by the old
// system (its place in the division).
type HandicapTeam struct {
	handicap.FormLTeam
	OldPlace        int     `json:"old_place"`
	OldHandicapIMPs float64 `json:"old_handicap_imps"`
}

// HandicapNewTeams are the new teams, placed by this season's matches.
type HandicapNewTeams = handicap.NewTeamResult

// HandicapNewTeam is a new team's place on the merged scale and its
// Form-L handicap.
type HandicapNewTeam = handicap.NewTeam

// HandicapJudged is an outcome judged as coin tosses: band is the
// smallest of the 0.5, 0.9, 0.98 bands holding the wins, 1 when none does.
type HandicapJudged = handicap.Judged

// HandicapApplied is the league's matches replayed with each system's
// handicaps: the tallies, then each match.
type HandicapApplied struct {
	Count    int             `json:"count"`
	FormL    HandicapTally   `json:"form_l"`
	Old      HandicapTally   `json:"old"`
	Replayed []HandicapMatch `json:"replayed"`
}

// HandicapTally counts the wins of the lower-ranked (higher-handicap)
// team, judged as coin tosses.
type HandicapTally struct {
	handicap.Tally
	Decided  int     `json:"decided"`
	PAtMost  float64 `json:"p_at_most"`
	PAtLeast float64 `json:"p_at_least"`
	Band     float64 `json:"band"`
}

// HandicapMatch is a match with both teams' handicaps by each system,
// null for a team the system gives none.
type HandicapMatch struct {
	handicap.Match
	FormLHome *float64 `json:"form_l_home"`
	FormLAway *float64 `json:"form_l_away"`
	OldHome   *float64 `json:"old_home"`
	OldAway   *float64 `json:"old_away"`
}

// HandicapReplayed is a team's average when its division's round robin is
// replayed with every match ending at the expected VP difference (20 VPs
// a match); most is the largest VPs any match of the division gives.
type HandicapReplayed struct {
	Division       string  `json:"division"`
	Team           string  `json:"team"`
	AvgVP          float64 `json:"avg_vp"`
	ExpectedVPDiff float64 `json:"expected_vp_diff"`
	Replayed       float64 `json:"replayed"`
	Most           float64 `json:"most"`
}

func (c *HandicapCell) Run(env *cell.Env) (*cell.Output, error) {
	in, err := c.input(env)
	if err != nil {
		return nil, err
	}
	res, err := c.compute(env, in)
	if err != nil {
		return nil, err
	}
	out := &cell.Output{Blocks: res.blocks(env.ID, c.Caption), Result: res}

	// The engine ranks each division's teams; the published figures are
	// looked up by name. Only a league given inline has them (and a node).
	line := func(path ...any) int {
		if c.node == nil {
			return 0
		}
		return load.NodeLine(c.node, path...)
	}
	type entry struct {
		team league.LeagueTeam
		path []any
	}
	byName := map[string]entry{}
	divs := in.Spec.Divisions
	for d, div := range divs {
		for i, tm := range div.Teams {
			byName[tm.Team] = entry{tm, []any{"divisions", d, "teams", i}}
		}
	}
	replayed := map[string]HandicapReplayed{}
	for _, r := range res.Reverse {
		replayed[r.Team] = r
	}
	i := 0
	for d, div := range divs {
		for range div.Teams {
			t := res.Teams[i]
			i++
			tm := byName[t.Team]
			figs, err := check.Paths(t)
			if err != nil {
				return nil, err
			}
			if c.Reverse {
				if err := check.AddPaths(figs, "", replayed[t.Team]); err != nil {
					return nil, err
				}
			}
			checks, err := check.Figures(env.ID+"/"+t.Team+"/", figs, tm.team.Published, tm.team.Errata)
			if err != nil {
				return nil, &load.EntryError{Line: line(tm.path...), Err: fmt.Errorf("team %s: %w", t.Team, err)}
			}
			out.Checks = append(out.Checks, checks...)
		}
		figs, err := check.Paths(res.Divisions[d])
		if err != nil {
			return nil, err
		}
		checks, err := check.Figures(env.ID+"/division/"+div.Name+"/", figs, div.Published, div.Errata)
		if err != nil {
			return nil, &load.EntryError{Line: line("divisions", d), Err: fmt.Errorf("division %s: %w", div.Name, err)}
		}
		out.Checks = append(out.Checks, checks...)
	}
	figs, err := res.figures()
	if err != nil {
		return nil, err
	}
	checks, err := check.Figures(env.ID+"/", figs, c.Published, c.Errata)
	if err != nil {
		return nil, err
	}
	out.Checks = append(out.Checks, checks...)
	return out, nil
}

func (c *HandicapCell) compute(env *cell.Env, in *league.Input) (*HandicapResult, error) {
	r, err := in.Handicaps(env.Ctx)
	if err != nil {
		return nil, load.Inline(err)
	}
	l := in.League
	res := &HandicapResult{File: c.File, Settings: in.ShownSettings(), Teams: []HandicapTeam{}, Outcomes: []HandicapJudged{}}
	for d, div := range l.Divisions {
		res.Divisions = append(res.Divisions, HandicapDivision{Name: div.Name, Teams: len(div.Teams), RangeAvgVP: r.Ranges[d]})
	}
	for i, t := range r.FormL {
		o := r.Old[i]
		res.Teams = append(res.Teams, HandicapTeam{FormLTeam: t, OldPlace: o.Place, OldHandicapIMPs: o.IMPs})
	}
	if len(l.NewTeams) > 0 {
		nt := r.NewTeams
		nt.Teams = append([]HandicapNewTeam{}, nt.Teams...) // [] when none placed
		res.NewTeams = &nt
	}
	res.Outcomes = append(res.Outcomes, r.Outcomes...)
	if len(l.Matches) > 0 {
		tally := func(t handicap.Tally, j handicap.Judged) HandicapTally {
			return HandicapTally{Tally: t, Decided: t.Decided(), PAtMost: j.AtMost, PAtLeast: j.AtLeast, Band: j.Band}
		}
		res.Matches = &HandicapApplied{
			Count: len(l.Matches),
			FormL: tally(r.FormLTally, r.FormLApplied),
			Old:   tally(r.OldTally, r.OldApplied),
		}
		formL, old := map[string]float64{}, map[string]float64{}
		for i, f := range r.FormL {
			formL[f.Team], old[r.Old[i].Team] = f.IMPs, r.Old[i].IMPs
		}
		for _, tm := range r.NewTeams.Teams {
			formL[tm.Team] = tm.IMPs
		}
		hcp := func(m map[string]float64, team string) *float64 {
			if x, ok := m[team]; ok {
				return &x
			}
			return nil
		}
		for _, m := range l.Matches {
			res.Matches.Replayed = append(res.Matches.Replayed, HandicapMatch{Match: m,
				FormLHome: hcp(formL, m.Home), FormLAway: hcp(formL, m.Away), OldHome: hcp(old, m.Home), OldAway: hcp(old, m.Away)})
		}
	}
	if c.Reverse {
		res.Reverse = replayExpected(r.FormL)
	}
	return res, nil
}

// replayExpected replays each division at its expected VP differences
// (handicap.ReplayExpected, 20 VPs a match).
func replayExpected(teams []handicap.FormLTeam) []HandicapReplayed {
	var out []HandicapReplayed
	for start := 0; start < len(teams); {
		end := start
		for end < len(teams) && teams[end].Division == teams[start].Division {
			end++
		}
		var expected []float64
		for _, f := range teams[start:end] {
			expected = append(expected, f.ExpectedVPDiff)
		}
		avgs, most := handicap.ReplayExpected(expected, 20)
		for k, f := range teams[start:end] {
			out = append(out, HandicapReplayed{Division: f.Division, Team: f.Team, AvgVP: f.AvgVP, ExpectedVPDiff: f.ExpectedVPDiff, Replayed: avgs[k], Most: most})
		}
		start = end
	}
	return out
}

// figures are the figures of the cell itself, by json path: each new
// team's under new/<team>/ with the new teams' own (new/iterations), and
// each system's tally of the replayed matches under applied/<system>/.
func (r *HandicapResult) figures() (map[string]float64, error) {
	figs := map[string]float64{}
	if r.NewTeams != nil && len(r.NewTeams.Teams) > 0 {
		for _, tm := range r.NewTeams.Teams {
			if err := check.AddPaths(figs, "new/"+tm.Team+"/", tm); err != nil {
				return nil, err
			}
		}
		own, err := check.Own(r.NewTeams)
		if err != nil {
			return nil, err
		}
		for k, v := range own {
			figs["new/"+k] = v
		}
	}
	if r.Matches != nil {
		for name, t := range map[string]HandicapTally{"Form-L": r.Matches.FormL, "old": r.Matches.Old} {
			if err := check.AddPaths(figs, "applied/"+name+"/", t); err != nil {
				return nil, err
			}
		}
	}
	return figs, nil
}

// blocks presents the league: the handicaps as a table and a chart, then the tables of the reverse check, the new teams
// and the replayed matches.
func (r *HandicapResult) blocks(id, caption string) []reports.Block {
	avgDecimals := 1
	for _, t := range r.Teams {
		avgDecimals = max(avgDecimals, cell.Decimals(t.AvgVP))
	}
	caption = cell.CaptionOr(caption, "Handicaps by the old system and by Form-L")
	// On a narrow terminal (Column.Priority) the tables keep what the
	// command is for: the handicaps, the results they give and their
	// fairness; the steps between (VP differences) go first.
	t := &reports.Table{ID: id, Caption: caption, Columns: []reports.Column{
		{Name: "division"}, {Name: "team", Names: true}, {Name: "average VPs", Decimals: avgDecimals, Priority: 2},
		{Name: "old system IMPs", Decimals: cell.Decimals(r.Settings.OldPerPlace), Priority: 1},
		{Name: "expected VP diff", Decimals: 2, Priority: 3}, {Name: "merged VP diff", Decimals: 2, Priority: 3},
		{Name: "Form-L IMPs", Decimals: cell.Decimals(r.Settings.RoundTo)},
	}}
	chart := &reports.Chart{ID: id + "-chart", Caption: cell.Extend(caption, ": ", "handicap IMPs of each team, strongest first."),
		Kind: "bar", XName: "team", YName: "handicap IMPs", SlantXLabels: true,
		Series: []reports.Series{{Name: "old system"}, {Name: "Form-L"}}}
	i := 0
	for _, div := range r.Divisions {
		for range div.Teams {
			tm := r.Teams[i]
			i++
			t.Rows = append(t.Rows, []any{tm.Division, tm.Team, tm.AvgVP, tm.OldHandicapIMPs, tm.ExpectedVPDiff, tm.MergedVPDiff, tm.IMPs})
			chart.XLabels = append(chart.XLabels, tm.Team)
			chart.Series[0].Values = append(chart.Series[0].Values, tm.OldHandicapIMPs)
			chart.Series[1].Values = append(chart.Series[1].Values, tm.IMPs)
		}
		t.Rows = append(t.Rows, []any{div.Name, "range", div.RangeAvgVP, nil, nil, nil, nil})
	}
	blocks := []reports.Block{{Table: t}, {Chart: chart}}
	if len(r.Reverse) > 0 {
		rt := &reports.Table{ID: id + "-reverse", Caption: cell.Extend(caption, ": ", "the reverse check, each division replayed as a round robin whose every match ends at the expected VP difference (20 VPs a match)."),
			Columns: []reports.Column{{Name: "division"}, {Name: "team"}, {Name: "average VPs", Decimals: 2}, {Name: "expected VP diff", Decimals: 2},
				{Name: "replayed average", Decimals: 2}, {Name: "most VPs in a match", Decimals: 2}}}
		for _, x := range r.Reverse {
			rt.Rows = append(rt.Rows, []any{x.Division, x.Team, x.AvgVP, x.ExpectedVPDiff, x.Replayed, x.Most})
		}
		blocks = append(blocks, reports.Block{Table: rt})
	}
	if nt := r.NewTeams; nt != nil && len(nt.Teams) > 0 {
		placed := &reports.Table{ID: id + "-new-teams", Caption: cell.Extend(caption, ": ", fmt.Sprintf("new teams, placed by this season's matches (%s).", count(nt.Iterations, "iteration", "iterations"))),
			Columns: []reports.Column{{Name: "new team"}, {Name: "matches", Priority: 1}, {Name: "merged VP diff", Decimals: 2, Priority: 2}, {Name: "Form-L IMPs"}}}
		for _, tm := range nt.Teams {
			placed.Rows = append(placed.Rows, []any{tm.Team, tm.Matches, tm.MergedVPDiff, tm.IMPs})
		}
		blocks = append(blocks, reports.Block{Table: placed})
	}
	if r.Matches != nil {
		blocks = append(blocks, r.Matches.blocks(id, caption)...)
	}
	if len(r.Outcomes) > 0 {
		// The file's outcomes: --json had them, the text left them out.
		judged := &reports.Table{ID: id + "-outcomes", Caption: cell.Extend(caption, ": ", "the outcomes of the file judged as coin tosses (the smallest band of a fair coin that holds the wins)."),
			Columns: []reports.Column{{Name: "outcome"}, {Name: "wins", Priority: 1}, {Name: "matches", Priority: 1},
				{Name: "P(X ≤ wins)", Decimals: 4}, {Name: "P(X ≥ wins)", Decimals: 4}, {Name: "band"}}}
		for _, o := range r.Outcomes {
			band := "none"
			if o.Band < 1 {
				band = cell.FmtNum(100*o.Band) + " %"
			}
			judged.Rows = append(judged.Rows, []any{o.Label, o.Wins, o.Matches, o.AtMost, o.AtLeast, band})
		}
		blocks = append(blocks, reports.Block{Table: judged})
	}
	return blocks
}

// blocks replays the matches with both systems' handicaps, one row a
// match, and counts the outcomes.
func (a *HandicapApplied) blocks(id, caption string) []reports.Block {
	hcps := func(h, w *float64) string {
		if h == nil || w == nil {
			return "–"
		}
		return cell.FmtNum(*h) + "–" + cell.FmtNum(*w)
	}
	result := func(m HandicapMatch, hh, ha *float64) string {
		switch {
		case hh == nil || ha == nil:
			return "no handicap"
		case *hh == *ha:
			return "equal handicaps"
		}
		margin := m.HomeIMPs + *hh - (m.AwayIMPs + *ha)
		lower := m.Home
		if *ha > *hh {
			lower, margin = m.Away, -margin
		}
		switch {
		case margin > 0:
			return fmt.Sprintf("%s (lower) by %s", lower, cell.FmtNum(margin))
		case margin < 0:
			return fmt.Sprintf("higher-ranked by %s", cell.FmtNum(-margin))
		}
		return "draw"
	}
	matches := &reports.Table{ID: id + "-matches", Caption: cell.Extend(caption, ": ", "the matches replayed with each system's handicaps (the winner once the team with the higher handicap receives the difference)."),
		Columns: []reports.Column{{Name: "home"}, {Name: "away", Names: true}, {Name: "IMPs", Priority: 1}, {Name: "Form-L handicaps", Priority: 2},
			{Name: "Form-L result"}, {Name: "old handicaps", Priority: 2}, {Name: "old result", Priority: 1}}}
	for _, m := range a.Replayed {
		matches.Rows = append(matches.Rows, []any{m.Home, m.Away, cell.FmtNum(m.HomeIMPs) + "–" + cell.FmtNum(m.AwayIMPs),
			hcps(m.FormLHome, m.FormLAway), result(m, m.FormLHome, m.FormLAway), hcps(m.OldHome, m.OldAway), result(m, m.OldHome, m.OldAway)})
	}
	tally := &reports.Table{ID: id + "-applied", Caption: cell.Extend(caption, ": ", "the replayed matches counted from the side of the lower-ranked team, its wins judged as coin tosses."),
		Columns: []reports.Column{{Name: "system"}, {Name: "wins"}, {Name: "losses", Priority: 1}, {Name: "draws", Priority: 1}, {Name: "equal handicaps", Priority: 2},
			{Name: "no handicap", Priority: 2}, {Name: "P(X ≤ wins)", Decimals: 4}, {Name: "P(X ≥ wins)", Decimals: 4}}}
	for _, sys := range []struct {
		name string
		t    HandicapTally
	}{{"Form-L", a.FormL}, {"old", a.Old}} {
		tally.Rows = append(tally.Rows, []any{sys.name, sys.t.Wins, sys.t.Losses, sys.t.Draws, sys.t.EqualHandicap, sys.t.Unrated, sys.t.PAtMost, sys.t.PAtLeast})
	}
	return []reports.Block{{Table: matches}, {Table: tally}}
}
