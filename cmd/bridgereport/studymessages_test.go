package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStudyMistakesHaveLines: a study that is not UTF-8, a link the
// report blocks or refuses, and an id too long for a file name are each
// said at their line.
func TestStudyMistakesHaveLines(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		study, want string
		exit        int
	}{
		{"title: \"Caf\xe9\"\ncells:\n  - markdown: hi\n", "s.yaml:1: column 12: byte 0xE9 is not UTF-8 text", exitBad},
		{"title: T\ncells:\n  - markdown: |\n      hello\n      [x](javascript&#58;alert(1))\n", "s.yaml:5: cell 1: prose: link to a javascript: address", exitBad},
		{"title: T\nmovements:\n  m: {mitchell: 3}\ncells:\n  - balance:\n      id: " + strings.Repeat("a", 300) + "\n      rows: [{movement: m}]\n", "s.yaml:5: cell 1: id is 300 characters long, more than 100", exitBad},
		{"title: T\ncells:\n  - markdown: |\n      hello\n      [x](javascript:alert(1))\n", "s.yaml:5: warning: a link to a javascript: address is blocked", exitOK},
	}
	for i, c := range cases {
		path := filepath.Join(dir, "s.yaml")
		if err := os.WriteFile(path, []byte(c.study), 0o644); err != nil {
			t.Fatal(err)
		}
		_, stderr, err := run(t, "run", "-o", filepath.Join(dir, "out"), path)
		var msg strings.Builder
		code := exitCode(err, &msg)
		all := stderr + msg.String()
		if code != c.exit || !strings.Contains(all, c.want) {
			t.Errorf("case %d: exit %d, %q; want exit %d and %q", i, code, all, c.exit, c.want)
		}
	}
}
