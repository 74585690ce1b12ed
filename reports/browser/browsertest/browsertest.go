// Package browsertest gives a test binary one headless Chromium, started at
// the first test that asks for it and shared by every browser test of the
// binary, each page in a tab of its own. Without Chromium the test is
// skipped, or fails under CI (make test installs it).
//
// A package with browser tests closes the browser (and removes its
// profile) when its tests are done:
//
//	func TestMain(m *testing.M) { os.Exit(browsertest.Run(m)) }
//
// The tests of reports/browser itself are here, where they can share it.
package browsertest

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/bridgereport/bridgereport/reports/browser"
)

var (
	mu      sync.Mutex
	started *browser.Browser
	// start launches the browser once; every later caller gets the same
	// browser or the same error.
	start = sync.OnceValues(func() (*browser.Browser, error) {
		path, err := browser.Find()
		if err != nil {
			return nil, errMissing{err}
		}
		b, err := browser.Start(context.Background(), path)
		if err == nil {
			mu.Lock()
			started = b
			mu.Unlock()
		}
		return b, err
	})
)

type errMissing struct{ error }

// Browser is the test binary's Chromium.
func Browser(t testing.TB) *browser.Browser {
	t.Helper()
	b, err := start()
	if _, missing := err.(errMissing); missing {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium is not installed (make test installs it with apt-get)")
		}
		t.Skip("chromium is not installed: apt-get install chromium (make test does it)")
	}
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Open opens address in a tab of the binary's browser, closed when the
// test ends.
func Open(t testing.TB, address string, v browser.View) *browser.Tab {
	t.Helper()
	tab, err := Browser(t).Open(address, v)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tab.Close)
	return tab
}

// OpenHTML writes page to a file of the test's and opens it.
func OpenHTML(t testing.TB, page string, v browser.View) *browser.Tab {
	t.Helper()
	file := filepath.Join(t.TempDir(), "index.html")
	if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	return Open(t, browser.FileURL(file), v)
}

// Run runs the binary's tests and then closes the browser if one started.
func Run(m *testing.M) int {
	code := m.Run()
	mu.Lock()
	defer mu.Unlock()
	if started != nil {
		started.Close()
	}
	return code
}
