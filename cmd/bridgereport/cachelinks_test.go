package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCacheFollowsNoLinks: a symbolic link inside the cache (a cloned
// repository can carry one) is neither written through nor pruned
// through, and the run says what it skipped.
func TestCacheFollowsNoLinks(t *testing.T) {
	dir := t.TempDir()
	study := filepath.Join(dir, "tiny.yaml")
	// A cached movement search, a cell and two figures.
	const cached = "title: Tiny\nmovements:\n  m: {mitchell: 3, optimize: {seed: 1, iterations: 1000}}\ncells:\n  - bussemaker: {id: b, movement: m, caption: \"B\"}\n"
	if err := os.WriteFile(study, []byte(cached), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	if _, stderr, err := run(t, "run", "-o", out, study); err != nil {
		t.Fatalf("first run: %v\n%s", err, stderr)
	}
	cache := filepath.Join(out, ".cache", "tiny")
	entries, _ := os.ReadDir(cache)
	if len(entries) == 0 {
		t.Fatalf("the first run cached nothing under %s", cache)
	}
	// Every folder of the study's cache becomes a link to a victim folder
	// holding files named like cache entries.
	victims := map[string][]string{}
	for _, e := range entries {
		victim := filepath.Join(dir, "victim-"+e.Name())
		if err := os.MkdirAll(victim, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"0123abcd.0123abcd.svg", "0123abcd.json", "keep.txt"} {
			if err := os.WriteFile(filepath.Join(victim, name), []byte("not the cache's"), 0o644); err != nil {
				t.Fatal(err)
			}
			victims[victim] = append(victims[victim], name)
		}
		if err := os.RemoveAll(filepath.Join(cache, e.Name())); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(victim, filepath.Join(cache, e.Name())); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	_, stderr, err := run(t, "run", "-o", out, study)
	if err != nil {
		t.Fatalf("second run: %v\n%s", err, stderr)
	}
	for victim, names := range victims {
		got, _ := os.ReadDir(victim)
		if len(got) != len(names) {
			var list []string
			for _, g := range got {
				list = append(list, g.Name())
			}
			t.Errorf("%s now holds %v, want only %v: the cache wrote or pruned through a link", filepath.Base(victim), list, names)
		}
	}
	if !strings.Contains(stderr, "symbolic link") {
		t.Errorf("the run does not say what it skipped:\n%s", stderr)
	}
}
