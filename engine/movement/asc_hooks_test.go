package movement

import "io"

// The .ASC reader and writer are engine/formats/asc's, which imports this
// package, so this package's own tests cannot import them: the tests that
// read the movement library or print a movement call them through these,
// which asc_external_test.go, of this test binary's external package,
// sets before any test runs.
var (
	ParseASC func(name string, r io.Reader) (*Parsed, error)
	WriteASC func(w io.Writer, m *Movement) error
)
