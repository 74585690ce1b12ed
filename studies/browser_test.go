package studies

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bridgereport/bridgereport/reports/browser"
	"github.com/bridgereport/bridgereport/reports/browser/browsertest"
)

// TestMain closes the browser the tests share.
func TestMain(m *testing.M) { os.Exit(browsertest.Run(m)) }

// TestReportsDrawInChromium opens each study's HTML report in headless
// Chromium, once, in a window 1280 px wide, and checks that every chart drew
// a canvas, no script failed and its tables fit (checkTablesFit). It shares
// the studies' runs with TestStudies (each study runs once per test binary).
// -short opens only the quick studies and testdata/charts, a study of one
// small cell for each kind of chart the long ones draw.
func TestReportsDrawInChromium(t *testing.T) {
	for _, name := range append(studyNames(t), "testdata/charts") {
		t.Run(name, func(t *testing.T) {
			skipLong(t, name)
			wantAhead(name)
			t.Parallel()
			res := studyResult(t, name)
			var page bytes.Buffer
			if err := testRenderer(t).HTML(&page, res); err != nil {
				t.Fatal(err)
			}
			charts := strings.Count(page.String(), `class="item" id="chart_`)
			tab := openProbed(t, page.String(), browser.View{Width: 1280, Height: 900, HideScrollbars: true, Budget: 5 * time.Second})
			dom, scriptErr := domOf(t, tab)
			if scriptErr != "" {
				t.Fatalf("script error in the report: %s", scriptErr)
			}
			if drawn := strings.Count(dom, "<canvas"); drawn < charts {
				t.Errorf("%d charts in the page, %d drew a canvas", charts, drawn)
			}
			checkTablesFit(t, measure(t, tab, 1280))
		})
	}
	startAhead()
}

// openInChromium loads a page in headless Chromium and returns the DOM after
// its scripts ran, and the first script error, if any.
func openInChromium(t *testing.T, page string) (dom, scriptErr string) {
	t.Helper()
	return domOf(t, openProbed(t, page, browser.View{Budget: 5 * time.Second}))
}

// openProbed loads a page with a probe that records its first script error.
func openProbed(t *testing.T, page string, view browser.View) *browser.Tab {
	t.Helper()
	probe := `<script>window.addEventListener("error", function (e) { document.documentElement.setAttribute("data-script-error", String(e.message)); });</script>`
	return browsertest.OpenHTML(t, strings.Replace(page, "<head>", "<head>\n"+probe, 1), view)
}

// domOf returns a probed page's DOM after its scripts ran, and the first
// script error, if any.
func domOf(t *testing.T, tab *browser.Tab) (dom, scriptErr string) {
	t.Helper()
	dom, err := tab.DOM()
	if err != nil {
		t.Fatal(err)
	}
	if m := regexp.MustCompile(`data-script-error="([^"]*)"`).FindStringSubmatch(dom); m != nil {
		scriptErr = m[1]
	}
	return dom, scriptErr
}

// TestChromiumProbeSeesScriptErrors makes sure the probe above can fail.
func TestChromiumProbeSeesScriptErrors(t *testing.T) {
	t.Parallel()
	_, scriptErr := openInChromium(t, `<!DOCTYPE html><html><head></head><body><script>throw new Error("boom")</script></body></html>`)
	if !strings.Contains(scriptErr, "boom") {
		t.Errorf("script error not seen: %q", scriptErr)
	}
}
