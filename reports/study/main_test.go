package study

import (
	"flag"
	"sync"
	"testing"

	"github.com/bridgereport/bridgereport/reports/render"
)

// The studies of the project are run, drawn and compared with their golden
// results by the tests of package studies (studies/), a test binary of its
// own that go test ./... runs beside this one.

var update = flag.Bool("update", false, "rewrite the committed schema and the cell reference")

// testRenderer is one renderer for the package's tests: it compiles the
// chart library once.
func testRenderer(t testing.TB) *render.Renderer {
	t.Helper()
	return sharedRenderer()
}

var sharedRenderer = sync.OnceValue(render.NewRenderer)
