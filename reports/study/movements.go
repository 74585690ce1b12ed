package study

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"syscall"

	"golang.org/x/sync/errgroup"
	"gopkg.in/yaml.v3"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/studies/library"
)

// MovementDef is a named movement of a study.
type MovementDef struct {
	Name string
	Spec MovementSpec
}

// MovementSpec says where a movement comes from: exactly one source (a file,
// inline .ASC text, a generator, or another movement), then optional
// transforms applied in the order listed here. A plain string in place of
// the mapping is its Spec: `m: howell:13`.
type MovementSpec struct {
	// Spec is a MOVEMENT as the subcommands take it (ResolveMovement): a
	// one-line movement spec such as "howell:13" or "mitchell:7,switch=2",
	// a library name, or a file relative to the study file.
	Spec          string `yaml:"spec"`
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

	// Optimize re-orients the movement by arrow switches, last, with an
	// optimize cell's settings; the result is cached as a cell's is. Give
	// iterations (not a time): the same budget and seed give the same
	// movement on every machine.
	Optimize *OptimizeOptions `yaml:"optimize"`

	line int
}

// UnmarshalYAML reads a movement's mapping, or a plain string as its Spec.
func (sp *MovementSpec) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		*sp = MovementSpec{}
		return n.Decode(&sp.Spec)
	}
	type plain MovementSpec
	if err := checkKnownFields(n, reflect.TypeFor[plain]()); err != nil {
		return err
	}
	return n.Decode((*plain)(sp))
}

// jsonSchema says, for the study schema, that a movement is a mapping or a
// string.
func (MovementSpec) jsonSchema() map[string]any {
	type plain MovementSpec
	return map[string]any{"anyOf": []any{
		map[string]any{"type": "string", "description": "a movement spec (howell:13), a library name or a file"},
		typeSchema(reflect.TypeFor[plain]()),
	}}
}

// ResolveMovement reads a MOVEMENT: a subcommand's argument, or the file of
// a study's movement (dir is then the study's folder). A path that exists is
// a movement file; else a name in the embedded movement library
// (studies/library); else a one-line movement spec (movement.ParseSpec:
// mitchell:7, howell:16,rounds=12, mitchell:7,switch=2,absent=14). Text
// that is none of these gets an error naming the nearest library names; a
// spec that names a family but is wrong gets the spec's error. The input
// records what was read, for provenance (nil for a generated movement); the
// warnings of reading are in the result. A file or library name may be
// followed by modifiers (movement.ParseModifiers): "NAME,absent=14".
func ResolveMovement(arg, dir string) (*movement.Parsed, *reports.Input, error) {
	if head, mods, ok := strings.Cut(arg, ","); ok {
		path := arg
		if dir != "" && !filepath.IsAbs(arg) {
			path = filepath.Join(dir, arg)
		}
		if _, err := movement.ParseSpec(arg); errors.Is(err, movement.ErrNotSpec) && noFile(path) {
			return resolveModified(head, mods, dir)
		}
	}
	return resolvePlain(arg, dir)
}

// noFile reports that no file has that path: it does not exist, or the
// text is too long to be a file name (a long spec).
func noFile(path string) bool {
	_, err := os.Stat(path)
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENAMETOOLONG)
}

// resolveModified reads the movement NAME and applies the modifiers that
// follow it.
func resolveModified(name, mods, dir string) (*movement.Parsed, *reports.Input, error) {
	spec, err := movement.ParseModifiers(mods)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	pm, input, err := resolvePlain(name, dir)
	if err != nil {
		return nil, nil, err
	}
	m, err := spec.Modify(pm.Movement)
	if err != nil {
		return nil, nil, fmt.Errorf("%s,%s: %w", name, mods, err)
	}
	out := *pm
	out.Movement = m
	return &out, input, nil
}

func resolvePlain(arg, dir string) (*movement.Parsed, *reports.Input, error) {
	path := arg
	if dir != "" && !filepath.IsAbs(arg) {
		path = filepath.Join(dir, arg)
	}
	if !noFile(path) {
		data, err := reports.ReadFile(path, reports.MaxInputBytes)
		if err != nil {
			return nil, nil, err
		}
		if err := checkTextFile(arg, data); err != nil {
			return nil, nil, err
		}
		pm, err := movement.ParseASC(arg, bytes.NewReader(data))
		if err != nil {
			return nil, nil, err
		}
		return pm, &reports.Input{Path: arg, SHA256: sha256Hex(data)}, nil
	}
	pm, input, err := libraryMovement(arg)
	var notFound *library.NotFoundError
	if !errors.As(err, &notFound) {
		return pm, input, err
	}
	spec, specErr := movement.ParseSpec(arg)
	if errors.Is(specErr, movement.ErrNotSpec) {
		return nil, nil, err
	}
	if specErr != nil {
		return nil, nil, specErr
	}
	m, specErr := spec.Build()
	if specErr != nil {
		return nil, nil, specErr
	}
	return &movement.Parsed{Movement: m}, nil, nil
}

// libraryMovement reads a movement of the embedded library.
func libraryMovement(name string) (*movement.Parsed, *reports.Input, error) {
	data, err := library.Read(name)
	if err != nil {
		return nil, nil, err
	}
	pm, err := movement.ParseASC(name, bytes.NewReader(data))
	if err != nil {
		return nil, nil, err
	}
	return pm, &reports.Input{Library: name, SHA256: sha256Hex(data)}, nil
}

// resolveMovements builds every movement of the study, in file order; a
// movement may only refer to one defined above it. The warnings of reading
// each are kept by name. Optimised movements use the cache (see
// optimizeMovement); those no other movement refers to are optimised last,
// side by side.
func (s *Study) resolveMovements(ctx context.Context, cache *movementCache) (map[string]*movement.Movement, []reports.Input, map[string][]string, error) {
	out := map[string]*movement.Movement{}
	var inputs []reports.Input
	warnings := map[string][]string{}
	referenced := map[string]bool{}
	for _, d := range s.Movements {
		referenced[d.Spec.From] = true
	}
	var later []MovementDef
	fail := func(d MovementDef, err error) error {
		return &StudyError{File: s.Path, Line: d.Spec.line, Err: fmt.Errorf("movement %s: %w", d.Name, err)}
	}
	for _, d := range s.Movements {
		pm, input, err := s.buildMovement(d, out)
		if err == nil && d.Spec.Optimize != nil {
			if referenced[d.Name] {
				pm.Movement, err = s.optimizeMovement(ctx, pm.Movement, d.Spec.Optimize, cache)
			} else {
				later = append(later, d)
			}
		}
		if err != nil {
			return nil, nil, nil, fail(d, err)
		}
		out[d.Name] = pm.Movement
		for _, w := range pm.Warnings {
			warnings[d.Name] = append(warnings[d.Name], w.Error())
		}
		if input != nil {
			inputs = append(inputs, *input)
		}
	}
	// Each search is deterministic, so running them at once changes nothing
	// but the time.
	done := make([]*movement.Movement, len(later))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, d := range later {
		g.Go(func() error {
			m, err := s.optimizeMovement(gctx, out[d.Name], d.Spec.Optimize, cache)
			if err != nil {
				return fail(d, err)
			}
			done[i] = m
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, nil, nil, err
	}
	for i, d := range later {
		out[d.Name] = done[i]
	}
	return out, inputs, warnings, nil
}

func (s *Study) buildMovement(d MovementDef, defined map[string]*movement.Movement) (*movement.Parsed, *reports.Input, error) {
	sp := d.Spec
	sources := 0
	for _, set := range []bool{sp.Spec != "", sp.File != "", sp.Library != "", sp.ASC != "", sp.Mitchell != 0, sp.RelayMitchell != 0, sp.Howell != 0, sp.From != ""} {
		if set {
			sources++
		}
	}
	if sources != 1 {
		return nil, nil, fmt.Errorf("give exactly one of spec, file, library, asc, mitchell, relay_mitchell, howell, from")
	}
	var m *movement.Movement
	var pm *movement.Parsed
	var input *reports.Input
	var err error
	switch {
	case sp.Spec != "":
		if isFile(s.Dir, sp.Spec) {
			if _, err := inputPath(s.Dir, sp.Spec, s.allowOutside); err != nil {
				return nil, nil, err
			}
		}
		pm, input, err = ResolveMovement(sp.Spec, s.Dir)
	case sp.File != "":
		if _, err := inputPath(s.Dir, sp.File, s.allowOutside); err != nil {
			return nil, nil, err
		}
		pm, input, err = ResolveMovement(sp.File, s.Dir)
	case sp.Library != "":
		pm, input, err = libraryMovement(sp.Library)
	case sp.ASC != "":
		pm, err = movement.ParseASC(d.Name+" (inline)", strings.NewReader(sp.ASC))
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
	if pm != nil {
		m = pm.Movement
	}
	if len(sp.Switch) > 0 || len(sp.ExceptTables) > 0 {
		if len(sp.Switch) == 0 {
			return nil, nil, fmt.Errorf("except_tables without switch")
		}
		if m, err = m.SwitchRounds(sp.Switch, sp.ExceptTables); err != nil {
			return nil, nil, err
		}
	}
	for i, rt := range sp.SwitchTables {
		if slices.Contains(sp.SwitchTables[:i], rt) {
			return nil, nil, fmt.Errorf("switch_tables: round %d, table %d is given twice (a second switch undoes the first)", rt[0], rt[1])
		}
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
	out := &movement.Parsed{Movement: m}
	if pm != nil {
		out.Warnings = pm.Warnings
	}
	return out, input, nil
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
