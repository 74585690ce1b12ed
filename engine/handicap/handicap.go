package handicap

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
)

// Handicaps of a league's teams from the previous season's divisional
// average VPs (seed 002): the Form-L system and the old system
// of 6 IMPs a place that it replaced.

// Team is a team with its average VPs in the previous season's divisional
// matches.
type Team struct {
	Name  string
	AvgVP float64
}

// Division is one division of a league; a league lists its divisions top
// first.
type Division struct {
	Name  string
	Teams []Team
}

// FormLSettings are the parameters of the Form-L system. The zero value is
// the seed's system.
type FormLSettings struct {
	// Factor converts merged VP differences to handicap IMPs; zero means
	// 2.75, roughly the slope of the standard IMP-to-VP scale.
	Factor float64
	// OverlapLow and OverlapHigh are ranks counted from the bottom of the
	// division above (1 is its lowest team): the top team of the division
	// below is placed midway between their merged VP differences. Zero means
	// 2 and 3, an overlap of two places that matches promoting and
	// relegating two teams; 1 and 1 puts it level with the bottom team.
	OverlapLow, OverlapHigh int
	// RoundTo is the step handicap IMPs are rounded to, halves away from
	// zero as a spreadsheet's ROUND does; zero means whole IMPs.
	RoundTo float64
}

// Resolved returns the settings with every default filled in.
func (s FormLSettings) Resolved() FormLSettings {
	return FormLSettings{
		Factor:     cmp.Or(s.Factor, 2.75),
		OverlapLow: cmp.Or(s.OverlapLow, 2), OverlapHigh: cmp.Or(s.OverlapHigh, 3),
		RoundTo: cmp.Or(s.RoundTo, 1),
	}
}

func (s FormLSettings) factor() float64 { return s.Resolved().Factor }

func (s FormLSettings) overlap() (low, high int) {
	r := s.Resolved()
	return r.OverlapLow, r.OverlapHigh
}

// MinTeamsAbove is the fewest teams a division needs when another division
// lies below it, so that the overlap rule finds its two ranks.
func (s FormLSettings) MinTeamsAbove() int {
	low, high := s.overlap()
	return max(low, high, 2)
}

// IMPs converts a merged VP difference to handicap IMPs.
func (s FormLSettings) IMPs(mergedVPDiff float64) float64 {
	return roundHalfAway(s.factor()*mergedVPDiff, s.Resolved().RoundTo)
}

// roundHalfAway rounds x to a multiple of step, halves away from zero. The
// nudge of 1e-9 steps keeps a true half (say 0.1 VP · 20/11 · 2.75 = 0.5)
// from falling the wrong way when floating point lands a hair below it.
func roundHalfAway(x, step float64) float64 {
	v := x / step
	r := math.Round(v+math.Copysign(1e-9, v)) * step
	if r == 0 {
		return 0 // not −0, which would print as "-0"
	}
	return r
}

// FormLTeam is one team's line of the Form-L table (the seed's Table 1).
type FormLTeam struct {
	Division string  `json:"division"`
	Team     string  `json:"team"`
	AvgVP    float64 `json:"avg_vp"`
	// ExpectedVPDiff is the VPs a match against the division's top team is
	// expected to lose by: (top average − own average) · 2(N−1)/N. If every
	// match ended at these differences the averages would come out as given.
	ExpectedVPDiff float64 `json:"expected_vp_diff"`
	// MergedVPDiff is the same difference measured from the top of the
	// league, after the divisions are merged downwards.
	MergedVPDiff float64 `json:"merged_vp_diff"`
	// IMPs is the handicap, the merged difference converted and rounded.
	IMPs float64 `json:"handicap_imps"`
}

// FormL computes the Form-L handicaps of a league whose divisions are listed
// top first. Within each division the teams come out ranked by average VPs,
// highest first, teams with equal averages in their given order.
func FormL(divs []Division, s FormLSettings) ([]FormLTeam, error) {
	if err := checkLeague(divs, s.MinTeamsAbove()); err != nil {
		return nil, err
	}
	if s.Factor < 0 || s.RoundTo < 0 || s.OverlapLow < 0 || s.OverlapHigh < 0 {
		return nil, errors.New("Form-L settings must not be negative")
	}
	var out []FormLTeam
	offset := 0.0 // merged difference of the current division's top team
	for d, div := range divs {
		teams := ranked(div.Teams)
		n := float64(len(teams))
		top := teams[0].AvgVP
		merged := make([]float64, len(teams))
		for i, t := range teams {
			expected := (top - t.AvgVP) * 2 * (n - 1) / n
			merged[i] = offset + expected
			out = append(out, FormLTeam{
				Division: div.Name, Team: t.Name, AvgVP: t.AvgVP,
				ExpectedVPDiff: expected, MergedVPDiff: merged[i], IMPs: s.IMPs(merged[i]),
			})
		}
		if d+1 < len(divs) {
			// Ranks from the bottom are positions from the end of the
			// ranked list, whose merged differences rise towards the end.
			low, high := s.overlap()
			offset = (merged[len(merged)-low] + merged[len(merged)-high]) / 2
		}
	}
	return out, nil
}

// OldSettings are the parameters of the old system; the zero value is the
// seed's.
type OldSettings struct {
	// PerPlace is the handicap step between successive places in a
	// division; zero means 6 IMPs.
	PerPlace float64
}

// Resolved returns the settings with every default filled in.
func (s OldSettings) Resolved() OldSettings { return OldSettings{PerPlace: cmp.Or(s.PerPlace, 6)} }

// OldTeam is one team's line of the old system.
type OldTeam struct {
	Division string
	Team     string
	AvgVP    float64
	// Place is the rank within the division, 1 for the top; teams with equal
	// averages share a place and the next team's place counts them all, so
	// 14.0, 14.0, 13.4 are places 1, 1, 3 (as in the seed's Table 1).
	Place int
	// IMPs is the handicap: the division's start plus PerPlace · (Place−1).
	IMPs float64
}

// OldSystem computes the handicaps of the system the seed's league replaced:
// a fixed step per place within each division, the top team of each division
// level with the bottom team of the one above. Teams come out in the same
// order as from FormL.
func OldSystem(divs []Division, s OldSettings) ([]OldTeam, error) {
	if err := checkLeague(divs, 1); err != nil {
		return nil, err
	}
	if s.PerPlace < 0 {
		return nil, errors.New("old-system settings must not be negative")
	}
	step := s.Resolved().PerPlace
	var out []OldTeam
	start := 0.0
	for _, div := range divs {
		teams := ranked(div.Teams)
		bottom := start
		for i, t := range teams {
			place := i + 1
			if i > 0 && t.AvgVP == teams[i-1].AvgVP {
				place = out[len(out)-1].Place
			}
			imps := start + step*float64(place-1)
			out = append(out, OldTeam{Division: div.Name, Team: t.Name, AvgVP: t.AvgVP, Place: place, IMPs: imps})
			bottom = imps
		}
		start = bottom
	}
	return out, nil
}

// ranked returns the teams by average VPs, highest first, ties in the
// given order.
func ranked(teams []Team) []Team {
	r := slices.Clone(teams)
	slices.SortStableFunc(r, func(a, b Team) int {
		switch {
		case a.AvgVP > b.AvgVP:
			return -1
		case a.AvgVP < b.AvgVP:
			return 1
		}
		return 0
	})
	return r
}

// checkLeague checks what both systems need: at least one division, names
// unique across the league, finite averages, two teams in every division
// (one team has no matches to average) and minAbove teams in every division
// with another below it.
func checkLeague(divs []Division, minAbove int) error {
	if len(divs) == 0 {
		return errors.New("no divisions")
	}
	seen := map[string]string{}
	for d, div := range divs {
		need := 2
		if d+1 < len(divs) {
			need = max(need, minAbove)
		}
		if len(div.Teams) < need {
			teams := fmt.Sprintf("%d teams", len(div.Teams))
			if len(div.Teams) == 1 {
				teams = "1 team"
			}
			return fmt.Errorf("division %q has %s; it needs at least %d", div.Name, teams, need)
		}
		for _, t := range div.Teams {
			if t.Name == "" {
				return fmt.Errorf("division %q: a team has no name", div.Name)
			}
			if other, dup := seen[t.Name]; dup {
				return fmt.Errorf("team %q is in division %q and again in division %q", t.Name, other, div.Name)
			}
			seen[t.Name] = div.Name
			if math.IsNaN(t.AvgVP) || math.IsInf(t.AvgVP, 0) {
				return fmt.Errorf("team %q: average VPs %v is not a number", t.Name, t.AvgVP)
			}
		}
	}
	return nil
}
