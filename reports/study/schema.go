package study

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"gopkg.in/yaml.v3"
)

// SchemaURL names the study schema; editors with the YAML language server
// check and complete a study that starts with
// "# yaml-language-server: $schema=<path to bridgereport.schema.json>".
const SchemaURL = "https://github.com/bridgereport/bridgereport/studies/bridgereport.schema.json"

// Schema is the JSON Schema of the study format, generated from the study's
// Go types and the registry of cell kinds, so it cannot fall behind them.
func Schema() ([]byte, error) {
	cells := []any{}
	for _, kind := range Kinds() {
		cells = append(cells, map[string]any{
			"type":                 "object",
			"properties":           map[string]any{kind: typeSchema(reflect.TypeOf(kinds[kind]()).Elem())},
			"required":             []string{kind},
			"additionalProperties": false,
		})
	}
	root := typeSchema(reflect.TypeFor[studyFile]())
	root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	root["$id"] = SchemaURL
	root["title"] = "bridgereport study"
	root["required"] = []string{"title", "cells"}
	props := root["properties"].(map[string]any)
	props["cells"] = map[string]any{"type": "array", "minItems": 1, "items": map[string]any{"oneOf": cells},
		"description": "The cells in reading order; each is a mapping with one key, its kind."}
	return json.MarshalIndent(root, "", "  ")
}

var (
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
	yamlUnmarshaler = reflect.TypeFor[yaml.Unmarshaler]()
)

// parameterRef is a ${name} reference to a declared parameter: it may stand
// where a number or a flag is expected.
var parameterRef = map[string]any{"type": "string", "pattern": `^\$\{[A-Za-z_][A-Za-z0-9_]*\}$`}

func typeSchema(t reflect.Type) map[string]any {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if s, ok := reflect.Zero(t).Interface().(interface{ jsonSchema() map[string]any }); ok {
		return s.jsonSchema()
	}
	if reflect.PointerTo(t).Implements(textUnmarshaler) {
		return map[string]any{"type": "string"}
	}
	if reflect.PointerTo(t).Implements(yamlUnmarshaler) {
		return map[string]any{} // its own decoder says what it takes
	}
	switch t.Kind() {
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"anyOf": []any{map[string]any{"type": "boolean"}, parameterRef}}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"anyOf": []any{map[string]any{"type": "integer"}, parameterRef}}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"anyOf": []any{map[string]any{"type": "number"}, parameterRef}}
	case reflect.Slice:
		return map[string]any{"type": "array", "items": typeSchema(t.Elem())}
	case reflect.Array:
		return map[string]any{"type": "array", "items": typeSchema(t.Elem()), "minItems": t.Len(), "maxItems": t.Len()}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": typeSchema(t.Elem())}
	case reflect.Struct:
		if t == nodeType {
			return map[string]any{}
		}
		props := map[string]any{}
		addFields(t, props)
		return map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	}
	return map[string]any{}
}

// addFields adds a struct's YAML keys, following inline fields.
func addFields(t reflect.Type, props map[string]any) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		switch {
		case name == "-":
		case strings.Contains(opts, "inline"):
			addFields(f.Type, props)
		default:
			if name == "" {
				name = strings.ToLower(f.Name)
			}
			props[name] = typeSchema(f.Type)
		}
	}
}

// typeWords says in words what a field takes.
func typeWords(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if reflect.PointerTo(t).Implements(textUnmarshaler) {
		return "word"
	}
	switch t.Kind() {
	case reflect.String:
		return "text"
	case reflect.Bool:
		return "true/false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "whole number"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Slice:
		return "list of " + typeWords(t.Elem())
	case reflect.Array:
		return fmt.Sprintf("%d × %s", t.Len(), typeWords(t.Elem()))
	case reflect.Map:
		return "mapping to " + typeWords(t.Elem())
	case reflect.Struct:
		if t == nodeType {
			return "YAML"
		}
		return "mapping (below)"
	}
	return t.String()
}
