package scoring

import "fmt"

// maxFileBytes bounds what ParseSession and ParseFrequencies read.
const maxFileBytes = 4 << 20

// ParseError is a problem in a session or frequency file, at a line (0 when
// the problem is the file as a whole).
type ParseError struct {
	File string
	Line int
	Err  error
}

func (e *ParseError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %v", e.File, e.Err)
	}
	return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }
