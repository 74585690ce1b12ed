package main

import (
	"encoding/json"
	"regexp"
	"slices"
	"testing"
)

// The usage of instant, score and handicap names every key their --json
// prints, at any depth (the lists are generated from the Results' tags;
// this catches a key a Result writes by hand, such as an instant row's).
func TestScoringUsageNamesEveryJSONKey(t *testing.T) {
	for _, args := range [][]string{
		{"instant", "--ties", "nudge", "--json", "testdata/board1.txt"},
		{"score", "--json", "testdata/session.csv"},
		{"handicap", "--json", "testdata/league-with-matches.yaml"},
	} {
		t.Run(args[0], func(t *testing.T) {
			out, _, err := run(t, args...)
			if err != nil {
				t.Fatal(err)
			}
			var v any
			if err := json.Unmarshal([]byte(out), &v); err != nil {
				t.Fatal(err)
			}
			usage, _, err := run(t, args[0], "-h")
			if err != nil {
				t.Fatal(err)
			}
			words := regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`).FindAllString(usage, -1)
			keys := map[string]bool{}
			collectKeys(v, keys)
			if len(keys) < 5 {
				t.Fatalf("only %d keys in %s", len(keys), out)
			}
			for k := range keys {
				if !slices.Contains(words, k) {
					t.Errorf("--json prints %q, which the usage does not name", k)
				}
			}
		})
	}
}

func collectKeys(v any, keys map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			keys[k] = true
			collectKeys(x, keys)
		}
	case []any:
		for _, x := range v {
			collectKeys(x, keys)
		}
	}
}
