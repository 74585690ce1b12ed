package study

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/kinds"
)

// A command and a study cell of the same kind show the same blocks: the
// kind has one presenter, and the command's text is the Text printer of
// its blocks.
func TestCommandShowsTheCellsBlocks(t *testing.T) {
	files := map[string]string{
		"board.txt":   "450 2\n420 4\n400 3\n170 6\n-50 1\n",
		"session.csv": "board,ns,ew,score\n1,1,3,420\n1,2,4,450\n2,1,4,-100\n2,2,3,-100\n3,1,3,50\n",
		"league.yaml": "divisions:\n  - name: A\n    teams:\n      - {team: Ace, avg_vp: 12}\n      - {team: Bee, avg_vp: 11}\n" +
			"outcomes:\n  - {label: c, wins: 3, matches: 5}\n",
	}
	dir := t.TempDir()
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	for _, tc := range []struct {
		kind, yaml string
		cell       cell.Body
	}{
		{"instant", "instant: {id: instant, file: board.txt}", &kinds.InstantCell{File: "board.txt"}},
		{"session", "session: {id: session, file: session.csv}", &kinds.SessionCell{File: "session.csv"}},
		{"handicap", "handicap: {id: handicap, file: league.yaml}", &kinds.HandicapCell{File: "league.yaml"}},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			cr, _, err := (&Command{Cell: tc.cell}).Run(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			s, err := ParseStudy("s.yaml", []byte("title: T\ncells:\n  - "+tc.yaml+"\n"), nil)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Run(t.Context(), s, RunOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if c, s := shown(t, cr.Sections[0].Blocks), shown(t, got.Sections[0].Blocks); c != s {
				t.Errorf("the command shows\n%s\nthe study\n%s", c, s)
			}
		})
	}
}

// The text layouts are gone: layout is no key of any cell.
func TestLayoutIsNoKey(t *testing.T) {
	_, err := ParseStudy("s.yaml", []byte("title: T\ncells:\n  - instant:\n      results: [[420, 1]]\n      layout: text\n"), nil)
	if err == nil || !strings.Contains(err.Error(), "layout") || !strings.Contains(err.Error(), "s.yaml:5") {
		t.Errorf("layout: text gave %v, want an unknown key at line 5", err)
	}
}
