package load

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// InputError is a mistake in an input (a league file, or the league of a
// cell) at a line (0 for the input as a whole), under a key path such as
// divisions[1].teams[0].avg_vp. The message reads
// FILE:LINE: KEY: what is wrong, the same from the command and the cell.
type InputError struct {
	File string // "" inside a study: the study's error names it
	Line int
	Key  string
	Err  error
}

func (e *InputError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		if e.File != "" {
			b.WriteByte(':')
		}
		b.WriteString(strconv.Itoa(e.Line))
	}
	for _, s := range []string{e.Key, e.Err.Error()} {
		if s == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(": ")
		}
		b.WriteString(s)
	}
	return b.String()
}

func (e *InputError) Unwrap() error { return e.Err }

// Inline restates an error of a league given Inline in a study: its line
// is the study's, and the key path and message are those a league file
// gets.
func Inline(err error) error {
	var ie *InputError
	if errors.As(err, &ie) && ie.File == "" {
		return &EntryError{ie.Line, &InputError{Key: ie.Key, Err: ie.Err}}
	}
	return err
}

// NodeLine follows a path of mapping keys (string) and sequence indices
// (int) from a node and returns the line where it ends: the key when the
// path ends at one (its value may be a list starting a line below), or the
// deepest enclosing entry when part of the path is missing.
func NodeLine(n *yaml.Node, path ...any) int {
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	line := n.Line
	for _, p := range path {
		var key, next *yaml.Node
		switch p := p.(type) {
		case string:
			if n.Kind == yaml.MappingNode {
				for i := 0; i+1 < len(n.Content); i += 2 {
					if n.Content[i].Value == p {
						key, next = n.Content[i], n.Content[i+1]
					}
				}
			}
		case int:
			if n.Kind == yaml.SequenceNode && p < len(n.Content) {
				next = n.Content[p]
			}
		}
		if next == nil {
			return line
		}
		n, line = next, next.Line
		if key != nil {
			line = key.Line
		}
	}
	return line
}

// KeyPath writes a path as divisions[1].teams[0].avg_vp.
func KeyPath(path []any) string {
	var key strings.Builder
	for _, p := range path {
		switch p := p.(type) {
		case string:
			if key.Len() > 0 {
				key.WriteByte('.')
			}
			key.WriteString(p)
		case int:
			fmt.Fprintf(&key, "[%d]", p)
		}
	}
	return key.String()
}

// At appends to a path without sharing the caller's backing array.
func At(path []any, more ...any) []any {
	return append(append([]any(nil), path...), more...)
}

// EntryError is bad input in one entry of a cell (a team, an outcome),
// reported at the entry's line rather than the cell's.
type EntryError struct {
	Line int
	Err  error
}

func (e *EntryError) Error() string { return e.Err.Error() }

func (e *EntryError) Unwrap() error { return e.Err }
