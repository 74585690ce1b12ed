package resolve

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"

	"gopkg.in/yaml.v3"

	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/disk"
	"github.com/bridgereport/bridgereport/reports/load"
	"github.com/bridgereport/bridgereport/studies/library"
)

// MovementDef is a named movement of a study.
type MovementDef struct {
	Name string
	Spec MovementSpec
}

// Definitions are the movements of a study's movements mapping n, decoded
// into specs, in the order of the file, each with its line; nil n: none.
func Definitions(n *yaml.Node, specs map[string]MovementSpec) []MovementDef {
	if n == nil {
		return nil
	}
	var defs []MovementDef
	for i := 0; i+1 < len(n.Content); i += 2 {
		name := n.Content[i].Value
		spec := specs[name]
		spec.Line = n.Content[i].Line
		defs = append(defs, MovementDef{Name: name, Spec: spec})
	}
	return defs
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

	Line int `yaml:"-" json:"-"` // of the movement in the study file
}

// UnmarshalYAML reads a movement's mapping, or a plain string as its Spec.
func (sp *MovementSpec) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		*sp = MovementSpec{}
		return n.Decode(&sp.Spec)
	}
	if n.Kind != yaml.MappingNode && n.Kind != yaml.AliasNode {
		return fmt.Errorf("line %d: want a spec, a library name or a mapping, got a list", n.Line)
	}
	type plain MovementSpec
	if err := load.CheckKnownFields(n, reflect.TypeFor[plain]()); err != nil {
		return err
	}
	return n.Decode((*plain)(sp))
}

// JSONSchema says, for the study schema, that a movement is a mapping or a
// string.
func (MovementSpec) JSONSchema() map[string]any {
	type plain MovementSpec
	return map[string]any{"anyOf": []any{
		map[string]any{"type": "string", "description": "a movement spec (howell:13), a library name or a file"},
		load.TypeSchema(reflect.TypeFor[plain]()),
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
	return resolveMovement(arg, dir, true)
}

// Named resolves a library name or a one-line spec, with modifiers, and
// never a file: a kind resolves the specs it made itself this way, so that
// a file of the same name in the working folder cannot stand in for one.
func Named(spec string) (*movement.Parsed, error) {
	pm, _, err := resolveMovement(spec, "", false)
	return pm, err
}

// resolveMovement is ResolveMovement, reading files only when files is set.
func resolveMovement(arg, dir string, files bool) (*movement.Parsed, *reports.Input, error) {
	if head, mods, ok := strings.Cut(arg, ","); ok {
		path := arg
		if dir != "" && !filepath.IsAbs(arg) {
			path = filepath.Join(dir, arg)
		}
		if _, err := movement.ParseSpec(arg); errors.Is(err, movement.ErrNotSpec) && (!files || noFile(path)) {
			return resolveModified(head, mods, dir, files)
		}
	}
	return resolvePlain(arg, dir, files)
}

// noFile reports that no file has that path: it does not exist, or the
// text is too long to be a file name (a long spec).
func noFile(path string) bool {
	_, err := os.Stat(path)
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENAMETOOLONG)
}

// resolveModified reads the movement NAME and applies the modifiers that
// follow it.
func resolveModified(name, mods, dir string, files bool) (*movement.Parsed, *reports.Input, error) {
	spec, err := movement.ParseModifiers(mods)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	pm, input, err := resolvePlain(name, dir, files)
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

func resolvePlain(arg, dir string, files bool) (*movement.Parsed, *reports.Input, error) {
	path := arg
	if dir != "" && !filepath.IsAbs(arg) {
		path = filepath.Join(dir, arg)
	}
	if files && !noFile(path) {
		data, err := disk.ReadFile(path, disk.MaxInputBytes)
		if err != nil {
			return nil, nil, err
		}
		if err := load.CheckTextFile(arg, data); err != nil {
			return nil, nil, err
		}
		pm, err := parseMovementFile(arg, data)
		if err != nil {
			return nil, nil, err
		}
		return pm, &reports.Input{Path: arg, SHA256: sha256Hex(data)}, nil
	}
	if library.Has(arg) {
		return libraryMovement(arg)
	}
	spec, specErr := movement.ParseSpec(arg)
	if errors.Is(specErr, movement.ErrNotSpec) {
		if files && filepath.Ext(arg) != "" {
			// nofile.asc is a file that is not there, not a library name
			// misspelt: say so, without library names that only look alike.
			return nil, nil, fmt.Errorf("%s: no such file", path)
		}
		// The library's error names the nearest names: worked out only
		// here, where it is shown (a spec never needs them).
		_, _, err := libraryMovement(arg)
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
	pm, err := asc.Parse(name, bytes.NewReader(data))
	if err != nil {
		return nil, nil, err
	}
	return pm, &reports.Input{Library: name, SHA256: sha256Hex(data)}, nil
}

func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// ReadMovement resolves a command's MOVEMENT argument, as ResolveMovement
// does from the working folder, and writes its warnings to warn.
func ReadMovement(arg string, warn io.Writer) (*movement.Parsed, error) {
	pm, _, err := ResolveMovement(arg, "")
	if err != nil {
		return nil, err
	}
	for _, w := range pm.Warnings {
		fmt.Fprintf(warn, "warning: %v\n", w)
	}
	return pm, nil
}
