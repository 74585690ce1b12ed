package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/render"
	"github.com/bridgereport/bridgereport/reports/study"
	"github.com/bridgereport/bridgereport/reports/usage"
)

// schemaVersions are the versions of the published --json schemas
// (docs/schema/NAME.schema.json), by command, and of results.json's
// ("results"). A version goes up when a change removes or renames a key,
// lets a key be left out or changes its type; adding a key keeps it.
// TestSchemasAreCommitted refuses such a change until the version is
// raised, and keeps the old version's file.
var schemaVersions = map[string]int{
	"run": 1, "balance": 1, "optimize": 1, "simulate": 1, "instant": 1, "score": 1,
	"handicap": 1, "diff": 1, "movements": 1, "catalogue": 1, "movement": 1, "version": 1,
	resultsSchema: 1,
}

// resultsSchema names the schema of results.json, the run's file of every
// cell's Result.
const resultsSchema = "results"

// schemaNames are the published --json schemas: the commands', in the
// order of the commands table, then results.json's.
func schemaNames() []string {
	var names []string
	for _, c := range commands {
		if c.json != nil {
			names = append(names, c.name)
		}
	}
	return append(names, resultsSchema)
}

// jsonSchema is the JSON Schema of a command's --json, or of results.json.
func jsonSchema(name string) (map[string]any, error) {
	v := schemaVersions[name]
	if v == 0 {
		names := strings.Join(schemaNames(), ", ")
		names = strings.TrimSuffix(names, resultsSchema) + "results.json"
		return nil, &usageError{msg: fmt.Sprintf("schema: %q has no --json schema; want one of %s, or nothing for the study format", name, names)}
	}
	if name == resultsSchema {
		return resultsJSONSchema(v), nil
	}
	i := slices.IndexFunc(commands, func(c command) bool { return c.name == name })
	return usage.Schema(name, v, commands[i].json), nil
}

// resultsJSONSchema is the schema of results.json: its tables, figures and
// checks, and each section's Result by the section's kind (the same
// schema as the --json of the command that runs the kind).
func resultsJSONSchema(v int) map[string]any {
	root := usage.ResultSchema(render.ResultsJSON{})
	defs, byKind := map[string]any{}, []any{}
	for _, k := range kinds.Kinds {
		if len(k.Results) == 0 {
			continue // prose: no result
		}
		var shapes []any
		for _, r := range k.Results {
			shapes = append(shapes, usage.ResultSchema(r))
		}
		defs[k.Name] = shapes[0]
		if len(shapes) > 1 {
			defs[k.Name] = map[string]any{"anyOf": shapes}
		}
		byKind = append(byKind, map[string]any{
			"if":   map[string]any{"properties": map[string]any{"kind": map[string]any{"const": k.Name}}, "required": []string{"kind"}},
			"then": map[string]any{"properties": map[string]any{"result": map[string]any{"$ref": "#/$defs/" + k.Name}}},
		})
	}
	// A section's result is typed "any" in Go: the kind says which.
	section := root["properties"].(map[string]any)["sections"].(map[string]any)["items"].(map[string]any)
	section["allOf"] = byKind
	root["$defs"] = defs
	root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	root["$id"] = usage.SchemaID(resultsSchema, v)
	root["title"] = "bridgereport results.json"
	root["description"] = "A study's results as data: every table, figure and check, and each cell's Result under sections[].result, by the cell's kind (the --json of the command that runs that kind)."
	return root
}

// runSchema prints the JSON Schema of the study format, or of a
// command's --json.
func runSchema(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("schema", stderr)
	pos, err := parseFlags(fs, args, -1)
	if err != nil {
		return err
	}
	var data []byte
	switch len(pos) {
	case 0:
		data, err = study.Schema()
	case 1:
		var s map[string]any
		name := pos[0]
		if name == "results.json" {
			name = resultsSchema
		}
		if s, err = jsonSchema(name); err == nil {
			data, err = json.MarshalIndent(s, "", "  ")
		}
	default:
		return &usageError{msg: fmt.Sprintf("schema: want one command or none, got %d arguments\nbridgereport schema -h shows its flags and arguments", len(pos))}
	}
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "%s\n", data)
	return err
}
