package study

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/disk"
	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/load"
	"github.com/bridgereport/bridgereport/reports/resolve"
)

// Study is a decoded study file: prose and analysis cells over named
// movements, with declared parameters.
type Study struct {
	// Set holds the study's path, folder and named movements, which
	// resolve turns into movements.
	resolve.Set
	Name string // file name without .yaml: the output folder
	Data []byte // the file as read, for its hash

	Title      string
	Summary    string
	Headline   []string // check names shown in the index of studies
	Parameters []Parameter
	Values     map[string]string // parameter values in force, by name
	Cells      []Cell
	// Bibliography is the BibTeX file the prose cites ([@key]), relative
	// to the study; BibliographyLine is its line in the study.
	Bibliography     string
	BibliographyLine int
}

// studyFile is the YAML schema of a study.
type studyFile struct {
	Title    string   `yaml:"title"`
	Summary  string   `yaml:"summary"`
	Headline []string `yaml:"headline"`
	// Bibliography is a BibTeX file (refs.bib) whose works the prose cites
	// as [@key] and published figures name as their source.
	Bibliography string                          `yaml:"bibliography"`
	Parameters   []Parameter                     `yaml:"parameters"`
	Movements    map[string]resolve.MovementSpec `yaml:"movements"`
	Cells        []yaml.Node                     `yaml:"cells"` // decoded by kind
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

// LoadStudy reads and decodes a study, applying parameter overrides
// (name=value, checked against the declared type).
func LoadStudy(path string, overrides map[string]string) (*Study, error) {
	data, err := disk.ReadFile(path, disk.MaxStudyBytes)
	if err != nil {
		return nil, &load.StudyError{File: path, Err: err}
	}
	return ParseStudy(path, data, overrides)
}

// ParseStudy decodes a study from its bytes; path names it in errors and
// locates the files it refers to.
// maxIDLength bounds a cell id: it names files (figures), and a name
// longer than a file system takes would fail at the very end of a run.
const maxIDLength = 100

func ParseStudy(path string, data []byte, overrides map[string]string) (*Study, error) {
	fail := func(line int, format string, args ...any) error {
		return &load.StudyError{File: path, Line: line, Err: fmt.Errorf(format, args...)}
	}
	if load.CheckTextFile(path, data) != nil {
		return nil, &load.StudyError{File: path, Err: load.ErrBinary}
	}
	if !utf8.Valid(data) {
		// yaml.v3 would say "invalid trailing UTF-8 octet", with no line.
		at := 0
		for at < len(data) {
			r, n := utf8.DecodeRune(data[at:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			at += n
		}
		line := bytes.Count(data[:at], []byte("\n")) + 1
		col := at - (bytes.LastIndexByte(data[:at], '\n') + 1) + 1
		return nil, fail(line, "column %d: byte 0x%02X is not UTF-8 text (a Latin-1 character?): save the study as UTF-8", col, data[at])
	}
	var root yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&root); err != nil && !errors.Is(err, io.EOF) {
		return nil, load.SyntaxError(path, data, err)
	}
	// A second document would be ignored: refuse it.
	var second yaml.Node
	if err := dec.Decode(&second); err == nil {
		return nil, fail(second.Line, "a second YAML document (after ---): a study is one document")
	} else if !errors.Is(err, io.EOF) {
		return nil, load.SyntaxError(path, data, err)
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
	if n := load.MappingValue(doc, "parameters"); n != nil {
		if err := load.StrictDecode(n, &params); err != nil {
			return nil, load.YAMLError(path, err)
		}
	}
	values, err := parameterValues(params, overrides)
	if err != nil {
		line := 0
		if n := load.MappingValue(doc, "parameters"); n != nil {
			line = n.Line
		}
		return nil, fail(line, "%v", err)
	}
	if err := substitute(doc, values); err != nil {
		return nil, fail(err.Line, "%v", err.Err)
	}

	if err := load.CheckFinite(doc, "study"); err != nil {
		return nil, fail(err.Line, "%v", err.Err)
	}
	var sf studyFile
	if err := load.StrictDecode(doc, &sf); err != nil {
		return nil, load.YAMLError(path, err)
	}
	if strings.TrimSpace(sf.Title) == "" {
		return nil, fail(doc.Line, "title: missing")
	}
	if err := disk.CheckName(NameOf(path)); err != nil {
		return nil, &load.StudyError{File: path, Err: err}
	}
	s := &Study{
		Set: resolve.Set{Path: path, Dir: filepath.Dir(path)}, Name: NameOf(path),
		Data: data, Title: sf.Title, Summary: sf.Summary, Headline: sf.Headline, Parameters: params, Values: values,
		Bibliography: sf.Bibliography,
	}
	if n := load.MappingValue(doc, "bibliography"); n != nil {
		s.BibliographyLine = n.Line
	}

	// Movements keep the order of the file.
	if n := load.MappingValue(doc, "movements"); n != nil {
		for i := 0; i+1 < len(n.Content); i += 2 {
			name := n.Content[i].Value
			spec := sf.Movements[name]
			spec.Line = n.Content[i].Line
			s.Movements = append(s.Movements, resolve.MovementDef{Name: name, Spec: spec})
		}
	}
	cellNodes := load.MappingValue(doc, "cells")
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
			if se := load.YAMLError(path, err).(*load.StudyError); se.Line != 0 {
				return nil, se
			}
			return nil, fail(line, "cell %d: %v", i+1, err)
		}
		id := cellID(kind, c, i)
		if n := utf8.RuneCountInString(id); n > maxIDLength {
			return nil, fail(line, "cell %d: id is %d characters long, more than %d: an id names the cell's checks, anchors and figure files", i+1, n, maxIDLength)
		}
		if md, ok := c.(*kinds.MarkdownCell); ok {
			if _, err := reports.ProseLinks(string(*md)); err != nil {
				at := line
				if p := proseStart(node); p != 0 {
					for j, l := range strings.Split(string(*md), "\n") {
						if _, err := reports.ProseLinks(l); err != nil {
							at = p + j
							break
						}
					}
				}
				return nil, fail(at, "cell %d: %v", i+1, err)
			}
		}
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

// substitute replaces ${name} in every scalar of the document. A scalar that
// is exactly ${name} takes the parameter's type, so `samples: ${samples}`
// decodes as a number.
func substitute(n *yaml.Node, values map[string]string) *load.LineError {
	if n.Kind == yaml.ScalarNode && strings.Contains(n.Value, "${") {
		whole := ""
		out, err := expand(n.Value, values, &whole)
		if err != nil {
			return &load.LineError{Line: n.Line, Err: err}
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
