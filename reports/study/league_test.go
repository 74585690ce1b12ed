package study

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// FuzzLeague: reading a league never panics, and every error names the
// file. The handicap command and the handicap cell's file: key read
// leagues with this decoder alone.
func FuzzLeague(f *testing.F) {
	for _, name := range []string{"rdbl-2013-14.yaml", "league-with-matches.yaml"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "cmd", "bridgereport", "testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("divisions:\n  - name: \"1\"\n    teams:\n      - {team: Ace, avg_vp: 12}\n      - {team: Bee, avg_vp: 11}\n" +
		"matches:\n  - {home: Ace, away: Bee, home_imps: 1, away_imps: 2}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		start := time.Now()
		in, err := parseLeague("f.yaml", data)
		if err == nil {
			_, err = in.handicaps(t.Context())
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("took %v on %q", d, data)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "f.yaml") {
			t.Errorf("error does not name the file: %v", err)
		}
	})
}
