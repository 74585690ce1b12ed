package main

import (
	"os"
	"path/filepath"
	"testing"
)

// movement -o FILE.asc --cards FILE.html writes both or neither: with the
// cards' folder missing it failed after writing the .ASC file.
func TestMovementFilesBothOrNeither(t *testing.T) {
	dir := t.TempDir()
	asc := filepath.Join(dir, "tonight m.asc")
	cards := filepath.Join(dir, "no such folder", "cards.html")
	_, _, err := run(t, "movement", "mitchell:7", "-o", asc, "--cards", cards)
	if err == nil {
		t.Fatal("the cards were written into a missing folder")
	}
	if _, err := os.Stat(asc); !os.IsNotExist(err) {
		t.Errorf("the command failed and left %s: %v", asc, err)
	}
}
