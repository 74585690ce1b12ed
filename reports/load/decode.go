package load

import (
	"encoding"
	"errors"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// StudyError is a problem in a study file, at a line when one is known.
type StudyError struct {
	File string
	Line int
	Err  error
}

func (e *StudyError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("study: %s: %v", e.File, e.Err)
	}
	return fmt.Sprintf("study: %s:%d: %v", e.File, e.Line, e.Err)
}

func (e *StudyError) Unwrap() error { return e.Err }

// StrictDecode decodes a node refusing unknown keys. yaml.v3 applies
// KnownFields only through a Decoder on raw bytes, so the keys are checked
// against the Go type here, on the node, where every key keeps its line.
func StrictDecode(n *yaml.Node, v any) error {
	if err := CheckKeys(n); err != nil {
		return err
	}
	if err := CheckKnownFields(n, reflect.TypeOf(v)); err != nil {
		return err
	}
	return n.Decode(v)
}

// MaxMappingKeys bounds the keys of one mapping (the studies here have
// at most 61): yaml.v3 compares every key with every other, 37 s for
// 100,000.
const MaxMappingKeys = 10000

// CheckKeys refuses a mapping under n that repeats a key, in yaml.v3's
// words, or has more than MaxMappingKeys keys, in linear time. Decode
// finds repeats by comparing every pair and lists every pair found: a key
// repeated 3,000 times took 7 s and 1.3 GB.
func CheckKeys(n *yaml.Node) error {
	if n.Kind == yaml.MappingNode {
		if k := len(n.Content) / 2; k > MaxMappingKeys {
			return fmt.Errorf("line %d: a mapping of %d keys, more than %d", n.Line, k, MaxMappingKeys)
		}
		type key struct {
			kind  yaml.Kind
			value string
		}
		seen := make(map[key]int, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if first, ok := seen[key{k.Kind, k.Value}]; ok {
				return fmt.Errorf("line %d: mapping key %#v already defined at line %d", k.Line, k.Value, first)
			}
			seen[key{k.Kind, k.Value}] = k.Line
		}
	}
	for _, c := range n.Content {
		if err := CheckKeys(c); err != nil {
			return err
		}
	}
	return nil
}

var (
	unmarshalerType = reflect.TypeFor[yaml.Unmarshaler]()
	NodeType        = reflect.TypeFor[yaml.Node]()
)

func CheckKnownFields(n *yaml.Node, t reflect.Type) error {
	return checkKnown(n, t, map[aliasUse]bool{})
}

// aliasUse is an anchored node used as a type through an alias: checked
// once however often it is used, so that aliases of aliases (a "billion
// laughs") cost no more than their anchors.
type aliasUse struct {
	anchor *yaml.Node
	t      reflect.Type
}

func checkKnown(n *yaml.Node, t reflect.Type, seen map[aliasUse]bool) error {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		// The anchor was checked where it stands, maybe as another type:
		// a mapping used here through *name must have this type's keys.
		use := aliasUse{n.Alias, t}
		if seen[use] {
			return nil
		}
		seen[use] = true
		if err := checkKnown(n.Alias, t, seen); err != nil {
			return fmt.Errorf("%w (through the alias *%s at line %d)", err, n.Value, n.Line)
		}
		return nil
	}
	if t == NodeType {
		return nil // decoded later, on its own
	}
	for t.Kind() == reflect.Pointer {
		if t.Implements(unmarshalerType) {
			return nil
		}
		t = t.Elem()
	}
	if reflect.PointerTo(t).Implements(unmarshalerType) {
		return nil
	}
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	switch t.Kind() {
	case reflect.Struct:
		if n.Kind != yaml.MappingNode {
			return nil // Decode reports the type mismatch with its line
		}
		fields := yamlFields(t)
		ranges := yamlRanges(t)
		for i := 0; i+1 < len(n.Content); i += 2 {
			key := n.Content[i]
			ft, ok := fields[key.Value]
			if !ok {
				return fmt.Errorf("line %d: unknown key %q (known here: %s)", key.Line, key.Value, knownKeys(fields))
			}
			if err := checkText(n.Content[i+1], ft); err != nil {
				return fmt.Errorf("line %d: %s: %v", key.Line, key.Value, err)
			}
			if err := checkValueShape(key.Value, n.Content[i+1], ft); err != nil {
				return err
			}
			if err := checkNumbers(key.Value, n.Content[i+1], ft, ranges[key.Value]); err != nil {
				return err
			}
			if err := checkKnown(n.Content[i+1], ft, seen); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		for _, c := range n.Content {
			if err := checkText(c, t.Elem()); err != nil {
				return fmt.Errorf("line %d: %v", c.Line, err)
			}
			if err := checkKnown(c, t.Elem(), seen); err != nil {
				return err
			}
		}
	case reflect.Map:
		if n.Kind == yaml.MappingNode {
			for i := 1; i < len(n.Content); i += 2 {
				if err := checkKnown(n.Content[i], t.Elem(), seen); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// checkText decodes a scalar into a type that reads text (a setting such
// as optimize.Mode), so that its error keeps the line: yaml.v3 reports
// such errors without one.
func checkText(n *yaml.Node, t reflect.Type) error {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" || t.Kind() == reflect.Pointer {
		return nil
	}
	if u, ok := reflect.New(t).Interface().(encoding.TextUnmarshaler); ok {
		return u.UnmarshalText([]byte(n.Value))
	}
	return nil
}

// checkValueShape says in words what a key wants when its value cannot be
// what the field takes (yaml.v3 would say "cannot unmarshal !!str into
// int64"): a list where a list is wanted, and scalars that decode.
func checkValueShape(key string, n *yaml.Node, t reflect.Type) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == NodeType || reflect.PointerTo(t).Implements(unmarshalerType) {
		return nil
	}
	// An alias (*name) is checked against the type where it is used, at
	// its own line: its anchor was checked where it stands, maybe as
	// another type, and yaml.v3 would name Go types ("cannot unmarshal
	// !!seq into kinds.BalanceRow"). Only its own shape: its entries were
	// checked at the anchor, and checking them again at every alias would
	// take as long as expanding the aliases.
	line, shallow := n.Line, false
	for i := 0; n.Kind == yaml.AliasNode && i < 100; i++ {
		if n.Alias == nil {
			return nil
		}
		n, shallow = n.Alias, true
	}
	if n.Kind == yaml.AliasNode {
		return nil
	}
	got := fmt.Sprintf("%q", n.Value)
	switch n.Kind {
	case yaml.SequenceNode:
		got = "a list"
	case yaml.MappingNode:
		got = "a mapping"
	}
	fail := func(want string) error {
		return fmt.Errorf("line %d: %s: want %s, got %s", line, key, wantWords(want), got)
	}
	if t.Kind() == reflect.Struct && reflect.PointerTo(t).Implements(textUnmarshaler) {
		// A setting written as text, such as optimize.Weights "2:1":
		// checkText has read it.
		if n.Kind != yaml.ScalarNode {
			return fail(errorWords(t))
		}
		return nil
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		if n.Kind != yaml.SequenceNode {
			return fail(errorWords(t))
		}
		if t.Kind() == reflect.Array && len(n.Content) != t.Len() {
			got = fmt.Sprintf("%d entries", len(n.Content))
			return fail(errorWords(t))
		}
		// Each entry's shape too: yaml.v3 would name the Go type.
		for i, c := range n.Content {
			if shallow {
				break
			}
			if c.Tag == "!!null" {
				continue
			}
			if err := checkValueShape(fmt.Sprintf("%s, entry %d", key, i+1), c, t.Elem()); err != nil {
				return err
			}
		}
	case reflect.Map, reflect.Struct:
		if n.Kind != yaml.MappingNode {
			return fail("mapping")
		}
	default:
		if n.Kind != yaml.ScalarNode {
			return fail(errorWords(t))
		}
		if err := n.Decode(reflect.New(t).Interface()); err != nil {
			if reflect.PointerTo(t).Implements(textUnmarshaler) {
				return fmt.Errorf("line %d: %s: %v", line, key, strings.TrimPrefix(err.Error(), "yaml: "))
			}
			return fail(errorWords(t))
		}
	}
	return nil
}

// CheckValueShape is checkValueShape for a value decoded on its own, such
// as a cell's body under its kind.
func CheckValueShape(key string, n *yaml.Node, v any) error {
	return checkValueShape(key, n, reflect.TypeOf(v))
}

// errorWords are TypeWords for a message: a mapping is no longer "(below)",
// and a list of YAML values is a list.
func errorWords(t reflect.Type) string {
	if t.Kind() == reflect.Array {
		return fmt.Sprintf("%d-element list", t.Len())
	}
	w := strings.ReplaceAll(TypeWords(t), "mapping (below)", "mapping")
	return strings.TrimSuffix(w, " of YAML")
}

// wantWords puts an article before a type's words: "a whole number",
// "a list of whole numbers".
func wantWords(words string) string {
	switch {
	case words == "text" || words == "true/false":
		return strings.Replace(words, "/", " or ", 1)
	case strings.HasPrefix(words, "list of "):
		elem := strings.TrimPrefix(words, "list of ")
		if !strings.HasPrefix(elem, "list") && !strings.HasPrefix(elem, "mapping ") && elem != "text" {
			elem += "s"
		}
		return "a list of " + elem
	}
	return "a " + words
}

// checkNumbers refuses a fraction where a whole number is meant (yaml.v3
// would drop it: 7.5 tables would be 7) and a number outside the field's
// stated range, the struct tag `range:"1..500"` (either end may be left
// out: "0.."), in a scalar or in each element of a list.
func checkNumbers(key string, n *yaml.Node, t reflect.Type, rng string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if n.Kind == yaml.AliasNode && n.Alias != nil && n.Alias.Kind == yaml.ScalarNode {
		// A number given by an alias (*n) is checked where it is used:
		// its anchor may stand where any number, or text, is taken.
		at := *n.Alias
		at.Line = n.Line
		n = &at
	}
	if n.Kind == yaml.SequenceNode && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		for _, c := range n.Content {
			if err := checkNumbers(key, c, t.Elem(), rng); err != nil {
				return err
			}
		}
		return nil
	}
	if n.Kind != yaml.ScalarNode || n.ShortTag() == "!!null" || reflect.PointerTo(t).Implements(textUnmarshaler) || reflect.PointerTo(t).Implements(unmarshalerType) {
		return nil
	}
	var whole bool
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		whole = true
	case reflect.Float32, reflect.Float64:
	default:
		return nil
	}
	x, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64)
	if err != nil {
		if v, ierr := strconv.ParseInt(strings.ReplaceAll(n.Value, "_", ""), 0, 64); ierr == nil {
			x = float64(v) // 0x1F, 0o17
		} else {
			return nil // not a number: checkValueShape has said so
		}
	}
	if whole && x != math.Trunc(x) {
		return fmt.Errorf("line %d: %s: want a whole number, got %s", n.Line, key, n.Value)
	}
	if rng == "" {
		return nil
	}
	lo, hi, _ := strings.Cut(rng, "..")
	if lo != "" {
		if min, err := strconv.ParseFloat(lo, 64); err == nil && x < min {
			return fmt.Errorf("line %d: %s: %s is outside %s", n.Line, key, n.Value, rangeWords(rng))
		}
	}
	if hi != "" {
		if max, err := strconv.ParseFloat(hi, 64); err == nil && x > max {
			return fmt.Errorf("line %d: %s: %s is outside %s", n.Line, key, n.Value, rangeWords(rng))
		}
	}
	return nil
}

// rangeWords says a range tag in words: "1..500", "0 or more".
func rangeWords(rng string) string {
	lo, hi, _ := strings.Cut(rng, "..")
	switch {
	case hi == "":
		return lo + " or more"
	case lo == "":
		return "at most " + hi
	}
	return rng
}

// yamlRanges maps the YAML keys of a struct type to their stated ranges
// (the struct tag range), where they have one.
func yamlRanges(t reflect.Type) map[string]string {
	out := map[string]string{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if strings.Contains(opts, "inline") {
			maps.Copy(out, yamlRanges(f.Type))
			continue
		}
		if r := f.Tag.Get("range"); r != "" {
			if name == "" {
				name = strings.ToLower(f.Name)
			}
			out[name] = r
		}
	}
	return out
}

// yamlFields maps the YAML keys of a struct type to their field types.
func yamlFields(t reflect.Type) map[string]reflect.Type {
	fields := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if name == "-" {
			continue
		}
		if strings.Contains(opts, "inline") {
			maps.Copy(fields, yamlFields(f.Type))
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		fields[name] = f.Type
	}
	return fields
}

func knownKeys(fields map[string]reflect.Type) string {
	return strings.Join(slices.Sorted(maps.Keys(fields)), ", ")
}

// YAMLError turns a yaml.v3 error ("yaml: line 14: field foo not found in
// type ...") into a StudyError with the line.
func YAMLError(path string, err error) error {
	line, msg := YAMLLine(err)
	msg = strings.ReplaceAll(msg, "in type study.", "in ")
	return &StudyError{File: path, Line: line, Err: errors.New(msg)}
}

// YAMLLine splits a yaml.v3 error into its line (0 when it names none) and
// its message, without yaml.v3's "yaml: line N:" prefix: for any YAML file
// the tool reads.
func YAMLLine(err error) (line int, msg string) {
	var te *yaml.TypeError
	msg = err.Error()
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	msg = strings.TrimPrefix(msg, "yaml: ")
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if i := strings.IndexByte(rest, ':'); i > 0 {
			if n, err := strconv.Atoi(rest[:i]); err == nil {
				return n, strings.TrimSpace(rest[i+1:])
			}
		}
	}
	return 0, msg
}

// MappingValue returns the value of key in a mapping node, or nil.
func MappingValue(n *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

type LineError struct {
	Line int
	Err  error
}

// CheckFinite refuses .inf and .nan anywhere in a study: a tolerance of
// .inf would pass any published figure, and NaN compares false with
// everything. Bounds, tolerances and parameters are finite numbers.
func CheckFinite(n *yaml.Node, key string) *LineError {
	switch n.Kind {
	case yaml.ScalarNode:
		if n.ShortTag() == "!!float" {
			v := strings.ToLower(strings.TrimLeft(n.Value, "+-"))
			x, _ := strconv.ParseFloat(n.Value, 64) // ±Inf when it overflows
			if v == ".inf" || v == ".nan" || math.IsInf(x, 0) || math.IsNaN(x) {
				return &LineError{n.Line, fmt.Errorf("%s: %s: want a finite number", key, n.Value)}
			}
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			if err := CheckFinite(n.Content[i+1], n.Content[i].Value); err != nil {
				return err
			}
		}
	default:
		for _, c := range n.Content {
			if err := CheckFinite(c, key); err != nil {
				return err
			}
		}
	}
	return nil
}
