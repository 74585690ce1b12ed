package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// The part of the handicap command's --json the tests read, by its keys.
type (
	handicapJSON struct {
		NewTeams *struct {
			Converged bool          `json:"converged"`
			Teams     []newTeamJSON `json:"teams"`
		} `json:"new_teams"`
		Matches *appliedJSON `json:"matches"`
	}
	newTeamJSON struct {
		Team         string  `json:"team"`
		Matches      int     `json:"matches"`
		MergedVPDiff float64 `json:"merged_vp_diff"`
		HandicapIMPs float64 `json:"handicap_imps"`
	}
	appliedJSON struct {
		Count int       `json:"count"`
		FormL tallyJSON `json:"form_l"`
		Old   tallyJSON `json:"old"`
	}
	tallyJSON struct {
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
)

func TestHandicapJSON(t *testing.T) {
	var out, errb bytes.Buffer
	if err := Run(context.Background(), []string{"handicap", "--json", "testdata/rdbl-2013-14.yaml"}, &out, &errb); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	var got map[string]any
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	teams, _ := got["teams"].([]any)
	outcomes, _ := got["outcomes"].([]any)
	if len(teams) != 18 || len(outcomes) != 6 {
		t.Fatalf("%d teams and %d outcomes, want 18 and 6", len(teams), len(outcomes))
	}
	for _, k := range []string{"division", "team", "avg_vp", "expected_vp_diff", "merged_vp_diff", "handicap_imps", "old_handicap_imps"} {
		if _, ok := teams[0].(map[string]any)[k]; !ok {
			t.Errorf("teams[0] has no key %q", k)
		}
	}
	for _, k := range []string{"label", "wins", "matches", "p_at_most", "p_at_least"} {
		if _, ok := outcomes[0].(map[string]any)[k]; !ok {
			t.Errorf("outcomes[0] has no key %q", k)
		}
	}
	byTeam := map[string]map[string]any{}
	for _, tm := range teams {
		m := tm.(map[string]any)
		byTeam[m["team"].(string)] = m
	}
	tests := []struct {
		team, key string
		want      float64
	}{
		// The seed prints 77 for Lambs; 2.75 × 28.67 rounds to 79.
		{"Lambs", "handicap_imps", 79},
		{"Lambs", "old_handicap_imps", 84},
		{"Rabbits", "merged_vp_diff", 10.58},
		{"Rabbits", "old_handicap_imps", 30},
		{"Donuts", "merged_vp_diff", 13.17},
		{"Pioneers", "handicap_imps", 101},
	}
	for _, tc := range tests {
		t.Run(tc.team+"."+tc.key, func(t *testing.T) {
			v, _ := byTeam[tc.team][tc.key].(float64)
			if math.Abs(v-tc.want) > 0.005 {
				t.Errorf("got %v, want %v", v, tc.want)
			}
		})
	}
	first := outcomes[0].(map[string]any)
	if p := first["p_at_most"].(float64); math.Abs(p-0.011121) > 5e-7 {
		t.Errorf("P(X ≤ 19 | 56) = %v, want 0.011121", p)
	}
	if got["matches"] != nil || got["new_teams"] != nil {
		t.Errorf("matches %v and new_teams %v without any in the file", got["matches"], got["new_teams"])
	}
}

func TestHandicapMatchesJSON(t *testing.T) {
	var out, errb bytes.Buffer
	if err := Run(context.Background(), []string{"handicap", "testdata/league-with-matches.yaml", "--json"}, &out, &errb); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	var got handicapJSON
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	want := appliedJSON{
		Count: 6,
		FormL: tallyJSON{Wins: 3, Losses: 2, Draws: 1, Decided: 5, PAtMost: 0.8125, PAtLeast: 0.5, Band: 0.5},
		Old:   tallyJSON{Wins: 2, Losses: 1, EqualHandicap: 1, Unrated: 2, Decided: 3, PAtMost: 0.875, PAtLeast: 0.5, Band: 0.5},
	}
	if got.Matches == nil || *got.Matches != want {
		t.Errorf("matches = %+v, want %+v", got.Matches, want)
	}
	if got.NewTeams == nil || !got.NewTeams.Converged || len(got.NewTeams.Teams) != 2 {
		t.Fatalf("new teams = %+v", got.NewTeams)
	}
	for i, w := range []newTeamJSON{{"Gnu", 2, 7.08, 19}, {"Hen", 2, 10.67, 29}} {
		g := got.NewTeams.Teams[i]
		if g.Team != w.Team || g.Matches != w.Matches || math.Abs(g.MergedVPDiff-w.MergedVPDiff) > 0.005 || g.HandicapIMPs != w.HandicapIMPs {
			t.Errorf("new team %d = %+v, want %+v", i, g, w)
		}
	}
}

// TestHandicapText compares the text reports with golden files; go test
// -update rewrites them.
func TestHandicapText(t *testing.T) {
	for _, name := range []string{"rdbl-2013-14", "league-with-matches"} {
		t.Run(name, func(t *testing.T) {
			var out, errb bytes.Buffer
			if err := Run(context.Background(), []string{"handicap", "testdata/" + name + ".yaml"}, &out, &errb); err != nil {
				t.Fatalf("%v\n%s", err, errb.String())
			}
			golden := filepath.Join("testdata", name+".txt")
			if *update {
				if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out.Bytes(), want) {
				t.Errorf("output differs from %s (go test -update rewrites it):\n%s", golden, out.String())
			}
		})
	}
}

// validLeague is a valid file, line by line, for the bad-input cases to break.
const validLeague = `divisions:
  - name: "1"
    teams:
      - {team: Ace, avg_vp: 12}
      - {team: Bee, avg_vp: 11}
      - {team: Cat, avg_vp: 10}
  - name: "2"
    teams:
      - {team: Dog, avg_vp: 11}
      - {team: Eel, avg_vp: 9}
`

func TestHandicapBadInput(t *testing.T) {
	tests := []struct {
		name, yaml, want string
	}{
		{"misspelt key", strings.Replace(validLeague, "avg_vp: 11}\n      - {team: Cat", "avg_vps: 11}\n      - {team: Cat", 1),
			`bad.yaml:5: unknown key "avg_vps"`},
		{"missing average", strings.Replace(validLeague, "{team: Cat, avg_vp: 10}", "{team: Cat}", 1),
			"bad.yaml:6: divisions[0].teams[2].avg_vp: missing"},
		{"not a number", strings.Replace(validLeague, "avg_vp: 10}", "avg_vp: ten}", 1),
			`bad.yaml:6: avg_vp: want a number, got "ten"`},
		{"too few teams above", strings.Replace(validLeague, "      - {team: Cat, avg_vp: 10}\n", "", 1),
			"bad.yaml:3: divisions[0].teams: 2 teams: a division with another below it needs at least 3 teams"},
		{"one team at the bottom", strings.Replace(validLeague, "      - {team: Eel, avg_vp: 9}\n", "", 1),
			"bad.yaml:8: divisions[1].teams: 1 team: a division needs at least 2 teams"},
		{"duplicate team", strings.Replace(validLeague, "team: Eel", "team: Ace", 1),
			`bad.yaml:10: divisions[1].teams[1].team: team "Ace" is already defined at line 4`},
		{"duplicate division", strings.Replace(validLeague, `name: "2"`, `name: "1"`, 1),
			`bad.yaml:7: divisions[1].name: division "1" is listed twice`},
		{"no divisions", "outcomes: []\n", "bad.yaml:1: divisions: want at least one division"},
		{"empty", "", "bad.yaml: empty file"},
		// Another file given as the league: yaml.v3's words named Go types,
		// "cannot unmarshal !!seq into league.League".
		{"a list", "- Ace\n- Bee\n", "bad.yaml:1: a league file is a mapping with divisions (and settings, outcomes, matches, new_teams), not a list"},
		{"an XML file", "<?xml version=\"1.0\"?>\n<session club=\"x\"/>\n", `bad.yaml:1: a league file is a mapping with divisions (and settings, outcomes, matches, new_teams), not "<?xml version=`},
		{"syntax", validLeague + "  - name: [\n", "bad.yaml:11: did not find expected node content"},
		{"wins above matches", validLeague + "outcomes:\n  - {label: x, wins: 60, matches: 56}\n",
			"bad.yaml:12: outcomes[0].wins: 60 wins in 56 matches"},
		{"unknown team", validLeague + "matches:\n  - {home: Ace, away: Nobody, home_imps: 3, away_imps: 1}\n",
			`bad.yaml:12: matches[0].away: unknown team "Nobody"`},
		{"plays itself", validLeague + "matches:\n  - {home: Ace, away: Ace, home_imps: 3, away_imps: 1}\n",
			`bad.yaml:12: matches[0]: "Ace" plays itself`},
		{"negative IMPs", validLeague + "matches:\n  - {home: Ace, away: Bee, home_imps: -3, away_imps: 1}\n",
			"bad.yaml:12: matches[0].home_imps: must not be negative"},
		{"negative factor", "settings:\n  factor: -2\n" + validLeague, "bad.yaml:2: settings.factor: must be a finite number"},
		{"overlap rule needs more", "settings:\n  overlap_high: 4\n" + validLeague,
			"bad.yaml:5: divisions[0].teams: 3 teams: a division with another below it needs at least 4 teams"},
		{"new team without matches", validLeague + "new_teams:\n  teams: [New]\n",
			`bad.yaml:12: new_teams.teams[0]: new team "New" has no matches`},
		{"match without a new team", validLeague + "new_teams:\n  teams: [New]\n  matches:\n    - {home: New, away: Ace, home_vps: 9, away_vps: 11}\n    - {home: Bee, away: Ace, home_vps: 9, away_vps: 11}\n",
			`bad.yaml:15: new_teams.matches[1]: neither "Bee" nor "Ace" is a new team`},
		{"new teams play only each other", validLeague + "new_teams:\n  teams: [New, Old]\n  matches:\n    - {home: New, away: Old, home_vps: 9, away_vps: 11}\n",
			`bad.yaml:11: new_teams: new teams ["New" "Old"] play no known team`},
		{"not converged", "settings:\n  max_iterations: 2\n" + validLeague + "new_teams:\n  teams: [New, Old]\n  matches:\n    - {home: New, away: Old, home_vps: 9, away_vps: 11}\n    - {home: New, away: Ace, home_vps: 9, away_vps: 11}\n",
			"bad.yaml:13: new_teams: new-team handicaps did not converge after 2 iterations"},
		// A name of 100,000 bytes is named, not echoed twice over.
		{"long name twice", strings.NewReplacer("team: Ace", "team: "+strings.Repeat("A", 100000), "team: Eel", "team: "+strings.Repeat("A", 100000)).Replace(validLeague),
			`bad.yaml:10: divisions[1].teams[1].team: team "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA… (100000 bytes)" is already defined at line 4`},
		{"long unknown team", validLeague + "matches:\n  - {home: Ace, away: " + strings.Repeat("N", 100000) + ", home_imps: 3, away_imps: 1}\n",
			`matches[0].away: unknown team "NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN… (100000 bytes)"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bad.yaml")
			if err := os.WriteFile(path, []byte(tc.yaml), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, args := range [][]string{{"handicap", path}, {"handicap", "--json", path}} {
				var out, errb bytes.Buffer
				err := Run(context.Background(), args, &out, &errb)
				if err == nil {
					t.Fatalf("%v: no error; output:\n%s", args, out.String())
				}
				msg := strings.ReplaceAll(err.Error(), path, "bad.yaml")
				if !strings.Contains(msg, tc.want) {
					t.Errorf("error %.300q does not contain %q", msg, tc.want)
				}
				if len(msg) > 300 {
					t.Errorf("a message of %d bytes", len(msg))
				}
				if out.Len() > 0 {
					t.Errorf("%v wrote %d bytes despite the error", args, out.Len())
				}
			}
		})
	}
}

func TestHandicapUsage(t *testing.T) {
	var out, errb bytes.Buffer
	if err := Run(context.Background(), []string{"handicap", "-h"}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"divisions:", "avg_vp", "outcomes:", "home_imps", "new_teams:", "home_vps", "-json"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("usage does not mention %q", want)
		}
	}
	if errb.Len() > 0 {
		t.Errorf("-h wrote to stderr: %q (the usage asked for goes to stdout)", errb.String())
	}
	var out2, errb2 bytes.Buffer
	if err := Run(context.Background(), []string{"handicap"}, &out2, &errb2); err == nil {
		t.Error("no error without a file")
	}
}

// A league file saved as Windows-1252 (Notepad's "ANSI"), with a BOM, or
// with old Mac line ends reads as the same league, its names in UTF-8. The
// first was refused: "invalid leading UTF-8 octet", without a line.
func TestHandicapEncodings(t *testing.T) {
	utf := strings.ReplaceAll(validLeague, "Dog", "Zürich Bären")
	latin, err := charmap.Windows1252.NewEncoder().String(utf)
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"windows-1252": latin, "bom": "\uFEFF" + utf, "cr": strings.ReplaceAll(utf, "\n", "\r")} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "league.yaml")
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			var got struct {
				Teams []struct {
					Team string `json:"team"`
				} `json:"teams"`
			}
			runJSON(t, &got, "handicap", "--json", path)
			found := false
			for _, tm := range got.Teams {
				found = found || tm.Team == "Zürich Bären"
			}
			if len(got.Teams) != 5 || !found {
				t.Errorf("teams %+v, want five with Zürich Bären", got.Teams)
			}
		})
	}
}
