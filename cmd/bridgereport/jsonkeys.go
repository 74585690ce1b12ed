package main

import (
	"reflect"
	"strings"
)

// jsonKeys lists the keys a result encodes to, in order, with the keys of
// nested objects in braces: "pairs, tables, vacancy {qf1, qf1_av}". The
// usage text of a command and docs/json.md are written from it, so the
// documented keys are the encoded ones.
func jsonKeys(result any) string {
	return strings.Join(keysOf(reflect.TypeOf(result), 0), ", ")
}

func keysOf(t reflect.Type, depth int) []string {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || depth > 3 {
		return nil
	}
	var keys []string
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		if f.Anonymous && name == "" {
			keys = append(keys, keysOf(f.Type, depth)...)
			continue
		}
		if name == "" {
			name = f.Name
		}
		if inner := keysOf(f.Type, depth+1); len(inner) > 0 {
			name += " {" + strings.Join(inner, ", ") + "}"
		}
		keys = append(keys, name)
	}
	return keys
}
