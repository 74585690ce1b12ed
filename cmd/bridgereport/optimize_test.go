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

	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/engine/movement"
)

func TestOptimizeJSON(t *testing.T) {
	in := "14p8rexpandedM_from_outputexample"
	outFile := filepath.Join(t.TempDir(), "best.asc")
	var out, errb bytes.Buffer
	err := Run(context.Background(), []string{"optimize", "--json", "--seed", "2", "--iterations", "300000", "--restarts", "2",
		"--fix-round", "1", "--fix-table", "1", "-o", outFile, in}, &out, &errb)
	if err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	var res struct{ Rows []map[string]any }
	if err := json.Unmarshal(out.Bytes(), &res); err != nil || len(res.Rows) != 1 {
		t.Fatalf("%v: %d rows, want the one movement's", err, len(res.Rows))
	}
	got := res.Rows[0]
	for _, k := range []string{"qf", "qf_before", "vacancy", "switched", "proven_optimal", "movement", "iterations", "stop"} {
		if _, ok := got[k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
	vac, _ := got["vacancy"].(map[string]any)
	for _, k := range []string{"qf1", "qf1_av", "qf1_max"} {
		if _, ok := vac[k]; !ok {
			t.Errorf("vacancy lacks %q", k)
		}
	}
	if got["qf"].(float64) <= got["qf_before"].(float64) {
		t.Errorf("Qf %v not above %v", got["qf"], got["qf_before"])
	}
	for _, s := range got["switched"].([]any) {
		p := s.(map[string]any)
		if p["round"].(float64) == 1 || p["table"].(float64) == 1 {
			t.Errorf("fixed table switched: %v", p)
		}
	}
	written, err := os.ReadFile(outFile)
	if err != nil {
		t.Fatal(err)
	}
	if string(written) != got["movement"].(string) {
		t.Error("-o file differs from the JSON movement")
	}
	if _, err := asc.Parse("best.asc", bytes.NewReader(written)); err != nil {
		t.Error(err)
	}
}

// TestOptimizeText: the text report ends with the optimised movement, which
// reads back as a movement file from its # comments on.
func TestOptimizeText(t *testing.T) {
	in := "NBBR/7ronden/8p7rperfectH"
	var out, errb bytes.Buffer
	if err := Run(context.Background(), []string{"optimize", "--fix-round", "1", in}, &out, &errb); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	for _, want := range []string{"# before:", "# after:", "# switched", "proven optimal"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	_, text, ok := strings.Cut(out.String(), "\n# bridgereport optimize ")
	if !ok {
		t.Fatalf("no movement in the report:\n%s", out.String())
	}
	pm, err := asc.Parse("out", strings.NewReader("# "+text))
	if err != nil {
		t.Fatal(err)
	}
	if q := movement.ComputeBalance(pm.Movement).Qf; q != 100 {
		t.Errorf("Qf %v read back", q)
	}
}

func TestOptimizeBadInput(t *testing.T) {
	in := "14p8rexpandedM_from_outputexample"
	tests := []struct {
		name  string
		args  []string
		usage bool // a usage error, else one of the cell (both exit 2)
		want  string
	}{
		{"round out of range", []string{"--fix-round", "9", in}, false, "round 9 is outside 1..8"},
		{"table out of range", []string{"--fix-table", "0", in}, false, "table 0 is outside 1..7"},
		{"pair out of range", []string{"--fix-pair", "15", in}, false, "pair 15 is outside 1..14"},
		{"first out of range", []string{"--fix-first", "8", in}, false, "first 8 positions"},
		{"not a number", []string{"--fix-round", "x", in}, true, "not a whole number"},
		{"mode", []string{"--mode", "medium", in}, true, "want fast, slow or greedy"},
		{"no movement", []string{}, true, "want 1 argument"},
		{"missing file", []string{"nope.asc"}, false, "nope.asc"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			err := Run(context.Background(), append([]string{"optimize"}, tc.args...), &out, &errb)
			if err == nil {
				t.Fatal("no error")
			}
			var u *usageError
			if errors.As(err, &u) != tc.usage {
				t.Errorf("usage error %v, want %v: %v", !tc.usage, tc.usage, err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
		})
	}
}

// An -o that cannot be written is refused before the search (which may
// run for hours), with what is wrong, and leaves nothing behind.
func TestOptimizeOutputRefusedFirst(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a folder")
	if err := os.MkdirAll(filepath.Join(dir, "taken.asc"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "plain.asc"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, out, want string }{
		{"missing folder", filepath.Join(dir, "no such", "best.asc"), "its folder " + filepath.Join(dir, "no such") + " does not exist"},
		{"a folder", filepath.Join(dir, "taken.asc"), "is a folder, not a file"},
		{"a file as the folder", filepath.Join(dir, "plain.asc", "best.asc"), filepath.Join(dir, "plain.asc") + " is not a folder"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := run(t, "optimize", "-o", tc.out, "mitchell:7")
			var u *usageError
			if !errors.As(err, &u) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want a refusal of the command line saying %q", err, tc.want)
			}
			left, _ := os.ReadDir(dir)
			if len(left) != 2 {
				t.Errorf("the folder holds %d entries, want the 2 it had", len(left))
			}
		})
	}
}
