package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bridgereport/bridgereport/reports/disk"
)

// TestNonRegularInputsFailFast checks that /dev/zero and a FIFO are refused
// before they are read: neither may hang a run or fill the memory.
func TestNonRegularInputsFailFast(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "b.yaml")
	if err := mkfifo(fifo); err != nil {
		t.Skip("no FIFO here:", err)
	}
	fixers := filepath.Join(dir, "f.yaml")
	os.WriteFile(fixers, []byte("file: /dev/zero\n"), 0o644)
	cases := [][]string{
		{"balance", "/dev/zero"},
		{"run", "-o", filepath.Join(dir, "out"), "/dev/zero"},
		{"run", "-o", filepath.Join(dir, "out"), fifo},
		{"diff", "/dev/zero", dir},
		{"optimize", "--fixers", "/dev/zero", "mitchell:5"},
	}
	for _, args := range cases {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			done := make(chan error, 1)
			go func() { _, _, err := run(t, args...); done <- err }()
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), "not a regular file") {
					t.Errorf("err = %v, want one saying it is not a regular file", err)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("still reading after 20 s")
			}
		})
	}
}

// TestBalanceStopsOnCancel runs the largest Mitchell, whose balance takes
// minutes, and cancels it as SIGINT would: the command must return the
// context's error within 2 s.
func TestBalanceStopsOnCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 499-table movement")
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, []string{"balance", "mitchell:499"}, io.Discard, io.Discard) }()
	time.Sleep(2 * time.Second) // well into the work
	cancel()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "interrupted") && !strings.Contains(err.Error(), "canceled") {
			t.Errorf("err = %v, want an interruption", err)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("balance mitchell:499 still running 2 s after the cancel")
	}
}

// TestCostBudgets checks that counts that would run for days are refused
// up front, with an estimate, rather than started.
func TestCostBudgets(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"simulate", "--model", "bussemaker", "--sample", "--samples", "1000000000000", "mitchell:5"}, "1000000000000 samples: more than the 10000000000 one run may draw"},
		{[]string{"optimize", "--iterations", "1000000000000", "mitchell:5"}, "iterations 1000000000000: more than the 10000000000"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			_, _, err := run(t, c.args...)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "about") {
				t.Errorf("err = %v, want %q with an estimate", err, c.want)
			}
		})
	}
}

const tinyStudy = "title: Tiny\nmovements:\n  m: {mitchell: 3}\ncells:\n  - balance: {rows: [{movement: m}]}\n"

// listTree lists every path under dir, for comparing before and after.
func listTree(t *testing.T, dir string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	filepath.Walk(dir, func(p string, _ os.FileInfo, err error) error {
		if err == nil {
			out[p] = true
		}
		return nil
	})
	return out
}

// TestStudyNamesStayInOutdir runs studies named "...yaml" and ".yaml" (a
// name ".." and an empty one) from a folder beside files they could
// overwrite: both are refused, and nothing changes outside OUTDIR.
func TestStudyNamesStayInOutdir(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.MkdirAll("sub", 0o755)
	os.MkdirAll("figures", 0o755)
	os.WriteFile("index.html", []byte("keep"), 0o644)
	os.WriteFile(filepath.Join("figures", "keep.svg"), []byte("keep"), 0o644)
	for _, name := range []string{"...yaml", ".yaml", ".hidden.yaml"} {
		os.WriteFile(filepath.Join("sub", name), []byte(tinyStudy), 0o644)
	}
	before := listTree(t, ".")
	for _, name := range []string{"...yaml", ".yaml", ".hidden.yaml"} {
		t.Run(name, func(t *testing.T) {
			_, _, err := run(t, "run", "-o", "x", filepath.Join("sub", name))
			if err == nil || !strings.Contains(err.Error(), "name") {
				t.Errorf("err = %v, want the study's name refused", err)
			}
		})
	}
	// A whole folder of them too.
	if _, _, err := run(t, "run", "-o", "x", "sub"); err == nil {
		t.Error("a folder of badly named studies ran")
	}
	for p := range listTree(t, ".") {
		if !before[p] && p != "x" && !strings.HasPrefix(p, "x"+string(filepath.Separator)) {
			t.Errorf("%s written outside OUTDIR", p)
		}
	}
	if b, _ := os.ReadFile("index.html"); string(b) != "keep" {
		t.Error("index.html beside OUTDIR was overwritten")
	}
	if _, err := os.Stat(filepath.Join("figures", "keep.svg")); err != nil {
		t.Error("figures/keep.svg beside OUTDIR was deleted")
	}
}

// TestRunLocksOutdirAndClearsStale holds OUTDIR's lock as a second run
// would see it, then runs into a folder a killed run left temporary files
// in: they are removed, and the report is whole.
func TestRunLocksOutdirAndClearsStale(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.WriteFile("tiny.yaml", []byte(tinyStudy), 0o644)
	release, err := disk.LockOutputs("out", "")
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = run(t, "run", "-o", "out", "tiny.yaml")
	release()
	if err == nil || !strings.Contains(err.Error(), "in use by another bridgereport run") {
		t.Fatalf("err = %v, want OUTDIR in use", err)
	}
	os.MkdirAll(filepath.Join("out", ".tmp-tiny-123"), 0o755)
	os.MkdirAll(filepath.Join("out", "tiny"), 0o755)
	os.WriteFile(filepath.Join("out", "tiny", ".index.html.tmp-42"), []byte("half"), 0o644)
	os.WriteFile(filepath.Join("out", "tiny", "stale.txt"), []byte("old run"), 0o644)
	os.MkdirAll(filepath.Join("out", ".cache", "tiny", "cells"), 0o755)
	os.WriteFile(filepath.Join("out", ".cache", "tiny", "cells", ".k.json.tmp-7"), []byte("half"), 0o644)
	if _, _, err := run(t, "run", "-o", "out", "tiny.yaml"); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{".tmp-tiny-123", "tiny/.index.html.tmp-42", "tiny/stale.txt", ".cache/tiny/cells/.k.json.tmp-7"} {
		if _, err := os.Stat(filepath.Join("out", p)); err == nil {
			t.Errorf("out/%s is still there", p)
		}
	}
	for _, p := range []string{"index.html", "index.md", "results.json"} {
		if _, err := os.Stat(filepath.Join("out", "tiny", p)); err != nil {
			t.Errorf("out/tiny/%s: %v", p, err)
		}
	}
}

// TestStudyFilesStayInItsFolder: a study naming a file outside its folder
// is refused unless --allow-outside; an absolute name is taken as it is,
// not joined to the study's folder.
func TestStudyFilesStayInItsFolder(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "m.asc")
	os.WriteFile(outside, []byte("6 3 3 3 0\n1-4 A 2-5 B 3-6 C\n1-5 B 2-6 C 3-4 A\n1-6 C 2-4 A 3-5 B\n"), 0o644)
	dir := t.TempDir()
	t.Chdir(dir)
	for name, file := range map[string]string{"abs.yaml": outside, "rel.yaml": "../" + filepath.Base(filepath.Dir(outside)) + "/m.asc"} {
		os.WriteFile(name, []byte("title: Out\nmovements:\n  m: {file: "+file+"}\ncells:\n  - balance: {rows: [{movement: m}]}\n"), 0o644)
	}
	for _, name := range []string{"abs.yaml", "rel.yaml"} {
		t.Run(name, func(t *testing.T) {
			_, _, err := run(t, "run", "-o", "out", "--no-cache", name)
			if err == nil || !strings.Contains(err.Error(), "outside the study's folder") {
				t.Errorf("err = %v, want the file refused as outside the study's folder", err)
			}
		})
	}
	if _, _, err := run(t, "run", "-o", "out", "--no-cache", "--allow-outside", "abs.yaml"); err != nil {
		t.Errorf("--allow-outside with an absolute file: %v", err)
	}
}

// TestParametersCannotDefeatChecks: a NaN or infinite -p value, or a -p
// given twice, is refused.
func TestParametersCannotDefeatChecks(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.WriteFile("p.yaml", []byte("title: P\nparameters:\n  - {name: tol, type: float, default: \"1\", min: 0, max: 5}\nmovements:\n  m: {mitchell: 3}\ncells:\n  - balance: {rows: [{movement: m}]}\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-p", "tol=NaN"}, "want a finite number"},
		{[]string{"-p", "tol=+Inf"}, "want a finite number"},
		{[]string{"-p", "tol=1", "-p", "tol=2"}, "tol is given twice"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			args := append([]string{"run", "-o", "out", "--no-cache"}, c.args...)
			_, _, err := run(t, append(args, "p.yaml")...)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want %q", err, c.want)
			}
		})
	}
}

// TestMessagesSayWhatIsWrong covers messages that used to mislead.
func TestMessagesSayWhatIsWrong(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	long := strings.Repeat("7", 70<<10)
	os.WriteFile("long.txt", []byte("420 1\n"+long+" 1\n"), 0o644)
	token := strings.Repeat("x", 3<<20)
	os.WriteFile("token.csv", []byte("board,ns,ew,score\n1,1,2,"+token+"\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"simulate", "--model", "bussemaker", "--strengths", "1 2 x", "mitchell:3"}, `strength 3: "x" is not a number`},
		{[]string{"instant", "long.txt"}, "long.txt:2: line longer than 65536 bytes"},
		{[]string{"score", "token.csv"}, "token.csv:2: score: \"xxxx"},
	} {
		t.Run(c.args[0], func(t *testing.T) {
			_, _, err := run(t, c.args...)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %.300v, want %q", err, c.want)
			}
			if len(err.Error()) > 500 {
				t.Errorf("the message is %d bytes long: it echoes the file", len(err.Error()))
			}
		})
	}
}

// TestStudyReadErrorNamesFileOnce checks that a study that cannot be read
// is named once, as the study's error names every file: "study: u.yaml:
// permission denied", never "study: u.yaml: open u.yaml: permission
// denied" nor "study: /dev/null: /dev/null: not a regular file".
func TestStudyReadErrorNamesFileOnce(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, disk.MaxStudyBytes+1); err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{
		"/dev/null": "study: /dev/null: not a regular file (a character device)",
		big:         "study: " + big + ": 4194305 bytes, more than the limit of 4 MiB",
	}
	// Root reads a file of mode 000: only another user sees it refused.
	if os.Geteuid() != 0 {
		locked := filepath.Join(dir, "u.yaml")
		if err := os.WriteFile(locked, []byte("title: U\n"), 0o000); err != nil {
			t.Fatal(err)
		}
		cases[locked] = "study: " + locked + ": permission denied"
	}
	for file, want := range cases {
		_, _, err := run(t, "run", "-o", filepath.Join(dir, "out"), file)
		if err == nil || err.Error() != want {
			t.Errorf("run %s: err = %v, want %q", file, err, want)
		}
	}
}
