// Package asctest reads the movements of the movement library
// (studies/library) for tests, through the .ASC reader: the movements
// whose published figures the engine's tests check.
package asctest

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/studies/library"
)

// Library returns a movement of the library, named with or without its
// .txt ending; t fails when it cannot be read.
func Library(t testing.TB, name string) *movement.Movement {
	t.Helper()
	name = strings.TrimSuffix(name, ".txt")
	data, err := library.Read(name)
	if err != nil {
		t.Fatal(err)
	}
	pm, err := asc.Parse(name, bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return pm.Movement
}
