package main

import (
	"encoding/json"
	"io"
	"path/filepath"
	"strings"
	"testing"
)

func TestDiffListsExactlyTheMovedFigures(t *testing.T) {
	dir := t.TempDir()
	study := filepath.Join(dir, "s.yaml")
	const text = "title: S\nmovements:\n  m: {mitchell: 7}\n  s: {from: m, switch: [2]}\ncells:\n  - balance: {id: b, columns: [qf], rows: [{label: switched, movement: s}]}\n"
	writeStudy(t, study, text)
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	if _, _, err := run(t, "run", "--no-cache", "-o", a, study); err != nil {
		t.Fatal(err)
	}
	// Only the study's prose changes: no figure moves.
	writeStudy(t, study, text+"  - markdown: A comment.\n")
	if _, _, err := run(t, "run", "--no-cache", "-o", b, study); err != nil {
		t.Fatal(err)
	}
	out, _, err := run(t, "diff", a, b)
	if err != nil || !strings.Contains(out, "1 study, 0 values moved, 0 added, 0 removed") {
		t.Errorf("prose edit: err %v, out %s", err, out)
	}
	// Two switched rounds instead of one: Qf and sd move.
	writeStudy(t, study, strings.Replace(text, "switch: [2]", "switch: [2, 3]", 1))
	if _, _, err := run(t, "run", "--no-cache", "-o", b, study); err != nil {
		t.Fatal(err)
	}
	out, _, err = run(t, "diff", a, b)
	if code := exitCode(err, io.Discard); code != exitFailed {
		t.Errorf("err = %v, exit %d, want exit 1 on a difference", err, code)
	}
	// Both figures are published in seed 004.
	want := "s\n  table b\n    row switched, column qf: 92.00 → 49.64\n1 study, 1 value moved, 0 added, 0 removed\n"
	if out != want {
		t.Errorf("diff:\n%s\nwant:\n%s", out, want)
	}
	out, _, _ = run(t, "diff", "--json", filepath.Join(a, "s", "results.json"), filepath.Join(b, "s", "results.json"))
	var got struct {
		Studies int
		Changes []map[string]string
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Studies != 1 || len(got.Changes) != 1 || got.Changes[0]["column"] != "qf" || got.Changes[0]["new"] != "49.64" {
		t.Errorf("json: %s", out)
	}
}

// TestDiffOneParameter runs a study twice with one parameter changed: each
// moved value is printed once (the chart that mirrors the table is not
// repeated), grouped under its study and table, with the summary line.
func TestDiffOneParameter(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	study := filepath.Join(dir, "p.yaml")
	writeStudy(t, study, `title: P
parameters:
  - {name: tables, type: int, default: "7"}
movements:
  m: {mitchell: "${tables}"}
  s: {from: m, switch: [2]}
cells:
  - balance: {id: b, chart: qf, columns: [qf, sd], rows: [{label: plain, movement: m}, {label: switched, movement: s}]}
`)
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	if _, _, err := run(t, "run", "--no-cache", "-o", a, study); err != nil {
		t.Fatal(err)
	}
	if _, _, err := run(t, "run", "--no-cache", "-o", b, "-p", "tables=9", study); err != nil {
		t.Fatal(err)
	}
	out, _, err := run(t, "diff", a, b)
	if code := exitCode(err, io.Discard); code != exitFailed {
		t.Fatalf("exit %d (%v), want %d", code, err, exitFailed)
	}
	t.Logf("diff:\n%s", out)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if lines[0] != "p" || lines[len(lines)-1] != "1 study, 5 values moved, 0 added, 0 removed" {
		t.Errorf("diff does not start with the study and end with the summary:\n%s", out)
	}
	for _, want := range []string{"  parameters", "    tables: 7 → 9", "  table b", "    row switched, column qf: "} {
		if !strings.Contains(out, want+"\n") && !strings.Contains(out, "\n"+want) {
			t.Errorf("diff has no line %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "figure") {
		t.Errorf("the chart that mirrors table b is listed too:\n%s", out)
	}
	// --json keeps every change, the mirrored one marked.
	js, _, _ := run(t, "diff", "--json", a, b)
	var got struct{ Changes []map[string]string }
	if err := json.Unmarshal([]byte(js), &got); err != nil {
		t.Fatal(err)
	}
	mirrored := 0
	for _, c := range got.Changes {
		if c["mirrors"] == "b" {
			mirrored++
		}
	}
	if mirrored != 2 {
		t.Errorf("--json: %d changes mirror table b, want 2:\n%s", mirrored, js)
	}
}
