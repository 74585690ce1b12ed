package reports_test

import (
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/bridgereport/bridgereport"

// layers places every package of the module; a package may import only
// packages on a lower layer (engine packages only engine packages). A new
// package gets its place here, or the test fails.
var layers = map[string]int{
	"studies/library":       0,
	"templates":             0,
	"templates/wasm":        0,
	"reports/disk":          0,
	"reports":               1,
	"reports/load":          2,
	"reports/check":         2,
	"reports/cache":         2,
	"reports/charts":        2,
	"reports/book":          2,
	"reports/batch":         2,
	"reports/render":        3,
	"reports/league":        3,
	"reports/resolve":       3,
	"reports/cell":          4,
	"reports/diff":          4,
	"reports/usage":         4,
	"reports/site":          4,
	"reports/kinds":         5,
	"reports/study":         6,
	"reports/live":          6,
	"reports/live/wasm":     7,
	"reports/live/livetest": 7,
	"reports/preview":       7,
	"cmd/bridgereport":      8,
}

// layerOf is a package's layer; engine and its sub-packages are the domain,
// layer 0, free to import one another.
func layerOf(rel string) (int, bool) {
	if rel == "engine" || strings.HasPrefix(rel, "engine/") {
		return 0, true
	}
	l, ok := layers[rel]
	return l, ok
}

// TestLayers reads the module's imports from go list and fails on an arrow
// that points up or sideways, and on a package without a layer.
func TestLayers(t *testing.T) {
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports", module+"/...")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")
		from, ok := layerOf(rel)
		if !ok {
			t.Errorf("%s has no layer: place it in reports/layers_test.go", rel)
			continue
		}
		for _, imp := range p.Imports {
			if !strings.HasPrefix(imp, module+"/") {
				continue
			}
			dep := strings.TrimPrefix(imp, module+"/")
			to, ok := layerOf(dep)
			if !ok {
				continue // reported as its own package
			}
			bothEngine := from == 0 && to == 0 && strings.HasPrefix(rel, "engine") && strings.HasPrefix(dep, "engine")
			if to >= from && !bothEngine {
				t.Errorf("%s (layer %d) imports %s (layer %d): imports point down only", rel, from, dep, to)
			}
		}
	}
}
