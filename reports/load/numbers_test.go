package load

import (
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
