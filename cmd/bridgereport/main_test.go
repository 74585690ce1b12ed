package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const corpus = "../../../shared/movements"

// run calls Run as main would and returns its outputs.
func run(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := Run(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), err
}

func TestBalanceJSON(t *testing.T) {
	out, _, err := run(t, "balance", "--json", filepath.Join(corpus, "TeamPlusSchemas/8p6rH.TeamPlus.txt"))
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
	out, _, err := run(t, "balance", filepath.Join(corpus, "NBBR/7ronden/8p7rperfectH.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Score matrix (h = 3)", "Qf = 100.00", "Qf1av = 100.00"} {
		if !strings.Contains(out, want) {
			t.Errorf("text report lacks %q", want)
		}
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
	t.Setenv("BRIDGEREPORT_ECHARTS", writeFakeEcharts(t))
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
	if _, _, err := run(t, "run", "-o", t.TempDir(), failing); !errors.Is(err, errReported) {
		t.Errorf("a failed check: err = %v, want a non-zero exit", err)
	}
	if _, _, err := run(t, "run", "-o", t.TempDir(), "-p", "x=1", study); err == nil {
		t.Error("an undeclared parameter was accepted")
	}
}

func writeFakeEcharts(t *testing.T) string {
	p := filepath.Join(t.TempDir(), "echarts.min.js")
	os.WriteFile(p, []byte("/* stand-in for the chart library */"), 0o644)
	return p
}
