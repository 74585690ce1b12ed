package site

import (
	"html"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bridgereport/bridgereport/reports/browser"
	"github.com/bridgereport/bridgereport/reports/browser/browsertest"
	"github.com/bridgereport/bridgereport/reports/render"
)

// TestMain closes the browser the tests share.
func TestMain(m *testing.M) { os.Exit(browsertest.Run(m)) }

// dumpDOM opens a URL in headless Chromium, the page as written (with its
// Content-Security-Policy), and returns the DOM after its scripts ran.
func dumpDOM(t *testing.T, address string) string {
	t.Helper()
	dom, err := browsertest.Open(t, address, browser.View{Budget: 3 * time.Second}).DOM()
	if err != nil {
		t.Fatal(err)
	}
	return dom
}

var (
	resultList = regexp.MustCompile(`(?s)<ol id="site-results"[^>]*>(.*?)</ol>`)
	resultLink = regexp.MustCompile(`<a href="([^"]*)">([^<]*)</a>`)
)

// results are the links the search listed, as (href, title) pairs.
func results(t *testing.T, dom string) [][2]string {
	t.Helper()
	m := resultList.FindStringSubmatch(dom)
	if m == nil {
		t.Fatalf("the page has no search results list:\n%.2000s", dom)
	}
	var out [][2]string
	for _, l := range resultLink.FindAllStringSubmatch(m[1], -1) {
		out = append(out, [2]string{html.UnescapeString(l[1]), html.UnescapeString(l[2])})
	}
	return out
}

// TestSearchInChromium writes a site of three studies and, from file://
// and under the pages' Content-Security-Policy, searches it: a word of
// one study lists that study alone, from the index and from another
// study's page; the listed link opens the study's page.
func TestSearchInChromium(t *testing.T) {
	dir := t.TempDir()
	reps := testSite()
	if err := Write(render.NewRenderer(), dir, "test", "Test site", reps, nil); err != nil {
		t.Fatal(err)
	}
	index := (&url.URL{Scheme: "file", Path: filepath.Join(dir, "index.html")})
	search := func(page *url.URL, words string) (*url.URL, [][2]string) {
		u := *page
		u.Fragment = "search=" + words
		return page, results(t, dumpDOM(t, u.String()))
	}

	page, hits := search(index, "zebrafinch")
	if len(hits) != 1 || hits[0][1] != reps[1].Title || hits[0][0] != "beta/index.html" {
		t.Fatalf("a search for zebrafinch from the index lists %q, want beta alone", hits)
	}
	opened, err := page.Parse(hits[0][0])
	if err != nil {
		t.Fatal(err)
	}
	dom := dumpDOM(t, opened.String())
	if !strings.Contains(dom, "<title>Beta &lt;&amp;&gt; \"quoted\"</title>") || !strings.Contains(dom, "zebrafinch sits") {
		t.Errorf("the link %s does not open beta's page", opened)
	}
	if !strings.Contains(dom, `<li aria-current="page"><a href="../beta/index.html">`) {
		t.Error("beta's sidebar does not mark beta as the current page")
	}

	// From another study's page the links lead up to the root first.
	gamma, _ := url.Parse(index.String())
	gamma.Path = filepath.Join(dir, "gamma", "index.html")
	if _, hits := search(gamma, "ZEBRA"); len(hits) != 1 || hits[0][0] != "../beta/index.html" {
		t.Errorf("a search for ZEBRA (a prefix, in capitals) from gamma lists %q, want ../beta/index.html", hits)
	}
	if _, hits := search(index, "movements note"); len(hits) != 3 {
		t.Errorf("a search for words of every study lists %d studies, want 3", len(hits))
	}
	dom = dumpDOM(t, index.String()+"#search=nowhere")
	if !strings.Contains(dom, "No study holds every word.") {
		t.Error("a search that finds nothing does not say so")
	}
}
