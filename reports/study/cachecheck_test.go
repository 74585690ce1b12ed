package study

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/render"
	"github.com/bridgereport/bridgereport/reports/resolve"
)

const cachedStudy = `title: Cached
movements:
  m: {mitchell: 3}
cells:
  - bussemaker:
      id: b
      movement: m
      method: sample
      samples: 2000
`

// runCached runs the study with a cache and returns its results.json and
// whether its cell came from the cache, or was recomputed after a failed
// check.
func runCached(t *testing.T, path, cache string) (results string, fromCache, recomputed bool) {
	t.Helper()
	s, err := LoadStudy(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(context.Background(), s, RunOptions{CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := render.NewRenderer().JSON(&b, r); err != nil {
		t.Fatal(err)
	}
	return b.String(), r.Sections[0].FromCache, r.Sections[0].CacheRecomputed
}

// TestCacheEntriesCheckThemselves replaces a cell's cache entry by {},
// null, garbage and a hand-edited number: each is a miss, recomputed and
// said, and the report equals a clean run's.
func TestCacheEntriesCheckThemselves(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "cached.yaml")
	os.WriteFile(path, []byte(cachedStudy), 0o644)
	clean, _, _ := runCached(t, path, "")
	edit := func(data []byte) []byte {
		// A figure of the result, changed: the first digit after "qd":.
		i := bytes.Index(data, []byte(`"qd":`))
		if i < 0 {
			t.Fatalf("no Qd in the entry: %s", data)
		}
		out := bytes.Clone(data)
		j := i + len(`"qd":`)
		out[j] = '0' + (out[j]-'0'+1)%10 // 5 → 6, 9 → 0
		return out
	}
	for _, c := range []struct {
		name   string
		tamper func([]byte) []byte
	}{
		{"empty object", func([]byte) []byte { return []byte("{}") }},
		{"null", func([]byte) []byte { return []byte("null") }},
		{"garbage", func([]byte) []byte { return []byte("\x00garbage{") }},
		{"hand-edited number", edit},
		{"content {} with its checksum", func([]byte) []byte {
			return []byte(`{"schema":1,"sha256":"44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a","content":{}}`)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cache := t.TempDir()
			if got, _, _ := runCached(t, path, cache); got != clean {
				t.Fatal("a cold cached run differs from an uncached one")
			}
			if got, hit, _ := runCached(t, path, cache); got != clean || !hit {
				t.Fatalf("warm run: from cache %v, same report %v", hit, got == clean)
			}
			entries, _ := filepath.Glob(filepath.Join(cache, "cached", "cells", "*.json"))
			if len(entries) != 1 {
				t.Fatalf("%d cache entries, want 1", len(entries))
			}
			data, _ := os.ReadFile(entries[0])
			os.WriteFile(entries[0], c.tamper(data), 0o644)
			got, hit, recomputed := runCached(t, path, cache)
			if hit || !recomputed {
				t.Errorf("tampered entry: from cache %v, recomputed %v", hit, recomputed)
			}
			if got != clean {
				t.Error("the report differs from a clean run")
			}
			if _, hit, recomputed := runCached(t, path, cache); !hit || recomputed {
				t.Errorf("the entry was not repaired: from cache %v, recomputed %v", hit, recomputed)
			}
		})
	}
}

// TestCellPanicIsAnError: a panic inside a cell is the run's error, naming
// the study and the cell.
func TestCellPanicIsAnError(t *testing.T) {
	s := &Study{Set: resolve.Set{Path: "p.yaml"}, Name: "p", Cells: []Cell{{ID: "boom", Line: 7, kind: "markdown", body: panicCell{}}}}
	_, err := Run(context.Background(), s, RunOptions{})
	if err == nil || !strings.Contains(err.Error(), "p.yaml:7") || !strings.Contains(err.Error(), "boom") || !strings.Contains(err.Error(), "internal error") {
		t.Errorf("err = %v, want an internal error naming p.yaml:7 and cell boom", err)
	}
}

type panicCell struct{}

func (panicCell) Movements() []string { return nil }
func (panicCell) Run(*cell.Env) (*cell.Output, error) {
	var x []int
	_ = x[3]
	return nil, nil
}

// TestRunLineSaysRecomputed: the run line says when cache entries failed
// their checks.
func TestRunLineSaysRecomputed(t *testing.T) {
	o := Outcome{Path: "s.yaml", Report: &reports.Report{Sections: []reports.Section{{CacheRecomputed: true}, {FromCache: true}}}}
	if line := o.Summary(true); !strings.Contains(line, "1 cells") || !strings.Contains(line, "1 invalid cache entries recomputed") {
		t.Errorf("run line %q", line)
	}
}
