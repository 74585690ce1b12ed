package usage

import (
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/bridgereport/bridgereport/reports/render"
)

// JSONKeys lists the keys a result encodes to, in order, with the keys of
// nested objects in braces: "pairs, tables, vacancy {qf1, qf1_av}". The
// usage text of a command is written from it, so the documented keys are
// the encoded ones.
func JSONKeys(result any) string {
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

// JSONKeyList writes the keys a result encodes to as a Markdown list,
// nested objects as nested lists, each key with its JSON type: the body of
// a section of docs/json.md.
func JSONKeyList(result any) string {
	var b strings.Builder
	writeKeys(&b, deref(reflect.TypeOf(result)), "")
	return b.String()
}

func writeKeys(b *strings.Builder, t reflect.Type, indent string) {
	for t.Kind() == reflect.Slice {
		t = deref(t.Elem())
	}
	for i := range t.NumField() {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if f.Anonymous && name == "" {
			writeKeys(b, deref(f.Type), indent)
			continue
		}
		if name == "" {
			name = f.Name
		}
		kind, inner := jsonKind(f.Type)
		if strings.Contains(opts, "omitempty") {
			kind += ", left out when empty"
		}
		fmt.Fprintf(b, "%s- `%s` (%s)\n", indent, name, kind)
		if inner != nil {
			writeKeys(b, inner, indent+"  ")
		}
	}
}

func deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// jsonKind names a Go type as JSON and returns the struct whose keys it
// holds, if any.
func jsonKind(t reflect.Type) (string, reflect.Type) {
	nullable := false
	for t.Kind() == reflect.Pointer {
		t, nullable = t.Elem(), true
	}
	var kind string
	var inner reflect.Type
	switch t.Kind() {
	case reflect.Struct:
		kind, inner = "object", t
	case reflect.Slice, reflect.Array:
		k, in := jsonKind(t.Elem())
		kind, inner = "array of "+k, in
	case reflect.Map:
		k, in := jsonKind(t.Elem())
		kind, inner = "object of "+k, in
	case reflect.String:
		kind = "string"
	case reflect.Bool:
		kind = "boolean"
	case reflect.Float32, reflect.Float64, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		kind = "number"
	default:
		kind = t.Kind().String()
	}
	if _, ok := reflect.New(t).Interface().(interface{ MarshalText() ([]byte, error) }); ok && t.Kind() != reflect.Struct {
		kind, inner = "string", nil
	}
	if nullable {
		kind += " or null"
	}
	return kind, inner
}

// JSONSection is one shape of a command's --json: when it is printed (a
// flag or an argument that selects it, or ""), a zero value of the Result
// it encodes (a slice: an array of them), and what it is. Name, for a
// command of several shapes, names the shape in its schema's $defs.
type JSONSection struct {
	When   string
	Result any
	About  string
	Name   string
}

// JSONUsage is the part of a command's usage that says what its --json
// prints: a paragraph a section, filled to 76 columns.
func JSONUsage(sections []JSONSection) string {
	var b strings.Builder
	for _, sec := range sections {
		when := ""
		if sec.When != "" {
			when = " (" + sec.When + ")"
		}
		fmt.Fprintf(&b, "\n%s\n", render.Fill(fmt.Sprintf("--json%s: %s Its keys: %s.", when, sec.About, JSONKeys(sec.Result)), 76))
	}
	return b.String()
}

// JSONDoc is a command's --json contracts, for docs/json.md, and the
// version of their schema (docs/schema/COMMAND.schema.json).
type JSONDoc struct {
	Command  string
	Sections []JSONSection
	Version  int
}

// WriteJSONDoc writes docs/json.md: every contract's keys, nested objects
// as nested lists; regenerate names the command that rewrites it.
func WriteJSONDoc(w io.Writer, regenerate string, docs []JSONDoc) error {
	var b strings.Builder
	b.WriteString("# The --json contracts\n\n")
	fmt.Fprintf(&b, "Generated from the Result types of the commands (`%s`).\n", regenerate)
	b.WriteString("Keys are a promise to scripts: they keep their names, their places (the object that holds them) and their meanings; new keys may be added. The order of the keys within an object is not part of the promise: read them by name.\n")
	b.WriteString("\nThe same keys, with their JSON types and whether they may be left out, are a JSON Schema for each command, versioned (`docs/schema`, `bridgereport schema COMMAND`); a key is renamed or removed only in a new version. [schema/README.md](schema/README.md) says what a version promises.\n")
	for _, d := range docs {
		for _, sec := range d.Sections {
			shape := "One object with these keys"
			if reflect.TypeOf(sec.Result).Kind() == reflect.Slice {
				shape = "An array of objects with these keys"
			}
			schema := fmt.Sprintf("[schema](schema/%s.schema.json), version %d", d.Command, d.Version)
			fmt.Fprintf(&b, "\n## %s\n\n%s %s (%s):\n\n%s", strings.TrimSpace(d.Command+" "+sec.When), sec.About, shape, schema, JSONKeyList(sec.Result))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
