package handicap

import (
	"context"
	"errors"
	"fmt"
)

// A league's whole handicap question in one call, as `bridgereport
// handicap` and the studies ask it: both systems' handicaps, new teams
// placed, the handicaps tested on the league's results, and the fairness of
// outcomes counted elsewhere.

// League is what a league knows when it sets and tests handicaps.
type League struct {
	Divisions      []Division // last season's, top first
	NewTeams       []string   // teams without last season's average
	NewTeamMatches []VPMatch  // this season's matches of the new teams
	Matches        []Match    // raw results to test the handicaps on
	Outcomes       []Outcome  // outcomes counted elsewhere, to be judged
}

// Outcome is k wins (of the lower-ranked team, or whichever side the label
// says) in n matches.
type Outcome struct {
	Label   string `json:"label"`
	Wins    int    `json:"wins"`
	Matches int    `json:"matches"`
}

// Judged is an outcome with its tail probabilities if each match is a coin
// toss.
type Judged struct {
	Outcome
	// AtMost and AtLeast are P(X ≤ Wins) and P(X ≥ Wins), X ~
	// Binomial(Matches, ½).
	AtMost  float64 `json:"p_at_most"`
	AtLeast float64 `json:"p_at_least"`
	// Band is the smallest of SeedBands whose band holds Wins, or 1 when
	// none does.
	Band float64 `json:"band"`
}

// SeedBands are the masses of the bands drawn in the seed's figures.
var SeedBands = []float64{0.5, 0.9, 0.98}

// Judge returns the tails of an outcome and the band it falls in.
func Judge(o Outcome) (Judged, error) {
	if o.Matches < 0 || o.Wins < 0 || o.Wins > o.Matches {
		return Judged{}, errors.New("wins must be between 0 and the number of matches")
	}
	if o.Matches > MaxBinomialN {
		return Judged{}, fmt.Errorf("%d matches: at most %d", o.Matches, MaxBinomialN)
	}
	j := Judged{Outcome: o, Band: 1}
	j.AtMost, j.AtLeast = BinomialTails(o.Matches, o.Wins)
	for _, m := range SeedBands {
		if FairBand(o.Matches, m).Contains(o.Wins) {
			j.Band = m
			break
		}
	}
	return j, nil
}

// Settings are the parameters of the whole analysis; the zero value
// is the seed's.
type Settings struct {
	FormL FormLSettings
	Old   OldSettings
	// Tolerance and MaxIterations are those of NewTeamSettings.
	Tolerance     float64
	MaxIterations int
}

// LeagueReport is the result of LeagueHandicaps.
type LeagueReport struct {
	FormL []FormLTeam
	Old   []OldTeam // in the same order as FormL
	// Ranges[d] is the top minus the bottom average of division d.
	Ranges   []float64
	NewTeams NewTeamResult // empty when there are no new teams
	// The tallies of Matches with Form-L and with the old system's
	// handicaps (which has none for new teams), and the wins of the
	// lower-ranked team judged; all zero when there are no matches.
	FormLTally, OldTally     Tally
	FormLApplied, OldApplied Judged
	Outcomes                 []Judged
}

// NewTeamsError is a failure to place the new teams, so that a caller can
// point at them.
type NewTeamsError struct{ Err error }

func (e *NewTeamsError) Error() string { return e.Err.Error() }
func (e *NewTeamsError) Unwrap() error { return e.Err }

// Resolved returns the settings with every default filled in.
func (s Settings) Resolved() Settings {
	nt := NewTeamSettings{FormL: s.FormL, Tolerance: s.Tolerance, MaxIterations: s.MaxIterations}.Resolved()
	return Settings{FormL: nt.FormL, Old: s.Old.Resolved(), Tolerance: nt.Tolerance, MaxIterations: nt.MaxIterations}
}

// LeagueHandicaps computes everything the seed computes for a league. When
// the new teams cannot be placed the error is a *NewTeamsError; when only
// their iteration did not converge, the report comes with it, the new teams
// at the last trial solution and the error wrapping ErrNotConverged.
func LeagueHandicaps(ctx context.Context, l League, s Settings) (*LeagueReport, error) {
	formL, err := FormL(l.Divisions, s.FormL)
	if err != nil {
		return nil, err
	}
	old, err := OldSystem(l.Divisions, s.Old)
	if err != nil {
		return nil, err
	}
	r := &LeagueReport{FormL: formL, Old: old}
	for _, d := range l.Divisions {
		teams := ranked(d.Teams)
		r.Ranges = append(r.Ranges, teams[0].AvgVP-teams[len(teams)-1].AvgVP)
	}
	formLIMPs := map[string]float64{}
	merged := map[string]float64{}
	oldIMPs := map[string]float64{}
	for i, t := range formL {
		formLIMPs[t.Team], merged[t.Team] = t.IMPs, t.MergedVPDiff
		oldIMPs[old[i].Team] = old[i].IMPs
	}
	for _, o := range l.Outcomes {
		j, err := Judge(o)
		if err != nil {
			return nil, err
		}
		r.Outcomes = append(r.Outcomes, j)
	}
	var iterErr error
	if len(l.NewTeams) > 0 {
		r.NewTeams, iterErr = NewTeamHandicaps(ctx, merged, l.NewTeams, l.NewTeamMatches, NewTeamSettings{
			FormL: s.FormL, Tolerance: s.Tolerance, MaxIterations: s.MaxIterations,
		})
		if iterErr != nil {
			iterErr = &NewTeamsError{iterErr}
			if !errors.Is(iterErr, ErrNotConverged) {
				return nil, iterErr
			}
		}
		for _, t := range r.NewTeams.Teams {
			formLIMPs[t.Team] = t.IMPs
		}
	}
	if len(l.Matches) > 0 {
		r.FormLTally = ApplyHandicaps(l.Matches, formLIMPs)
		r.OldTally = ApplyHandicaps(l.Matches, oldIMPs)
		r.FormLApplied, _ = Judge(Outcome{Label: "Form-L", Wins: r.FormLTally.Wins, Matches: r.FormLTally.Decided()})
		r.OldApplied, _ = Judge(Outcome{Label: "old system", Wins: r.OldTally.Wins, Matches: r.OldTally.Decided()})
	}
	return r, iterErr
}
