package study

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bridgereport/bridgereport/reports/batch"
)

// chromium finds the browser; CI must have it (make test installs it), a
// developer without it gets a skip that says how to install it.
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

// TestReportsDrawInChromium opens each study's HTML report in headless
// Chromium and checks that every chart drew a canvas and no script failed.
// It shares the studies' runs with TestStudies (each study runs once per
// test binary). -short opens only the quick studies and testdata/charts, a
// study of one small cell for each kind of chart the long ones draw.
func TestReportsDrawInChromium(t *testing.T) {
	browser := chromium(t)
	for _, name := range append(studyNames(t), "testdata/charts") {
		t.Run(name, func(t *testing.T) {
			skipLong(t, name)
			t.Parallel()
			res := studyResult(t, name)
			var page bytes.Buffer
			if err := testRenderer(t).HTML(&page, res); err != nil {
				t.Fatal(err)
			}
			charts := strings.Count(page.String(), `class="item" id="chart_`)
			dom, scriptErr := openInChromium(t, browser, page.String())
			if scriptErr != "" {
				t.Fatalf("script error in the report: %s", scriptErr)
			}
			if drawn := strings.Count(dom, "<canvas"); drawn < charts {
				t.Errorf("%d charts in the page, %d drew a canvas", charts, drawn)
			}
		})
	}
}

// openInChromium loads a page in headless Chromium and returns the DOM after
// its scripts ran, and the first script error, if any.
func openInChromium(t *testing.T, browser, page string) (dom, scriptErr string) {
	t.Helper()
	probe := `<script>window.addEventListener("error", function (e) { document.documentElement.setAttribute("data-script-error", String(e.message)); });</script>`
	html := strings.Replace(page, "<head>", "<head>\n"+probe, 1)
	file := filepath.Join(t.TempDir(), "index.html")
	if err := os.WriteFile(file, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu",
		"--disable-background-networking", "--no-first-run", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+t.TempDir(), "--virtual-time-budget=5000", "--dump-dom", "file://"+file)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	if m := regexp.MustCompile(`data-script-error="([^"]*)"`).FindStringSubmatch(out.String()); m != nil {
		scriptErr = m[1]
	}
	return out.String(), scriptErr
}

// TestChromiumProbeSeesScriptErrors makes sure the probe above can fail.
func TestChromiumProbeSeesScriptErrors(t *testing.T) {
	browser := chromium(t)
	_, scriptErr := openInChromium(t, browser, `<!DOCTYPE html><html><head></head><body><script>throw new Error("boom")</script></body></html>`)
	if !strings.Contains(scriptErr, "boom") {
		t.Errorf("script error not seen: %q", scriptErr)
	}
}
