package study

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
)

var update = flag.Bool("update", false, "rewrite the golden results of the studies")

// TestStudies runs every study and compares its results.json with the
// committed golden copy; a published figure that stops reproducing fails too.
// Refresh with: go test ./reports/study -run TestStudies -update
func TestStudies(t *testing.T) {
	for _, name := range studyNames(t) {
		t.Run(name, func(t *testing.T) {
			res := studyResult(t, name)
			for _, c := range res.Checks {
				if c.Status == reports.StatusFail {
					t.Errorf("%s: published %s, computed %s %s", c.Name, c.Published, c.Computed, c.Reason)
				}
			}
			var got bytes.Buffer
			if err := testRenderer(t).JSON(&got, res); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("..", "..", "studies", "golden", name+".results.json")
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
				t.Fatalf("%v (create it with: go test ./reports/study -run TestStudies -update)", err)
			}
			if bytes.Equal(got.Bytes(), want) {
				return
			}
			// The same comparison as bridgereport diff names every moved
			// figure; provenance alone (the study's hash after an edit of its
			// prose) is not drift.
			changes, err := reports.Diff(want, got.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			const refresh = "if the change explains it, refresh with: go test ./reports/study -run TestStudies -update"
			switch {
			case len(changes) > 0:
				var lines []string
				for _, c := range changes {
					lines = append(lines, "  "+c.String())
				}
				t.Errorf("results of %s drifted from %s: %d changes; %s\n%s", name, golden, len(changes), refresh, strings.Join(lines, "\n"))
			case !bytes.Equal(withoutProvenance(t, want), withoutProvenance(t, got.Bytes())):
				t.Errorf("results.json of %s changed shape against %s; %s\n%s", name, golden, refresh, firstDiff(want, got.Bytes()))
			default:
				t.Logf("%s: only the provenance differs from %s (the study file changed)", name, golden)
			}
		})
	}
}

var (
	studyMu      sync.Mutex
	studyResults = map[string]*reports.Report{}
)

// studyNames lists the studies of the project.
func studyNames(t *testing.T) []string {
	paths, err := filepath.Glob("../../studies/*.yaml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no studies found: %v", err)
	}
	var names []string
	for _, p := range paths {
		names = append(names, strings.TrimSuffix(filepath.Base(p), ".yaml"))
	}
	return names
}

// studyResult runs a study once per test binary; several tests read it.
func studyResult(t *testing.T, name string) *reports.Report {
	t.Helper()
	studyMu.Lock()
	defer studyMu.Unlock()
	if r, ok := studyResults[name]; ok {
		return r
	}
	s, err := LoadStudy(filepath.Join("..", "..", "studies", name+".yaml"), nil)
	if err != nil {
		t.Fatal(err)
	}
	// Expensive cells (minutes each) come from the results committed in
	// studies/cache; -short refuses to compute a missing one, -update
	// computes and commits it.
	exp := Expensive{Dir: filepath.Join("..", "..", "studies", "cache"), Refuse: testing.Short() && !*update, Write: *update}
	r, err := Run(context.Background(), s, RunOptions{Expensive: exp})
	if err != nil {
		t.Fatal(err)
	}
	studyResults[name] = r
	return r
}

// firstDiff shows the first differing line of two texts.
// withoutProvenance re-encodes a results.json without the fields that say
// how it was made.
func withoutProvenance(t *testing.T, data []byte) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "study_sha256")
	delete(m, "version")
	delete(m, "inputs")
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func firstDiff(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < min(len(la), len(lb)); i++ {
		if la[i] != lb[i] {
			return fmt.Sprintf("line %d:\n- %s\n+ %s", i+1, la[i], lb[i])
		}
	}
	return "the lengths differ"
}

// testRenderer is one renderer for the package's tests: it compiles the
// chart library once.
func testRenderer(t testing.TB) *reports.Renderer {
	t.Helper()
	return sharedRenderer()
}

var sharedRenderer = sync.OnceValue(reports.NewRenderer)
