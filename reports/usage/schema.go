package usage

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/reports/load"
)

// SchemaBase is where the --json schemas are published (docs/schema). A
// schema's $id is SchemaBase + NAME/vN.schema.json: the version is part of
// its name, and that is the file it is kept as once a later version takes
// its place as NAME.schema.json.
const SchemaBase = "https://github.com/bridgereport/bridgereport/docs/schema/"

// SchemaID is the $id of version v of the schema called name.
func SchemaID(name string, v int) string {
	return fmt.Sprintf("%s%s/v%d.schema.json", SchemaBase, name, v)
}

var schemaID = regexp.MustCompile(`^` + regexp.QuoteMeta(SchemaBase) + `([^/]+)/v([1-9][0-9]*)\.schema\.json$`)

// SchemaVersion reads the name and the version from a schema's $id.
func SchemaVersion(schema map[string]any) (name string, v int, ok bool) {
	id, _ := schema["$id"].(string)
	m := schemaID.FindStringSubmatch(id)
	if m == nil {
		return "", 0, false
	}
	v, _ = strconv.Atoi(m[2])
	return m[1], v, true
}

// ResultSchema is the schema of what a section's Result encodes to: the
// value itself, not a pointer to it (which could be null).
func ResultSchema(result any) map[string]any {
	t := reflect.TypeOf(result)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return load.ResultSchema(t)
}

// Schema is the JSON Schema (draft 2020-12) of a command's --json, version
// v: its Result's keys, each required unless it may be left out; objects
// stay open, since keys may be added within a version. A command with
// several shapes (score of a session, a club's file or a season) is any
// one of them, each under $defs by its section's Name.
func Schema(command string, v int, sections []JSONSection) map[string]any {
	var root map[string]any
	if len(sections) == 1 {
		root = ResultSchema(sections[0].Result)
		root["description"] = sections[0].About
	} else {
		defs, shapes := map[string]any{}, []any{}
		for _, sec := range sections {
			s := ResultSchema(sec.Result)
			s["title"] = strings.TrimSpace(command + " " + sec.When)
			s["description"] = sec.About
			defs[sec.Name] = s
			shapes = append(shapes, map[string]any{"$ref": "#/$defs/" + sec.Name})
		}
		root = map[string]any{"anyOf": shapes, "$defs": defs}
	}
	root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	root["$id"] = SchemaID(command, v)
	root["title"] = "bridgereport " + command + " --json"
	return root
}

// Breaks lists what a script written against the schema old would find
// broken in the output new describes: a key gone (removed or renamed), a
// key that may now be left out, a value that may now be of a type old did
// not allow, a shape gone. Keys, shapes and types added break nothing.
func Breaks(old, new map[string]any) []string {
	c := &compat{oldRoot: old, newRoot: new}
	c.walk("", old, new)
	oldDefs, _ := old["$defs"].(map[string]any)
	newDefs, _ := new["$defs"].(map[string]any)
	for _, name := range sortedKeys(oldDefs) {
		n, ok := newDefs[name].(map[string]any)
		if !ok {
			c.add("$defs/%s: gone", name)
			continue
		}
		c.walk("$defs/"+name, oldDefs[name].(map[string]any), n)
	}
	return c.breaks
}

type compat struct {
	oldRoot, newRoot map[string]any
	breaks           []string
}

func (c *compat) add(format string, args ...any) {
	c.breaks = append(c.breaks, fmt.Sprintf(format, args...))
}

// walk compares a value's schemas; path is where the value is, in the
// notation of docs/json.md's keys (pairs[].percent).
func (c *compat) walk(path string, o, n map[string]any) {
	where := path
	if where == "" {
		where = "the top"
	}
	if o["$ref"] != nil || n["$ref"] != nil {
		if o["$ref"] != n["$ref"] {
			c.add("%s: is now %v (was %v)", where, n["$ref"], o["$ref"])
		}
		return // a definition: Breaks compares each by name
	}
	ot, nt := types(o), types(n)
	switch {
	case ot == nil:
	case nt == nil:
		c.add("%s: may now be any value (was %s)", where, strings.Join(ot, " or "))
	default:
		for _, t := range nt {
			if !slices.Contains(ot, t) && !(t == "integer" && slices.Contains(ot, "number")) {
				c.add("%s: may now be %s (was %s)", where, t, strings.Join(ot, " or "))
			}
		}
	}
	op, np := objectKeys(o), objectKeys(n)
	nreq := stringList(n["required"])
	for _, k := range stringList(o["required"]) {
		if np[k] != nil && !slices.Contains(nreq, k) {
			c.add("%s: may now be left out", join(path, k))
		}
	}
	for _, k := range sortedKeys(op) {
		if np[k] == nil {
			c.add("%s: gone (removed or renamed)", join(path, k))
			continue
		}
		c.walk(join(path, k), op[k].(map[string]any), np[k].(map[string]any))
	}
	for _, key := range []string{"items", "additionalProperties"} {
		oi, ok1 := o[key].(map[string]any)
		ni, ok2 := n[key].(map[string]any)
		if ok1 && ok2 {
			c.walk(path+map[string]string{"items": "[]", "additionalProperties": "{}"}[key], oi, ni)
		}
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		c.alternatives(where, path, o[key], n[key])
	}
}

// alternatives compares the shapes a value may take, a definition by its
// name, others in order.
func (c *compat) alternatives(where, path string, o, n any) {
	olds, _ := o.([]any)
	news, _ := n.([]any)
	for i, alt := range olds {
		a := alt.(map[string]any)
		j := i
		if ref, ok := a["$ref"]; ok {
			j = slices.IndexFunc(news, func(b any) bool { return b.(map[string]any)["$ref"] == ref })
		}
		if j < 0 || j >= len(news) {
			c.add("%s: shape %d (%v) gone", where, i+1, shapeName(a))
			continue
		}
		c.walk(path, a, news[j].(map[string]any))
	}
}

func shapeName(s map[string]any) any {
	if ref, ok := s["$ref"]; ok {
		return ref
	}
	return s["type"]
}

// types are the JSON types a schema allows, nil for any.
func types(s map[string]any) []string {
	switch t := s["type"].(type) {
	case string:
		return []string{t}
	case []any:
		return stringList(t)
	}
	alts, ok := s["anyOf"].([]any)
	if !ok {
		return nil
	}
	var all []string
	for _, a := range alts {
		ts := types(a.(map[string]any))
		if ts == nil {
			return nil
		}
		all = append(all, ts...)
	}
	return all
}

func objectKeys(s map[string]any) map[string]any {
	p, _ := s["properties"].(map[string]any)
	return p
}

func stringList(v any) []string {
	var out []string
	switch l := v.(type) {
	case []any:
		for _, x := range l {
			out = append(out, fmt.Sprint(x))
		}
	case []string:
		out = l
	}
	return out
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}
