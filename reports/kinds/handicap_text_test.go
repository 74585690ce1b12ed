package kinds

import (
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/handicap"
)

// The new teams' caption counts its iterations in agreement with the
// noun: a league whose new teams are placed at once said "(1 iterations)".
func TestHandicapNewTeamsCountIterations(t *testing.T) {
	for n, want := range map[int]string{1: "(1 iteration).", 3: "(3 iterations)."} {
		r := &HandicapResult{NewTeams: &HandicapNewTeams{Iterations: n, Converged: true, Teams: []handicap.NewTeam{{Team: "Gnu"}}}}
		found := false
		for _, b := range r.blocks("h", "") {
			if b.Table != nil && strings.HasSuffix(b.Table.Caption, want) {
				found = true
			}
		}
		if !found {
			t.Errorf("%d iterations: no caption ending %q", n, want)
		}
	}
}
