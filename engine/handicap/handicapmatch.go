package handicap

// Testing a handicap system on a league's own results (seed 002): apply the
// handicaps to matches already played and count how often the lower-ranked
// team, the one with the higher handicap, would have won. A fair system
// makes that a coin toss.

// Match is the raw result of one match.
type Match struct {
	Home     string  `json:"home"`
	Away     string  `json:"away"`
	HomeIMPs float64 `json:"home_imps"`
	AwayIMPs float64 `json:"away_imps"`
}

// Tally counts the handicapped outcomes of a set of matches from the side of
// the lower-ranked team. Only Wins and Losses are decided matches; the seed
// discards the rest.
type Tally struct {
	// Wins and Losses are of the team with the higher handicap.
	Wins   int `json:"wins"`
	Losses int `json:"losses"`
	Draws  int `json:"draws"` // level once the handicaps are applied
	// EqualHandicap counts matches between teams with the same handicap,
	// where neither is lower-ranked.
	EqualHandicap int `json:"equal_handicap"`
	// Unrated counts matches with a team that has no handicap, such as a new
	// team under the old system.
	Unrated int `json:"unrated"`
}

// Decided is the number of matches that count: wins plus losses.
func (t Tally) Decided() int { return t.Wins + t.Losses }

// ApplyHandicaps applies the handicaps (team name to handicap IMPs) to the
// matches: the team with the higher handicap is given the difference, and
// wins if its raw IMPs plus that difference beat its opponent's.
func ApplyHandicaps(matches []Match, handicap map[string]float64) Tally {
	var t Tally
	for _, m := range matches {
		hh, okh := handicap[m.Home]
		ha, oka := handicap[m.Away]
		switch {
		case !okh || !oka:
			t.Unrated++
			continue
		case hh == ha:
			t.EqualHandicap++
			continue
		}
		// margin of the lower-ranked team once it receives the difference
		margin := (m.HomeIMPs - m.AwayIMPs) + (hh - ha)
		if ha > hh {
			margin = -margin
		}
		switch {
		case margin > 0:
			t.Wins++
		case margin < 0:
			t.Losses++
		default:
			t.Draws++
		}
	}
	return t
}
