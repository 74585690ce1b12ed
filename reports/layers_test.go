package reports_test

import (
	"encoding/json"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/bridgereport/bridgereport"

// layers places every package of the module outside the engine; a package
// may import only packages on a lower layer. A new package gets its place
// here, or the test fails. Layer 0 holds leaves: data (the movement
// library, the templates) and the disk helpers.
var layers = map[string]int{
	"studies/library":             0,
	"templates":                   0,
	"templates/wasm":              0,
	"reports/disk":                0,
	"reports/browser":             0,
	"reports/browser/browsertest": 1,
	"reports":                     1,
	"reports/load":                2,
	"reports/check":               2,
	"reports/cache":               2,
	"reports/charts":              2,
	"reports/book":                2,
	"reports/batch":               2,
	"reports/render":              3,
	"reports/league":              3,
	"reports/resolve":             3,
	"reports/cell":                4,
	"reports/diff":                4,
	"reports/usage":               4,
	"reports/site":                4,
	"reports/kinds":               5,
	"reports/study":               6,
	"reports/live":                6,
	"reports/live/wasm":           7,
	"reports/live/livetest":       7,
	"reports/preview":             7,
	"cmd/bridgereport":            8,
	"studies":                     7, // no code: its tests run the studies through reports/study
}

// The engine is two tiers below the document side: the domain (engine
// and its vocabularies: movement, scoring, luck, ...), pure computation
// that imports only the domain, and the formats (engine/formats/...),
// which read and write files and send records, import the domain and one
// another, and are never imported by it. Within a tier imports go any
// way (Go refuses cycles).
const (
	domainLayer  = 1
	formatsLayer = 2
)

// dataLeaves are packages of embedded files that import nothing of the
// module: any package, the engine's too, may read them.
var dataLeaves = []string{"studies/library", "templates"}

// layerOf is a package's layer.
func layerOf(rel string) (int, bool) {
	switch {
	case rel == "engine/formats" || strings.HasPrefix(rel, "engine/formats/"):
		return formatsLayer, true
	case rel == "engine" || strings.HasPrefix(rel, "engine/"):
		return domainLayer, true
	}
	l, ok := layers[rel]
	return l, ok
}

func inEngine(rel string) bool { return rel == "engine" || strings.HasPrefix(rel, "engine/") }

// inDomain says whether a package is of the engine's domain tier.
func inDomain(rel string) bool {
	l, _ := layerOf(rel)
	return inEngine(rel) && l == domainLayer
}

// forbiddenInDomain are the standard and third-party imports the engine's
// domain does without: file formats (the formats tier's), the network,
// files, processes and flags. A path ending in /... forbids its
// sub-packages too.
var forbiddenInDomain = []string{
	"encoding/xml", "encoding/csv", "encoding/json", "encoding/gob",
	"gopkg.in/yaml.v3", "sigs.k8s.io/yaml", "go.yaml.in/...",
	"net", "net/...", "os", "os/...", "flag",
}

// domainThirdParty are the only modules outside the standard library the
// domain may import: errgroup and CPU features.
var domainThirdParty = []string{"golang.org/x/sync/", "golang.org/x/sys/"}

// allowed are imports that break a rule for a reason given, each until
// the change that removes it; one that is no longer there fails the test
// too, so that the list only shrinks.
var allowed = map[[2]string]string{
	{"reports/book", "reports/render"}: "test: the book passes' tests render their pages to check the links (book is below render)",
}

// matches says whether import path imp is named by pattern (a path, or a
// prefix ending in /...).
func matches(imp, pattern string) bool {
	if prefix, ok := strings.CutSuffix(pattern, "/..."); ok {
		return strings.HasPrefix(imp, prefix+"/")
	}
	return imp == pattern
}

// isStandard says whether an import path is the standard library's (no
// dot in its first element).
func isStandard(imp string) bool {
	first, _, _ := strings.Cut(imp, "/")
	return !strings.Contains(first, ".")
}

// sendsOrExports says whether a package may use net/http: the preview
// server, or a package whose name says it sends or exports.
func sendsOrExports(rel string) bool {
	name := rel[strings.LastIndex(rel, "/")+1:]
	return rel == "reports/preview" || name == "send" || name == "export"
}

// pkg is what go list says of a package.
type pkg struct {
	ImportPath                         string
	Imports, TestImports, XTestImports []string
}

// listPackages runs go list over the module.
func listPackages(t *testing.T) []pkg {
	t.Helper()
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports,TestImports,XTestImports", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []pkg
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// TestLayers reads the module's imports from go list and fails on an arrow
// that points up or sideways (in its code or its tests), on a package
// without a layer, on a file format, the network or files in the engine's
// domain, and on net/http outside the packages that send or export.
func TestLayers(t *testing.T) {
	used := map[[2]string]bool{}
	// breaks reports a broken rule unless it is allowed.
	breaks := func(rel, imp, format string, args ...any) {
		if _, ok := allowed[[2]string{rel, imp}]; ok {
			used[[2]string{rel, imp}] = true
			return
		}
		t.Errorf(format, args...)
	}
	for _, p := range listPackages(t) {
		rel := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")
		from, ok := layerOf(rel)
		if !ok {
			t.Errorf("%s has no layer: place it in reports/layers_test.go", rel)
			continue
		}
		// The package's own code, then its tests: a test may also import
		// its package (an external test), and a test of the domain the
		// formats tier, to read its fixtures from the files the figures
		// were published in (the movement library, clubs' results).
		for _, c := range []struct {
			what    string
			imports []string
		}{{"", p.Imports}, {"test ", append(slices.Clone(p.TestImports), p.XTestImports...)}} {
			for _, imp := range c.imports {
				if !strings.HasPrefix(imp, module+"/") {
					continue
				}
				dep := strings.TrimPrefix(imp, module+"/")
				to, ok := layerOf(dep)
				if !ok || dep == rel {
					continue // reported as its own package; an external test
				}
				sameTier := inEngine(rel) && inEngine(dep) && to == from
				fixtures := c.what != "" && inDomain(rel) && to == formatsLayer
				switch {
				case inEngine(rel) && !inEngine(dep) && !slices.Contains(dataLeaves, dep):
					breaks(rel, dep, "%s %simports %s: the engine imports only the engine and data", rel, c.what, dep)
				case to >= from && !sameTier && !fixtures:
					breaks(rel, dep, "%s (layer %d) %simports %s (layer %d): imports point down only", rel, from, c.what, dep, to)
				}
			}
		}
		for _, imp := range p.Imports {
			if imp == "net/http" && !sendsOrExports(rel) {
				breaks(rel, imp, "%s imports net/http: only the preview server and a package named send or export talk HTTP", rel)
			}
			if !inDomain(rel) {
				continue
			}
			for _, f := range forbiddenInDomain {
				if matches(imp, f) {
					breaks(rel, imp, "%s imports %s: the engine's domain reads no file format and no file, and uses no network, process or flag (the formats tier, engine/formats, does the files)", rel, imp)
				}
			}
			if !isStandard(imp) && !strings.HasPrefix(imp, module+"/") && !slices.ContainsFunc(domainThirdParty, func(m string) bool { return strings.HasPrefix(imp, m) }) {
				breaks(rel, imp, "%s imports %s: the engine's domain uses only %s outside the standard library", rel, imp, strings.Join(domainThirdParty, ", "))
			}
		}
	}
	for k, why := range allowed {
		if !used[k] {
			t.Errorf("%s no longer imports %s: drop it from allowed (%s)", k[0], k[1], why)
		}
	}
}
