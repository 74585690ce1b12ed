package reports

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/studies/library"
)

// MovementDef is a named movement of a study.
type MovementDef struct {
	Name string
	Spec MovementSpec
}

// MovementSpec says where a movement comes from: exactly one source (a file,
// inline .ASC text, a generator, or another movement), then optional
// transforms applied in the order listed here.
type MovementSpec struct {
	File          string `yaml:"file"`    // relative to the study file
	Library       string `yaml:"library"` // a movement of the embedded library
	ASC           string `yaml:"asc"`
	Mitchell      int    `yaml:"mitchell"`       // tables (odd)
	RelayMitchell int    `yaml:"relay_mitchell"` // tables (even)
	Howell        int    `yaml:"howell"`         // pairs (even)
	From          string `yaml:"from"`           // another movement of the study

	Switch       []int    `yaml:"switch"`        // rounds to arrow-switch
	ExceptTables []int    `yaml:"except_tables"` // tables the round switches leave alone
	SwitchTables [][2]int `yaml:"switch_tables"` // single tables, as [round, table]
	Absent       int      `yaml:"absent"`        // a pair made absent (phantom)

	line int
}

// resolveMovements builds every movement of the study, in file order; a
// movement may only refer to one defined above it.
func (s *Study) resolveMovements() (map[string]*movement.Movement, []Input, error) {
	out := map[string]*movement.Movement{}
	var inputs []Input
	for _, d := range s.Movements {
		m, input, err := s.buildMovement(d, out)
		if err != nil {
			return nil, nil, &StudyError{File: s.Path, Line: d.Spec.line, Err: fmt.Errorf("movement %s: %w", d.Name, err)}
		}
		out[d.Name] = m
		if input != nil {
			inputs = append(inputs, *input)
		}
	}
	return out, inputs, nil
}

func (s *Study) buildMovement(d MovementDef, defined map[string]*movement.Movement) (*movement.Movement, *Input, error) {
	sp := d.Spec
	sources := 0
	for _, set := range []bool{sp.File != "", sp.Library != "", sp.ASC != "", sp.Mitchell != 0, sp.RelayMitchell != 0, sp.Howell != 0, sp.From != ""} {
		if set {
			sources++
		}
	}
	if sources != 1 {
		return nil, nil, fmt.Errorf("give exactly one of file, library, asc, mitchell, relay_mitchell, howell, from")
	}
	var m *movement.Movement
	var input *Input
	var err error
	switch {
	case sp.File != "":
		var data []byte
		if data, err = os.ReadFile(filepath.Join(s.Dir, sp.File)); err == nil {
			input = &Input{Path: sp.File, SHA256: sha256Hex(data)}
			m, err = parseMovement(sp.File, data)
		}
	case sp.Library != "":
		var data []byte
		if data, err = library.Read(sp.Library); err == nil {
			input = &Input{Library: sp.Library, SHA256: sha256Hex(data)}
			m, err = parseMovement(sp.Library, data)
		}
	case sp.ASC != "":
		var pm *movement.Parsed
		pm, err = movement.ParseASC(d.Name+" (inline)", strings.NewReader(sp.ASC))
		if err == nil {
			m = pm.Movement
		}
	case sp.Mitchell != 0:
		m, err = movement.Mitchell(sp.Mitchell)
	case sp.RelayMitchell != 0:
		m, err = movement.RelayMitchell(sp.RelayMitchell)
	case sp.Howell != 0:
		m, err = movement.Howell(sp.Howell)
	default:
		base, ok := defined[sp.From]
		if !ok {
			return nil, nil, fmt.Errorf("from: %q is not defined above", sp.From)
		}
		m = base.Clone()
	}
	if err != nil {
		return nil, nil, err
	}
	if len(sp.Switch) > 0 || len(sp.ExceptTables) > 0 {
		if len(sp.Switch) == 0 {
			return nil, nil, fmt.Errorf("except_tables without switch")
		}
		if m, err = m.SwitchRounds(sp.Switch, sp.ExceptTables); err != nil {
			return nil, nil, err
		}
	}
	for _, rt := range sp.SwitchTables {
		if rt[0] < 1 || rt[0] > m.Rounds || rt[1] < 1 || rt[1] > m.Tables {
			return nil, nil, fmt.Errorf("switch_tables: [%d, %d] is outside %d rounds × %d tables", rt[0], rt[1], m.Rounds, m.Tables)
		}
		m.Switch(rt[0], rt[1])
	}
	if sp.Absent != 0 {
		if m, err = m.WithoutPair(sp.Absent); err != nil {
			return nil, nil, err
		}
	}
	return m, input, nil
}

func parseMovement(name string, data []byte) (*movement.Movement, error) {
	pm, err := movement.ParseASC(name, bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return pm.Movement, nil
}

func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// checkReferences makes sure every movement a cell names is defined, so a
// broken study fails before any cell runs.
func (s *Study) checkReferences() error {
	defined := map[string]bool{}
	for _, d := range s.Movements {
		defined[d.Name] = true
	}
	for _, c := range s.Cells {
		for _, name := range c.body.movements() {
			if !defined[name] {
				return &StudyError{File: s.Path, Line: c.Line, Err: fmt.Errorf("cell %d (%s): movement %q is not defined", c.Index+1, c.Kind(), name)}
			}
		}
	}
	return nil
}
