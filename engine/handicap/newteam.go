package handicap

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
)

// Handicaps for new teams (seed 002, last section). A new team has no
// average from the previous season, so its place on the merged scale is read
// off its matches this season. A match that new team X wins by d VPs against
// a team O at merged difference m_O puts X at m_O − d: the expected VP
// difference of two teams is the difference of their merged differences.
// (Against an opponent of the same division this is the same as converting d
// back to an average, as the seed describes it.) X's merged difference is the
// mean of these over its matches. When new teams meet each other the means
// depend on one another; they are solved by iterating from a trial solution.

// VPMatch is one match with a new team, scored in VPs.
type VPMatch struct {
	Home, Away       string
	HomeVPs, AwayVPs float64
}

// NewTeamSettings are the parameters of the iteration; the zero value is the
// default.
type NewTeamSettings struct {
	// FormL converts the merged VP differences to handicap IMPs.
	FormL FormLSettings
	// Tolerance is the largest change of any merged VP difference, in VPs
	// (relative to the difference itself beyond 1 VP), at which the
	// iteration has converged; zero means 1e-9.
	Tolerance float64
	// MaxIterations is the cap on sweeps before giving up; zero means 10000.
	MaxIterations int
}

// Resolved returns the settings with every default filled in.
func (s NewTeamSettings) Resolved() NewTeamSettings {
	return NewTeamSettings{
		FormL:         s.FormL.Resolved(),
		Tolerance:     cmp.Or(s.Tolerance, 1e-9),
		MaxIterations: cmp.Or(s.MaxIterations, 10000),
	}
}

// NewTeam is a new team's handicap.
type NewTeam struct {
	Team         string  `json:"team"`
	Matches      int     `json:"matches"` // matches that count towards it
	MergedVPDiff float64 `json:"merged_vp_diff"`
	IMPs         float64 `json:"handicap_imps"`
}

// NewTeamResult is the outcome of the iteration. When it did not converge,
// the teams hold the last trial solution.
type NewTeamResult struct {
	Iterations int       `json:"iterations"`
	Converged  bool      `json:"converged"`
	Teams      []NewTeam `json:"teams"` // in the order the new teams were given
}

// ErrNotConverged is returned, wrapped, when the iteration for new teams
// reaches its cap.
var ErrNotConverged = errors.New("new-team handicaps did not converge")

// NewTeamHandicaps places new teams on the merged scale. known maps each
// known team to its merged VP difference (FormLTeam.MergedVPDiff); matches
// must each have at least one new team, and every group of new teams that
// meet one another must have a match against a known team, or their places
// are fixed only relative to each other. It stops early, with ctx's error,
// when ctx is done.
func NewTeamHandicaps(ctx context.Context, known map[string]float64, newTeams []string, matches []VPMatch, s NewTeamSettings) (NewTeamResult, error) {
	index := map[string]int{}
	for i, name := range newTeams {
		if _, dup := index[name]; dup {
			return NewTeamResult{}, fmt.Errorf("new team %q is listed twice", name)
		}
		if _, ok := known[name]; ok {
			return NewTeamResult{}, fmt.Errorf("new team %q is already a known team", name)
		}
		index[name] = i
	}
	// Each new team's matches, from its own side.
	type side struct {
		opp    int     // index of a new opponent, or -1 for a known one
		m      float64 // a known opponent's merged difference
		margin float64 // own VPs minus the opponent's
	}
	sides := make([][]side, len(newTeams))
	for i, mt := range matches {
		d := mt.HomeVPs - mt.AwayVPs
		if math.IsNaN(d) || math.IsInf(d, 0) {
			return NewTeamResult{}, fmt.Errorf("match %d: VPs are not numbers", i+1)
		}
		if mt.Home == mt.Away {
			return NewTeamResult{}, fmt.Errorf("match %d: %q plays itself", i+1, mt.Home)
		}
		h, hNew := index[mt.Home]
		a, aNew := index[mt.Away]
		mh, hKnown := known[mt.Home]
		ma, aKnown := known[mt.Away]
		switch {
		case !hNew && !hKnown:
			return NewTeamResult{}, fmt.Errorf("match %d: unknown team %q", i+1, mt.Home)
		case !aNew && !aKnown:
			return NewTeamResult{}, fmt.Errorf("match %d: unknown team %q", i+1, mt.Away)
		case !hNew && !aNew:
			return NewTeamResult{}, fmt.Errorf("match %d: neither %q nor %q is a new team", i+1, mt.Home, mt.Away)
		}
		if !hNew {
			h = -1
		}
		if !aNew {
			a = -1
		}
		if hNew {
			sides[h] = append(sides[h], side{opp: a, m: ma, margin: d})
		}
		if aNew {
			sides[a] = append(sides[a], side{opp: h, m: mh, margin: -d})
		}
	}
	for i, name := range newTeams {
		if len(sides[i]) == 0 {
			return NewTeamResult{}, fmt.Errorf("new team %q has no matches", name)
		}
	}
	if group := unanchored(len(newTeams), func(i int) []int {
		var opps []int
		for _, sd := range sides[i] {
			opps = append(opps, sd.opp)
		}
		return opps
	}); group != nil {
		names := make([]string, len(group))
		for k, i := range group {
			names[k] = newTeams[i]
		}
		return NewTeamResult{}, fmt.Errorf("new teams %q play no known team, directly or through other new teams: their handicaps are not determined", names)
	}

	tol, maxIter := s.Resolved().Tolerance, s.Resolved().MaxIterations
	if tol < 0 || maxIter < 0 {
		return NewTeamResult{}, errors.New("new-team settings must not be negative")
	}
	// The trial solution places each new team by its matches against known
	// teams alone, or at the mean of the known teams if it has none.
	mean := 0.0
	for _, m := range known {
		mean += m / float64(len(known))
	}
	cur := make([]float64, len(newTeams))
	for i := range cur {
		sum, k := 0.0, 0
		for _, sd := range sides[i] {
			if sd.opp < 0 {
				sum += sd.m - sd.margin
				k++
			}
		}
		cur[i] = mean
		if k > 0 {
			cur[i] = sum / float64(k)
		}
	}
	// Jacobi sweeps: every team is recomputed from the previous sweep, so
	// the result does not depend on the order the teams are listed in.
	res := NewTeamResult{}
	next := make([]float64, len(cur))
	for res.Iterations < maxIter && !res.Converged {
		if res.Iterations%100 == 0 && ctx.Err() != nil {
			return res, ctx.Err()
		}
		res.Iterations++
		change := 0.0
		for i, ss := range sides {
			sum := 0.0
			for _, sd := range ss {
				m := sd.m
				if sd.opp >= 0 {
					m = cur[sd.opp]
				}
				sum += m - sd.margin
			}
			next[i] = sum / float64(len(ss))
			change = max(change, math.Abs(next[i]-cur[i])/max(1, math.Abs(next[i])))
		}
		cur, next = next, cur
		res.Converged = change <= tol
	}
	for i, name := range newTeams {
		res.Teams = append(res.Teams, NewTeam{Team: name, Matches: len(sides[i]), MergedVPDiff: cur[i], IMPs: s.FormL.IMPs(cur[i])})
	}
	if !res.Converged {
		return res, fmt.Errorf("%w after %d iterations (tolerance %g VPs)", ErrNotConverged, res.Iterations, tol)
	}
	return res, nil
}

// unanchored returns the first group of new teams (by index, in order) that
// is connected by matches only to itself, or nil. opps lists the opponents of
// team i, -1 for a known team.
func unanchored(n int, opps func(i int) []int) []int {
	group := make([]int, n) // 0 unvisited, else group number
	for start := range n {
		if group[start] != 0 {
			continue
		}
		members, anchored := []int{start}, false
		group[start] = start + 1
		for k := 0; k < len(members); k++ {
			for _, o := range opps(members[k]) {
				if o < 0 {
					anchored = true
				} else if group[o] == 0 {
					group[o] = start + 1
					members = append(members, o)
				}
			}
		}
		if !anchored {
			slices.Sort(members)
			return members
		}
	}
	return nil
}
