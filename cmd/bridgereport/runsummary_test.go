package main

import (
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports/batch"
)

// TestRunJSONAndJUnit runs a good study, one with a failing figure and a
// broken one, and reads the run's --json summary and JUnit file back.
func TestRunJSONAndJUnit(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeStudy(t, filepath.Join(dir, "a.yaml"), strings.ReplaceAll(goodStudy, "%s", "A"))
	writeStudy(t, filepath.Join(dir, "b.yaml"), "title: B\nmovements:\n  m: {mitchell: 8}\ncells:\n  - balance: {rows: [{movement: m}]}\n")
	writeStudy(t, filepath.Join(dir, "c.yaml"), "title: C\nmovements:\n  m: {mitchell: 7}\ncells:\n  - balance:\n      rows:\n        - movement: m\n          published:\n            qf: \"46.94\"\n            sd: \"9\"\n")
	junit := filepath.Join(t.TempDir(), "junit.xml")
	stdout, _, err := run(t, "run", "--json", "--junit", junit, "--no-cache", "-o", t.TempDir(), dir)
	if code := exitCode(err, io.Discard); code != exitBad {
		t.Errorf("exit %d (%v), want %d for a study that could not run", code, err, exitBad)
	}
	var sum batch.RunSummary
	if err := json.Unmarshal([]byte(stdout), &sum); err != nil {
		t.Fatalf("stdout is not the JSON summary: %v\n%s", err, stdout)
	}
	if len(sum.Studies) != 3 {
		t.Fatalf("%d studies in the summary, want 3", len(sum.Studies))
	}
	a, b, c := sum.Studies[0], sum.Studies[1], sum.Studies[2]
	if a.Name != "a" || a.OK != 1 || a.Failed != 0 || len(a.Outputs) == 0 || a.Title != "A" {
		t.Errorf("study a: %+v", a)
	}
	if b.Error == "" || !strings.Contains(b.Error, "b.yaml:3:") {
		t.Errorf("study b has no error with its line: %+v", b)
	}
	if c.Failed != 1 || len(c.Failures) != 1 || c.Failures[0].Line != 10 || c.Failures[0].File != filepath.Join(dir, "c.yaml") {
		t.Errorf("study c: the failure is not at c.yaml:10: %+v", c)
	}
	want := batch.RunTotals{Studies: 3, Broken: 1, OK: 2, Failed: 1}
	got := sum.Totals
	got.Seconds = 0
	if got != want {
		t.Errorf("totals %+v, want %+v", got, want)
	}

	data, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	var x batch.JUnitSuites
	if err := xml.Unmarshal(data, &x); err != nil {
		t.Fatalf("junit: %v\n%s", err, data)
	}
	if x.Tests != 4 || x.Failures != 1 || x.Errors != 1 || len(x.Suites) != 3 {
		t.Errorf("junit: %d tests, %d failures, %d errors, %d suites; want 4, 1, 1, 3\n%s", x.Tests, x.Failures, x.Errors, len(x.Suites), data)
	}
	var failure *batch.JUnitCase
	for i, tc := range x.Suites[2].Cases {
		if tc.Failure != nil {
			failure = &x.Suites[2].Cases[i]
		}
	}
	if failure == nil || failure.Name != "balance-1/m/sd" || failure.Line != 10 {
		t.Errorf("junit: the failing case is not balance-1/m/sd at line 10: %+v", failure)
	}
}

// TestRunJUnitErratum: an erratum passes, with a property saying so.
func TestRunJUnitErratum(t *testing.T) {
	s := filepath.Join(t.TempDir(), "e.yaml")
	writeStudy(t, s, "title: E\nmovements:\n  m: {mitchell: 7}\ncells:\n  - balance: {rows: [{movement: m, published: {qf: \"50\"}, errata: {qf: a misprint}}]}\n")
	junit := filepath.Join(t.TempDir(), "junit.xml")
	if _, _, err := run(t, "run", "--junit", junit, "--no-cache", "-o", t.TempDir(), s); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(junit)
	var x batch.JUnitSuites
	if err := xml.Unmarshal(data, &x); err != nil {
		t.Fatal(err)
	}
	tc := x.Suites[0].Cases[0]
	if tc.Failure != nil || tc.Properties == nil || tc.Properties.Props[0].Name != "erratum" || !strings.Contains(tc.SystemOut, "a misprint") {
		t.Errorf("erratum case: %+v\n%s", tc, data)
	}
}

func TestVersionJSON(t *testing.T) {
	stdout, _, err := run(t, "version", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]string
	if err := json.Unmarshal([]byte(stdout), &v); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"bridgereport", "engine", "echarts", "go"} {
		if v[k] == "" {
			t.Errorf("version --json has no %s: %s", k, stdout)
		}
	}
}
