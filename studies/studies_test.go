package studies

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
	"github.com/bridgereport/bridgereport/reports/cache"
	"github.com/bridgereport/bridgereport/reports/diff"
	"github.com/bridgereport/bridgereport/reports/render"
	"github.com/bridgereport/bridgereport/reports/study"
)

var update = flag.Bool("update", false, "rewrite the golden results of the studies")

// TestStudies runs every study and compares its results.json with the
// committed golden copy; a published figure that stops reproducing fails too.
// -short runs only the quick studies (see longStudies). The studies run two
// at a time: most cells use one core.
// Refresh with: go test ./studies -run TestStudies -update
func TestStudies(t *testing.T) {
	for _, name := range studyNames(t) {
		t.Run(name, func(t *testing.T) {
			skipLong(t, name)
			wantAhead(name)
			t.Parallel()
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
			golden := filepath.Join("golden", name+".results.json")
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
				t.Fatalf("%v (create it with: go test ./studies -run TestStudies -update)", err)
			}
			if bytes.Equal(got.Bytes(), want) {
				return
			}
			// The same comparison as bridgereport diff names every moved
			// figure; provenance alone (the study's hash after an edit of its
			// prose) is not drift.
			changes, err := diff.Diff(want, got.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			const refresh = "if the change explains it, refresh with: go test ./studies -run TestStudies -update"
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
	startAhead()
}

// longStudies are the studies that take more than a few CPU-seconds to
// run: they reproduce published figures by optimising, sampling or
// enumerating many movements. go test -short leaves them to the full run
// (make test, CI), which checks every study.
var longStudies = map[string]bool{
	"bussemaker":          true, // sampled and enumerated rank tables
	"catalogue":           true, // every field size's candidates, optimised
	"optimiser":           true, // optimiser histories
	"perfect":             true, // exhaustive searches
	"ranking":             true, // Bussemaker rank tables
	"scrambled-mitchells": true, // optimised Mitchells
}

// skipLong skips a long study under go test -short.
func skipLong(t *testing.T, name string) {
	t.Helper()
	if testing.Short() && longStudies[name] {
		t.Skipf("%s is a long study: go test without -short runs it", name)
	}
}

var (
	studyMu      sync.Mutex
	studyResults = map[string]func() (*reports.Report, error){}
)

// studyNames lists the studies of the project.
func studyNames(t *testing.T) []string {
	paths, err := filepath.Glob("*.yaml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no studies found: %v", err)
	}
	var names []string
	for _, p := range paths {
		names = append(names, strings.TrimSuffix(filepath.Base(p), ".yaml"))
	}
	return names
}

// longestFirst orders the long studies by the CPU time they take, most
// first (catalogue about 19 s, ranking 9, perfect 8, scrambled-mitchells 7).
var longestFirst = []string{"catalogue", "ranking", "perfect", "scrambled-mitchells", "optimiser", "bussemaker"}

// ahead runs the long studies a test will read in the background, the
// longest first and two at a time, so that the longest does not start last
// behind the alphabet and leave a core idle at the end. A test's subtests
// want them before they pause for t.Parallel; the test starts them once its
// loop has made them all. A subtest that reads one before its turn runs it
// itself (studyRun runs each once).
var ahead struct {
	sync.Mutex
	wanted  map[string]bool
	started bool
}

func wantAhead(name string) {
	ahead.Lock()
	defer ahead.Unlock()
	if ahead.wanted == nil {
		ahead.wanted = map[string]bool{}
	}
	ahead.wanted[name] = true
}

func startAhead() {
	ahead.Lock()
	defer ahead.Unlock()
	if ahead.started {
		return
	}
	ahead.started = true
	queue := make(chan string, len(longestFirst))
	for _, name := range longestFirst {
		if ahead.wanted[name] {
			queue <- name
		}
	}
	close(queue)
	for range 2 {
		go func() {
			for name := range queue {
				studyRun(name)()
			}
		}()
	}
}

// studyResult runs a study of the project (or testdata/NAME) once per test
// binary; several tests read it, and tests running in parallel wait for the
// same run.
func studyResult(t *testing.T, name string) *reports.Report {
	t.Helper()
	r, err := studyRun(name)()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// studyRun returns the one run of a study in this test binary.
func studyRun(name string) func() (*reports.Report, error) {
	studyMu.Lock()
	defer studyMu.Unlock()
	run, ok := studyResults[name]
	if !ok {
		run = sync.OnceValues(func() (*reports.Report, error) {
			s, err := study.LoadStudy(name+".yaml", nil)
			if err != nil {
				return nil, err
			}
			// Expensive cells (minutes each) come from the results committed
			// in studies/cache; -short refuses to compute a missing one,
			// -update computes and commits it.
			exp := cache.Expensive{Dir: "cache", Refuse: testing.Short() && !*update, Write: *update}
			return study.Run(context.Background(), s, study.RunOptions{Expensive: exp})
		})
		studyResults[name] = run
	}
	return run
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
func testRenderer(t testing.TB) *render.Renderer {
	t.Helper()
	return sharedRenderer()
}

var sharedRenderer = sync.OnceValue(render.NewRenderer)
