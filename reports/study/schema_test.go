package study

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/templates"
)

const schemaFile = "../../studies/bridgereport.schema.json"

func compiledSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	data, err := Schema()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(SchemaURL, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(SchemaURL)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// yamlAsJSON reads YAML into the values a JSON validator takes.
func yamlAsJSON(t *testing.T, text []byte) any {
	t.Helper()
	var v any
	if err := yaml.Unmarshal(text, &v); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSchemaIsCommitted keeps studies/bridgereport.schema.json, the file the
// studies' editor modeline points to, equal to the generated schema.
func TestSchemaIsCommitted(t *testing.T) {
	want, err := Schema()
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	if *update {
		if err := os.WriteFile(schemaFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(schemaFile)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("%s is not the generated schema (%v): refresh with go test ./reports/study -run TestSchemaIsCommitted -update", schemaFile, err)
	}
}

func TestSchemaAcceptsEveryStudyAndRefusesMistakes(t *testing.T) {
	schema := compiledSchema(t)
	paths, _ := filepath.Glob("../../studies/*.yaml")
	for _, p := range paths {
		text, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.Validate(yamlAsJSON(t, text)); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	for name, text := range map[string]string{
		"misspelt key":      minimalStudy + "  - balance: {captoin: x, rows: []}\n",
		"unknown cell kind": minimalStudy + "  - chart: {}\n",
		"two kinds":         minimalStudy + "  - {markdown: x, balance: {rows: []}}\n",
		"no title":          "cells: [{markdown: x}]\n",
		"text for a number": strings.Replace(minimalStudy, "mitchell: ${tables}", "mitchell: seven", 1),
	} {
		if err := schema.Validate(yamlAsJSON(t, []byte(text))); err == nil {
			t.Errorf("%s: the schema accepts it", name)
		}
	}
}

// TestStarterStudyRuns checks that bridgereport new writes a study that the
// schema accepts and that runs with its published figures reproduced.
func TestStarterStudyRuns(t *testing.T) {
	text := strings.NewReplacer("TITLE_FILE", "starter.yaml", "TITLE", "Starter").Replace(templates.Starter)
	if err := compiledSchema(t).Validate(yamlAsJSON(t, []byte(text))); err != nil {
		t.Errorf("schema: %v", err)
	}
	for _, round := range []string{"2", "5"} {
		s, err := ParseStudy("starter.yaml", []byte(text), map[string]string{"round": round})
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Run(t.Context(), s, RunOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if ok, _, _ := rep.Tally(); ok != 3 || len(rep.Checks) != 3 {
			t.Errorf("round %s: checks %v", round, rep.Checks)
		}
		for _, c := range rep.Checks {
			if c.Status != reports.StatusOK {
				t.Errorf("round %s: %s %s", round, c.Name, c.Status)
			}
		}
	}
}
