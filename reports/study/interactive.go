package study

import (
	"fmt"
	"path/filepath"
	"slices"

	"gopkg.in/yaml.v3"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/load"
)

// parameterUses are the ${name} of a study before its values replace them:
// in each movement, in each cell and anywhere else (title, summary, ...).
type parameterUses struct {
	movements map[string][]load.ParameterUse
	cells     [][]load.ParameterUse
	elsewhere []keyUses      // under the other top-level keys, in file order
	params    map[string]int // the line of each declaration
}

// keyUses are the parameters used under a top-level key of a study.
type keyUses struct {
	key  string
	uses []load.ParameterUse
}

// collectUses reads the uses of parameters in a study's document, before
// Substitute replaces them.
func collectUses(doc *yaml.Node) parameterUses {
	u := parameterUses{movements: map[string][]load.ParameterUse{}, params: map[string]int{}}
	for i := 0; i+1 < len(doc.Content); i += 2 {
		key, value := doc.Content[i].Value, doc.Content[i+1]
		switch key {
		case "parameters":
			for _, p := range value.Content {
				if n := load.MappingValue(p, "name"); n != nil {
					u.params[n.Value] = p.Line
				}
			}
		case "movements":
			for j := 0; j+1 < len(value.Content); j += 2 {
				u.movements[value.Content[j].Value] = load.ParameterUses(value.Content[j+1])
			}
		case "cells":
			for _, c := range value.Content {
				u.cells = append(u.cells, load.ParameterUses(c))
			}
		default:
			u.elsewhere = append(u.elsewhere, keyUses{key, load.ParameterUses(value)})
		}
	}
	return u
}

// checkInteractive checks the study's interactive parameters and marks the
// cells that use one (Cell.live): each has a control the page can show, is
// used by cells only (the page recomputes cells, not its title), by cells
// of kinds that run in the browser, through movements that read no file.
func (s *Study) checkInteractive(u parameterUses) error {
	interactive := map[string]bool{}
	for _, p := range s.Parameters {
		interactive[p.Name] = p.Interactive
	}
	fail := func(line int, format string, args ...any) error {
		return &load.StudyError{File: s.Path, Line: line, Err: fmt.Errorf(format, args...)}
	}
	for _, e := range u.elsewhere {
		for _, use := range e.uses {
			if interactive[use.Name] {
				return fail(use.Line, "%s: ${%s} is an interactive parameter, and the page recomputes cells, not its %s: use it in cells and movements only", e.key, use.Name, e.key)
			}
		}
	}
	// A movement uses the parameters of those it is made from.
	byName := map[string]int{}
	for i, d := range s.Movements {
		byName[d.Name] = i
	}
	var closure func(name string, seen []string) []string
	closure = func(name string, seen []string) []string {
		if slices.Contains(seen, name) {
			return nil
		}
		names := []string{name}
		if i, ok := byName[name]; ok && s.Movements[i].Spec.From != "" {
			names = append(names, closure(s.Movements[i].Spec.From, append(seen, name))...)
		}
		return names
	}
	usedInCells := map[string]bool{}
	for i := range s.Cells {
		c := &s.Cells[i]
		uses := slices.Clone(u.cells[c.Index])
		var movements []string
		for _, m := range c.body.Movements() {
			for _, name := range closure(m, nil) {
				if !slices.Contains(movements, name) {
					movements = append(movements, name)
				}
				uses = append(uses, u.movements[name]...)
			}
		}
		for _, use := range uses {
			if !interactive[use.Name] || slices.Contains(c.live, use.Name) {
				continue
			}
			usedInCells[use.Name] = true
			c.live = append(c.live, use.Name)
			if k, _ := kinds.Lookup(c.kind); !k.Browser {
				return fail(u.params[use.Name], "parameters: %s: interactive: cell %d (%s %s, line %d) uses it, and a %s cell cannot run in the browser", use.Name, c.Index+1, c.kind, c.ID, c.Line, c.kind)
			}
		}
		if len(c.live) == 0 {
			continue
		}
		for _, name := range movements {
			d := s.Movements[byName[name]]
			switch sp := d.Spec; {
			case sp.File != "" || (sp.Spec != "" && load.IsFile(s.Dir, sp.Spec)):
				return fail(sp.Line, "movement %s is read from a file, and cell %d (%s %s) uses the interactive parameter %s: the page has no files (give the movement inline, as asc: text, or by a spec)", name, c.Index+1, c.kind, c.ID, c.live[0])
			case sp.Optimize != nil:
				return fail(sp.Line, "movement %s is optimised, and cell %d (%s %s) uses the interactive parameter %s: the page does not run an optimiser's search", name, c.Index+1, c.kind, c.ID, c.live[0])
			}
		}
	}
	for _, p := range s.Parameters {
		if !p.Interactive {
			continue
		}
		line := u.params[p.Name]
		if !usedInCells[p.Name] {
			return fail(line, "parameters: %s: interactive, and no cell uses it", p.Name)
		}
		switch {
		case len(p.Choices) > 0:
		case p.Type == "int" || p.Type == "float":
			if p.Min == nil || p.Max == nil {
				return fail(line, "parameters: %s: interactive: give min and max (or choices), the bounds of its control", p.Name)
			}
		case p.Type == "string":
			// A movement spec, checked as it is typed: used in movements only.
			for i, uses := range u.cells {
				for _, use := range uses {
					if use.Name == p.Name {
						return fail(line, "parameters: %s: interactive: a string needs choices, unless it is a movement spec, used in movements only (cell %d uses it, line %d)", p.Name, i+1, use.Line)
					}
				}
			}
		default:
			return fail(line, "parameters: %s: interactive: a %s needs choices", p.Name, p.Type)
		}
	}
	return nil
}

// params are the study's parameters with the values in force, as its
// report shows them.
func (s *Study) params() []reports.Param {
	var out []reports.Param
	for _, p := range s.Parameters {
		out = append(out, reports.Param{
			Name: p.Name, Type: p.Type, Value: s.Values[p.Name], Doc: p.Doc,
			Interactive: p.Interactive, Min: p.Min, Max: p.Max, Choices: p.Choices,
			Spec: p.Interactive && len(p.Choices) == 0 && p.Type == "string",
		})
	}
	return out
}

// live is what the page needs to recompute the cells that use an
// interactive parameter; nil when none does. tables and figures count
// those of the cells before each (Run numbers them).
func (s *Study) live() *reports.Live {
	live := &reports.Live{Study: filepath.Base(s.Path), Source: string(s.Data), Values: s.Values}
	for _, c := range s.Cells {
		if len(c.live) > 0 {
			live.Cells = append(live.Cells, reports.LiveCell{ID: c.ID, Index: c.Index, Kind: c.kind, Params: c.live})
		}
		if k, _ := kinds.Lookup(c.kind); !k.Browser && len(k.Results) > 0 && !slices.Contains(live.Static, c.kind) {
			live.Static = append(live.Static, c.kind)
		}
	}
	if len(live.Cells) == 0 {
		return nil
	}
	return live
}
