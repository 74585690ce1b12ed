package reports

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/bridgereport/bridgereport/engine/movement"
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
	File          string `yaml:"file"` // relative to the study file
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
func (s *Study) resolveMovements() (map[string]*movement.Movement, []string, error) {
	out := map[string]*movement.Movement{}
	var inputs []string
	for _, d := range s.Movements {
		m, input, err := s.buildMovement(d, out)
		if err != nil {
			return nil, nil, &StudyError{File: s.Path, Line: d.Spec.line, Err: fmt.Errorf("movement %s: %w", d.Name, err)}
		}
		out[d.Name] = m
		if input != "" {
			inputs = append(inputs, input)
		}
	}
	return out, inputs, nil
}

func (s *Study) buildMovement(d MovementDef, defined map[string]*movement.Movement) (*movement.Movement, string, error) {
	sp := d.Spec
	sources := 0
	for _, set := range []bool{sp.File != "", sp.ASC != "", sp.Mitchell != 0, sp.RelayMitchell != 0, sp.Howell != 0, sp.From != ""} {
		if set {
			sources++
		}
	}
	if sources != 1 {
		return nil, "", fmt.Errorf("give exactly one of file, asc, mitchell, relay_mitchell, howell, from")
	}
	var m *movement.Movement
	var input string
	var err error
	switch {
	case sp.File != "":
		input = sp.File
		m, err = s.readMovementFile(sp.File)
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
			return nil, "", fmt.Errorf("from: %q is not defined above", sp.From)
		}
		m = base.Clone()
	}
	if err != nil {
		return nil, "", err
	}
	if len(sp.Switch) > 0 || len(sp.ExceptTables) > 0 {
		if len(sp.Switch) == 0 {
			return nil, "", fmt.Errorf("except_tables without switch")
		}
		if m, err = m.SwitchRounds(sp.Switch, sp.ExceptTables); err != nil {
			return nil, "", err
		}
	}
	for _, rt := range sp.SwitchTables {
		if rt[0] < 1 || rt[0] > m.Rounds || rt[1] < 1 || rt[1] > m.Tables {
			return nil, "", fmt.Errorf("switch_tables: [%d, %d] is outside %d rounds × %d tables", rt[0], rt[1], m.Rounds, m.Tables)
		}
		m.Switch(rt[0], rt[1])
	}
	if sp.Absent != 0 {
		if m, err = m.WithoutPair(sp.Absent); err != nil {
			return nil, "", err
		}
	}
	return m, input, nil
}

func (s *Study) readMovementFile(rel string) (*movement.Movement, error) {
	path := filepath.Join(s.Dir, rel)
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	pm, err := movement.ParseASC(rel, f)
	if err != nil {
		return nil, err
	}
	return pm.Movement, nil
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
