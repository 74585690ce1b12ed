package browsertest_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bridgereport/bridgereport/reports/browser"
	"github.com/bridgereport/bridgereport/reports/browser/browsertest"
)

func TestMain(m *testing.M) { os.Exit(browsertest.Run(m)) }

func TestFindNamesTheMissingBrowser(t *testing.T) {
	t.Setenv("BRIDGEREPORT_CHROMIUM", filepath.Join(t.TempDir(), "no-such-browser"))
	if _, err := browser.Find(); err == nil || !strings.Contains(err.Error(), "no-such-browser") {
		t.Errorf("err = %v, want one naming no-such-browser", err)
	}
}

// TestBudgetRunsTimers: a timer 30 s after the load has fired within a
// budget of 31 s of virtual time (which runs as fast as the page's work
// allows), and not without a budget (the DOM is then the page at its load
// event).
func TestBudgetRunsTimers(t *testing.T) {
	t.Parallel()
	const page = `<!DOCTYPE html><html><head></head><body><script>
setTimeout(function () { document.body.setAttribute("data-late", "fired"); }, 30000);
</script></body></html>`
	for _, c := range []struct {
		budget time.Duration
		fired  bool
	}{{31 * time.Second, true}, {0, false}} {
		dom, err := browsertest.OpenHTML(t, page, browser.View{Budget: c.budget}).DOM()
		if err != nil {
			t.Fatal(err)
		}
		if fired := strings.Contains(dom, `data-late="fired"`); fired != c.fired {
			t.Errorf("budget %v: the 30 s timer fired: %v, want %v", c.budget, fired, c.fired)
		}
		if !strings.HasPrefix(dom, "<!DOCTYPE html>\n<html>") {
			t.Errorf("the DOM does not start with its doctype: %.40q", dom)
		}
	}
}

// TestViewport: the page is laid out as wide as the view asks, narrower
// than any window (a phone's 390 px).
func TestViewport(t *testing.T) {
	t.Parallel()
	tab := browsertest.OpenHTML(t, `<!DOCTYPE html><html><body style="height:3000px"></body></html>`,
		browser.View{Width: 390, Height: 800, HideScrollbars: true})
	var width int
	if err := tab.Eval(`document.documentElement.clientWidth`, &width); err != nil {
		t.Fatal(err)
	}
	if width != 390 {
		t.Errorf("laid out %d px wide, want 390", width)
	}
}

// TestPDFTakesThePagesCSS: the PDF has the page's @page size (A5, 419.5 ×
// 595.3 pt, which Chromium rounds to whole pixels: 420 × 594.96) and a
// page for each forced break.
func TestPDFTakesThePagesCSS(t *testing.T) {
	t.Parallel()
	pdf, err := browsertest.OpenHTML(t, `<!DOCTYPE html><html><head><style>@page { size: A5; margin: 10mm }
p { break-after: page }</style></head><body><p>one</p><p>two</p><p>three</p></body></html>`, browser.View{}).PDF()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(pdf), "%PDF-") {
		t.Fatalf("not a PDF: %.20q", pdf)
	}
	pages := len(regexp.MustCompile(`/Type\s*/Page[^s]`).FindAll(pdf, -1))
	a5 := len(regexp.MustCompile(`MediaBox \[0 0 420 594\.9\d*\]`).FindAll(pdf, -1))
	if pages != 3 || a5 != 3 {
		t.Errorf("%d pages, %d of them A5: want 3 and 3 (%q)", pages, a5, regexp.MustCompile(`MediaBox \[[^\]]*\]`).FindAll(pdf, -1))
	}
}
