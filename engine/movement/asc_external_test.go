package movement_test

import (
	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/engine/movement"
)

// The internal tests read and write .ASC through asc_hooks_test.go.
func init() {
	movement.ParseASC, movement.WriteASC = asc.Parse, asc.Write
}
