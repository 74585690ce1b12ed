package main

import (
	"io"

	"github.com/bridgereport/bridgereport/reports"
)

// writeJSONDoc writes docs/json.md from the commands table.
func writeJSONDoc(w io.Writer) error {
	var docs []reports.JSONDoc
	for _, c := range commands {
		docs = append(docs, reports.JSONDoc{Command: c.name, Sections: c.json})
	}
	return reports.WriteJSONDoc(w, "go test ./cmd/bridgereport -run TestJSONDoc -update", docs)
}
