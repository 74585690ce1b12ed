package kinds

import (
	"os"
	"testing"

	"github.com/bridgereport/bridgereport/reports/batch"
)

// chromium finds headless Chromium for the card tests: CI must have it
// (make test installs it); elsewhere the test is skipped.
func chromium(t *testing.T) string {
	t.Helper()
	p, err := batch.FindBrowser()
	if err == nil {
		return p
	}
	if os.Getenv("CI") != "" {
		t.Fatal("chromium is not installed (make test installs it with apt-get)")
	}
	t.Skip("chromium is not installed: apt-get install chromium (make test does it)")
	return ""
}
