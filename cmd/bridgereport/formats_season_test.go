package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScoreSeasonOfEachFormat runs score FOLDER --json, the folder given
// by its absolute path, on a season of each format the tool reads from
// the rest of the bridge world: ACBLscore reports, ACBLscore game files,
// NZ Scorer's XML. Each results file is one session; a file that is not
// one is skipped with its reason.
func TestScoreSeasonOfEachFormat(t *testing.T) {
	acbl, err := filepath.Abs("../../studies/acbl-season/results")
	if err != nil {
		t.Fatal(err)
	}
	nz, err := filepath.Abs("../../engine/formats/nzscorer/testdata/season")
	if err != nil {
		t.Fatal(err)
	}
	// The ACBL club's folder split by format: its reports (text and
	// HTML, and a notice that is neither) and its game files.
	recaps, games := t.TempDir(), t.TempDir()
	entries, err := os.ReadDir(acbl)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(acbl, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		dir := recaps
		if strings.HasSuffix(e.Name(), ".ACA") {
			dir = games
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name, dir string
		sessions  int
		format    string
		skipped   []string
	}{
		{"ACBLscore reports", recaps, 5, "acblscore recap", []string{"notice.txt"}},
		{"ACBLscore game files", games, 2, "acblscore game", nil},
		{"NZ Scorer XML", nz, 4, "nz scorer", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, stderr, err := run(t, "score", c.dir, "--json")
			if err != nil {
				t.Fatalf("%v: %s", err, stderr)
			}
			var got struct {
				Sessions []struct {
					File, Format, Date string
					Pairs              int
				} `json:"sessions"`
				Skipped []struct{ File, Reason string } `json:"skipped"`
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatal(err)
			}
			if len(got.Sessions) != c.sessions {
				t.Errorf("%d sessions, want %d", len(got.Sessions), c.sessions)
			}
			files := map[string]bool{}
			for _, s := range got.Sessions {
				if !strings.HasPrefix(s.Format, c.format) || s.Date == "" || s.Pairs == 0 {
					t.Errorf("session %+v", s)
				}
				files[s.File] = true
			}
			if len(files) != len(got.Sessions) {
				t.Errorf("%d sessions from %d files: want one a file", len(got.Sessions), len(files))
			}
			var skipped []string
			for _, s := range got.Skipped {
				skipped = append(skipped, filepath.Base(s.File))
			}
			if strings.Join(skipped, ",") != strings.Join(c.skipped, ",") {
				t.Errorf("skipped %v, want %v", got.Skipped, c.skipped)
			}
		})
	}
}
