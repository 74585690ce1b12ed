package movement

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/studies/library"
)

// corpusFiles lists every movement of the project's movement library.
func corpusFiles(t testing.TB) []string {
	t.Helper()
	return library.Names()
}

// mustCorpus reads a movement of the movement library, named with or without
// its .txt ending.
func mustCorpus(t testing.TB, name string) *Movement {
	t.Helper()
	name = strings.TrimSuffix(name, ".txt")
	data, err := library.Read(name)
	if err != nil {
		t.Fatal(err)
	}
	pm, err := ParseASC(name, bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return pm.Movement
}
