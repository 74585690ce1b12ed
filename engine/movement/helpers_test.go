package movement

import (
	"os"
	"path/filepath"
	"testing"
)

// mustCorpus reads a movement of the shared corpus.
func mustCorpus(t testing.TB, rel string) *Movement {
	t.Helper()
	f, err := os.Open(filepath.Join(corpusDir, rel))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pm, err := ParseASC(rel, f)
	if err != nil {
		t.Fatal(err)
	}
	return pm.Movement
}
