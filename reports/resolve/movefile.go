package resolve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

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
		m, err = readBridgemate(data)
	case "bridgescorer":
		m, err = movement.ReadBridgescorer(bytes.NewReader(data), 0)
	default:
		return movement.ParseASC(name, bytes.NewReader(data))
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &movement.Parsed{Movement: m}, nil
}

// readBridgemate reads the Data Connector's records. The sections of a
// session play the same rounds; a section with twice the rounds of the
// others was written in half rounds (a table playing two board sets a
// round: movement --format bridgemate writes each set as a round of its
// own) and is joined back.
func readBridgemate(data []byte) (*movement.Movement, error) {
	var secs []movement.BridgemateSection
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&secs); err != nil {
		return nil, fmt.Errorf("bridgemate: %w", err)
	}
	rounds := make([]int, len(secs))
	fewest := 0
	for s, sec := range secs {
		for _, tb := range sec.Tables {
			for _, rd := range tb.Rounds {
				rounds[s] = max(rounds[s], rd.RoundNumber)
			}
		}
		if s == 0 || rounds[s] < fewest {
			fewest = rounds[s]
		}
	}
	var opt movement.BridgemateRead
	joined := false
	for s := range secs {
		opt.HalfRounds = append(opt.HalfRounds, fewest > 0 && rounds[s] == 2*fewest)
		joined = joined || opt.HalfRounds[s]
	}
	if !joined && fewest%2 == 0 {
		// Sections of the same rounds (one section, most often) were
		// written in half rounds when every table seats in round 2r the
		// pairs of round 2r-1, or nobody: no movement meets an opponent
		// twice running at one table otherwise.
		halves := opt
		halves.HalfRounds = slices.Repeat([]bool{true}, len(secs))
		if m, err := movement.FromBridgemate(secs, halves); err == nil {
			return m, nil
		}
	}
	return movement.FromBridgemate(secs, opt)
}
