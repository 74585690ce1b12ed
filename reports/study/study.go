package study

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
	"gopkg.in/yaml.v3"
)

// Study is a decoded study file: prose and analysis cells over named
// movements, with declared parameters.
type Study struct {
	Path string // as given on the command line
	Name string // file name without .yaml: the output folder
	Dir  string // folder of the study file; movement files are relative to it

	allowOutside bool   // set by Run from RunOptions.AllowOutside
	Data         []byte // the file as read, for its hash

	Title      string
	Summary    string
	Headline   []string // check names shown in the index of studies
	Parameters []Parameter
	Values     map[string]string // parameter values in force, by name
	Movements  []MovementDef
	Cells      []Cell
}

// studyFile is the YAML schema of a study.
type studyFile struct {
	Title      string                  `yaml:"title"`
	Summary    string                  `yaml:"summary"`
	Headline   []string                `yaml:"headline"`
	Parameters []Parameter             `yaml:"parameters"`
	Movements  map[string]MovementSpec `yaml:"movements"`
	Cells      []yaml.Node             `yaml:"cells"` // decoded by kind
}

// Parameter is a declared study parameter, used in the study as ${name}.
type Parameter struct {
	Name    string `yaml:"name"`
	Type    string `yaml:"type"` // int, float, string or bool
	Default string `yaml:"default"`
	Doc     string `yaml:"doc"`
	// Min and Max bound a number's value, when given (-p is checked too).
	Min *float64 `yaml:"min"`
	Max *float64 `yaml:"max"`
}

// NameOf is the name of the study in a file: its file name without the
// extension. It names the study's output folder.
func NameOf(path string) string {
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
}

// StudyError is a problem in a study file, at a line when one is known.
type StudyError struct {
	File string
	Line int
	Err  error
}

func (e *StudyError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("study: %s: %v", e.File, e.Err)
	}
	return fmt.Sprintf("study: %s:%d: %v", e.File, e.Line, e.Err)
}

func (e *StudyError) Unwrap() error { return e.Err }

// LoadStudy reads and decodes a study, applying parameter overrides
// (name=value, checked against the declared type).
func LoadStudy(path string, overrides map[string]string) (*Study, error) {
	data, err := reports.ReadFile(path, reports.MaxStudyBytes)
	if err != nil {
		return nil, &StudyError{File: path, Err: err}
	}
	return ParseStudy(path, data, overrides)
}

// ParseStudy decodes a study from its bytes; path names it in errors and
// locates the files it refers to.
func ParseStudy(path string, data []byte, overrides map[string]string) (*Study, error) {
	fail := func(line int, format string, args ...any) error {
		return &StudyError{File: path, Line: line, Err: fmt.Errorf(format, args...)}
	}
	if checkTextFile(path, data) != nil {
		return nil, &StudyError{File: path, Err: ErrBinary}
	}
	var root yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&root); err != nil && !errors.Is(err, io.EOF) {
		return nil, syntaxError(path, data, err)
	}
	// A second document would be ignored: refuse it.
	var second yaml.Node
	if err := dec.Decode(&second); err == nil {
		return nil, fail(second.Line, "a second YAML document (after ---): a study is one document")
	} else if !errors.Is(err, io.EOF) {
		return nil, syntaxError(path, data, err)
	}
	if err := checkMovementCounts(path, &root); err != nil {
		return nil, err
	}
	if len(root.Content) == 0 {
		return nil, fail(0, "empty study")
	}
	doc := root.Content[0]
	if doc.Kind != yaml.MappingNode {
		return nil, fail(doc.Line, "a study is a mapping with title, parameters, movements and cells")
	}

	// Parameters first: their values are substituted into the rest.
	var params []Parameter
	if n := mappingValue(doc, "parameters"); n != nil {
		if err := strictDecode(n, &params); err != nil {
			return nil, yamlError(path, err)
		}
	}
	values, err := parameterValues(params, overrides)
	if err != nil {
		line := 0
		if n := mappingValue(doc, "parameters"); n != nil {
			line = n.Line
		}
		return nil, fail(line, "%v", err)
	}
	if err := substitute(doc, values); err != nil {
		return nil, fail(err.line, "%v", err.err)
	}

	if err := checkFinite(doc, "study"); err != nil {
		return nil, fail(err.line, "%v", err.err)
	}
	var sf studyFile
	if err := strictDecode(doc, &sf); err != nil {
		return nil, yamlError(path, err)
	}
	if strings.TrimSpace(sf.Title) == "" {
		return nil, fail(doc.Line, "title: missing")
	}
	if err := reports.CheckName(NameOf(path)); err != nil {
		return nil, &StudyError{File: path, Err: err}
	}
	s := &Study{
		Path: path, Name: NameOf(path), Dir: filepath.Dir(path),
		Data: data, Title: sf.Title, Summary: sf.Summary, Headline: sf.Headline, Parameters: params, Values: values,
	}

	// Movements keep the order of the file.
	if n := mappingValue(doc, "movements"); n != nil {
		for i := 0; i+1 < len(n.Content); i += 2 {
			name := n.Content[i].Value
			spec := sf.Movements[name]
			spec.line = n.Content[i].Line
			s.Movements = append(s.Movements, MovementDef{Name: name, Spec: spec})
		}
	}
	cellNodes := mappingValue(doc, "cells")
	if cellNodes == nil || len(sf.Cells) == 0 {
		line := doc.Line
		if cellNodes != nil {
			line = cellNodes.Line
		}
		return nil, fail(line, "cells: a study needs at least one cell")
	}
	ids := map[string]int{}
	for i, node := range cellNodes.Content {
		line := node.Line
		kind, c, err := decodeCell(node)
		if err != nil {
			if se := yamlError(path, err).(*StudyError); se.Line != 0 {
				return nil, se
			}
			return nil, fail(line, "cell %d: %v", i+1, err)
		}
		id := cellID(kind, c, i)
		if prev, dup := ids[id]; dup {
			return nil, fail(line, "cell %d: id %q is already used by the cell on line %d", i+1, id, prev)
		}
		ids[id] = line
		s.Cells = append(s.Cells, Cell{Index: i, Line: line, ID: id, kind: kind, body: c, figures: figureEntries(node, nil), proseLine: proseStart(node)})
	}
	if err := s.checkReferences(); err != nil {
		return nil, err
	}
	return s, nil
}

// strictDecode decodes a node refusing unknown keys. yaml.v3 applies
// KnownFields only through a Decoder on raw bytes, so the keys are checked
// against the Go type here, on the node, where every key keeps its line.
func strictDecode(n *yaml.Node, v any) error {
	if err := checkKnownFields(n, reflect.TypeOf(v)); err != nil {
		return err
	}
	return n.Decode(v)
}

var (
	unmarshalerType = reflect.TypeFor[yaml.Unmarshaler]()
	nodeType        = reflect.TypeFor[yaml.Node]()
)

func checkKnownFields(n *yaml.Node, t reflect.Type) error {
	if t == nodeType {
		return nil // decoded later, on its own
	}
	for t.Kind() == reflect.Pointer {
		if t.Implements(unmarshalerType) {
			return nil
		}
		t = t.Elem()
	}
	if reflect.PointerTo(t).Implements(unmarshalerType) {
		return nil
	}
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	switch t.Kind() {
	case reflect.Struct:
		if n.Kind != yaml.MappingNode {
			return nil // Decode reports the type mismatch with its line
		}
		fields := yamlFields(t)
		for i := 0; i+1 < len(n.Content); i += 2 {
			key := n.Content[i]
			ft, ok := fields[key.Value]
			if !ok {
				return fmt.Errorf("line %d: unknown key %q (known here: %s)", key.Line, key.Value, knownKeys(fields))
			}
			if err := checkText(n.Content[i+1], ft); err != nil {
				return fmt.Errorf("line %d: %s: %v", key.Line, key.Value, err)
			}
			if err := checkValueShape(key.Value, n.Content[i+1], ft); err != nil {
				return err
			}
			if err := checkKnownFields(n.Content[i+1], ft); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		for _, c := range n.Content {
			if err := checkText(c, t.Elem()); err != nil {
				return fmt.Errorf("line %d: %v", c.Line, err)
			}
			if err := checkKnownFields(c, t.Elem()); err != nil {
				return err
			}
		}
	case reflect.Map:
		if n.Kind == yaml.MappingNode {
			for i := 1; i < len(n.Content); i += 2 {
				if err := checkKnownFields(n.Content[i], t.Elem()); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// checkText decodes a scalar into a type that reads text (a setting such
// as optimize.Mode), so that its error keeps the line: yaml.v3 reports
// such errors without one.
func checkText(n *yaml.Node, t reflect.Type) error {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" || t.Kind() == reflect.Pointer {
		return nil
	}
	if u, ok := reflect.New(t).Interface().(encoding.TextUnmarshaler); ok {
		return u.UnmarshalText([]byte(n.Value))
	}
	return nil
}

// checkValueShape says in words what a key wants when its value cannot be
// what the field takes (yaml.v3 would say "cannot unmarshal !!str into
// int64"): a list where a list is wanted, and scalars that decode.
func checkValueShape(key string, n *yaml.Node, t reflect.Type) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nodeType || reflect.PointerTo(t).Implements(unmarshalerType) || n.Kind == yaml.AliasNode {
		return nil
	}
	got := fmt.Sprintf("%q", n.Value)
	switch n.Kind {
	case yaml.SequenceNode:
		got = "a list"
	case yaml.MappingNode:
		got = "a mapping"
	}
	fail := func(want string) error {
		return fmt.Errorf("line %d: %s: want %s, got %s", n.Line, key, wantWords(want), got)
	}
	if t.Kind() == reflect.Struct && reflect.PointerTo(t).Implements(textUnmarshaler) {
		// A setting written as text, such as optimize.Weights "2:1":
		// checkText has read it.
		if n.Kind != yaml.ScalarNode {
			return fail(typeWords(t))
		}
		return nil
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		if n.Kind != yaml.SequenceNode {
			return fail(typeWords(t))
		}
	case reflect.Map, reflect.Struct:
		if n.Kind != yaml.MappingNode {
			return fail("a mapping")
		}
	default:
		if n.Kind != yaml.ScalarNode {
			return fail(typeWords(t))
		}
		if err := n.Decode(reflect.New(t).Interface()); err != nil {
			if reflect.PointerTo(t).Implements(textUnmarshaler) {
				return fmt.Errorf("line %d: %s: %v", n.Line, key, strings.TrimPrefix(err.Error(), "yaml: "))
			}
			return fail(typeWords(t))
		}
	}
	return nil
}

// wantWords puts an article before a type's words: "a whole number",
// "a list of whole numbers".
func wantWords(words string) string {
	switch {
	case words == "text" || words == "true/false":
		return strings.Replace(words, "/", " or ", 1)
	case strings.HasPrefix(words, "list of "):
		elem := strings.TrimPrefix(words, "list of ")
		if !strings.HasPrefix(elem, "list") && !strings.HasPrefix(elem, "mapping") && elem != "text" {
			elem += "s"
		}
		return "a list of " + elem
	}
	return "a " + words
}

// yamlFields maps the YAML keys of a struct type to their field types.
func yamlFields(t reflect.Type) map[string]reflect.Type {
	fields := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if name == "-" {
			continue
		}
		if strings.Contains(opts, "inline") {
			maps.Copy(fields, yamlFields(f.Type))
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		fields[name] = f.Type
	}
	return fields
}

func knownKeys(fields map[string]reflect.Type) string {
	return strings.Join(slices.Sorted(maps.Keys(fields)), ", ")
}

// yamlError turns a yaml.v3 error ("yaml: line 14: field foo not found in
// type ...") into a StudyError with the line.
func yamlError(path string, err error) error {
	var te *yaml.TypeError
	msg := err.Error()
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	msg = strings.TrimPrefix(msg, "yaml: ")
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if i := strings.IndexByte(rest, ':'); i > 0 {
			if n, err := strconv.Atoi(rest[:i]); err == nil {
				line, msg = n, strings.TrimSpace(rest[i+1:])
			}
		}
	}
	msg = strings.ReplaceAll(msg, "in type study.", "in ")
	return &StudyError{File: path, Line: line, Err: errors.New(msg)}
}

// mappingValue returns the value of key in a mapping node, or nil.
func mappingValue(n *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// parameterValues checks declarations and overrides and returns the value of
// every parameter.
func parameterValues(params []Parameter, overrides map[string]string) (map[string]string, error) {
	values := map[string]string{}
	for _, p := range params {
		if p.Name == "" {
			return nil, fmt.Errorf("parameters: a parameter has no name")
		}
		if _, dup := values[p.Name]; dup {
			return nil, fmt.Errorf("parameters: %s is declared twice", p.Name)
		}
		if err := checkParamValue(p, p.Default); err != nil {
			return nil, fmt.Errorf("parameters: %s: default: %v", p.Name, err)
		}
		values[p.Name] = p.Default
	}
	for name, v := range overrides {
		i := -1
		for j, p := range params {
			if p.Name == name {
				i = j
			}
		}
		if i < 0 {
			return nil, fmt.Errorf("-p %s: the study declares no parameter %q (it has %s)", name, name, paramNames(params))
		}
		if err := checkParamValue(params[i], v); err != nil {
			return nil, fmt.Errorf("-p %s=%s: %v", name, v, err)
		}
		values[name] = v
	}
	return values, nil
}

func paramNames(params []Parameter) string {
	if len(params) == 0 {
		return "none"
	}
	var names []string
	for _, p := range params {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}

func checkParamValue(p Parameter, v string) error {
	var err error
	var x float64
	switch p.Type {
	case "int":
		var n int64
		n, err = strconv.ParseInt(v, 10, 64)
		x = float64(n)
	case "float":
		x, err = strconv.ParseFloat(v, 64)
	case "bool":
		_, err = strconv.ParseBool(v)
	case "string":
	default:
		return fmt.Errorf("type %q: want int, float, string or bool", p.Type)
	}
	if err != nil {
		return fmt.Errorf("want %s, got %q", map[string]string{"int": "a whole number", "float": "a number", "bool": "true or false"}[p.Type], v)
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return fmt.Errorf("want a finite number, got %q", v)
	}
	if (p.Min != nil || p.Max != nil) && p.Type != "int" && p.Type != "float" {
		return fmt.Errorf("min and max bound numbers, and this parameter is a %s", p.Type)
	}
	switch {
	case p.Min != nil && x < *p.Min:
		return fmt.Errorf("%s is below the least value the study allows, %g", v, *p.Min)
	case p.Max != nil && x > *p.Max:
		return fmt.Errorf("%s is above the greatest value the study allows, %g", v, *p.Max)
	}
	return nil
}

type lineError struct {
	line int
	err  error
}

// substitute replaces ${name} in every scalar of the document. A scalar that
// is exactly ${name} takes the parameter's type, so `samples: ${samples}`
// decodes as a number.
func substitute(n *yaml.Node, values map[string]string) *lineError {
	if n.Kind == yaml.ScalarNode && strings.Contains(n.Value, "${") {
		whole := ""
		out, err := expand(n.Value, values, &whole)
		if err != nil {
			return &lineError{n.Line, err}
		}
		n.Value = out
		if whole == "" {
			n.Tag = "!!str"
		} else {
			n.Tag = ""
			n.Style = 0
		}
	}
	for _, c := range n.Content {
		if err := substitute(c, values); err != nil {
			return err
		}
	}
	return nil
}

func expand(s string, values map[string]string, whole *string) (string, error) {
	var b strings.Builder
	rest := s
	for {
		i := strings.Index(rest, "${")
		if i < 0 {
			b.WriteString(rest)
			break
		}
		j := strings.IndexByte(rest[i:], '}')
		if j < 0 {
			return "", fmt.Errorf("unclosed ${ in %q", s)
		}
		name := rest[i+2 : i+j]
		v, ok := values[name]
		if !ok {
			return "", fmt.Errorf("${%s}: no such parameter", name)
		}
		if i == 0 && i+j+1 == len(rest) && b.Len() == 0 {
			*whole = name
		}
		b.WriteString(rest[:i])
		b.WriteString(v)
		rest = rest[i+j+1:]
	}
	return b.String(), nil
}

// checkFinite refuses .inf and .nan anywhere in a study: a tolerance of
// .inf would pass any published figure, and NaN compares false with
// everything. Bounds, tolerances and parameters are finite numbers.
func checkFinite(n *yaml.Node, key string) *lineError {
	switch n.Kind {
	case yaml.ScalarNode:
		if n.ShortTag() == "!!float" {
			v := strings.ToLower(strings.TrimLeft(n.Value, "+-"))
			x, _ := strconv.ParseFloat(n.Value, 64) // ±Inf when it overflows
			if v == ".inf" || v == ".nan" || math.IsInf(x, 0) || math.IsNaN(x) {
				return &lineError{n.Line, fmt.Errorf("%s: %s: want a finite number", key, n.Value)}
			}
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			if err := checkFinite(n.Content[i+1], n.Content[i].Value); err != nil {
				return err
			}
		}
	default:
		for _, c := range n.Content {
			if err := checkFinite(c, key); err != nil {
				return err
			}
		}
	}
	return nil
}
