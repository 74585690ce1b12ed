package load

import (
	"encoding"
	"fmt"
	"reflect"
	"strings"

	"gopkg.in/yaml.v3"
)

var (
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
	yamlUnmarshaler = reflect.TypeFor[yaml.Unmarshaler]()
)

// parameterRef is a ${name} reference to a declared parameter: it may stand
// where a number or a flag is expected.
var parameterRef = map[string]any{"type": "string", "pattern": `^\$\{[A-Za-z_][A-Za-z0-9_]*\}$`}

func TypeSchema(t reflect.Type) map[string]any {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if s, ok := reflect.Zero(t).Interface().(interface{ JSONSchema() map[string]any }); ok {
		return s.JSONSchema()
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
		return map[string]any{"type": "array", "items": TypeSchema(t.Elem())}
	case reflect.Array:
		return map[string]any{"type": "array", "items": TypeSchema(t.Elem()), "minItems": t.Len(), "maxItems": t.Len()}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": TypeSchema(t.Elem())}
	case reflect.Struct:
		if t == NodeType {
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
			props[name] = TypeSchema(f.Type)
		}
	}
}

// TypeWords says in words what a field takes.
func TypeWords(t reflect.Type) string {
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
		return "list of " + TypeWords(t.Elem())
	case reflect.Array:
		return fmt.Sprintf("%d × %s", t.Len(), TypeWords(t.Elem()))
	case reflect.Map:
		return "mapping to " + TypeWords(t.Elem())
	case reflect.Struct:
		if t == NodeType {
			return "YAML"
		}
		return "mapping (below)"
	}
	return t.String()
}
