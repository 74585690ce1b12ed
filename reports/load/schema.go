package load

import (
	"encoding"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

var (
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
	textMarshaler   = reflect.TypeFor[encoding.TextMarshaler]()
	yamlUnmarshaler = reflect.TypeFor[yaml.Unmarshaler]()
	jsonMarshaler   = reflect.TypeFor[json.Marshaler]()
)

// parameterRef is a ${name} reference to a declared parameter: it may stand
// where a number or a flag is expected.
var parameterRef = map[string]any{"type": "string", "pattern": `^\$\{[A-Za-z_][A-Za-z0-9_]*\}$`}

// ParameterRef is the schema of a ${name} that stands for a number, for the
// types that give their own schema.
func ParameterRef() map[string]any { return maps.Clone(parameterRef) }

// A dialect is what a schema describes: the YAML a study is written in, or
// the JSON a Result encodes to. One walk of the Go types serves both; the
// dialect holds what differs.
type dialect struct {
	// own returns the schema of a type that says how it is written (its
	// own hook, text, its own decoder or encoder), if t is one.
	own func(t reflect.Type) (map[string]any, bool)
	// scalar is the schema of a bool, a whole number or a number.
	scalar func(jsonType string) map[string]any
	// key names a struct field's key ("" to skip it), says whether its
	// fields are the parent's, and whether the key may be left out.
	key func(f reflect.StructField) (name string, inline, optional bool)
	// result: a Result's JSON, written by encoding/json. A nil pointer,
	// slice or map is written as null; every key is written unless it
	// is omitempty (those are required); a reader must take keys added
	// later (objects stay open). A study's objects are closed instead: a
	// misspelt key is a mistake.
	result bool
}

// TypeSchema is the JSON Schema of the YAML that decodes into t (the study
// format): a type may give its own with a JSONSchema method.
func TypeSchema(t reflect.Type) map[string]any { return studyYAML.schema(t, nil) }

// ResultSchema is the JSON Schema of what encoding/json writes for t: the
// --json contract of a Result. A type that encodes itself (json.Marshaler)
// must give its schema with a ResultSchema method.
func ResultSchema(t reflect.Type) map[string]any { return resultJSON.schema(t, nil) }

var studyYAML = &dialect{
	own: func(t reflect.Type) (map[string]any, bool) {
		if s, ok := reflect.Zero(t).Interface().(interface{ JSONSchema() map[string]any }); ok {
			return s.JSONSchema(), true
		}
		if reflect.PointerTo(t).Implements(textUnmarshaler) {
			return map[string]any{"type": "string"}, true
		}
		if reflect.PointerTo(t).Implements(yamlUnmarshaler) || t == NodeType {
			return map[string]any{}, true // its own decoder says what it takes
		}
		return nil, false
	},
	scalar: func(jsonType string) map[string]any {
		if jsonType == "string" {
			return map[string]any{"type": "string"}
		}
		return map[string]any{"anyOf": []any{map[string]any{"type": jsonType}, parameterRef}}
	},
	key: func(f reflect.StructField) (string, bool, bool) {
		name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		switch {
		case !f.IsExported() || name == "-":
			return "", false, false
		case strings.Contains(opts, "inline"):
			return "", true, false
		case name == "":
			name = strings.ToLower(f.Name)
		}
		return name, false, true
	},
}

var resultJSON = &dialect{
	own: func(t reflect.Type) (map[string]any, bool) {
		if s, ok := reflect.Zero(t).Interface().(interface{ ResultSchema() map[string]any }); ok {
			return s.ResultSchema(), true
		}
		if t == reflect.TypeFor[time.Time]() {
			return map[string]any{"type": "string", "format": "date-time"}, true
		}
		if reflect.PointerTo(t).Implements(jsonMarshaler) {
			// A defect: the walk of its fields would describe keys it does not write.
			panic(fmt.Sprintf("load: %s encodes itself to JSON but has no ResultSchema method", t))
		}
		if reflect.PointerTo(t).Implements(textMarshaler) {
			return map[string]any{"type": "string"}, true
		}
		return nil, false
	},
	scalar: func(jsonType string) map[string]any { return map[string]any{"type": jsonType} },
	key: func(f reflect.StructField) (string, bool, bool) {
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case name == "-" && opts == "":
			return "", false, false
		case f.Anonymous && name == "" && derefType(f.Type).Kind() == reflect.Struct:
			return "", true, false
		case !f.IsExported():
			return "", false, false
		case name == "":
			name = f.Name
		}
		return name, false, strings.Contains(opts, "omitempty") || strings.Contains(opts, "omitzero")
	},
	result: true,
}

func derefType(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// schema walks t; seen holds the structs being walked, since a type that
// holds itself cannot be written out inline.
func (d *dialect) schema(t reflect.Type, seen []reflect.Type) map[string]any {
	nullable := false
	for t.Kind() == reflect.Pointer {
		t, nullable = t.Elem(), true
	}
	s := d.walk(t, seen)
	if d.result && (nullable || t.Kind() == reflect.Slice || t.Kind() == reflect.Map || t.Kind() == reflect.Interface) {
		return orNull(s)
	}
	return s
}

func (d *dialect) walk(t reflect.Type, seen []reflect.Type) map[string]any {
	if s, ok := d.own(t); ok {
		return s
	}
	switch t.Kind() {
	case reflect.String:
		return d.scalar("string")
	case reflect.Bool:
		return d.scalar("boolean")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return d.scalar("integer")
	case reflect.Float32, reflect.Float64:
		return d.scalar("number")
	case reflect.Slice:
		if d.result && t.Elem().Kind() == reflect.Uint8 {
			return map[string]any{"type": "string", "contentEncoding": "base64"} // as encoding/json writes bytes
		}
		return map[string]any{"type": "array", "items": d.schema(t.Elem(), seen)}
	case reflect.Array:
		return map[string]any{"type": "array", "items": d.schema(t.Elem(), seen), "minItems": t.Len(), "maxItems": t.Len()}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": d.schema(t.Elem(), seen)}
	case reflect.Struct:
		for _, s := range seen {
			if s == t {
				panic(fmt.Sprintf("load: %s holds itself; its schema cannot be written inline", t))
			}
		}
		props, required := map[string]any{}, []string{}
		d.addFields(t, append(seen, t), false, props, &required)
		s := map[string]any{"type": "object", "properties": props}
		switch {
		case !d.result:
			s["additionalProperties"] = false
		case len(required) > 0:
			s["required"] = required
		}
		return s
	}
	return map[string]any{} // an interface: any value
}

// addFields adds a struct's keys, following inline fields; a key that is
// always written is added to required, in the order of the fields. The
// keys of an embedded pointer are all left out when it is nil: optional.
func (d *dialect) addFields(t reflect.Type, seen []reflect.Type, optional bool, props map[string]any, required *[]string) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, inline, omitted := d.key(f)
		switch {
		case inline:
			d.addFields(derefType(f.Type), seen, optional || f.Type.Kind() == reflect.Pointer, props, required)
		case name != "":
			props[name] = d.schema(f.Type, seen)
			if d.result && !optional && !omitted {
				*required = append(*required, name)
			}
		}
	}
}

// orNull lets a schema's value be null too.
func orNull(s map[string]any) map[string]any {
	if typ, ok := s["type"].(string); ok {
		s["type"] = []any{typ, "null"}
		return s
	}
	if len(s) == 0 {
		return s // any value, null included
	}
	return map[string]any{"anyOf": []any{s, map[string]any{"type": "null"}}}
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
