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

// resultsVersion is the version of results.json's schema; a command's is
// its record's schema (TestSchemasAreCommitted keeps them honest).
const resultsVersion = 1

// schemaVersion is the version of a published --json schema, by command,
// or of results.json's ("results"); 0 for none.
func schemaVersion(name string) int {
	if name == resultsSchema {
		return resultsVersion
	}
	i := slices.IndexFunc(commands, func(c command) bool { return c.name == name })
	if i < 0 {
		return 0
	}
	return commands[i].schema
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
	v := schemaVersion(name)
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

var _ = addCommand(command{
	name: "schema", for_: forAuthors, summary: "print the JSON Schema of the study format, or of a command's --json", run: runSchema,
	help: `[COMMAND | results.json]

With no argument, the JSON Schema of the study format, which editors with
the YAML language server use to check and complete a study. With a
command, the JSON Schema of what its --json prints; with results.json, that
of a report's results.json. docs/schema holds them, each with its version.`,
})
