package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFractionsAndRangesRefused: a fraction where a whole number is meant,
// or a number outside its range, is refused with its line (exit 2), in a
// study and in a movement argument.
func TestFractionsAndRangesRefused(t *testing.T) {
	dir := t.TempDir()
	cases := []struct{ study, want string }{
		{"title: T\nmovements:\n  m: {mitchell: 7.5}\ncells:\n  - balance: {rows: [{movement: m}]}\n", "s.yaml:3: mitchell: want a whole number, got 7.5"},
		{"title: T\nmovements:\n  m: {mitchell: 7, switch: [2.7]}\ncells:\n  - balance: {rows: [{movement: m}]}\n", "switch: want a whole number, got 2.7"},
		{"title: T\nmovements:\n  m: {mitchell: 7}\ncells:\n  - movement: {movement: m,\n      boards_per_round: -5}\n", "boards_per_round: -5 is outside 0..1000"},
		{"title: T\nmovements:\n  m: {mitchell: 7}\ncells:\n  - simulate:\n      model: bussemaker\n      movement: m\n      samples: 1000.5\n", "samples: want a whole number, got 1000.5"},
	}
	for i, c := range cases {
		path := filepath.Join(dir, "s.yaml")
		if err := os.WriteFile(path, []byte(c.study), 0o644); err != nil {
			t.Fatal(err)
		}
		_, stderr, err := run(t, "run", "-o", filepath.Join(dir, "out"), path)
		var msg strings.Builder
		code := exitCode(err, &msg)
		all := stderr + msg.String()
		if code != exitBad || !strings.Contains(all, c.want) {
			t.Errorf("case %d: exit %d, message %q; want exit %d and %q", i, code, all, exitBad, c.want)
		}
	}
	_, _, err := run(t, "balance", "mitchell:7.5")
	var msg strings.Builder
	if code := exitCode(err, &msg); code != exitBad || !strings.Contains(msg.String(), `whole number of tables from 1, not "7.5"`) {
		t.Errorf("balance mitchell:7.5: exit %d, %q", code, msg.String())
	}
}
