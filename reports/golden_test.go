package reports

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden results of the studies")

// TestStudies runs every study and compares its results.json with the
// committed golden copy; a published figure that stops reproducing fails too.
// Refresh with: go test ./reports -run TestStudies -update
func TestStudies(t *testing.T) {
	paths, err := filepath.Glob("../studies/*.yaml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no studies found: %v", err)
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".yaml")
		t.Run(name, func(t *testing.T) {
			s, err := LoadStudy(path, nil)
			if err != nil {
				t.Fatal(err)
			}
			res, err := RunStudy(context.Background(), s, RunOptions{})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range res.Checks {
				if c.Status == StatusFail {
					t.Errorf("%s: published %s, computed %s %s", c.Name, c.Published, c.Computed, c.Reason)
				}
			}
			var got bytes.Buffer
			if err := WriteResultsJSON(&got, res); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("..", "studies", "golden", name+".results.json")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (create it with: go test ./reports -run TestStudies -update)", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("results of %s drifted from %s; if the change explains it, refresh with: go test ./reports -run TestStudies -update\n%s", name, golden, firstDiff(want, got.Bytes()))
			}
		})
	}
}

// firstDiff shows the first differing line of two texts.
func firstDiff(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < min(len(la), len(lb)); i++ {
		if la[i] != lb[i] {
			return fmt.Sprintf("line %d:\n- %s\n+ %s", i+1, la[i], lb[i])
		}
	}
	return "the lengths differ"
}
