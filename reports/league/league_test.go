package league

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// FuzzLeague: reading a league never panics, and every error names the
// file. The handicap command and the handicap cell's file: key read
// leagues with this decoder alone.
func FuzzLeague(f *testing.F) {
	// Small seeds in flow style: the fuzzer minimises every input that finds
	// new code, and with the full testdata leagues (1.5 KB each, read by the
	// handicap command tests) it spent its whole budget minimising.
	for _, seed := range []string{
		"divisions:\n- name: A\n  teams: [{team: A, avg_vp: 12}, {team: B, avg_vp: 11}, {team: C, avg_vp: 10}]\n- name: B\n  teams: [{team: D, avg_vp: 11}, {team: E, avg_vp: 9}]\n",
		"divisions: [{name: A, teams: [{team: A, avg_vp: 12}, {team: B, avg_vp: 7}]}]\nmatches: [{home: A, away: B, home_imps: 40, away_imps: 25}]\noutcomes: [{label: c, wins: 1, matches: 1}]\n",
		"divisions: [{name: A, teams: [{team: A, avg_vp: 12}, {team: B, avg_vp: 7}]}]\nnew_teams: {teams: [G], matches: [{home: G, away: B, home_vps: 8, away_vps: 12}]}\n",
		"settings: {factor: 1.5, round_to: 0.5, tolerance: 0.001, max_iterations: 50}\ndivisions: [{name: A, teams: [{team: A, avg_vp: 1}, {team: B, avg_vp: 2}]}]\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := parseLeague("f.yaml", data)
		if err == nil {
			ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
			_, err = in.Handicaps(ctx)
			cancel()
			if errors.Is(err, context.DeadlineExceeded) {
				return
			}
		}
		if err != nil && !strings.HasPrefix(err.Error(), "f.yaml") {
			t.Errorf("error does not name the file: %v", err)
		}
	})
}
