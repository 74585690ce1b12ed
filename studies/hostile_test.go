package studies

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"
)

// hostileReport is the HTML report of testdata/hostile.yaml: a study whose
// title, summary, prose, captions, labels and counts carry </script>,
// __f__…__f__, onerror, onload and javascript: payloads. Each payload, if it
// ever ran, would set the attribute data-xss on the page's root element; the
// name is built by concatenation, so it appears in no source text.
func hostileReport(t *testing.T) string {
	t.Helper()
	var page bytes.Buffer
	if err := testRenderer(t).HTML(&page, studyResult(t, "testdata/hostile")); err != nil {
		t.Fatal(err)
	}
	return page.String()
}

var xssMark = regexp.MustCompile(`data-xss=`)

// TestHostileStudyRunsNothing opens the hostile study's HTML report in
// headless Chromium, as published (with its Content-Security-Policy) and with
// the policy taken out (so that the escaping alone is tested), and checks
// that no payload ran, no script failed, the CSP blocked nothing (every
// script the page runs is its own) and every chart drew.
func TestHostileStudyRunsNothing(t *testing.T) {
	t.Parallel()
	page := hostileReport(t)
	csp := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="[^"]*">\n`)
	if !csp.MatchString(page) {
		t.Fatal("the report has no Content-Security-Policy")
	}
	for _, c := range []struct{ name, page string }{
		{"with CSP", page},
		{"without CSP", csp.ReplaceAllString(page, "")},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dom, scriptErr := openInChromium(t, strings.Replace(c.page, "<head>", "<head>\n"+cspProbe, 1))
			if scriptErr != "" {
				t.Errorf("script error: %s", scriptErr)
			}
			if xssMark.MatchString(dom) {
				t.Errorf("a payload ran: %s", xssMark.FindString(dom))
			}
			if m := regexp.MustCompile(`data-csp-violation="([^"]*)"`).FindStringSubmatch(dom); m != nil {
				t.Errorf("the CSP blocked %s", m[1])
			}
			charts := strings.Count(c.page, `class="item" id="chart_`)
			if drawn := strings.Count(dom, "<canvas"); charts == 0 || drawn < charts {
				t.Errorf("%d charts in the page, %d drew a canvas", charts, drawn)
			}
			if strings.Contains(dom, `href="javascript:`) {
				t.Error("a javascript: link reached the page")
			}
		})
	}
}

// cspProbe records the first script the policy blocks.
const cspProbe = `<script>document.addEventListener("securitypolicyviolation", function (e) { document.documentElement.setAttribute("data-csp-violation", e.violatedDirective + " " + e.blockedURI); });</script>`

// TestHostileProbeCanFail makes sure the payloads would be seen: the same
// payload, run, marks the page.
func TestHostileProbeCanFail(t *testing.T) {
	t.Parallel()
	dom, _ := openInChromium(t, `<!DOCTYPE html><html><head></head><body><script>document.documentElement.setAttribute('data-'+'xss','title')</script></body></html>`)
	if !xssMark.MatchString(dom) {
		t.Error("the probe did not see a payload that ran")
	}
}

// TestHostileMarkdownRunsNothing renders the hostile study's Markdown to HTML
// as an unsanitising site would (raw HTML passed through), with its SVG
// figures inlined into the page, and checks in Chromium that nothing ran.
func TestHostileMarkdownRunsNothing(t *testing.T) {
	t.Parallel()
	var md bytes.Buffer
	figures, err := testRenderer(t).Markdown(&md, studyResult(t, "testdata/hostile"))
	if err != nil {
		t.Fatal(err)
	}
	var body bytes.Buffer
	unsafe := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(html.WithUnsafe()))
	if err := unsafe.Convert(md.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	if len(figures) == 0 {
		t.Fatal("no figures")
	}
	for _, svg := range figures {
		body.Write(svg)
	}
	page := "<!DOCTYPE html><html><head></head><body>" + body.String() + "</body></html>"
	dom, scriptErr := openInChromium(t, page)
	if scriptErr != "" {
		t.Errorf("script error: %s", scriptErr)
	}
	if xssMark.MatchString(dom) {
		t.Errorf("a payload ran: %s", xssMark.FindString(dom))
	}
	if strings.Contains(dom, `href="javascript:`) {
		t.Error("a javascript: link reached the page")
	}
}
