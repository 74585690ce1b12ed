package main

import (
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
)

// writeJSONDoc writes docs/json.md from the commands table: every
// command's --json keys, nested objects as nested lists.
func writeJSONDoc(w io.Writer) error {
	var b strings.Builder
	b.WriteString("# The --json contracts\n\n")
	b.WriteString("Generated from the Result types of the commands (`go test ./cmd/bridgereport -run TestJSONDoc -update`).\n")
	b.WriteString("Keys are a promise to scripts: they keep their names, places and meanings; new keys are added at the end.\n")
	for _, c := range commands {
		for _, o := range c.json {
			title := strings.TrimSpace(c.name + " " + o.when)
			shape := "One object with these keys:"
			if reflect.TypeOf(o.result).Kind() == reflect.Slice {
				shape = "An array of objects with these keys:"
			}
			fmt.Fprintf(&b, "\n## %s\n\n%s %s\n\n%s", title, o.about, shape, reports.JSONKeyList(o.result))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
