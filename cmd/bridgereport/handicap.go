package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/bridgereport/bridgereport/engine/handicap"
	"github.com/bridgereport/bridgereport/reports"
)

// handicapFile is the input of `bridgereport handicap`, a league in YAML:
//
//	settings:               # optional; a missing key takes the seed's value
//	  factor: 2.75          # handicap IMPs per merged VP difference
//	  overlap_low: 2        # the top of a lower division goes midway between
//	  overlap_high: 3       # these ranks from the bottom of the one above
//	  round_to: 1           # handicap IMPs rounded to this, halves away from 0
//	  old_per_place: 6      # the old system's IMPs per place
//	  tolerance: 1e-9       # new teams: iteration stops at this change (VPs)
//	  max_iterations: 10000 # new teams: and gives up after this many sweeps
//	divisions:              # last season's, top first; 2 teams at least,
//	  - name: "1"           # 3 in a division with another below it
//	    teams:
//	      - {team: Eroes, avg_vp: 14.0}
//	outcomes:               # optional: counts to judge, k wins in n matches
//	  - {label: "2013-14, old handicaps", wins: 34, matches: 87}
//	matches:                # optional: raw results to test the handicaps on,
//	                        # counting wins of the higher-handicap team
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
type handicapFile struct {
	Settings  handicapSettingsYAML `yaml:"settings"`
	Divisions []divisionYAML       `yaml:"divisions"`
	Outcomes  []outcomeYAML        `yaml:"outcomes"`
	Matches   []matchYAML          `yaml:"matches"`
	NewTeams  *newTeamsYAML        `yaml:"new_teams"`
}

// handicapSettingsYAML is read from the file and shown, defaults filled
// in, in the JSON.
type handicapSettingsYAML struct {
	Factor        float64 `yaml:"factor" json:"factor"`
	OverlapLow    int     `yaml:"overlap_low" json:"overlap_low"`
	OverlapHigh   int     `yaml:"overlap_high" json:"overlap_high"`
	RoundTo       float64 `yaml:"round_to" json:"round_to"`
	OldPerPlace   float64 `yaml:"old_per_place" json:"old_per_place"`
	Tolerance     float64 `yaml:"tolerance" json:"tolerance"`
	MaxIterations int     `yaml:"max_iterations" json:"max_iterations"`
}

type divisionYAML struct {
	Name  string     `yaml:"name"`
	Teams []teamYAML `yaml:"teams"`
}

type teamYAML struct {
	Team  string   `yaml:"team"`
	AvgVP *float64 `yaml:"avg_vp"`
}

type outcomeYAML struct {
	Label   string `yaml:"label"`
	Wins    *int   `yaml:"wins"`
	Matches *int   `yaml:"matches"`
}

type matchYAML struct {
	Home     string   `yaml:"home"`
	Away     string   `yaml:"away"`
	HomeIMPs *float64 `yaml:"home_imps"`
	AwayIMPs *float64 `yaml:"away_imps"`
}

type newTeamsYAML struct {
	Teams   []string      `yaml:"teams"`
	Matches []vpMatchYAML `yaml:"matches"`
}

type vpMatchYAML struct {
	Home    string   `yaml:"home"`
	Away    string   `yaml:"away"`
	HomeVPs *float64 `yaml:"home_vps"`
	AwayVPs *float64 `yaml:"away_vps"`
}

// handicapJSON is the --json contract of `bridgereport handicap`.
type handicapJSON struct {
	File      string               `json:"file"`
	Divisions []divisionJSON       `json:"divisions"`
	Teams     []teamJSON           `json:"teams"`
	NewTeams  *newTeamsJSON        `json:"new_teams"`
	Outcomes  []outcomeJSON        `json:"outcomes"`
	Matches   *appliedJSON         `json:"matches"`
	Settings  handicapSettingsYAML `json:"settings"`
}

type divisionJSON struct {
	Name       string  `json:"name"`
	Teams      int     `json:"teams"`
	RangeAvgVP float64 `json:"range_avg_vp"`
}

type teamJSON struct {
	Division        string  `json:"division"`
	Team            string  `json:"team"`
	AvgVP           float64 `json:"avg_vp"`
	ExpectedVPDiff  float64 `json:"expected_vp_diff"`
	MergedVPDiff    float64 `json:"merged_vp_diff"`
	HandicapIMPs    float64 `json:"handicap_imps"`
	OldPlace        int     `json:"old_place"`
	OldHandicapIMPs float64 `json:"old_handicap_imps"`
}

type newTeamsJSON struct {
	Iterations int           `json:"iterations"`
	Converged  bool          `json:"converged"`
	Teams      []newTeamJSON `json:"teams"`
}

type newTeamJSON struct {
	Team         string  `json:"team"`
	Matches      int     `json:"matches"`
	MergedVPDiff float64 `json:"merged_vp_diff"`
	HandicapIMPs float64 `json:"handicap_imps"`
}

type outcomeJSON struct {
	Label    string  `json:"label"`
	Wins     int     `json:"wins"`
	Matches  int     `json:"matches"`
	PAtMost  float64 `json:"p_at_most"`
	PAtLeast float64 `json:"p_at_least"`
	// Band is the smallest of the 0.5, 0.9, 0.98 bands holding the wins,
	// 1 when none does.
	Band float64 `json:"band"`
}

type appliedJSON struct {
	Count int       `json:"count"`
	FormL tallyJSON `json:"form_l"`
	Old   tallyJSON `json:"old"`
}

// tallyJSON counts wins of the lower-ranked (higher-handicap) team.
type tallyJSON struct {
	Wins          int     `json:"wins"`
	Losses        int     `json:"losses"`
	Draws         int     `json:"draws"`
	EqualHandicap int     `json:"equal_handicap"`
	Unrated       int     `json:"unrated"`
	Decided       int     `json:"decided"`
	PAtMost       float64 `json:"p_at_most"`
	PAtLeast      float64 `json:"p_at_least"`
	Band          float64 `json:"band"`
}

const handicapUsage = `[--json] FILE.yaml

Handicaps of a league by the Form-L system and the old one (6 IMPs a place),
from last season's divisional average VPs, with binomial checks of fairness.

FILE.yaml (keys other than divisions are optional):

  settings:               # a missing key takes the seed's value
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

flags:`

func runHandicap(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("handicap", handicapUsage, stderr)
	asJSON := fs.Bool("json", false, "write one JSON object instead of the text report")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	path := pos[0]
	league, settings, err := loadLeague(path)
	if err != nil {
		return err
	}
	r, err := handicap.LeagueHandicaps(ctx, league.league, settings)
	if err != nil {
		var nt *handicap.NewTeamsError
		if errors.As(err, &nt) {
			return &lineError{path, league.newTeamsLine, "new_teams", err}
		}
		return &lineError{path, 0, "", err}
	}
	if !*asJSON {
		return reports.WriteHandicapText(stdout, path, league.league, r)
	}
	return writeJSON(stdout, handicapOut(path, league, r))
}

// handicapOut builds the JSON object.
func handicapOut(path string, l *loadedLeague, r *handicap.LeagueReport) handicapJSON {
	out := handicapJSON{File: path, Settings: l.settings, Teams: []teamJSON{}, Outcomes: []outcomeJSON{}}
	for d, div := range l.league.Divisions {
		out.Divisions = append(out.Divisions, divisionJSON{Name: div.Name, Teams: len(div.Teams), RangeAvgVP: r.Ranges[d]})
	}
	for i, t := range r.FormL {
		o := r.Old[i]
		out.Teams = append(out.Teams, teamJSON{
			Division: t.Division, Team: t.Team, AvgVP: t.AvgVP,
			ExpectedVPDiff: t.ExpectedVPDiff, MergedVPDiff: t.MergedVPDiff, HandicapIMPs: t.IMPs,
			OldPlace: o.Place, OldHandicapIMPs: o.IMPs,
		})
	}
	if len(l.league.NewTeams) > 0 {
		nt := &newTeamsJSON{Iterations: r.NewTeams.Iterations, Converged: r.NewTeams.Converged, Teams: []newTeamJSON{}}
		for _, t := range r.NewTeams.Teams {
			nt.Teams = append(nt.Teams, newTeamJSON{Team: t.Team, Matches: t.Matches, MergedVPDiff: t.MergedVPDiff, HandicapIMPs: t.IMPs})
		}
		out.NewTeams = nt
	}
	for _, j := range r.Outcomes {
		out.Outcomes = append(out.Outcomes, outcomeJSON{Label: j.Label, Wins: j.Wins, Matches: j.Matches, PAtMost: j.AtMost, PAtLeast: j.AtLeast, Band: j.Band})
	}
	if len(l.league.Matches) > 0 {
		tally := func(t handicap.Tally, j handicap.Judged) tallyJSON {
			return tallyJSON{
				Wins: t.Wins, Losses: t.Losses, Draws: t.Draws, EqualHandicap: t.EqualHandicap, Unrated: t.Unrated,
				Decided: t.Decided(), PAtMost: j.AtMost, PAtLeast: j.AtLeast, Band: j.Band,
			}
		}
		out.Matches = &appliedJSON{
			Count: len(l.league.Matches),
			FormL: tally(r.FormLTally, r.FormLApplied),
			Old:   tally(r.OldTally, r.OldApplied),
		}
	}
	return out
}

// loadedLeague is a league read from a file, with what the errors after
// reading need.
type loadedLeague struct {
	league       handicap.League
	settings     handicapSettingsYAML
	newTeamsLine int
}

// maxLeagueBytes bounds what is read; a league's file is a few KiB.
const maxLeagueBytes = 8 << 20

// loadLeague reads and checks a league file. Every error names the file and
// the line of the offending entry.
func loadLeague(path string) (*loadedLeague, handicap.Settings, error) {
	var s handicap.Settings
	f, err := os.Open(path)
	if err != nil {
		return nil, s, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxLeagueBytes+1))
	if err != nil {
		return nil, s, err
	}
	if len(data) > maxLeagueBytes {
		return nil, s, &lineError{path, 0, "", fmt.Errorf("larger than %d bytes: not a league file", maxLeagueBytes)}
	}
	var hf handicapFile
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&hf); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, s, &lineError{path, 0, "", errors.New("empty file: want a league with divisions")}
		}
		return nil, s, yamlError(path, err)
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, s, yamlError(path, err)
	}
	c := &leagueChecker{path: path, root: &root}
	l := c.check(&hf)
	if c.err != nil {
		return nil, s, c.err
	}
	st := hf.Settings
	s = handicap.Settings{
		FormL:         handicap.FormLSettings{Factor: st.Factor, OverlapLow: st.OverlapLow, OverlapHigh: st.OverlapHigh, RoundTo: st.RoundTo},
		Old:           handicap.OldSettings{PerPlace: st.OldPerPlace},
		Tolerance:     st.Tolerance,
		MaxIterations: st.MaxIterations,
	}
	// The JSON shows the values in force, defaults filled in.
	r := s.Resolved()
	shown := handicapSettingsYAML{
		Factor: r.FormL.Factor, OverlapLow: r.FormL.OverlapLow, OverlapHigh: r.FormL.OverlapHigh,
		RoundTo: r.FormL.RoundTo, OldPerPlace: r.Old.PerPlace, Tolerance: r.Tolerance, MaxIterations: r.MaxIterations,
	}
	return &loadedLeague{league: l, settings: shown, newTeamsLine: c.line("new_teams")}, s, nil
}

// lineError is a problem in an input file at a line (0 for the file as a
// whole), under a key path such as divisions[1].teams[0].avg_vp.
type lineError struct {
	file string
	line int
	key  string
	err  error
}

func (e *lineError) Error() string {
	var b strings.Builder
	b.WriteString(e.file)
	if e.line > 0 {
		fmt.Fprintf(&b, ":%d", e.line)
	}
	if e.key != "" {
		b.WriteString(": " + e.key)
	}
	b.WriteString(": " + e.err.Error())
	return b.String()
}

func (e *lineError) Unwrap() error { return e.err }

var (
	yamlLine         = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)
	yamlUnknownField = regexp.MustCompile(`^field (\S+) not found in type \S+$`)
)

// yamlError restates a yaml.v3 error as FILE:LINE: messages, one per line,
// without the Go type names it mentions.
func yamlError(path string, err error) error {
	msgs := []string{err.Error()}
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs = te.Errors
	}
	var out []string
	for _, m := range msgs {
		m = strings.TrimPrefix(m, "yaml: ")
		sm := yamlLine.FindStringSubmatch(m)
		if sm == nil {
			out = append(out, (&lineError{path, 0, "", errors.New(m)}).Error())
			continue
		}
		line, _ := strconv.Atoi(sm[1])
		msg := sm[2]
		if f := yamlUnknownField.FindStringSubmatch(msg); f != nil {
			msg = fmt.Sprintf("unknown key %q", f[1])
		}
		msg = strings.ReplaceAll(msg, "main.", "")
		out = append(out, (&lineError{path, line, "", errors.New(msg)}).Error())
	}
	return errors.New(strings.Join(out, "\n"))
}

// leagueChecker checks a decoded league against its node tree, which gives
// the lines; it keeps the first error.
type leagueChecker struct {
	path string
	root *yaml.Node
	err  error
}

// line follows a path of mapping keys (string) and sequence indices (int)
// from the document and returns the line of where it ends: the key when the
// path ends at one (its value may be a list starting a line below), or the
// deepest enclosing entry when part of the path is missing.
func (c *leagueChecker) line(path ...any) int {
	n := c.root
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	line := n.Line
	for _, p := range path {
		var key, next *yaml.Node
		switch p := p.(type) {
		case string:
			if n.Kind == yaml.MappingNode {
				for i := 0; i+1 < len(n.Content); i += 2 {
					if n.Content[i].Value == p {
						key, next = n.Content[i], n.Content[i+1]
					}
				}
			}
		case int:
			if n.Kind == yaml.SequenceNode && p < len(n.Content) {
				next = n.Content[p]
			}
		}
		if next == nil {
			return line
		}
		n, line = next, next.Line
		if key != nil {
			line = key.Line
		}
	}
	return line
}

// fail records the first error, at the line of the path.
func (c *leagueChecker) fail(path []any, format string, args ...any) {
	if c.err != nil {
		return
	}
	var key strings.Builder
	for _, p := range path {
		switch p := p.(type) {
		case string:
			if key.Len() > 0 {
				key.WriteByte('.')
			}
			key.WriteString(p)
		case int:
			fmt.Fprintf(&key, "[%d]", p)
		}
	}
	c.err = &lineError{c.path, c.line(path...), key.String(), fmt.Errorf(format, args...)}
}

// at appends to a path without sharing the caller's backing array.
func at(path []any, more ...any) []any {
	return append(append([]any(nil), path...), more...)
}

// number checks a required finite number; ok is false after a failure.
func (c *leagueChecker) number(path []any, v *float64, nonNegative bool) (float64, bool) {
	switch {
	case v == nil:
		c.fail(path, "missing")
	case math.IsNaN(*v) || math.IsInf(*v, 0):
		c.fail(path, "must be a finite number")
	case nonNegative && *v < 0:
		c.fail(path, "must not be negative")
	default:
		return *v, true
	}
	return 0, false
}

// check turns the decoded file into a league, or records what is wrong.
func (c *leagueChecker) check(hf *handicapFile) handicap.League {
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
			c.fail([]any{"settings", f.key}, "must be a finite number, not negative (0 or absent means the default)")
		}
	}
	minAbove := handicap.FormLSettings{OverlapLow: st.OverlapLow, OverlapHigh: st.OverlapHigh}.MinTeamsAbove()

	if len(hf.Divisions) == 0 {
		c.fail([]any{"divisions"}, "want at least one division, top first")
	}
	where := map[string]string{} // team name to the key where it is defined
	divNames := map[string]bool{}
	for d, div := range hf.Divisions {
		dp := []any{"divisions", d}
		if div.Name == "" {
			c.fail(at(dp, "name"), "missing")
		} else if divNames[div.Name] {
			c.fail(at(dp, "name"), "division %q is listed twice", div.Name)
		}
		divNames[div.Name] = true
		need, why := 2, "a division needs at least 2 teams"
		if d+1 < len(hf.Divisions) && minAbove > need {
			need = minAbove
			why = fmt.Sprintf("a division with another below it needs at least %d teams (the overlap rule takes ranks %d and %d from its bottom)",
				need, cmp.Or(st.OverlapLow, 2), cmp.Or(st.OverlapHigh, 3))
		}
		if len(div.Teams) < need {
			c.fail(at(dp, "teams"), "%d team(s): %s", len(div.Teams), why)
		}
		ed := handicap.Division{Name: div.Name}
		for i, t := range div.Teams {
			tp := at(dp, "teams", i)
			c.teamName(at(tp, "team"), t.Team, where)
			avg, _ := c.number(at(tp, "avg_vp"), t.AvgVP, false)
			ed.Teams = append(ed.Teams, handicap.Team{Name: t.Team, AvgVP: avg})
		}
		l.Divisions = append(l.Divisions, ed)
	}

	isNew := map[string]bool{}
	if nt := hf.NewTeams; nt != nil {
		if len(nt.Teams) == 0 {
			c.fail([]any{"new_teams", "teams"}, "want at least one new team")
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
				c.fail(mp, "neither %q nor %q is a new team", m.Home, m.Away)
			}
			played[m.Home], played[m.Away] = true, true
			h, _ := c.number(at(mp, "home_vps"), m.HomeVPs, true)
			a, _ := c.number(at(mp, "away_vps"), m.AwayVPs, true)
			l.NewTeamMatches = append(l.NewTeamMatches, handicap.VPMatch{Home: m.Home, Away: m.Away, HomeVPs: h, AwayVPs: a})
		}
		for i, name := range nt.Teams {
			if !played[name] {
				c.fail([]any{"new_teams", "teams", i}, "new team %q has no matches in new_teams.matches", name)
			}
		}
	}

	for i, o := range hf.Outcomes {
		op := []any{"outcomes", i}
		switch {
		case o.Matches == nil:
			c.fail(at(op, "matches"), "missing")
		case o.Wins == nil:
			c.fail(at(op, "wins"), "missing")
		case *o.Matches < 1 || *o.Matches > handicap.MaxBinomialN:
			c.fail(at(op, "matches"), "must be between 1 and %d", handicap.MaxBinomialN)
		case *o.Wins < 0 || *o.Wins > *o.Matches:
			c.fail(at(op, "wins"), "%d wins in %d matches: must be between 0 and the number of matches", *o.Wins, *o.Matches)
		default:
			l.Outcomes = append(l.Outcomes, handicap.Outcome{Label: o.Label, Wins: *o.Wins, Matches: *o.Matches})
		}
	}

	if len(hf.Matches) > handicap.MaxBinomialN {
		c.fail([]any{"matches"}, "%d matches: at most %d", len(hf.Matches), handicap.MaxBinomialN)
	}
	for i, m := range hf.Matches {
		mp := []any{"matches", i}
		c.opponents(mp, m.Home, m.Away, where)
		h, _ := c.number(at(mp, "home_imps"), m.HomeIMPs, true)
		a, _ := c.number(at(mp, "away_imps"), m.AwayIMPs, true)
		l.Matches = append(l.Matches, handicap.Match{Home: m.Home, Away: m.Away, HomeIMPs: h, AwayIMPs: a})
	}
	return l
}

// teamName checks that a team is named and named once in the league.
func (c *leagueChecker) teamName(path []any, name string, where map[string]string) {
	if name == "" {
		c.fail(path, "missing team name")
		return
	}
	if first, dup := where[name]; dup {
		c.fail(path, "team %q is already defined at line %s", name, first)
		return
	}
	where[name] = strconv.Itoa(c.line(path...))
}

// opponents checks the two teams of a match.
func (c *leagueChecker) opponents(path []any, home, away string, where map[string]string) {
	for _, side := range []struct{ key, name string }{{"home", home}, {"away", away}} {
		if side.name == "" {
			c.fail(at(path, side.key), "missing")
		} else if _, ok := where[side.name]; !ok {
			c.fail(at(path, side.key), "unknown team %q (not in divisions or new_teams.teams)", side.name)
		}
	}
	if home != "" && home == away {
		c.fail(path, "%q plays itself", home)
	}
}
