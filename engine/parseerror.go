package engine

import (
	"fmt"
	"strings"
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
	at := e.File
	switch {
	case e.Line == 0:
	case e.Column == 0:
		at += fmt.Sprintf(":%d", e.Line)
	default:
		at += fmt.Sprintf(":%d:%d", e.Line, e.Column)
	}
	// A reader given no name (a stream) says where in it all the same.
	if at = strings.TrimPrefix(at, ":"); at == "" {
		return e.Err.Error()
	}
	return at + ": " + e.Err.Error()
}

func (e *ParseError) Unwrap() error { return e.Err }

// Clip shortens a token quoted in a message about an input: a message
// names what is wrong, it does not echo the file.
func Clip(s string) string { return ClipTo(s, 40) }

// ClipTo is Clip for what may be longer and still be read whole (a
// movement spec, a file name): at most most bytes of s.
func ClipTo(s string, most int) string {
	if len(s) <= most {
		return s
	}
	cut := most
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", s[:cut], len(s))
}
