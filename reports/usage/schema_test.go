package usage

import (
	"encoding/json"
	"strings"
	"testing"
)

// The shapes a Result may take from one version to the next; each case
// is the Result's type before and after a change.
type (
	point  struct{ X, Y float64 }
	before struct {
		Pairs  int      `json:"pairs"`
		Qf     float64  `json:"qf"`
		Names  []string `json:"names"`
		Note   string   `json:"note,omitempty"`
		Vacant *point   `json:"vacant"`
		Rows   []point  `json:"rows"`
	}
	added struct {
		Pairs  int      `json:"pairs"`
		Qf     float64  `json:"qf"`
		Qo     float64  `json:"qo"`
		Names  []string `json:"names"`
		Note   string   `json:"note,omitempty"`
		Vacant *point   `json:"vacant"`
		Rows   []struct {
			X, Y float64
			Z    int
		} `json:"rows"`
	}
	renamed struct {
		Pairs  int      `json:"pairs"`
		QF     float64  `json:"q_f"`
		Names  []string `json:"names"`
		Note   string   `json:"note,omitempty"`
		Vacant *point   `json:"vacant"`
		Rows   []point  `json:"rows"`
	}
	retyped struct {
		Pairs  float64  `json:"pairs"`
		Qf     string   `json:"qf"`
		Names  []string `json:"names"`
		Note   string   `json:"note,omitempty"`
		Vacant *point   `json:"vacant"`
		Rows   []struct {
			X string
			Y float64
		} `json:"rows"`
	}
	leftOut struct {
		Pairs  int      `json:"pairs,omitempty"`
		Qf     float64  `json:"qf"`
		Names  []string `json:"names"`
		Note   string   `json:"note,omitempty"`
		Vacant *point   `json:"vacant"`
		Rows   []point  `json:"rows"`
	}
	narrowed struct {
		Pairs  int      `json:"pairs"`
		Qf     int      `json:"qf"`
		Names  []string `json:"names"`
		Note   string   `json:"note"`
		Vacant point    `json:"vacant"`
		Rows   []point  `json:"rows"`
	}
)

// schemaOf is a schema as a reader of its file has it.
func schemaOf(t *testing.T, sections ...JSONSection) map[string]any {
	t.Helper()
	data, err := json.Marshal(Schema("test", 1, sections))
	if err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestBreaks(t *testing.T) {
	old := schemaOf(t, JSONSection{Result: &before{}})
	cases := []struct {
		name   string
		new    any
		breaks []string
	}{
		{"unchanged", &before{}, nil},
		{"keys added", &added{}, nil},
		{"a key renamed", &renamed{}, []string{"qf: gone (removed or renamed)"}},
		{"types changed", &retyped{}, []string{"pairs: may now be number (was integer)", "qf: may now be string (was number)", "rows[].X: may now be string (was number)"}},
		{"a key left out when empty", &leftOut{}, []string{"pairs: may now be left out"}},
		{"narrower types, a key always written", &narrowed{}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Breaks(old, schemaOf(t, JSONSection{Result: c.new}))
			if strings.Join(got, "\n") != strings.Join(c.breaks, "\n") {
				t.Errorf("breaks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.breaks, "\n"))
			}
		})
	}
}

// A command of several shapes: a shape gone or renamed breaks; one added
// does not; a shape's keys are compared as a command's are.
func TestBreaksOfShapes(t *testing.T) {
	two := schemaOf(t, JSONSection{Name: "a", Result: &before{}}, JSONSection{Name: "b", Result: &point{}})
	cases := []struct {
		name   string
		new    map[string]any
		breaks string
	}{
		{"a shape added", schemaOf(t, JSONSection{Name: "a", Result: &before{}}, JSONSection{Name: "b", Result: &point{}}, JSONSection{Name: "c", Result: &added{}}), ""},
		{"a shape renamed", schemaOf(t, JSONSection{Name: "a", Result: &before{}}, JSONSection{Name: "p", Result: &point{}}), "the top: shape 2 (#/$defs/b) gone\n$defs/b: gone"},
		{"a shape's key renamed", schemaOf(t, JSONSection{Name: "a", Result: &renamed{}}, JSONSection{Name: "b", Result: &point{}}), "$defs/a.qf: gone (removed or renamed)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := strings.Join(Breaks(two, c.new), "\n"); got != c.breaks {
				t.Errorf("breaks:\n%s\nwant:\n%s", got, c.breaks)
			}
		})
	}
}

func TestSchemaVersion(t *testing.T) {
	s := schemaOf(t, JSONSection{Result: &point{}})
	if name, v, ok := SchemaVersion(s); name != "test" || v != 1 || !ok {
		t.Errorf("SchemaVersion(%v) = %q, %d, %v", s["$id"], name, v, ok)
	}
	for _, id := range []string{"", SchemaBase + "test.schema.json", SchemaBase + "test/v0.schema.json", "https://example.com/test/v1.schema.json"} {
		if _, _, ok := SchemaVersion(map[string]any{"$id": id}); ok {
			t.Errorf("SchemaVersion(%q) is ok", id)
		}
	}
}
