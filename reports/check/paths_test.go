package check

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
)

type inner struct {
	Av  float64   `json:"qf1_av"`
	Qf1 []float64 `json:"qf1"`
}

type embedded struct {
	Qf    float64 `json:"qf"`
	Label string  `json:"label"` // a string: no figure
}

type sample struct {
	*embedded
	Pairs   int                `json:"pairs"`
	Uniform bool               `json:"uniform"`
	Vacancy *inner             `json:"vacancy"`
	Boards  map[string]float64 `json:"boards"`
	Hidden  float64            `json:"-"`
	Opt     *float64           `json:"opt,omitempty"`
	Qf      float64            `json:"qf_outer"`
	Deep    [][]int            `json:"deep"`
}

// TestPaths: every number of a Result by its json path, written out by
// hand for one value.
func TestPaths(t *testing.T) {
	v := sample{
		embedded: &embedded{Qf: 92, Label: "x"}, Pairs: 14, Uniform: true,
		Vacancy: &inner{Av: 65.5, Qf1: []float64{60, 71.25}}, Boards: map[string]float64{"12": 2.75},
		Hidden: 1, Deep: [][]int{{1, 2}, {3}},
	}
	got, err := Paths(v)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{
		"qf": 92, "pairs": 14, "uniform": 1, "vacancy/qf1_av": 65.5, "vacancy/qf1/1": 60, "vacancy/qf1/2": 71.25,
		"boards/12": 2.75, "qf_outer": 0, "deep/1/1": 1, "deep/1/2": 2, "deep/2/1": 3,
		"vacancy/qf1": 2, "deep": 2, "deep/1": 2, "deep/2": 1, // the lists' lengths
	}
	if !maps.Equal(got, want) {
		t.Errorf("Paths:\n got %v\nwant %v", got, want)
	}
	// A nil embedded pointer and a nil pointer field give no figures.
	got, err = Paths(sample{Uniform: false})
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]float64{"pairs": 0, "uniform": 0, "qf_outer": 0}; !maps.Equal(got, want) {
		t.Errorf("Paths of the zero value: got %v, want %v", got, want)
	}
}

// TestPathsRefusesNaN: a Result that does not encode has no figures (and
// no --json).
func TestPathsRefusesNaN(t *testing.T) {
	if _, err := Paths(struct{ X float64 }{X: nan()}); err == nil {
		t.Error("Paths encoded a NaN")
	}
}

func nan() float64 { z := 0.0; return z / z }

// TestNames: the names of a type are the patterns of its values' paths.
func TestNames(t *testing.T) {
	got := Names(reflect.TypeFor[sample]())
	want := []string{"boards/KEY", "deep", "deep/N", "deep/N/N", "opt", "pairs", "qf", "qf_outer", "uniform", "vacancy/qf1", "vacancy/qf1/N", "vacancy/qf1_av"}
	if !slices.Equal(got, want) {
		t.Errorf("Names:\n got %v\nwant %v", got, want)
	}
	// Every path of a full value matches a name.
	v := sample{embedded: &embedded{}, Vacancy: &inner{Qf1: []float64{1}}, Boards: map[string]float64{"8": 1}, Deep: [][]int{{1}}}
	figs, err := Paths(v)
	if err != nil {
		t.Fatal(err)
	}
	for path := range figs {
		if !slices.ContainsFunc(want, func(name string) bool { return matches(name, path) }) {
			t.Errorf("path %s matches no name of %v", path, want)
		}
	}
}

// matches says whether a path is an instance of a name (N a number, KEY
// any key).
func matches(name, path string) bool {
	n, p := strings.Split(name, "/"), strings.Split(path, "/")
	if len(n) != len(p) {
		return false
	}
	for i := range n {
		if n[i] != p[i] && n[i] != "N" && n[i] != "KEY" {
			return false
		}
	}
	return true
}

func TestOwn(t *testing.T) {
	got, err := Own(sample{Pairs: 8, Vacancy: &inner{Qf1: []float64{1}}, Deep: [][]int{{1}, {2}}})
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]float64{"pairs": 8, "uniform": 0, "qf_outer": 0, "deep": 2}; !maps.Equal(got, want) {
		t.Errorf("Own: got %v, want %v", got, want)
	}
}

func TestPatterns(t *testing.T) {
	got := Patterns(map[string]float64{"qf1/1": 0, "qf1/2": 0, "qf": 0, "rows/3/qf": 0})
	if want := []string{"qf", "qf1/N", "rows/N/qf"}; !slices.Equal(got, want) {
		t.Errorf("Patterns: got %v, want %v", got, want)
	}
}
