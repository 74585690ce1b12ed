package load

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

type (
	inner   struct{ A, B int }
	Shared  struct{ Label string }
	Vacancy struct {
		Qf1 []float64 `json:"qf1"`
	}
	result struct {
		Name     string         `json:"name"`
		Count    int            `json:"count"`
		Ratio    *float64       `json:"ratio"`
		Note     string         `json:"note,omitempty"`
		List     []inner        `json:"list"`
		Grid     [][]*int       `json:"grid"`
		ByName   map[string]int `json:"by_name"`
		Pair     [2]int         `json:"pair"`
		When     time.Duration  `json:"when"`
		Stamp    time.Time      `json:"stamp"` // a string: its own JSON
		Any      any            `json:"any"`
		Bytes    []byte         `json:"bytes"`
		Hidden   string         `json:"-"`
		Untagged bool           // no tag: the key is the name
		private  int
		Shared
		*Vacancy
	}
)

func compile(t *testing.T, s map[string]any) *jsonschema.Schema {
	t.Helper()
	data, _ := json.Marshal(s)
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("s.json", doc); err != nil {
		t.Fatal(err)
	}
	compiled, err := c.Compile("s.json")
	if err != nil {
		t.Fatal(err)
	}
	return compiled
}

// TestResultSchema: what encoding/json writes for a Result, empty or
// full, validates against its schema; a key is required unless it is
// omitempty or comes from an embedded pointer; the keys are the encoded
// ones.
func TestResultSchema(t *testing.T) {
	s := ResultSchema(reflect.TypeFor[result]())
	ratio, one := 0.5, 1
	values := []result{{}, {
		Name: "x", Count: 2, Ratio: &ratio, Note: "n", List: []inner{{1, 2}}, Grid: [][]*int{{nil, &one}},
		ByName: map[string]int{"a": 1}, Pair: [2]int{1, 2}, When: time.Second, Stamp: time.Unix(0, 0).UTC(),
		Any: []any{"x", 1}, Bytes: []byte("ab"), Untagged: true, private: 3, Shared: Shared{"s"}, Vacancy: &Vacancy{Qf1: []float64{1}},
	}}
	for i, v := range values {
		data, _ := json.Marshal(v)
		doc, _ := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err := compile(t, s).Validate(doc); err != nil {
			t.Errorf("value %d %s: %v", i, data, err)
		}
		var keys map[string]any
		json.Unmarshal(data, &keys)
		for k := range keys {
			if s["properties"].(map[string]any)[k] == nil {
				t.Errorf("value %d: key %q is not in the schema", i, k)
			}
		}
	}
	want := []string{"name", "count", "ratio", "list", "grid", "by_name", "pair", "when", "stamp", "any", "bytes", "Untagged", "Label"}
	if got := s["required"].([]string); !slices.Equal(got, want) {
		t.Errorf("required %v, want %v", got, want)
	}
	props := s["properties"].(map[string]any)
	if len(props) != len(want)+2 || props["note"] == nil || props["qf1"] == nil {
		t.Errorf("keys %v, want %v and note, qf1", props, want)
	}
	// A wrong value is refused: the schema is not "anything goes".
	for _, bad := range []string{`{"name": 1}`, `{"count": 1.5}`, `{"stamp": 0}`, `{"pair": [1]}`, `{"list": [{"A": "x"}]}`} {
		doc, _ := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(bad)))
		if compile(t, s).Validate(doc) == nil {
			t.Errorf("%s validates", bad)
		}
	}
}

type encodesItself struct{ A int }

func (encodesItself) MarshalJSON() ([]byte, error) { return []byte(`"a"`), nil }

// A type that writes its own JSON and does not say its schema is a
// defect, found when the schema is generated, not a wrong schema.
func TestResultSchemaOfAMarshaler(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic for a json.Marshaler without a ResultSchema method")
		}
	}()
	ResultSchema(reflect.TypeFor[struct{ X encodesItself }]())
}
