package templates

import (
	"crypto/sha512"
	"encoding/base64"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestVendoredEchartsMatchesLockfile ties the embedded chart library to the one
// pin of echarts, package-lock.json: the version and the tarball integrity
// recorded when update.sh vendored it must be the lockfile's, and the file must
// be the one whose SHA-512 was recorded then (so a hand edit or a partial
// update fails here).
func TestVendoredEchartsMatchesLockfile(t *testing.T) {
	data, err := os.ReadFile("../package-lock.json")
	if err != nil {
		t.Fatal(err)
	}
	var lock struct {
		Packages map[string]struct{ Version, Integrity string } `json:"packages"`
	}
	if err := json.Unmarshal(data, &lock); err != nil {
		t.Fatal(err)
	}
	pinned, ok := lock.Packages["node_modules/echarts"]
	if !ok {
		t.Fatal("package-lock.json pins no echarts")
	}
	if EchartsVersion != pinned.Version {
		t.Errorf("vendored echarts %s, lockfile pins %s: run templates/echarts/update.sh", EchartsVersion, pinned.Version)
	}
	if got := sourceField("integrity"); got != pinned.Integrity {
		t.Errorf("vendored from tarball %s, lockfile has %s: run templates/echarts/update.sh", got, pinned.Integrity)
	}
	sum := sha512.Sum512([]byte(Echarts))
	if got, want := base64.StdEncoding.EncodeToString(sum[:]), sourceField("sha512"); got != want {
		t.Errorf("echarts.min.js has SHA-512 %s, recorded %s: the vendored file was changed by hand", got, want)
	}
	if !strings.Contains(Echarts, "echarts") || strings.Contains(strings.ToLower(Echarts), "</script") {
		t.Error("echarts.min.js is not an inlinable chart library")
	}
}
