package main

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/txtar"
)

// TestCLI runs each testdata/cli/*.txtar: its files are written to an
// empty folder, `args` (one argument a line) is run there as main runs it,
// with `env` (NAME=value a line) as its environment (withEnv: COLUMNS; a
// COLUMNS exported by the shell that runs the tests is not seen), and stdout,
// stderr and the exit status must be the archive's `stdout`, `stderr` and
// `exit`. go test -update rewrites those three.
func TestCLI(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "cli", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			path, err := filepath.Abs(file)
			if err != nil {
				t.Fatal(err)
			}
			a, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]string{}
			for _, f := range a.Files {
				switch f.Name {
				case "stdout", "stderr", "exit":
					want[f.Name] = string(f.Data)
				}
			}
			out := runArchive(t, name)
			stdout, stderr := out.stdout, bytes.NewBufferString(out.stderr)
			code := exitCode(out.err, stderr)
			got := map[string]string{"stdout": stdout, "stderr": stderr.String(), "exit": strconv.Itoa(code) + "\n"}
			if *update {
				a.Files = slicesDeleteOutputs(a.Files)
				for _, name := range []string{"stdout", "stderr", "exit"} {
					a.Files = append(a.Files, txtar.File{Name: name, Data: []byte(got[name])})
				}
				if err := os.WriteFile(path, txtar.Format(a), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			for _, name := range []string{"exit", "stderr", "stdout"} {
				if got[name] != want[name] {
					t.Errorf("%s:\n%s\nwant:\n%s", name, got[name], want[name])
				}
			}
		})
	}
}

// archiveOutput is what the command of an archive printed, and its error.
type archiveOutput struct {
	stdout, stderr string
	err            error
}

// runArchive runs the args of testdata/cli/NAME.txtar as main runs them,
// in a new folder holding the archive's files, once per test binary:
// TestCLI, TestJSONMatchesSchema and TestResultIsTheContract read the same
// runs (the catalogue's among them take seconds). The folder becomes the
// test's working folder, so the caller is not a parallel test.
func runArchive(t *testing.T, name string) archiveOutput {
	t.Helper()
	run, _ := archiveRuns.LoadOrStore(name, sync.OnceValue(func() archiveOutput {
		dir := t.TempDir()
		args, _ := readArchive(t, name, dir)
		ctx := withEnv(context.Background(), archiveEnv(t, name))
		t.Chdir(dir)
		var stdout, stderr bytes.Buffer
		err := Run(ctx, args, &stdout, &stderr)
		return archiveOutput{stdout.String(), stderr.String(), err}
	}))
	return run.(func() archiveOutput)()
}

var archiveRuns sync.Map // archive name → func() archiveOutput

// archiveEnv is the environment an archive's `env` file gives its command
// (NAME=value a line); nothing else of the shell running the tests.
func archiveEnv(t *testing.T, name string) map[string]string {
	t.Helper()
	a, err := txtar.ParseFile(filepath.Join("testdata", "cli", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{}
	for _, f := range a.Files {
		if f.Name == "env" {
			for _, line := range strings.Fields(string(f.Data)) {
				k, v, _ := strings.Cut(line, "=")
				env[k] = v
			}
		}
	}
	return env
}

// slicesDeleteOutputs drops the outputs of an archive, to be written anew.
func slicesDeleteOutputs(files []txtar.File) []txtar.File {
	var out []txtar.File
	for _, f := range files {
		if f.Name != "stdout" && f.Name != "stderr" && f.Name != "exit" {
			out = append(out, f)
		}
	}
	return out
}

func writeArchiveFile(t *testing.T, f txtar.File) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(f.Name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(f.Name, f.Data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBadInput runs each testdata/bad/*.txtar, one mistake in an input
// file: the archive's `args` (a subcommand that reads the format, if one
// does) and its `study.yaml` (a cell that reads the same file) must both
// fail with the message in `want`, the file's name and line first, and
// change nothing: the folder holds the archive's files and nothing else
// (no OUTDIR made by run -o out).
func TestBadInput(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "bad", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			a, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var want string
			var runs [][]string
			t.Chdir(t.TempDir())
			for _, f := range a.Files {
				switch f.Name {
				case "want":
					want = strings.TrimSpace(string(f.Data))
				case "args":
					runs = append(runs, strings.Fields(strings.ReplaceAll(string(f.Data), "\n", " ")))
				default:
					writeArchiveFile(t, f)
					if f.Name == "study.yaml" {
						runs = append(runs, []string{"run", "-o", "out", "--no-cache", "study.yaml"})
					}
				}
			}
			if want == "" || len(runs) == 0 {
				t.Fatal("a case needs want, and args or study.yaml")
			}
			given := map[string]bool{}
			for _, e := range entries(t) {
				given[e] = true
			}
			for _, args := range runs {
				var stdout, stderr bytes.Buffer
				err := Run(context.Background(), args, &stdout, &stderr)
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("%v: err = %v, want %q", args, err, want)
				}
				if stdout.Len() > 0 {
					t.Errorf("%v wrote to stdout despite the error:\n%s", args, stdout.String())
				}
				for _, e := range entries(t) {
					if !given[e] {
						t.Errorf("%v left %s behind despite the error", args, e)
					}
				}
			}
		})
	}
}

// entries lists the working folder's tree, each path relative to it.
func entries(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(".", func(p string, _ fs.DirEntry, err error) error {
		if p != "." {
			out = append(out, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
