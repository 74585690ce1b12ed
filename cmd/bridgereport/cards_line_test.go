package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCardsLinePastes runs the catalogue's printed "Cards:" line, as
// printed, through a shell with bridgereport on the PATH (the test binary:
// TestMain has testscript install it as bridgereport): it writes the
// cards. Without COLUMNS the line is one unbroken line, however long its
// command; with COLUMNS=80 a longer one goes on over the next lines, after
// backslashes, and pastes as one command all the same.
func TestCardsLinePastes(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the catalogues of 13 and 29 pairs (29 twice), and the Cards lines")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no shell")
	}
	if _, err := exec.LookPath("bridgereport"); err != nil {
		t.Fatalf("bridgereport is not on the PATH testscript.Main set: %v", err)
	}
	for _, c := range []struct {
		columns string
		args    []string
	}{{"", []string{"catalogue", "--pairs", "13", "--boards", "24-27"}}, {"", []string{"catalogue", "--pairs", "29"}}, {"80", []string{"catalogue", "--pairs", "29"}}} {
		args := c.args
		env := map[string]string{}
		if c.columns != "" {
			env["COLUMNS"] = c.columns
		}
		var stdout, stderr bytes.Buffer
		if err := Run(withEnv(context.Background(), env), args, &stdout, &stderr); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, stderr.String())
		}
		var line string
		continued := false
		for _, l := range strings.Split(stdout.String(), "\n") {
			switch {
			case strings.HasPrefix(l, "Cards: "):
				line = strings.TrimPrefix(l, "Cards: ")
			case continued:
				line += "\n" + l
			default:
				continue
			}
			continued = strings.HasSuffix(l, "\\")
		}
		if line == "" {
			t.Fatalf("%v: no Cards line in\n%s", args, stdout.String())
		}
		if lines := strings.Count(line, "\n") + 1; c.columns == "" && lines != 1 || c.columns != "" && lines < 2 {
			t.Errorf("COLUMNS=%q %v: the command is on %d lines:\n%s", c.columns, args, lines, line)
		}
		dir := t.TempDir()
		cmd := exec.Command(sh, "-c", line)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v: %q: %v\n%s", args, line, err, out)
		}
		page, err := os.ReadFile(filepath.Join(dir, "cards.html"))
		if err != nil || !bytes.Contains(page, []byte(`class="tablecard"`)) {
			t.Errorf("%v: %q wrote no cards (%v)", args, line, err)
		}
	}
}
