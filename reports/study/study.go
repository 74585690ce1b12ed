package study

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
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
type Parameter = load.Parameter

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
		// The StudyError names the file: the error names it once.
		return nil, &load.StudyError{File: path, Err: disk.WithoutPath(err, path)}
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
		if err := load.CheckValueShape("parameters", n, &params); err != nil {
			return nil, load.YAMLError(path, err)
		}
		if err := load.StrictDecode(n, &params); err != nil {
			return nil, load.YAMLError(path, err)
		}
	}
	values, err := load.ParameterValues(params, overrides)
	if err != nil {
		line := 0
		if n := load.MappingValue(doc, "parameters"); n != nil {
			line = n.Line
		}
		return nil, fail(line, "%v", err)
	}
	uses := collectUses(doc)
	if err := load.Substitute(doc, values); err != nil {
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
	s.Movements = resolve.Definitions(load.MappingValue(doc, "movements"), sf.Movements)
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
		kind, c, err := kinds.Decode(node)
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
	if err := s.checkInteractive(uses); err != nil {
		return nil, err
	}
	return s, nil
}
