package study

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/handicap"
	"github.com/bridgereport/bridgereport/reports"
)

// HandicapUsage is the help of the handicap command.
const HandicapUsage = `[--json] FILE.yaml

Handicaps of a league by the Form-L system and the old one (6 IMPs a place),
from last season's divisional average VPs, with binomial checks of fairness.
--json prints one object: file, divisions, teams, new_teams, outcomes,
matches and settings (the values in force).

FILE.yaml (keys other than divisions are optional):

` + LeagueUsage + `
flags:`

// writeHandicapText writes the text report of `bridgereport handicap`: the
// handicap table in the manner of the seed's Table 1, then the new teams, the
// handicaps applied to the league's matches and the judged outcomes.
func writeHandicapText(w io.Writer, name string, l handicap.League, r *handicap.LeagueReport) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "Handicaps from %s\n\n", name)
	writeHandicapTable(bw, l, r)
	if len(r.NewTeams.Teams) > 0 {
		writeNewTeams(bw, r.NewTeams)
	}
	if len(l.Matches) > 0 {
		writeApplied(bw, len(l.Matches), r)
	}
	if len(r.Outcomes) > 0 {
		writeOutcomes(bw, r.Outcomes)
	}
	return bw.Flush()
}

// writeHandicapTable writes one line per team, division by division, each
// division closed by its range of averages.
func writeHandicapTable(w io.Writer, l handicap.League, r *handicap.LeagueReport) {
	dw, tw := len("Division"), len("Range")
	avgDecimals := 1
	for _, t := range r.FormL {
		dw, tw = max(dw, len(t.Division)), max(tw, len(t.Team))
		avgDecimals = max(avgDecimals, decimals(t.AvgVP))
	}
	const nw = 10 // numeric columns
	row := func(div, team string, cells ...string) {
		line := fmt.Sprintf("%-*s  %-*s", dw, div, tw, team)
		for _, c := range cells {
			line += fmt.Sprintf("  %*s", nw, c)
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	formL := "Form-L handicaps"
	span := 3*nw + 4
	pad := (span - len(formL)) / 2
	fmt.Fprintf(w, "%-*s  %-*s  %*s  %*s  %s\n", dw, "", tw, "", nw, "Divisional", nw, "Existing",
		strings.Repeat("-", pad-1)+" "+formL+" "+strings.Repeat("-", span-pad-len(formL)-1))
	row("", "", "average", "handicap", "Expected", "Merged", "Handicap")
	row("Division", "Team", "VPs", "IMPs", "VP diff", "VP diff", "IMPs")
	row(strings.Repeat("-", dw), strings.Repeat("-", tw), strings.Repeat("-", nw), strings.Repeat("-", nw),
		strings.Repeat("-", nw), strings.Repeat("-", nw), strings.Repeat("-", nw))
	i := 0
	for d, div := range l.Divisions {
		for range div.Teams {
			t, o := r.FormL[i], r.Old[i]
			row(t.Division, t.Team, strconv.FormatFloat(t.AvgVP, 'f', avgDecimals, 64), fmtNum(o.IMPs),
				fmt.Sprintf("%.2f", t.ExpectedVPDiff), fmt.Sprintf("%.2f", t.MergedVPDiff), fmtNum(t.IMPs))
			i++
		}
		row(div.Name, "Range", strconv.FormatFloat(r.Ranges[d], 'f', avgDecimals, 64))
	}
}

func writeNewTeams(w io.Writer, nt handicap.NewTeamResult) {
	tw := len("New team")
	for _, t := range nt.Teams {
		tw = max(tw, len(t.Team))
	}
	fmt.Fprintf(w, "\nNew teams, placed by this season's matches (converged after %d iterations)\n", nt.Iterations)
	fmt.Fprintf(w, "%-*s  %7s  %14s  %13s\n", tw, "New team", "Matches", "Merged VP diff", "Handicap IMPs")
	for _, t := range nt.Teams {
		fmt.Fprintf(w, "%-*s  %7d  %14.2f  %13s\n", tw, t.Team, t.Matches, t.MergedVPDiff, fmtNum(t.IMPs))
	}
}

func writeApplied(w io.Writer, count int, r *handicap.LeagueReport) {
	fmt.Fprintf(w, "\nHandicaps applied to %d matches: wins of the lower-ranked (higher-handicap) team;\n", count)
	fmt.Fprintf(w, "draws, equal handicaps and teams without a handicap are left out\n")
	fmt.Fprintf(w, "%-10s  %5s  %6s  %5s  %5s  %7s  %11s  %11s  %s\n",
		"System", "Wins", "Losses", "Draws", "Equal", "Unrated", "P(X ≤ wins)", "P(X ≥ wins)", "Band")
	for _, s := range []struct {
		name string
		t    handicap.Tally
		j    handicap.Judged
	}{{"Form-L", r.FormLTally, r.FormLApplied}, {"Old", r.OldTally, r.OldApplied}} {
		fmt.Fprintf(w, "%-10s  %5d  %6d  %5d  %5d  %7d  %11s  %11s  %s\n", s.name, s.t.Wins, s.t.Losses, s.t.Draws,
			s.t.EqualHandicap, s.t.Unrated, prob(s.j.AtMost), prob(s.j.AtLeast), band(s.j.Band))
	}
}

func writeOutcomes(w io.Writer, outs []handicap.Judged) {
	lw := len("Outcome")
	for _, o := range outs {
		lw = max(lw, len(o.Label))
	}
	fmt.Fprintf(w, "\nOutcomes judged as coin tosses: X ~ Binomial(matches, 1/2)\n")
	fmt.Fprintf(w, "%-*s  %5s  %7s  %11s  %11s  %s\n", lw, "Outcome", "Wins", "Matches", "P(X ≤ wins)", "P(X ≥ wins)", "Band")
	for _, o := range outs {
		fmt.Fprintf(w, "%-*s  %5d  %7d  %11s  %11s  %s\n", lw, o.Label, o.Wins, o.Matches, prob(o.AtMost), prob(o.AtLeast), band(o.Band))
	}
}

// decimals is the number of decimals, up to 3, that x was given with; for a
// rounding step (0.1, 0.01) it is the decimals the step keeps.
func decimals(x float64) int {
	for d := 0; d < 3; d++ {
		v := x * math.Pow(10, float64(d))
		if math.Abs(v-math.Round(v)) < 1e-9 {
			return d
		}
	}
	return 3
}

// prob prints a probability to four decimals, or in exponent form when
// that would hide it.
func prob(p float64) string {
	if p != 0 && p < 0.001 {
		return fmt.Sprintf("%.2e", p)
	}
	return fmt.Sprintf("%.4f", p)
}

// band names the smallest of the seed's bands that holds an outcome.
func band(m float64) string {
	if m >= 1 {
		return fmt.Sprintf("outside %g%%", 100*handicap.SeedBands[len(handicap.SeedBands)-1])
	}
	return fmt.Sprintf("inside %g%%", 100*m)
}

// handicapView is the --json object of the handicap command.
type handicapView struct {
	File      string         `json:"file"`
	Divisions []divisionView `json:"divisions"`
	Teams     []teamView     `json:"teams"`
	NewTeams  *newTeamsView  `json:"new_teams"`
	Outcomes  []judgedView   `json:"outcomes"`
	Matches   *appliedView   `json:"matches"`
	Settings  LeagueSettings `json:"settings"`
}

type divisionView struct {
	Name       string  `json:"name"`
	Teams      int     `json:"teams"`
	RangeAvgVP float64 `json:"range_avg_vp"`
}

type teamView struct {
	Division        string  `json:"division"`
	Team            string  `json:"team"`
	AvgVP           float64 `json:"avg_vp"`
	ExpectedVPDiff  float64 `json:"expected_vp_diff"`
	MergedVPDiff    float64 `json:"merged_vp_diff"`
	HandicapIMPs    float64 `json:"handicap_imps"`
	OldPlace        int     `json:"old_place"`
	OldHandicapIMPs float64 `json:"old_handicap_imps"`
}

type newTeamsView struct {
	Iterations int           `json:"iterations"`
	Converged  bool          `json:"converged"`
	Teams      []newTeamView `json:"teams"`
}

type newTeamView struct {
	Team         string  `json:"team"`
	Matches      int     `json:"matches"`
	MergedVPDiff float64 `json:"merged_vp_diff"`
	HandicapIMPs float64 `json:"handicap_imps"`
}

type judgedView struct {
	Label    string  `json:"label"`
	Wins     int     `json:"wins"`
	Matches  int     `json:"matches"`
	PAtMost  float64 `json:"p_at_most"`
	PAtLeast float64 `json:"p_at_least"`
	// Band is the smallest of the 0.5, 0.9, 0.98 bands holding the wins,
	// 1 when none does.
	Band float64 `json:"band"`
}

type appliedView struct {
	Count int       `json:"count"`
	FormL tallyView `json:"form_l"`
	Old   tallyView `json:"old"`
}

// tallyView counts wins of the lower-ranked (higher-handicap) team.
type tallyView struct {
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

func viewHandicap(file string, in *leagueInput, r *handicap.LeagueReport) handicapView {
	l := in.league
	out := handicapView{File: file, Settings: in.shownSettings(), Teams: []teamView{}, Outcomes: []judgedView{}}
	for d, div := range l.Divisions {
		out.Divisions = append(out.Divisions, divisionView{Name: div.Name, Teams: len(div.Teams), RangeAvgVP: r.Ranges[d]})
	}
	for i, t := range r.FormL {
		o := r.Old[i]
		out.Teams = append(out.Teams, teamView{
			Division: t.Division, Team: t.Team, AvgVP: t.AvgVP,
			ExpectedVPDiff: t.ExpectedVPDiff, MergedVPDiff: t.MergedVPDiff, HandicapIMPs: t.IMPs,
			OldPlace: o.Place, OldHandicapIMPs: o.IMPs,
		})
	}
	if len(l.NewTeams) > 0 {
		nt := &newTeamsView{Iterations: r.NewTeams.Iterations, Converged: r.NewTeams.Converged, Teams: []newTeamView{}}
		for _, t := range r.NewTeams.Teams {
			nt.Teams = append(nt.Teams, newTeamView{Team: t.Team, Matches: t.Matches, MergedVPDiff: t.MergedVPDiff, HandicapIMPs: t.IMPs})
		}
		out.NewTeams = nt
	}
	for _, j := range r.Outcomes {
		out.Outcomes = append(out.Outcomes, judgedView{Label: j.Label, Wins: j.Wins, Matches: j.Matches, PAtMost: j.AtMost, PAtLeast: j.AtLeast, Band: j.Band})
	}
	if len(l.Matches) > 0 {
		tally := func(t handicap.Tally, j handicap.Judged) tallyView {
			return tallyView{
				Wins: t.Wins, Losses: t.Losses, Draws: t.Draws, EqualHandicap: t.EqualHandicap, Unrated: t.Unrated,
				Decided: t.Decided(), PAtMost: j.AtMost, PAtLeast: j.AtLeast, Band: j.Band,
			}
		}
		out.Matches = &appliedView{
			Count: len(l.Matches),
			FormL: tally(r.FormLTally, r.FormLApplied),
			Old:   tally(r.OldTally, r.OldApplied),
		}
	}
	return out
}

// runCommand presents the handicap command: the seed's Table 1 layout and
// the rest of the league.
func (c *HandicapCell) runCommand(in *leagueInput, r *handicap.LeagueReport) (*cellOutput, error) {
	block, err := layout("", func(w io.Writer) error { return writeHandicapText(w, c.File, in.league, r) })
	if err != nil {
		return nil, err
	}
	return &cellOutput{Blocks: []reports.Block{block}, Result: viewHandicap(c.File, in, r)}, nil
}
