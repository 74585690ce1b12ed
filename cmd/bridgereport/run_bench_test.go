package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkRunCached runs every study of studies/ with a warm cache, as a
// re-run in CI or after an edit does (target: 1.5 s for all on 2 cores).
func BenchmarkRunCached(b *testing.B) {
	out, cache := b.TempDir(), b.TempDir()
	args := []string{"run", "-o", out, "--cache", cache, "../../studies"}
	if err := Run(context.Background(), args, io.Discard, io.Discard); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := Run(context.Background(), args, io.Discard, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRunAfterProseEdit re-runs one study after an edit of its prose
// (target: 0.5 s): its cells and figures all come from the cache.
func BenchmarkRunAfterProseEdit(b *testing.B) {
	dir, out, cache := b.TempDir(), b.TempDir(), b.TempDir()
	text, err := os.ReadFile("../../studies/bussemaker.yaml")
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(dir, "bussemaker.yaml")
	args := []string{"run", "-o", out, "--cache", cache, path}
	os.WriteFile(path, text, 0o644)
	if err := Run(context.Background(), args, io.Discard, io.Discard); err != nil {
		b.Fatal(err)
	}
	edit := 0
	for b.Loop() {
		edit++
		os.WriteFile(path, []byte(strings.Replace(string(text), "Give the pairs", "Give the "+strings.Repeat("x", edit%7)+" pairs", 1)), 0o644)
		if err := Run(context.Background(), args, io.Discard, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
