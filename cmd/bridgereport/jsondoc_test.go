package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/bridgereport/bridgereport/reports/usage"
)

// docs/json.md is generated from the Result types; it fails when a Result
// gains, loses or renames a key and the doc was not regenerated.
func TestJSONDocIsCurrent(t *testing.T) {
	var b bytes.Buffer
	if err := writeJSONDoc(&b); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "..", "docs", "json.md")
	if *update {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, b.Bytes()) {
		t.Errorf("docs/json.md is out of date: go test ./cmd/bridgereport -run TestJSONDoc -update")
	}
}

// writeJSONDoc writes docs/json.md from the commands table.
func writeJSONDoc(w io.Writer) error {
	var docs []usage.JSONDoc
	for _, c := range commands {
		docs = append(docs, usage.JSONDoc{Command: c.name, Sections: c.json, Version: c.schema})
	}
	return usage.WriteJSONDoc(w, "go test ./cmd/bridgereport -run TestJSONDoc -update", docs)
}
