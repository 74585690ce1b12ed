package study

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const optimizeStudy = `title: "Options"
movements:
  exp: {library: 14p8rexpandedM_from_outputexample}
cells:
  - optimize:
      id: opt
      iterations: 200000
      restarts: 2
      seed: 1
      fixers: fixers.txt
      mode: "fast:0.05:1"
      weights: "2:1"
      vacancy: weighted
      d4: true
      rows:
        - {movement: exp, published: {qf_before: "54.88", qf: "82.46"}}
  - optimize:
      id: more
      iterations: 20000
      restarts: 1
      fix_groups: [A, "3"]
      only_pair: 14
      absent_range: 8-14
      renumber: [2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]
      d4: false
      randomize: true
      rows:
        - {movement: exp}
`

// TestOptimizeCellOptions: the cell reads every option, and a fixers file
// beside the study reproduces the balans output example.
func TestOptimizeCellOptions(t *testing.T) {
	dir := t.TempDir()
	fixers := "1111111\n" + strings.Repeat("1000000\n", 7)
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("fixers.txt", fixers)
	s, err := LoadStudy(write("options.yaml", optimizeStudy), nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(context.Background(), s, RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Checks) != 2 {
		t.Fatalf("%d checks", len(r.Checks))
	}
	for _, c := range r.Checks {
		if c.Status != "ok" {
			t.Errorf("%s: computed %s, published %s", c.Name, c.Computed, c.Published)
		}
	}

	for name, tc := range map[string]struct{ fixers, yaml, want string }{
		"bad fixer":   {"1111111\n1000x00\n", optimizeStudy, "fixers.txt:2:5: want 0 (free) or 1 (fixed)"},
		"short fixer": {"1111111\n100000\n" + strings.Repeat("1000000\n", 6), optimizeStudy, "fixers.txt:2: round 2: 6 tables, the movement has 7"},
		"few rounds":  {"1111111\n", optimizeStudy, "fixers.txt: fixers for 1 round(s), the movement has 8"},
		"no file":     {fixers, strings.Replace(optimizeStudy, "fixers.txt", "nofile.txt", 1), "nofile.txt: no such file or folder"},
		"bad weights": {fixers, strings.Replace(optimizeStudy, `"2:1"`, `"2"`, 1), "options.yaml:12"},
		"bad group":   {fixers, strings.Replace(optimizeStudy, `[A, "3"]`, `[A, "ZZ"]`, 1), "options.yaml:21: "},
		"bad vacancy": {fixers, strings.Replace(optimizeStudy, "vacancy: weighted", "vacancy: none", 1), `options.yaml:13: vacancy: want weighted, av-then-max or off, got "none"`},
	} {
		t.Run(name, func(t *testing.T) {
			write("fixers.txt", tc.fixers)
			s, err := LoadStudy(write("options.yaml", tc.yaml), nil)
			if err == nil {
				_, err = Run(context.Background(), s, RunOptions{})
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}
