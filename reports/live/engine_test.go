//go:build !js

package live_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"testing"

	"github.com/bridgereport/bridgereport/templates/wasm"
)

// TestEngineIsCurrent checks that the engine the pages carry was built from
// the sources as they are: the hash of every Go and embedded file it links
// (the standard library apart) is the one SOURCE records, and the embedded
// engine is the one SOURCE names. make wasm rebuilds it; make wasm-check
// (in make test) rebuilds and compares byte for byte.
func TestEngineIsCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: make test checks the engine")
	}
	sum := sha256.Sum256(wasm.Engine)
	if got, want := hex.EncodeToString(sum[:]), wasm.SourceField("engine"); got != want {
		t.Errorf("templates/wasm/engine.wasm.gz has SHA-256 %s, SOURCE says %s: run make wasm", got, want)
	}
	cmd := exec.Command("go", "list", "-deps", "-json=ImportPath,Dir,GoFiles,EmbedFiles,Standard", "github.com/bridgereport/bridgereport/reports/live/wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	list, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	got, err := wasm.SourcesHash(bytes.NewReader(list))
	if err != nil {
		t.Fatal(err)
	}
	if want := wasm.SourceField("sources"); got != want {
		t.Errorf("the engine the pages carry was built from other sources (SOURCE says %s, they hash to %s): the pages would compute with the old engine; run make wasm and commit templates/wasm", want, got)
	}
}
