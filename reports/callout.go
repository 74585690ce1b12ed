package reports

import (
	"fmt"
)

// Callout is a boxed note set apart from the prose around it, written in
// prose as a Quarto fenced div:
//
//	::: {.callout-warning title="Sampled"}
//	The seed's figure was sampled; ours is exact.
//	:::
type Callout struct {
	Kind  string // one of CalloutKinds
	Title string // empty: the kind's label alone
	Body  string // Markdown
}

// CalloutKinds are the kinds of callout, each with the label it is printed
// under.
var CalloutKinds = map[string]string{
	"note":    "Note",
	"tip":     "Tip",
	"warning": "Warning",
	"erratum": "Erratum",
}

// Label is what a callout is printed under: "Warning", or "Warning: title".
func (c *Callout) Label() string {
	if c.Title == "" {
		return CalloutKinds[c.Kind]
	}
	return CalloutKinds[c.Kind] + ": " + c.Title
}

// SourceError is a mistake in a study's text at a line of its file, as
// "study.yaml:14: @tbl-x: no table has the id x".
type SourceError struct {
	File string
	Line int // 0 when unknown
	Err  error
}

func (e *SourceError) Error() string {
	switch {
	case e.File == "":
		return e.Err.Error()
	case e.Line == 0:
		return fmt.Sprintf("%s: %v", e.File, e.Err)
	}
	return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
}

func (e *SourceError) Unwrap() error { return e.Err }
