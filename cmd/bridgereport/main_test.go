package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// run calls Run as main would and returns its outputs.
func run(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := Run(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), err
}

func TestBalanceJSON(t *testing.T) {
	out, _, err := run(t, "balance", "--json", "TeamPlusSchemas/8p6rH.TeamPlus")
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"pairs", "tables", "rounds", "board_groups", "h", "S", "N", "SS", "qf", "qc", "qo", "sd", "skew", "d4", "matrix", "vacancy"} {
		if _, ok := got[key]; !ok {
			t.Errorf("key %q missing", key)
		}
	}
	if got["qf"].(float64) != 80 || got["pairs"].(float64) != 8 {
		t.Errorf("qf %v pairs %v", got["qf"], got["pairs"])
	}
	matrix := got["matrix"].([]any)
	if len(matrix) != 8 || matrix[0].([]any)[0] != nil || matrix[0].([]any)[1] == nil {
		t.Errorf("matrix %v", matrix)
	}
	vac := got["vacancy"].(map[string]any)
	if qf1 := vac["qf1"].([]any); len(qf1) != 8 || vac["qf1_av"] == nil || vac["qf1_max"] == nil {
		t.Errorf("vacancy %v", vac)
	}
}

func TestBalanceText(t *testing.T) {
	out, _, err := run(t, "balance", "NBBR/7ronden/8p7rperfectH")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Score matrix (h = 3)", "Qf = 100.00", "Qf1av = 100.00"} {
		if !strings.Contains(out, want) {
			t.Errorf("text report lacks %q", want)
		}
	}
}

// A count of one takes the singular: "1 round", never "1 rounds".
func TestBalanceTextCountsAgree(t *testing.T) {
	one := tempFile(t, "one round.asc", "4 2 1 1 0\n1-2 A 3-4 A\n")
	out, _, err := run(t, "balance", one)
	if err != nil {
		t.Fatal(err)
	}
	if want := "4 pairs, 2 tables, 1 round, 1 board group\n"; !strings.Contains(out, want) {
		t.Errorf("text report lacks %q:\n%.200s", want, out)
	}
}

func TestBadInputIsRefused(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.asc")
	os.WriteFile(bad, []byte("4 2 3 3 0\n4-1 A 1-3 B\n"), 0o644)
	_, _, err := run(t, "balance", bad)
	if err == nil || !strings.Contains(err.Error(), "bad.asc:2:") {
		t.Errorf("err = %v, want the file and line", err)
	}
	var u *usageError
	if _, _, err := run(t, "balance"); !errors.As(err, &u) {
		t.Errorf("missing argument: err = %v, want a usage error", err)
	}
	if _, _, err := run(t, "frobnicate"); !errors.As(err, &u) {
		t.Errorf("unknown command: err = %v, want a usage error", err)
	}
	if _, _, err := run(t, "balance", "--nope", bad); !errors.As(err, &u) {
		t.Errorf("unknown flag: err = %v, want a usage error", err)
	}
}

func TestRunWritesReportsAndRefusesBrokenStudies(t *testing.T) {
	out := t.TempDir()
	study := filepath.Join(t.TempDir(), "s.yaml")
	os.WriteFile(study, []byte(`title: S
movements:
  m: {mitchell: 7}
cells:
  - balance: {id: b, rows: [{movement: m, published: {qf: "46.94"}}]}
`), 0o644)
	if _, _, err := run(t, "run", "-o", out, study); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"index.html", "index.md", "results.json"} {
		if _, err := os.Stat(filepath.Join(out, "s", f)); err != nil {
			t.Error(err)
		}
	}

	broken := filepath.Join(t.TempDir(), "broken.yaml")
	os.WriteFile(broken, []byte("title: B\ncells:\n  - balance: {rows: [{movement: nope}]}\n"), 0o644)
	out2 := t.TempDir()
	_, _, err := run(t, "run", "-o", out2, broken)
	if err == nil || !strings.Contains(err.Error(), "broken.yaml:3:") {
		t.Errorf("err = %v", err)
	}
	if entries, _ := os.ReadDir(out2); len(entries) != 0 {
		t.Errorf("a broken study wrote %d files", len(entries))
	}

	failing := filepath.Join(t.TempDir(), "f.yaml")
	os.WriteFile(failing, []byte("title: F\nmovements:\n  m: {mitchell: 7}\ncells:\n  - balance: {rows: [{movement: m, published: {qf: \"50\"}}]}\n"), 0o644)
	_, stderr, err := run(t, "run", "-o", t.TempDir(), failing)
	if code := exitCode(err, io.Discard); code != exitFailed {
		t.Errorf("a failed check: err = %v, exit %d, want %d", err, code, exitFailed)
	}
	if want := failing + ":5: FAIL"; !strings.Contains(stderr, want) {
		t.Errorf("the failed figure is not placed at its published: entry (%s):\n%s", want, stderr)
	}
	if _, _, err := run(t, "run", "-o", t.TempDir(), "-p", "x=1", study); err == nil {
		t.Error("an undeclared parameter was accepted")
	}
}

func TestMovementArgumentIsAFileOrALibraryName(t *testing.T) {
	// A file that exists wins over the library, even with a library name's shape.
	dir := t.TempDir()
	t.Chdir(dir)
	os.MkdirAll("NBBR/7ronden", 0o755)
	os.WriteFile("NBBR/7ronden/8p7rTeamH", []byte("4 3\n1-2 A 3-4 B\n1-3 B 4-2 A\n1-4 C 2-3 C\n"), 0o644)
	out, _, err := run(t, "balance", "--json", "NBBR/7ronden/8p7rTeamH")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, `"pairs": 4`) {
		t.Errorf("the local file was not read:\n%s", out)
	}
	out, _, err = run(t, "balance", "--json", "NBBR/7ronden/8p7rperfectH")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, `"pairs": 8`) || !strings.Contains(out, `"qf": 100`) {
		t.Errorf("the library movement was not read:\n%s", out)
	}
	_, _, err = run(t, "balance", "8p7rperfctH")
	if err == nil || !strings.Contains(err.Error(), "nearest library names: NBBR/7ronden/8p7rperfectH") {
		t.Errorf("err = %v, want the nearest library name", err)
	}
}

func TestMovementsListsTheLibrary(t *testing.T) {
	out, _, err := run(t, "movements", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var list []map[string]any
	if err := json.Unmarshal([]byte(out), &list); err != nil {
		t.Fatal(err)
	}
	if len(list) != 381 {
		t.Errorf("%d movements listed, want 381", len(list))
	}
	for _, e := range list {
		for _, key := range []string{"name", "pairs", "tables", "rounds", "board_groups", "published_qf", "qf"} {
			if _, ok := e[key]; !ok {
				t.Fatalf("%v has no %q", e["name"], key)
			}
		}
		published, _ := e["published_qf"].(float64)
		qf := e["qf"].(float64)
		_, misannotated := e["misannotated"]
		// Annotations have two decimals at most.
		if agrees := math.Abs(published-qf) < 0.005+1e-9; agrees == misannotated {
			t.Errorf("%s: published %v, computed %.4f, misannotated %v", e["name"], e["published_qf"], qf, misannotated)
		}
	}

	out, _, err = run(t, "movements", "--pairs", "8", "--rounds", "7")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "NBBR/7ronden/8p7rTeamH") || strings.Contains(out, "6ronden") {
		t.Errorf("filtered list:\n%s", out)
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		out, _, err := run(t, args...)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out, "bridgereport ") || !strings.Contains(out, "engine ") || !strings.Contains(out, "echarts 6.") {
			t.Errorf("%v:\n%s", args, out)
		}
	}
}

func TestNewRefusesAnEmptyName(t *testing.T) {
	t.Chdir(t.TempDir())
	_, _, err := run(t, "new", "")
	if err == nil || !strings.Contains(err.Error(), "give the study a file name") {
		t.Errorf("new \"\": err = %v", err)
	}
	if entries, _ := os.ReadDir("."); len(entries) != 0 {
		t.Errorf("new \"\" wrote %d files", len(entries))
	}
}

// TestNewStudyRunsWhateverItsName: the study new writes runs whatever its
// file's name, and the commands it prints paste into a shell as one word.
// A name such as "x: y" or "#hash" made a title YAML cannot read, and a
// space split the printed command.
func TestNewStudyRunsWhateverItsName(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, name := range []string{"x: y", "#hash", "& star", "it's", "sub dir/my club", "club.yml", "club.yaml", "my.club"} {
		os.MkdirAll(filepath.Dir(name), 0o755)
		out, _, err := run(t, "new", name)
		if err != nil {
			t.Fatalf("new %q: %v", name, err)
		}
		file := name + ".yaml" // .yml is a study's ending too: club.yml, not club.yml.yaml
		if ext := filepath.Ext(name); ext == ".yml" || ext == ".yaml" {
			file = name
		}
		if _, stderr, err := run(t, "run", "-o", t.TempDir(), file); err != nil {
			t.Errorf("new %q wrote a study that does not run: %v\n%s", name, err, stderr)
		}
		word, ok := strings.CutPrefix(out[strings.Index(out, "`")+1:], "bridgereport run ")
		word, _, _ = strings.Cut(word, "`")
		got, err := exec.Command("sh", "-c", "printf %s "+word).Output()
		if !ok || err != nil || string(got) != file {
			t.Errorf("new %q printed %q, which a shell reads as %q (%v)", name, word, got, err)
		}
	}
	if _, _, err := run(t, "new", "a\nb"); err == nil {
		t.Error("new accepted a name with a line break")
	}
}
