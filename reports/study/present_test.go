package study

import (
	"bytes"
	"encoding/json"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/kinds"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
)

// The text layout of a study cell is the command's text: both come from
// the one presenter of the cell's Result.
func TestLayoutTextIsTheCommandsText(t *testing.T) {
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
		{"instant", "instant: {file: board.txt, layout: text}", &kinds.InstantCell{File: "board.txt", Layout: cell.LayoutText}},
		{"session", "session: {file: session.csv, layout: text}", &kinds.SessionCell{File: "session.csv", Layout: cell.LayoutText}},
		{"handicap", "handicap: {file: league.yaml, layout: text}", &kinds.HandicapCell{File: "league.yaml", Layout: cell.LayoutText}},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			rep, result, err := (&Command{Kind: tc.kind, Cell: tc.cell}).Run(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			var command bytes.Buffer
			if err := new(reports.Renderer).Text(&command, rep); err != nil {
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
			var pre []*reports.Preformatted
			for _, b := range got.Blocks() {
				if b.Pre != nil {
					pre = append(pre, b.Pre)
				}
			}
			if len(pre) != 1 {
				t.Fatalf("the study shows %d preformatted blocks, want 1", len(pre))
			}
			if pre[0].Text != command.String() {
				t.Errorf("study text layout:\n%s\ncommand:\n%s", pre[0].Text, command.String())
			}
			// The command's result, its --json, names the file the text
			// names.
			data, err := json.Marshal(result)
			if err != nil {
				t.Fatal(err)
			}
			var top struct{ File string }
			if err := json.Unmarshal(data, &top); err != nil || top.File == "" || !strings.Contains(pre[0].Text, top.File) {
				t.Errorf("result file %q (%v) not named in the text", top.File, err)
			}
		})
	}
}

func TestLayoutRefusesUnknownNames(t *testing.T) {
	_, err := ParseStudy("s.yaml", []byte("title: T\ncells:\n  - instant:\n      results: [[420, 1]]\n      layout: seed\n"), nil)
	if err == nil || !strings.Contains(err.Error(), "want tables or text") || !strings.Contains(err.Error(), "s.yaml:5") {
		t.Errorf("layout: seed gave %v, want the line and the names", err)
	}
}
