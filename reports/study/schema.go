package study

import (
	"encoding/json"
	"reflect"

	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/load"
)

// SchemaURL names the study schema; editors with the YAML language server
// check and complete a study that starts with
// "# yaml-language-server: $schema=<path to bridgereport.schema.json>".
const SchemaURL = "https://github.com/bridgereport/bridgereport/studies/bridgereport.schema.json"

// Schema is the JSON Schema of the study format, generated from the study's
// Go types and the table of cell kinds, so it cannot fall behind them.
func Schema() ([]byte, error) {
	cells := []any{}
	for _, name := range kinds.Names() {
		kind, _ := kinds.Lookup(name)
		cells = append(cells, map[string]any{
			"type":                 "object",
			"properties":           map[string]any{name: load.TypeSchema(reflect.TypeOf(kind.New()).Elem())},
			"required":             []string{name},
			"additionalProperties": false,
		})
	}
	root := load.TypeSchema(reflect.TypeFor[studyFile]())
	root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	root["$id"] = SchemaURL
	root["title"] = "bridgereport study"
	root["required"] = []string{"title", "cells"}
	props := root["properties"].(map[string]any)
	props["cells"] = map[string]any{"type": "array", "minItems": 1, "items": map[string]any{"oneOf": cells},
		"description": "The cells in reading order; each is a mapping with one key, its kind."}
	return json.MarshalIndent(root, "", "  ")
}
