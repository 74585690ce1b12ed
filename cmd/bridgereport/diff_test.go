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
	if err != nil || !strings.Contains(out, "1 study compared: no figure moved") {
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
	want := "s / table b / row switched / column qf: 92.00 → 49.64\n1 study compared: 1 change\n"
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
