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
// cards. The line is one unbroken line, however long its command.
func TestCardsLinePastes(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the catalogues of 13 and 29 pairs, twice each")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no shell")
	}
	if _, err := exec.LookPath("bridgereport"); err != nil {
		t.Fatalf("bridgereport is not on the PATH testscript.Main set: %v", err)
	}
	for _, args := range [][]string{{"catalogue", "--pairs", "13", "--boards", "24-27"}, {"catalogue", "--pairs", "29"}} {
		var stdout, stderr bytes.Buffer
		if err := Run(context.Background(), args, &stdout, &stderr); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, stderr.String())
		}
		var line string
		for _, l := range strings.Split(stdout.String(), "\n") {
			if strings.HasPrefix(l, "Cards: ") {
				line = strings.TrimPrefix(l, "Cards: ")
			}
		}
		if line == "" {
			t.Fatalf("%v: no Cards line in\n%s", args, stdout.String())
		}
		dir := t.TempDir()
		cmd := exec.Command(sh, "-c", line)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v: %q: %v\n%s", args, line, err, out)
		}
		page, err := os.ReadFile(filepath.Join(dir, "cards.html"))
		if err != nil || !bytes.Contains(page, []byte("Table 1")) {
			t.Errorf("%v: %q wrote no cards (%v)", args, line, err)
		}
	}
}
