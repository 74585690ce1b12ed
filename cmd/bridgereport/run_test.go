package main

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func writeStudy(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

const goodStudy = "title: %s\nmovements:\n  m: {mitchell: 7}\ncells:\n  - balance: {id: b, chart: qf, rows: [{movement: m, published: {qf: \"46.94\"}}]}\n"

func TestRunFolderKeepsGoing(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeStudy(t, filepath.Join(dir, "a.yaml"), strings.ReplaceAll(goodStudy, "%s", "A"))
	writeStudy(t, filepath.Join(dir, "b.yaml"), "title: B\nmovements:\n  m: {mitchell: 8}\ncells:\n  - balance: {rows: [{movement: m}]}\n")
	writeStudy(t, filepath.Join(dir, "c.yaml"), strings.ReplaceAll(goodStudy, "%s", "C"))
	out := t.TempDir()
	stdout, stderr, err := run(t, "run", "-o", out, dir)
	if !errors.Is(err, errReported) {
		t.Fatalf("err = %v, want a non-zero exit for the broken study", err)
	}
	if !strings.Contains(stderr, "b.yaml:3:") || !strings.Contains(stderr, "1 of 3 studies could not run") {
		t.Errorf("stderr does not name the broken study's file and line:\n%s", stderr)
	}
	for _, name := range []string{"a", "c"} {
		if _, err := os.Stat(filepath.Join(out, name, "index.html")); err != nil {
			t.Errorf("the good study %s was not written: %v", name, err)
		}
		if !strings.Contains(stdout, name+".yaml: 1 ok") {
			t.Errorf("stdout has no line for %s:\n%s", name, stdout)
		}
	}
	index, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(index), "Studies that could not run") || !strings.Contains(string(index), "b.yaml:3:") {
		t.Errorf("the index does not show the broken study")
	}
}

func TestRunRefusesCollidingOutputs(t *testing.T) {
	dir := t.TempDir()
	writeStudy(t, filepath.Join(dir, "x", "s.yaml"), strings.ReplaceAll(goodStudy, "%s", "X"))
	writeStudy(t, filepath.Join(dir, "y", "s.yaml"), strings.ReplaceAll(goodStudy, "%s", "Y"))
	out := t.TempDir()
	_, _, err := run(t, "run", "-o", out, filepath.Join(dir, "x"), filepath.Join(dir, "y"))
	if exitCode(err, io.Discard) != exitBad || !strings.Contains(err.Error(), filepath.Join("x", "s.yaml")) || !strings.Contains(err.Error(), filepath.Join("y", "s.yaml")) {
		t.Errorf("err = %v, want bad input (exit 2) naming both studies", err)
	}
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Errorf("colliding studies still wrote %d files", len(entries))
	}
}

func TestRunSaysWhatCameFromTheCache(t *testing.T) {
	dir := t.TempDir()
	study := filepath.Join(dir, "s.yaml")
	writeStudy(t, study, strings.ReplaceAll(goodStudy, "%s", "S"))
	cache := filepath.Join(dir, "cache")
	first, _, err := run(t, "run", "-o", t.TempDir(), "--cache", cache, study)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(first, "0 of 1 figures") {
		t.Errorf("cold run: %s", first)
	}
	// Another output folder, the same cache: the figure is reused.
	second, _, err := run(t, "run", "-o", t.TempDir(), "--cache", cache, study)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(second, "1 of 1 figures") {
		t.Errorf("warm run: %s", second)
	}
	// A changed chart replaces its cached figure; the old one is pruned.
	writeStudy(t, study, strings.ReplaceAll(strings.ReplaceAll(goodStudy, "%s", "S"), "rows: [{movement", "rows: [{label: other, movement"))
	if _, _, err := run(t, "run", "-o", t.TempDir(), "--cache", cache, study); err != nil {
		t.Fatal(err)
	}
	if figs, _ := filepath.Glob(filepath.Join(cache, "s", "figures", "*.svg")); len(figs) != 1 {
		t.Errorf("cache holds %d figures, want the one in use", len(figs))
	}
}

// cancelOnWrite is a stdout that cancels the run at its first write, as a
// Ctrl-C while run prints its line for the first study written.
type cancelOnWrite struct {
	cancel context.CancelFunc
	strings.Builder
}

func (w *cancelOnWrite) Write(p []byte) (int, error) {
	w.cancel()
	return w.Builder.Write(p)
}

// TestRunInterruptedWhileWriting: a signal once the studies are computed,
// while their pages are written, ends the run as interrupted (exit 130),
// with no page or index written after it. A site wrote every page and its
// index and exited 0, printing only the lines before the signal.
func TestRunInterruptedWhileWriting(t *testing.T) {
	t.Parallel()
	for _, n := range []int{1, 3} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for i := range n {
				name := string(rune('a' + i))
				writeStudy(t, filepath.Join(dir, name+".yaml"), strings.ReplaceAll(goodStudy, "%s", name))
			}
			out := t.TempDir()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			stdout := &cancelOnWrite{cancel: cancel}
			err := Run(withEnv(ctx, nil), []string{"run", "-o", out, dir}, stdout, io.Discard)
			if code := exitCode(err, io.Discard); code != 130 {
				t.Errorf("exit %d (err %v), want 130", code, err)
			}
			for _, name := range []string{"b", "c", "index.html"} {
				if _, err := os.Stat(filepath.Join(out, name)); err == nil {
					t.Errorf("%s was written after the signal", name)
				}
			}
		})
	}
}

// TestRunLinesFitNarrowTerminal: the line per study was filled to
// COLUMNS, but not the run's own lines after it: at 40 columns the totals
// ("3 studies: 1 ok, 0 errata, 1 failed, 1 could not run") and the last
// line on stderr ("bridgereport: 1 of 3 studies could not run; 1
// published figure failed to reproduce", 86 characters) ran past it. Only
// the lines that quote a file and line (an error, a FAIL) stay whole.
func TestRunLinesFitNarrowTerminal(t *testing.T) {
	t.Chdir(t.TempDir()) // short paths: a long name is never broken
	dir := "studies"
	writeStudy(t, filepath.Join(dir, "a.yaml"), strings.ReplaceAll(goodStudy, "%s", "A"))
	writeStudy(t, filepath.Join(dir, "b.yaml"), "title: B\nmovements:\n  m: {mitchell: 8}\ncells:\n  - balance: {rows: [{movement: m}]}\n")
	writeStudy(t, filepath.Join(dir, "c.yaml"), strings.ReplaceAll(strings.ReplaceAll(goodStudy, "%s", "C"), "46.94", "50"))
	var stdout, stderr strings.Builder
	err := Run(withEnv(context.Background(), map[string]string{"COLUMNS": "40"}), []string{"run", "-o", "out", dir}, &stdout, &stderr)
	if !errors.Is(err, errReported) {
		t.Fatalf("err = %v, want a non-zero exit for the broken study", err)
	}
	for name, text := range map[string]string{"stdout": stdout.String(), "stderr": stderr.String()} {
		for line := range strings.SplitSeq(strings.TrimSuffix(text, "\n"), "\n") {
			if strings.Contains(line, ".yaml:") && !strings.HasPrefix(line, " ") {
				continue // a file and line quoted, with what is wrong there
			}
			if n := len([]rune(line)); n > 40 {
				t.Errorf("%s: a line of %d characters at COLUMNS=40: %q", name, n, line)
			}
		}
	}
	if !strings.Contains(stdout.String(), "3 studies:") || !strings.Contains(stderr.String(), "1 of 3 studies could") {
		t.Errorf("the totals are missing:\n%s\n%s", stdout.String(), stderr.String())
	}
}
