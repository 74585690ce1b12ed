package load

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

type numbers struct {
	Tables  int       `yaml:"tables" range:"1..500"`
	Samples int64     `yaml:"samples" range:"0.."`
	Rounds  []int     `yaml:"rounds" range:"1..10"`
	Pairs   [][2]int  `yaml:"pairs"`
	Ratio   float64   `yaml:"ratio" range:"0..1"`
	Free    int       `yaml:"free"`
	Inner   *numbers  `yaml:"inner"`
	Weights []float64 `yaml:"weights"`
}

func TestWholeNumbersAndRanges(t *testing.T) {
	cases := []struct{ src, want string }{
		{"tables: 7", ""},
		{"samples: 1e6", ""},
		{"samples: 1_000", ""},
		{"tables: 0x1F", ""},
		{"free: 7.0", ""},
		{"weights: [0.5, 2]", ""},
		{"tables: 7.5", "line 1: tables: want a whole number, got 7.5"},
		{"samples: 1000.5", "line 1: samples: want a whole number, got 1000.5"},
		{"\nrounds: [1, 2.7]", "line 2: rounds: want a whole number, got 2.7"},
		{"pairs: [[1, 2], [3, 4.5]]", "line 1: pairs: want a whole number, got 4.5"},
		{"tables: -5", "line 1: tables: -5 is outside 1..500"},
		{"tables: 501", "line 1: tables: 501 is outside 1..500"},
		{"samples: -1", "line 1: samples: -1 is outside 0 or more"},
		{"rounds: [3, 11]", "line 1: rounds: 11 is outside 1..10"},
		{"ratio: 1.5", "line 1: ratio: 1.5 is outside 0..1"},
		{"inner:\n  tables: 2.5", "line 2: tables: want a whole number, got 2.5"},
	}
	for _, c := range cases {
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(c.src), &n); err != nil {
			t.Fatal(err)
		}
		var v numbers
		err := StrictDecode(&n, &v)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q: %v", c.src, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q: err = %v, want %q", c.src, err, c.want)
		}
	}
}

type aliasRow struct {
	Movement string `yaml:"movement"`
}

type aliased struct {
	Note   string     `yaml:"note"`
	Tables int        `yaml:"tables" range:"1..500"`
	Rows   []aliasRow `yaml:"rows"`
	Other  []int      `yaml:"other"`
}

// TestAliasesCheckedWhereUsed: an alias (*name) was checked nowhere, its
// anchor only as what stands there, so 7.5 tables through an alias were 7,
// and a list where a mapping is wanted was yaml.v3's "cannot unmarshal
// !!seq into load.aliasRow" at the anchor's line. An alias is now checked
// against what it gives, at its own line.
func TestAliasesCheckedWhereUsed(t *testing.T) {
	cases := []struct{ src, want string }{
		{"tables: &n 7\nother: [*n]", ""},
		{"rows: &r [{movement: m}]\nnote: x\n", ""},
		{"note: &n 7.5\ntables: *n", "line 2: tables: want a whole number, got 7.5"},
		{"note: &n 600\ntables: *n", "line 2: tables: 600 is outside 1..500"},
		{"note: &t hello\nrows: *t", `line 2: rows: want a list of mappings, got "hello"`},
		{"other: &l [1, 2]\nrows: [*l]", "line 2: rows, entry 1: want a mapping, got a list"},
		// A mapping used through an alias has the keys of where it is used.
		{"rows: [&r {movement: m, bogus: 1}]\n", `line 1: unknown key "bogus" (known here: movement)`},
		{"rows: [{movement: m}]\nextra: &m {mitchell: 7}\n", `line 2: unknown key "extra" (known here: note, other, rows, tables)`},
	}
	for _, c := range cases {
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(c.src), &n); err != nil {
			t.Fatal(err)
		}
		var v aliased
		err := StrictDecode(&n, &v)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q: %v", c.src, err)
		case c.want != "" && (err == nil || err.Error() != c.want):
			t.Errorf("%q: err = %v, want %q", c.src, err, c.want)
		}
	}
}

// A mapping anchored as one thing and used through an alias as another is
// checked against the keys of where it is used, once however many aliases
// name it (a "billion laughs" of aliases of aliases is not expanded).
func TestAliasedMappingHasItsUseKeys(t *testing.T) {
	type movements struct {
		M map[string]int `yaml:"m"`
	}
	type study struct {
		Movements movements  `yaml:"movements"`
		Rows      []aliasRow `yaml:"rows"`
	}
	src := "movements:\n  m: &m {mitchell: 7}\nrows: [*m]\n"
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(src), &n); err != nil {
		t.Fatal(err)
	}
	want := `line 2: unknown key "mitchell" (known here: movement) (through the alias *m at line 3)`
	if err := StrictDecode(&n, &study{}); err == nil || err.Error() != want {
		t.Errorf("err = %v, want %q", err, want)
	}
	// Ten levels of ten aliases each: 10¹⁰ uses if each were checked.
	type tree struct {
		Movement string `yaml:"movement"`
		Kids     []tree `yaml:"kids"`
	}
	var b strings.Builder
	b.WriteString("a0: &a0 {movement: m}\n")
	for lv := 1; lv <= 10; lv++ {
		fmt.Fprintf(&b, "a%d: &a%d {kids: [%s]}\n", lv, lv, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d, ", lv-1), 10), ", "))
	}
	var laughs yaml.Node
	if err := yaml.Unmarshal([]byte(b.String()), &laughs); err != nil {
		t.Fatal(err)
	}
	if err := CheckKnownFields(&laughs, reflect.TypeFor[map[string]tree]()); err != nil {
		t.Errorf("laughs: %v", err)
	}
	bad := strings.Replace(b.String(), "{movement: m}", "{movement: m, bogus: 1}", 1)
	if err := yaml.Unmarshal([]byte(bad), &laughs); err != nil {
		t.Fatal(err)
	}
	if err := CheckKnownFields(&laughs, reflect.TypeFor[map[string]tree]()); err == nil || !strings.Contains(err.Error(), `line 1: unknown key "bogus"`) {
		t.Errorf("laughs with a bad key: %v", err)
	}
}
