package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestScenarios runs testdata/script/*.txtar with testscript: the test
// binary installed as bridgereport on the PATH, each script in a fresh
// folder of its own, as a user calls the tool (absolute and relative
// paths, spaces and accents in names, another working folder, a folder
// reached through a symbolic link), checking exit codes, stdout and
// stderr.
func TestScenarios(t *testing.T) {
	t.Parallel()
	testscript.Run(t, testscript.Params{Dir: filepath.Join("testdata", "script"), RequireExplicitExec: true})
}

// TestDocExamples runs every example command of the README and of
// docs/commands.md as written, through bash, in a folder that holds a copy
// of the studies (as a clone does): a code block of the shell, or inline
// code that starts with "bridgereport " and names no placeholder (FILE,
// MOVEMENT, [flags]). The docs cannot drift from the tool: an example that
// stops working fails here.
func TestDocExamples(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs every example of the docs, whole sites among them (about 15 s)")
	}
	examples := docExamples(t, filepath.Join("..", "..", "README.md"), filepath.Join("..", "..", "docs", "commands.md"))
	if len(examples) < 10 {
		t.Fatalf("found %d examples: the extraction is broken", len(examples))
	}
	// Each example is a script of its own, in a folder of its own, as a
	// reader would try it; a block is one shell script, its variables kept
	// from line to line.
	dir := t.TempDir()
	for i, e := range examples {
		script := fmt.Sprintf("[!exec:bash] skip 'the examples are shell commands'\n# %s\nexec bash -e example.sh\n-- example.sh --\n%s\n", e.where, e.text)
		name := fmt.Sprintf("%02d-%s.txtar", i+1, strings.NewReplacer(".md:", "-", ".", "-").Replace(e.where))
		if err := os.WriteFile(filepath.Join(dir, name), []byte(script), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	studies, err := filepath.Abs(filepath.Join("..", "..", "studies"))
	if err != nil {
		t.Fatal(err)
	}
	// The figures every study draws, drawn once here: the examples that run
	// the whole site find them in their cache, as a second make studies
	// does, instead of each drawing them all again.
	figures := filepath.Join(t.TempDir(), "cache")
	if err := os.CopyFS(figures, os.DirFS(filepath.Join(studies, "cache"))); err != nil {
		t.Fatal(err)
	}
	if _, stderr, err := run(t, "run", "-o", filepath.Join(t.TempDir(), "out"), "--cache", figures, studies); err != nil {
		t.Fatalf("drawing the studies' figures: %v\n%s", err, stderr)
	}
	testscript.Run(t, testscript.Params{Dir: dir, Setup: func(env *testscript.Env) error {
		// A clone's studies; the cache a previous make studies left (run
		// studies/ as written reads its cells and figures instead of
		// computing them for minutes); and, as the README's federation
		// keeps them, the golden results in golden/.
		if err := os.CopyFS(filepath.Join(env.WorkDir, "studies"), os.DirFS(studies)); err != nil {
			return err
		}
		if err := copyFigures(figures, filepath.Join(env.WorkDir, "studies", "cache")); err != nil {
			return err
		}
		if err := os.CopyFS(filepath.Join(env.WorkDir, "golden"), os.DirFS(filepath.Join(studies, "golden"))); err != nil {
			return err
		}
		return os.CopyFS(filepath.Join(env.WorkDir, "out", ".cache"), os.DirFS(figures))
	}})
}

// copyFigures copies the drawn figures of a cache (<study>/figures/*.svg)
// into another cache.
func copyFigures(from, to string) error {
	drawn, err := filepath.Glob(filepath.Join(from, "*", "figures", "*.svg"))
	if err != nil {
		return err
	}
	for _, p := range drawn {
		rel, _ := filepath.Rel(from, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(to, rel)), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(to, rel), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// served is how an example that serves until stopped (preview) runs: for
// two seconds, then Ctrl-C, which it must take as its normal end (exit 130).
func served(cmd string) string {
	if !strings.HasPrefix(cmd, "bridgereport preview") {
		return cmd
	}
	return "{ timeout --preserve-status -s INT 2 " + cmd + " || test $? -eq 130; }"
}

type docExample struct{ where, text string }

var (
	inlineCode = regexp.MustCompile("`(bridgereport [^`]+)`")
	// placeholder is a word a reader replaces: FILE, MOVEMENT, [flags]
	// (a library name, NBBR/7ronden/8p7rTeamH, is not one).
	placeholder = regexp.MustCompile(`(^|\s)[A-Z]{2,}[A-Z0-9_.]*(\s|$)|\[|\||\.\.\.`)
)

// docExamples reads the runnable examples of Markdown files: each shell
// block whole (its lines share variables; make lines and comments
// dropped), and each inline `bridgereport ...` with an argument and no
// placeholder.
func docExamples(t *testing.T, files ...string) []docExample {
	t.Helper()
	var out []docExample
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		name := filepath.Base(file)
		var block []string
		start, lang, in := 0, "", false
		for i, l := range strings.Split(text, "\n") {
			if strings.HasPrefix(l, "```") {
				if !in {
					start, lang, in, block = i+1, strings.TrimPrefix(l, "```"), true, nil
					continue
				}
				in = false
				if (lang == "sh" || lang == "bash") && len(block) > 0 {
					out = append(out, docExample{fmt.Sprintf("%s:%d", name, start), strings.Join(block, "\n")})
				}
				continue
			}
			if !in {
				continue
			}
			if j := strings.Index(l, " #"); j >= 0 {
				l = l[:j] // a comment after the command
			}
			l = strings.TrimSpace(l)
			if l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "make ") || placeholder.MatchString(l) {
				continue
			}
			block = append(block, served(l))
		}
		for _, m := range inlineCode.FindAllStringSubmatchIndex(text, -1) {
			cmd := strings.Join(strings.Fields(text[m[2]:m[3]]), " ")
			if placeholder.MatchString(cmd) || !strings.Contains(cmd, " ") || len(strings.Fields(cmd)) < 3 {
				continue
			}
			out = append(out, docExample{fmt.Sprintf("%s:%d", name, 1+strings.Count(text[:m[0]], "\n")), cmd})
		}
	}
	return out
}
