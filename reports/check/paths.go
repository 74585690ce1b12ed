package check

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// A kind's figures are the numbers of its Result, named by their json
// path: the json names of the keys, joined with "/", and a list's
// elements by their place from 1 (qf, vacancy/qf1_av, qf1/8); a list is
// also a figure itself, its length (rows: how many rows). A true is 1, a
// false 0; strings and nulls are no figures. So the figures a study may
// publish are what --json and results.json print, under the same names.

// Paths flattens a Result into its figures by json path.
func Paths(result any) (map[string]float64, error) {
	data, err := json.Marshal(result)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	figs := map[string]float64{}
	if err := flatten(figs, "", v); err != nil {
		return nil, err
	}
	return figs, nil
}

// Own returns a Result's own figures: those at the top of its paths (its
// numbers, and the lengths of its lists), without what is inside its
// lists and objects; for kinds that key the parts inside by label with
// AddPaths.
func Own(result any) (map[string]float64, error) {
	all, err := Paths(result)
	if err != nil {
		return nil, err
	}
	for k := range all {
		if strings.Contains(k, "/") {
			delete(all, k)
		}
	}
	return all, nil
}

// AddPaths adds the figures of one labelled part of a Result (a row, a
// candidate) to figs, under prefix: the figures of a kind whose published
// keys name the part by its label (X/adjusted, 14/mitchell:7/qf).
func AddPaths(figs map[string]float64, prefix string, part any) error {
	more, err := Paths(part)
	if err != nil {
		return err
	}
	for k, v := range more {
		figs[prefix+k] = v
	}
	return nil
}

func flatten(figs map[string]float64, path string, v any) error {
	join := func(key string) string {
		if path == "" {
			return key
		}
		return path + "/" + key
	}
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if err := flatten(figs, join(k), x); err != nil {
				return err
			}
		}
	case []any:
		if path != "" {
			figs[path] = float64(len(v))
		}
		for i, x := range v {
			if err := flatten(figs, join(strconv.Itoa(i+1)), x); err != nil {
				return err
			}
		}
	case json.Number:
		f, err := v.Float64()
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		figs[path] = f
	case bool:
		figs[path] = 0
		if v {
			figs[path] = 1
		}
	}
	return nil
}

// Names lists the figure names of a Result type, sorted, with N for a
// place in a list (qf1/N; the list itself, qf1, is its length) and KEY
// for a key of a map: the names
// docs/cells.md gives. Keys of json.Marshaler and encoding.TextMarshaler
// types are not followed (their JSON is their own).
func Names(t reflect.Type) []string {
	set := map[string]bool{}
	names(set, "", t, map[reflect.Type]bool{})
	return slices.Sorted(maps.Keys(set))
}

var (
	marshaler     = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[interface{ MarshalText() ([]byte, error) }]()
)

func names(set map[string]bool, path string, t reflect.Type, seen map[reflect.Type]bool) {
	join := func(key string) string {
		if path == "" {
			return key
		}
		return path + "/" + key
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Implements(marshaler) || reflect.PointerTo(t).Implements(marshaler) ||
		t.Implements(textMarshaler) || reflect.PointerTo(t).Implements(textMarshaler) {
		return
	}
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		if path != "" {
			set[path] = true
		}
	case reflect.Slice, reflect.Array:
		if path != "" {
			set[path] = true // the length
		}
		names(set, join("N"), t.Elem(), seen)
	case reflect.Map:
		names(set, join("KEY"), t.Elem(), seen)
	case reflect.Struct:
		if seen[t] {
			return // a recursive type: its names are listed once
		}
		seen[t] = true
		defer delete(seen, t)
		for _, f := range fields(t) {
			names(set, join(f.name), f.typ, seen)
		}
	}
}

type jsonField struct {
	name  string
	typ   reflect.Type
	depth int
	tag   bool
}

// fields lists the fields encoding/json encodes for a struct type, with
// their json names: embedded structs' fields promoted, the shallowest (or
// the tagged, among equals) winning a name, a name in conflict dropped.
func fields(t reflect.Type) []jsonField {
	var all []jsonField
	var walk func(t reflect.Type, depth int, visited map[reflect.Type]bool)
	walk = func(t reflect.Type, depth int, visited map[reflect.Type]bool) {
		if visited[t] {
			return
		}
		visited[t] = true
		for i := range t.NumField() {
			f := t.Field(i)
			tag := f.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, _, _ := strings.Cut(tag, ",")
			ft := f.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if f.Anonymous && name == "" && ft.Kind() == reflect.Struct {
				walk(ft, depth+1, visited)
				continue
			}
			if !f.IsExported() {
				continue
			}
			all = append(all, jsonField{name: cmpOr(name, f.Name), typ: f.Type, depth: depth, tag: name != ""})
		}
	}
	walk(t, 0, map[reflect.Type]bool{})
	byName := map[string][]jsonField{}
	var order []string
	for _, f := range all {
		if _, ok := byName[f.name]; !ok {
			order = append(order, f.name)
		}
		byName[f.name] = append(byName[f.name], f)
	}
	var out []jsonField
	for _, name := range order {
		fs := byName[name]
		slices.SortStableFunc(fs, func(a, b jsonField) int {
			if a.depth != b.depth {
				return a.depth - b.depth
			}
			if a.tag != b.tag {
				if a.tag {
					return -1
				}
				return 1
			}
			return 0
		})
		if len(fs) > 1 && fs[0].depth == fs[1].depth && fs[0].tag == fs[1].tag {
			continue // in conflict: encoding/json leaves the name out
		}
		out = append(out, fs[0])
	}
	return out
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// Patterns shortens a list of figure names for a message: each place in
// a list written N, each name once (qf1/1, qf1/2 read qf1/N).
func Patterns(figs map[string]float64) []string {
	set := map[string]bool{}
	for name := range figs {
		parts := strings.Split(name, "/")
		for i, p := range parts {
			if _, err := strconv.Atoi(p); err == nil {
				parts[i] = "N"
			}
		}
		set[strings.Join(parts, "/")] = true
	}
	return slices.Sorted(maps.Keys(set))
}
