package league

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"

	"gopkg.in/yaml.v3"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/formats/textfile"
	"github.com/bridgereport/bridgereport/engine/handicap"
	"github.com/bridgereport/bridgereport/reports/disk"
	"github.com/bridgereport/bridgereport/reports/load"
)

// League is the league format, read by one decoder for the handicap command
// (a file), the handicap cell (inline, or a file named by its file key) and
// the fairness cell (its outcomes):
//
//	settings:               # optional; a missing key takes the seed's value
//	  factor: 2.75          # handicap IMPs per merged VP difference
//	  overlap_low: 2        # the top team of a lower division goes midway
//	  overlap_high: 3       #   between these ranks from the bottom above
//	  round_to: 1           # handicap IMPs rounded to this, halves away from 0
//	  old_per_place: 6      # the old system's IMPs per place
//	  tolerance: 1e-9       # new teams: iterate until no change exceeds this
//	  max_iterations: 10000 # new teams: give up after this many sweeps
//	divisions:              # last season's, top first; at least 2 teams,
//	  - name: "1"           #   and 3 in a division with another below it
//	    teams:
//	      - {team: Eroes, avg_vp: 14.0}
//	outcomes:               # optional: wins in matches, to judge as coin tosses
//	  - {label: "2013-14 old handicaps", wins: 34, matches: 87}
//	matches:                # optional: raw results, to count the wins of the
//	                        #   higher-handicap team once handicaps are applied
//	  - {home: Eroes, away: Imps, home_imps: 41, away_imps: 12}
//	new_teams:              # optional: teams without last season's average
//	  teams: [Phoenix]
//	  matches:              # this season's, in VPs, each with a new team
//	    - {home: Phoenix, away: Royals, home_vps: 14, away_vps: 6}
//
// Every name in matches must be a team of divisions or new_teams. A new
// team is placed on the merged scale at the mean, over its matches, of the
// opponent's merged VP difference less its own VP margin; a match between
// two new teams counts for both, and they are solved together by iteration.
// In a study, divisions and teams may carry published figures and errata.
type League struct {
	// Settings of the handicap system; each defaults to the Form-L value.
	Settings LeagueSettings `yaml:"settings"`
	// Divisions, strongest first, with their teams' average VPs.
	Divisions []LeagueDivision `yaml:"divisions"`
	// Outcomes of handicapped matches to test for fairness, each wins out of matches.
	Outcomes []LeagueOutcome `yaml:"outcomes"`
	// Matches to replay with the handicaps applied, by IMPs.
	Matches []LeagueMatch `yaml:"matches"`
	// NewTeams get a handicap from their matches against known teams.
	NewTeams *LeagueNewTeams `yaml:"new_teams"`
}

// LeagueUsage is the league format as the handicap command's help shows it.
const LeagueUsage = `  settings:               # a missing key takes the seed's value
    factor: 2.75          # handicap IMPs per merged VP difference
    overlap_low: 2        # the top team of a lower division goes midway
    overlap_high: 3       #   between these ranks from the bottom above
    round_to: 1           # handicap IMPs rounded to this, halves away from 0
    old_per_place: 6      # the old system's IMPs per place
    tolerance: 1e-9       # new teams: iterate until no change exceeds this
    max_iterations: 10000 # new teams: give up after this many sweeps
  divisions:              # top first; at least 2 teams, and 3 in a
    - name: "1"           #   division with another below it
      teams:
        - {team: Eroes, avg_vp: 14.0}
  outcomes:               # wins in matches, to judge as coin tosses
    - {label: "2013-14 old handicaps", wins: 34, matches: 87}
  matches:                # raw results, to count the wins of the higher-
                          #   handicap team once handicaps are applied
    - {home: Eroes, away: Imps, home_imps: 41, away_imps: 12}
  new_teams:              # teams without last season's average
    teams: [Phoenix]
    matches:              # this season's, in VPs, each with a new team
      - {home: Phoenix, away: Royals, home_vps: 14, away_vps: 6}
`

// LeagueSettings are the parameters of both systems; zero or absent means
// the seed's value. The handicap command's JSON shows them with the
// defaults filled in.
type LeagueSettings struct {
	Factor      float64 `yaml:"factor" json:"factor"`               // handicap IMPs per merged VP difference (2.75)
	OverlapLow  int     `yaml:"overlap_low" json:"overlap_low"`     // the top of a lower division goes midway between
	OverlapHigh int     `yaml:"overlap_high" json:"overlap_high"`   // these ranks from the bottom of the one above (2, 3)
	RoundTo     float64 `yaml:"round_to" json:"round_to"`           // Form-L IMPs are rounded to this step (1)
	OldPerPlace float64 `yaml:"old_per_place" json:"old_per_place"` // the old system's IMPs per place (6)
	Tolerance   float64 `yaml:"tolerance" json:"tolerance"`         // new teams: iteration stops at this change (VPs)
	// MaxIterations bounds the new-team iteration (default 10000).
	MaxIterations int `yaml:"max_iterations" json:"max_iterations"`
}

// LeagueDivision is one division, top first; in a study, with its
// published range.
type LeagueDivision struct {
	// Name of the division; default its number.
	Name string `yaml:"name"`
	// Teams of the division, each with its average VPs.
	Teams []LeagueTeam `yaml:"teams"`
	// Published figures of the division (range_avg_vp, teams), as printed.
	Published map[string]string `yaml:"published"`
	// Errata: published figures of the division known to be wrong, with the reason.
	Errata map[string]string `yaml:"errata"`
}

// LeagueTeam is a team with last season's divisional average VPs; in a
// study, with its published figures.
type LeagueTeam struct {
	// Team name.
	Team string `yaml:"team"`
	// AvgVP is the team's average VPs in the previous season.
	AvgVP *float64 `yaml:"avg_vp"`
	// Published figures of the team (old_handicap_imps, expected_vp_diff,
	// merged_vp_diff, handicap_imps, …), as printed.
	Published map[string]string `yaml:"published"`
	// Errata: published figures of the team known to be wrong, with the reason.
	Errata map[string]string `yaml:"errata"`
}

// LeagueOutcome is k wins in n matches, to judge as coin tosses.
type LeagueOutcome struct {
	// Label names the outcome.
	Label string `yaml:"label"`
	// Wins of the lower-ranked teams.
	Wins *int `yaml:"wins"`
	// Matches played, of which Wins were won.
	Matches *int `yaml:"matches"`
}

// LeagueMatch is a raw result in IMPs.
type LeagueMatch struct {
	// Home team.
	Home string `yaml:"home"`
	// Away team.
	Away string `yaml:"away"`
	// HomeIMPs scored by the home team, before handicaps.
	HomeIMPs *float64 `yaml:"home_imps"`
	// AwayIMPs scored by the away team, before handicaps.
	AwayIMPs *float64 `yaml:"away_imps"`
}

// LeagueNewTeams are teams without last season's average, with this
// season's matches in VPs.
type LeagueNewTeams struct {
	// Teams without a previous season.
	Teams []string `yaml:"teams"`
	// Matches of the new teams, by VPs, against known teams or each other.
	Matches []LeagueVPMatch `yaml:"matches"`
}

// LeagueVPMatch is a match of this season in VPs.
type LeagueVPMatch struct {
	// Home team.
	Home string `yaml:"home"`
	// Away team.
	Away string `yaml:"away"`
	// HomeVPs won by the home team.
	HomeVPs *float64 `yaml:"home_vps"`
	// AwayVPs won by the away team.
	AwayVPs *float64 `yaml:"away_vps"`
}

// maxLeagueBytes bounds what is read; a league's file is a few KiB.
const maxLeagueBytes = 8 << 20

// maxAvgVP bounds a team's average VPs: scales run to 20 or 30 VPs a
// match; far beyond is a typing mistake.
const maxAvgVP = 1000

// maxLeagueIterations caps the sweeps of the new-team iteration.
const maxLeagueIterations = 1_000_000

// Input is a checked league: the engine's input and what the errors
// after checking need.
type Input struct {
	file         string
	Spec         *League
	League       handicap.League
	settings     handicap.Settings
	newTeamsLine int
}

// ReadFile reads and checks a league file. Every error is an
// *InputError naming the file and the line of the offending entry.
func ReadFile(path string) (*Input, error) {
	data, err := disk.ReadFile(path, maxLeagueBytes)
	if err != nil {
		return nil, err
	}
	if len(data) > maxLeagueBytes {
		return nil, &load.InputError{File: path, Err: fmt.Errorf("larger than %d bytes: not a league file", maxLeagueBytes)}
	}
	return parseLeague(path, data)
}

// parseLeague decodes and checks a league from its bytes; path names it in
// errors.
func parseLeague(path string, data []byte) (*Input, error) {
	var root yaml.Node
	if err := load.CheckTextFile(path, data); err != nil {
		return nil, err
	}
	// A league kept in Notepad or Excel may be Windows-1252 (Zürich as
	// one byte ü), which yaml.v3 refuses as "invalid leading UTF-8 octet".
	data = textfile.UTF8(data)
	if err := yaml.Unmarshal(data, &root); err != nil {
		se := load.SyntaxError(path, data, err)
		return nil, &load.InputError{File: path, Line: se.Line, Err: se.Err}
	}
	if len(root.Content) == 0 {
		return nil, &load.InputError{File: path, Err: errors.New("empty file: want a league with divisions")}
	}
	if n := root.Content[0]; n.Kind != yaml.MappingNode {
		got := "a list"
		if n.Kind != yaml.SequenceNode {
			got = fmt.Sprintf("%q", engine.Clip(n.Value))
		}
		return nil, &load.InputError{File: path, Line: n.Line, Err: fmt.Errorf("a league file is a mapping with divisions (and settings, outcomes, matches, new_teams), not %s", got)}
	}
	var spec League
	if err := load.StrictDecode(root.Content[0], &spec); err != nil {
		return nil, inputYAMLError(path, err)
	}
	in, err := Check(path, root.Content[0], &spec)
	if err != nil {
		return nil, err
	}
	for d, div := range spec.Divisions {
		if len(div.Published) > 0 || len(div.Errata) > 0 {
			return nil, leagueFail(path, root.Content[0], []any{"divisions", d, "published"}, "published figures belong in a study's handicap cell")
		}
		for i, t := range div.Teams {
			if len(t.Published) > 0 || len(t.Errata) > 0 {
				return nil, leagueFail(path, root.Content[0], []any{"divisions", d, "teams", i, "published"}, "published figures belong in a study's handicap cell")
			}
		}
	}
	return in, nil
}

// inputYAMLError restates a yaml.v3 error as an *InputError at its line.
func inputYAMLError(path string, err error) error {
	se := load.YAMLError(path, err).(*load.StudyError)
	return &load.InputError{File: path, Line: se.Line, Err: se.Err}
}

// Handicaps computes the league's Handicaps; an error of the new teams is
// placed at new_teams.
func (in *Input) Handicaps(ctx context.Context) (*handicap.LeagueReport, error) {
	r, err := handicap.LeagueHandicaps(ctx, in.League, in.settings)
	if err != nil {
		var nt *handicap.NewTeamsError
		if errors.As(err, &nt) {
			return nil, &load.InputError{File: in.file, Line: in.newTeamsLine, Key: "new_teams", Err: err}
		}
		return nil, &load.InputError{File: in.file, Err: err}
	}
	return r, nil
}

// ShownSettings are the settings in force, defaults filled in.
func (in *Input) ShownSettings() LeagueSettings {
	r := in.settings.Resolved()
	return LeagueSettings{
		Factor: r.FormL.Factor, OverlapLow: r.FormL.OverlapLow, OverlapHigh: r.FormL.OverlapHigh,
		RoundTo: r.FormL.RoundTo, OldPerPlace: r.Old.PerPlace, Tolerance: r.Tolerance, MaxIterations: r.MaxIterations,
	}
}

// Check checks a decoded league against its node, which gives the
// lines, and converts it for the engine.
func Check(file string, root *yaml.Node, spec *League) (*Input, error) {
	c := &Checker{file: file, Root: root}
	l := c.check(spec)
	if c.Err != nil {
		return nil, c.Err
	}
	st := spec.Settings
	s := handicap.Settings{
		FormL:         handicap.FormLSettings{Factor: st.Factor, OverlapLow: st.OverlapLow, OverlapHigh: st.OverlapHigh, RoundTo: st.RoundTo},
		Old:           handicap.OldSettings{PerPlace: st.OldPerPlace},
		Tolerance:     st.Tolerance,
		MaxIterations: st.MaxIterations,
	}
	return &Input{file: file, Spec: spec, League: l, settings: s, newTeamsLine: c.line("new_teams")}, nil
}

// Checker checks a decoded league against its node tree; it keeps
// the first error.
type Checker struct {
	file string
	Root *yaml.Node
	Err  error
}

func (c *Checker) line(path ...any) int { return load.NodeLine(c.Root, path...) }

// leagueFail is the error of an entry of a league, at the line of its path.
func leagueFail(file string, root *yaml.Node, path []any, format string, args ...any) *load.InputError {
	return &load.InputError{File: file, Line: load.NodeLine(root, path...), Key: load.KeyPath(path), Err: fmt.Errorf(format, args...)}
}

// Fail records the first error, at the line of the path.
func (c *Checker) Fail(path []any, format string, args ...any) {
	if c.Err == nil {
		c.Err = leagueFail(c.file, c.Root, path, format, args...)
	}
}

// number checks a required finite number; ok is false after a failure.
func (c *Checker) number(path []any, v *float64, nonNegative bool) (float64, bool) {
	switch {
	case v == nil:
		c.Fail(path, "missing")
	case math.IsNaN(*v) || math.IsInf(*v, 0):
		c.Fail(path, "must be a finite number")
	case nonNegative && *v < 0:
		c.Fail(path, "must not be negative")
	default:
		return *v, true
	}
	return 0, false
}

// check turns the decoded league into the engine's, or records what is
// wrong.
func (c *Checker) check(hf *League) handicap.League {
	var l handicap.League
	st := hf.Settings
	for _, f := range []struct {
		key string
		v   float64
	}{
		{"factor", st.Factor}, {"overlap_low", float64(st.OverlapLow)}, {"overlap_high", float64(st.OverlapHigh)},
		{"round_to", st.RoundTo}, {"old_per_place", st.OldPerPlace},
		{"tolerance", st.Tolerance}, {"max_iterations", float64(st.MaxIterations)},
	} {
		if v := f.v; v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
			c.Fail([]any{"settings", f.key}, "must be a finite number, not negative (0 or absent means the default)")
		}
	}
	if st.MaxIterations > maxLeagueIterations {
		c.Fail([]any{"settings", "max_iterations"}, "%d: more than %d sweeps (the default 10000 converges in practice)", st.MaxIterations, maxLeagueIterations)
	}
	minAbove := handicap.FormLSettings{OverlapLow: st.OverlapLow, OverlapHigh: st.OverlapHigh}.MinTeamsAbove()

	if len(hf.Divisions) == 0 {
		c.Fail([]any{"divisions"}, "want at least one division, top first")
	}
	where := map[string]string{} // team name to the line where it is defined
	divNames := map[string]bool{}
	for d, div := range hf.Divisions {
		dp := []any{"divisions", d}
		if div.Name == "" {
			c.Fail(load.At(dp, "name"), "missing")
		} else if divNames[div.Name] {
			c.Fail(load.At(dp, "name"), "division %q is listed twice", engine.Clip(div.Name))
		}
		divNames[div.Name] = true
		need, why := 2, "a division needs at least 2 teams"
		if d+1 < len(hf.Divisions) && minAbove > need {
			need = minAbove
			why = fmt.Sprintf("a division with another below it needs at least %d teams (the overlap rule takes ranks %d and %d from its bottom)",
				need, cmp.Or(st.OverlapLow, 2), cmp.Or(st.OverlapHigh, 3))
		}
		if len(div.Teams) < need {
			teams := fmt.Sprintf("%d teams", len(div.Teams))
			if len(div.Teams) == 1 {
				teams = "1 team"
			}
			c.Fail(load.At(dp, "teams"), "%s: %s", teams, why)
		}
		ed := handicap.Division{Name: div.Name}
		for i, t := range div.Teams {
			tp := load.At(dp, "teams", i)
			c.teamName(load.At(tp, "team"), t.Team, where)
			avg, ok := c.number(load.At(tp, "avg_vp"), t.AvgVP, false)
			if ok && math.Abs(avg) > maxAvgVP {
				c.Fail(load.At(tp, "avg_vp"), "%g: an average of VPs lies within ±%d", avg, maxAvgVP)
			}
			ed.Teams = append(ed.Teams, handicap.Team{Name: t.Team, AvgVP: avg})
		}
		l.Divisions = append(l.Divisions, ed)
	}

	isNew := map[string]bool{}
	if nt := hf.NewTeams; nt != nil {
		if len(nt.Teams) == 0 {
			c.Fail([]any{"new_teams", "teams"}, "want at least one new team")
		}
		for i, name := range nt.Teams {
			c.teamName([]any{"new_teams", "teams", i}, name, where)
			isNew[name] = true
			l.NewTeams = append(l.NewTeams, name)
		}
		played := map[string]bool{}
		for i, m := range nt.Matches {
			mp := []any{"new_teams", "matches", i}
			c.opponents(mp, m.Home, m.Away, where)
			if !isNew[m.Home] && !isNew[m.Away] {
				c.Fail(mp, "neither %q nor %q is a new team", engine.Clip(m.Home), engine.Clip(m.Away))
			}
			played[m.Home], played[m.Away] = true, true
			h, _ := c.number(load.At(mp, "home_vps"), m.HomeVPs, true)
			a, _ := c.number(load.At(mp, "away_vps"), m.AwayVPs, true)
			l.NewTeamMatches = append(l.NewTeamMatches, handicap.VPMatch{Home: m.Home, Away: m.Away, HomeVPs: h, AwayVPs: a})
		}
		for i, name := range nt.Teams {
			if !played[name] {
				c.Fail([]any{"new_teams", "teams", i}, "new team %q has no matches in new_teams.matches", engine.Clip(name))
			}
		}
	}

	for i, o := range hf.Outcomes {
		if out, ok := c.Outcome([]any{"outcomes", i}, o.Wins, o.Matches); ok {
			out.Label = o.Label
			l.Outcomes = append(l.Outcomes, out)
		}
	}

	if len(hf.Matches) > handicap.MaxBinomialN {
		c.Fail([]any{"matches"}, "%d matches: at most %d", len(hf.Matches), handicap.MaxBinomialN)
	}
	for i, m := range hf.Matches {
		mp := []any{"matches", i}
		c.opponents(mp, m.Home, m.Away, where)
		h, _ := c.number(load.At(mp, "home_imps"), m.HomeIMPs, true)
		a, _ := c.number(load.At(mp, "away_imps"), m.AwayIMPs, true)
		l.Matches = append(l.Matches, handicap.Match{Home: m.Home, Away: m.Away, HomeIMPs: h, AwayIMPs: a})
	}
	return l
}

// Outcome checks k wins in n matches: the league's outcomes and the
// fairness cell's.
func (c *Checker) Outcome(op []any, wins, matches *int) (handicap.Outcome, bool) {
	switch {
	case matches == nil:
		c.Fail(load.At(op, "matches"), "missing")
	case wins == nil:
		c.Fail(load.At(op, "wins"), "missing")
	case *matches < 1 || *matches > handicap.MaxBinomialN:
		c.Fail(load.At(op, "matches"), "must be between 1 and %d", handicap.MaxBinomialN)
	case *wins < 0 || *wins > *matches:
		c.Fail(load.At(op, "wins"), "%d wins in %d matches: must be between 0 and the number of matches", *wins, *matches)
	default:
		return handicap.Outcome{Wins: *wins, Matches: *matches}, true
	}
	return handicap.Outcome{}, false
}

// teamName checks that a team is named and named once in the league.
func (c *Checker) teamName(path []any, name string, where map[string]string) {
	if name == "" {
		c.Fail(path, "missing team name")
		return
	}
	if first, dup := where[name]; dup {
		c.Fail(path, "team %q is already defined at line %s", engine.Clip(name), first)
		return
	}
	where[name] = strconv.Itoa(c.line(path...))
}

// opponents checks the two teams of a match.
func (c *Checker) opponents(path []any, home, away string, where map[string]string) {
	for _, side := range []struct{ key, name string }{{"home", home}, {"away", away}} {
		if side.name == "" {
			c.Fail(load.At(path, side.key), "missing")
		} else if _, ok := where[side.name]; !ok {
			c.Fail(load.At(path, side.key), "unknown team %q (not in divisions or new_teams.teams)", engine.Clip(side.name))
		}
	}
	if home != "" && home == away {
		c.Fail(path, "%q plays itself", engine.Clip(home))
	}
}
