package engine

import (
	"fmt"
	"unicode/utf8"
)

// ParseError is a problem in an input file the engine reads (a movement,
// a session, a frequency or a fixers file), at a line and column, both
// 1-based, as encoding/csv's ParseError. Line 0 means the file as a whole,
// Column 0 the whole line.
type ParseError struct {
	File         string
	Line, Column int
	Err          error
}

func (e *ParseError) Error() string {
	switch {
	case e.Line == 0:
		return fmt.Sprintf("%s: %v", e.File, e.Err)
	case e.Column == 0:
		return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
	}
	return fmt.Sprintf("%s:%d:%d: %v", e.File, e.Line, e.Column, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

// Clip shortens a token quoted in a message about an input: a message
// names what is wrong, it does not echo the file.
func Clip(s string) string {
	const most = 40
	if len(s) <= most {
		return s
	}
	cut := most
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", s[:cut], len(s))
}
