package kinds

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/load"
)

// Kind is a cell kind: the key that names it in a study, the constructor of
// its empty body (which decodes itself from that key's value), and its
// contract. Each kind's file registers its Kind, so a kind is one file: its
// fields, its run, its presenter and this record.
type Kind struct {
	// Name is the key that names the kind in a study.
	Name string
	// New returns an empty body of the kind.
	New func() cell.Body
	// Results are zero values of the types the kind's Output.Result takes
	// (pointers to them): what the command that runs the kind prints with
	// --json and what its cell carries in results.json. One, or one per
	// input form (a session cell reads a CSV session or a club's results
	// file). Nil for prose, which has no Result.
	Results []any
	// Figures is a zero value of the type whose json paths name the
	// figures a study may publish; nil where the kind names its figures
	// itself (see its doc).
	Figures any
	// Per says where the published figures are given: "" in the cell's
	// own published, else in each of its rows, columns, …
	Per string
	// Prefix, in the cell's own published, names the part of the Result
	// the figure is of (LABEL/ for a row by its label).
	Prefix string
	// Browser says the kind runs in the reader's browser: it reads no file
	// and takes seconds, not minutes, so a page recomputes its cells when
	// an interactive parameter they use changes. A study refuses an
	// interactive parameter that a cell of another kind uses.
	Browser bool
}

// Result is the kind's one Result type (the first, for a kind with
// several input forms).
func (k *Kind) Result() any { return k.Results[0] }

// Kinds are the cell kinds, in the order their files register them.
var Kinds []*Kind

// byBody finds a kind by the type of its body.
var byBody = map[reflect.Type]*Kind{}

// register adds a kind to the table; a name or body type registered twice
// is a defect.
func register(k Kind) *Kind {
	t := reflect.TypeOf(k.New())
	if _, ok := Lookup(k.Name); ok || byBody[t] != nil {
		panic(fmt.Sprintf("kinds: %s registered twice", k.Name))
	}
	Kinds = append(Kinds, &k)
	byBody[t] = &k
	return &k
}

// Lookup returns the kind a study names.
func Lookup(name string) (*Kind, bool) {
	i := slices.IndexFunc(Kinds, func(k *Kind) bool { return k.Name == name })
	if i < 0 {
		return nil, false
	}
	return Kinds[i], true
}

// Of returns the kind of a body; every body type is registered, so a body
// of no kind is a defect.
func Of(body cell.Body) *Kind {
	k := byBody[reflect.TypeOf(body)]
	if k == nil {
		panic(fmt.Sprintf("kinds: %T is the body of no kind", body))
	}
	return k
}

// Names lists the names of the kinds a study may use, sorted.
func Names() []string {
	names := make([]string, len(Kinds))
	for i, k := range Kinds {
		names[i] = k.Name
	}
	slices.Sort(names)
	return names
}

// Decode decodes one entry of a study's cells: a mapping with a single key,
// the kind, whose value is the cell's body.
func Decode(n *yaml.Node) (kind string, body cell.Body, err error) {
	if n.Kind != yaml.MappingNode || len(n.Content) != 2 {
		return "", nil, fmt.Errorf("a cell is a mapping with one key, its kind: one of %s", strings.Join(Names(), ", "))
	}
	kind = n.Content[0].Value
	k, ok := Lookup(kind)
	if !ok {
		return "", nil, fmt.Errorf("unknown cell kind %q (known: %s)", kind, strings.Join(Names(), ", "))
	}
	body = k.New()
	if err := load.CheckValueShape(kind, n.Content[1], body); err != nil {
		return "", nil, err
	}
	if err := load.StrictDecode(n.Content[1], body); err != nil {
		return "", nil, err
	}
	return kind, body, nil
}
