package studies

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/bridgereport/bridgereport/reports/cache"
	"github.com/bridgereport/bridgereport/reports/study"
)

// TestCommittedCacheMatchesStudies: studies/cache holds exactly the cell
// results the studies use (make studies reads them), so that a fresh
// clone's make studies computes nothing and leaves git status clean. Each
// study runs against a copy of the committed cache, as make studies does;
// an entry the run adds was missing, one it prunes or rewrites was stale.
// Refresh with make studies, then commit studies/cache.
func TestCommittedCacheMatchesStudies(t *testing.T) {
	committed := "cache"
	work := t.TempDir()
	if err := os.CopyFS(work, os.DirFS(committed)); err != nil {
		t.Fatal(err)
	}
	for _, name := range studyNames(t) {
		s, err := study.LoadStudy(name+".yaml", nil)
		if err != nil {
			t.Fatal(err)
		}
		// An expensive cell (minutes) missing from the cache is refused at
		// once rather than computed.
		opt := study.RunOptions{CacheDir: work, Expensive: cache.Expensive{Dir: work, Refuse: true}}
		if _, err := study.Run(context.Background(), s, opt); err != nil {
			t.Errorf("%s: %v\n(refresh the committed cache with make studies, then commit studies/cache)", name, err)
		}
	}
	before, after := cellEntries(t, committed), cellEntries(t, work)
	for name, data := range after {
		old, ok := before[name]
		switch {
		case !ok:
			t.Errorf("studies/cache lacks %s: make studies computes it (run it, then commit studies/cache)", name)
		case !bytes.Equal(old, data):
			t.Errorf("studies/cache/%s is stale: make studies rewrites it (run it, then commit studies/cache)", name)
		}
	}
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for name := range before {
			if _, ok := after[name]; !ok && !yield(name) {
				return
			}
		}
	}) {
		t.Errorf("studies/cache/%s is used by no study: make studies prunes it (run it, then commit studies/cache)", name)
	}
}

// cellEntries reads the cell results under a cache folder, by path.
func cellEntries(t *testing.T, root string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Base(filepath.Dir(p)) != "cells" {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		out[filepath.ToSlash(rel)] = data
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
