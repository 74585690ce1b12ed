package luck

import (
	"testing"

	"github.com/bridgereport/bridgereport/engine/formats/asc/asctest"
	"github.com/bridgereport/bridgereport/engine/movement"
)

// mustCorpus reads a movement of the movement library, named with or without
// its .txt ending.
func mustCorpus(t testing.TB, name string) *movement.Movement {
	t.Helper()
	return asctest.Library(t, name)
}
