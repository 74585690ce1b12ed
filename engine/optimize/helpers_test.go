package optimize

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// corpusDir is the shared movement corpus, beside the project root.
const corpusDir = "../../../shared/movements"

// mustCorpus reads a movement of the shared corpus.
func mustCorpus(t testing.TB, rel string) *movement.Movement {
	t.Helper()
	f, err := os.Open(filepath.Join(corpusDir, rel))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pm, err := movement.ParseASC(rel, f)
	if err != nil {
		t.Fatal(err)
	}
	return pm.Movement
}
