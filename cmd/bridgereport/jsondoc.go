package main

import (
	"io"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
)

// writeJSONDoc writes docs/json.md from the commands table.
func writeJSONDoc(w io.Writer) error {
	var sections []reports.JSONSection
	for _, c := range commands {
		for _, o := range c.json {
			sections = append(sections, reports.JSONSection{Title: strings.TrimSpace(c.name + " " + o.when), About: o.about, Result: o.result})
		}
	}
	return reports.WriteJSONDoc(w, "go test ./cmd/bridgereport -run TestJSONDoc -update", sections)
}
