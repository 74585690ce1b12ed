package luck

import (
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/formats/asc/asctest"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/studies/library"
)

// mustCorpus reads a movement of the movement library, named with or without
// its .txt ending.
func mustCorpus(t testing.TB, name string) *movement.Movement {
	t.Helper()
	return asctest.Library(t, name)
}

// mustMovement builds a spec ("mitchell:5,switch=2") or reads a library
// movement ("NBBR/NBB/N044_Mitchell_10").
func mustMovement(t testing.TB, name string) *movement.Movement {
	t.Helper()
	if library.Has(strings.TrimSuffix(name, ".txt")) {
		return mustCorpus(t, name)
	}
	return mustSpec(t, name)
}

// mustPrepare prepares a field's scorer, numberings and strengths.
func mustPrepare(t testing.TB, m *movement.Movement, set Settings) (*scorer, *numberings, []float64) {
	t.Helper()
	sc, nb, s, err := prepare(m, set)
	if err != nil {
		t.Fatal(err)
	}
	return sc, nb, s
}
