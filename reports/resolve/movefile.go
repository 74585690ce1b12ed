package resolve

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/engine/formats/bridgemate"
	"github.com/bridgereport/bridgereport/engine/formats/bridgescorer"
	"github.com/bridgereport/bridgereport/engine/movement"
)

// movementFormat tells a movement file's format by its content, as the
// results files are told: a JSON array is the Bridgemate Data Connector's
// records (what movement --format bridgemate writes), a JSON object or a
// YAML document that names numberTeams is a bridgescorer movement file,
// anything else the .ASC format.
func movementFormat(data []byte) string {
	head := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\uFEFF")), " \t\r\n")
	switch {
	case bytes.HasPrefix(head, []byte("[")):
		return "bridgemate"
	case bytes.HasPrefix(head, []byte("{")), bytes.HasPrefix(head, []byte("---")) && bytes.Contains(head, []byte("numberTeams:")):
		return "bridgescorer"
	}
	return "asc"
}

// parseMovementFile reads a movement file of any format the tool writes,
// told by its content. The board groups of the other formats are the runs
// of boards always played together.
func parseMovementFile(name string, data []byte) (*movement.Parsed, error) {
	var m *movement.Movement
	var err error
	switch movementFormat(data) {
	case "bridgemate":
		m, err = bridgemate.Read(bytes.NewReader(data), bridgemate.ReadOptions{Name: name})
		var pe *engine.ParseError
		if errors.As(err, &pe) && pe.File == name {
			return nil, err // named already, with the line and column
		}
	case "bridgescorer":
		m, err = bridgescorer.Read(bytes.NewReader(data), 0)
	default:
		return asc.Parse(name, bytes.NewReader(data))
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &movement.Parsed{Movement: m}, nil
}
