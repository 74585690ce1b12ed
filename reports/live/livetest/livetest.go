// Package livetest opens live pages in headless Chromium for their tests,
// driven over the DevTools protocol (chromedp): a page from file:// with a
// query, a script evaluated in it, a wait for what its engine writes, a
// control changed as a reader changes it, and the exceptions its scripts
// threw. The test binary's one browser (browsertest) serves the pages,
// each in a tab of its own. Its own tests compare the page's engine (reports/live) with the study
// run (reports/study), which sit on one layer: they live above both.
package livetest

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/bridgereport/bridgereport/reports/browser/browsertest"
)

// Browser is one headless Chromium.
type Browser struct {
	ctx context.Context
}

// Start gives the test the test binary's Chromium (browsertest: one for
// every browser test of the binary); without Chromium the test is skipped
// (failed under CI, where make test installs it).
func Start(t testing.TB) *Browser {
	t.Helper()
	return &Browser{ctx: browsertest.Browser(t).Context()}
}

// Tab is a page open in a tab, with the exceptions its scripts threw.
type Tab struct {
	t      testing.TB
	ctx    context.Context
	mu     sync.Mutex
	thrown []string
}

// Open opens a page's file with a query ("?tables=9", or "") in a new tab
// and waits for its load; the tab closes with the test.
func (b *Browser) Open(t testing.TB, file, query string) *Tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx)
	t.Cleanup(cancel)
	tab := &Tab{t: t, ctx: ctx}
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	if err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*runtime.EventExceptionThrown); ok {
			d := e.ExceptionDetails
			text := d.Text
			if d.Exception != nil {
				text += " " + d.Exception.Description
			}
			tab.mu.Lock()
			tab.thrown = append(tab.thrown, text)
			tab.mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		t.Fatal(err)
	}
	url := "file://" + filepath.ToSlash(abs) + query
	tctx, tcancel := context.WithTimeout(ctx, time.Minute)
	defer tcancel()
	if err := chromedp.Do(tctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("%s: %v", url, err)
	}
	return tab
}

// Context is the tab's, for other chromedp actions (a screenshot).
func (tab *Tab) Context() context.Context { return tab.ctx }

// Eval evaluates a script in the page (awaiting a promise) and decodes its
// value into out.
func (tab *Tab) Eval(script string, out any) {
	tab.t.Helper()
	ctx, cancel := context.WithTimeout(tab.ctx, time.Minute)
	defer cancel()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](script, chromedp.EvalAwaitPromise))
	if err != nil {
		tab.t.Fatalf("%s: %v", script, err)
	}
	if err := json.Unmarshal(raw, out); err != nil {
		tab.t.Fatalf("%s: %v", script, err)
	}
}

// WaitFor waits until a script's value is true, for 90 seconds at most.
func (tab *Tab) WaitFor(script string) {
	tab.t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		var ok bool
		tab.Eval("Boolean("+script+")", &ok)
		if ok {
			return
		}
		if time.Now().After(deadline) {
			var state any
			tab.Eval(`({bar: Object.assign({}, document.getElementById("live-bar").dataset), status: document.getElementById("live-progress").textContent})`, &state)
			tab.t.Fatalf("waited 90 s for %s; page: %v; exceptions: %v", script, state, tab.Exceptions())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Recomputed waits until the page's engine has answered n requests.
func (tab *Tab) Recomputed(n int) {
	tab.t.Helper()
	tab.WaitFor(`document.getElementById("live-bar").dataset.done === "` + strconv.Itoa(n) + `"`)
}

// Exceptions are those the page's scripts threw.
func (tab *Tab) Exceptions() []string {
	tab.mu.Lock()
	defer tab.mu.Unlock()
	return append([]string(nil), tab.thrown...)
}

// Set changes a parameter's control as a reader does.
func (tab *Tab) Set(name, value string) {
	tab.t.Helper()
	var ok bool
	tab.Eval(`((id, v) => { const el = document.getElementById(id); el.value = v; el.dispatchEvent(new Event("change")); return true; })(`+quote("live-param-"+name)+`, `+quote(value)+`)`, &ok)
}

// blocks is a script function: the nodes between a live cell's markers.
const blocks = `((id) => { const out = []; for (let n = document.getElementById("live-" + id).nextSibling; n && !(n.nodeType === 1 && n.classList.contains("live-end")); n = n.nextSibling) if (n.nodeType === 1) out.push(n); return out; })`

// Cells are the texts of the table cells of a live cell.
func (tab *Tab) Cells(id string) []string {
	tab.t.Helper()
	var texts []string
	tab.Eval(blocks+`(`+quote(id)+`).flatMap((n) => [...n.querySelectorAll("td")].map((td) => td.textContent))`, &texts)
	return texts
}

// Text is a live cell's text as the reader sees it.
func (tab *Tab) Text(id string) string {
	tab.t.Helper()
	var s string
	tab.Eval(blocks+`(`+quote(id)+`).map((n) => n.innerText).join("\n")`, &s)
	return s
}

// Texts are the texts of all the page's live cells, by cell.
func (tab *Tab) Texts() map[string]string {
	tab.t.Helper()
	var m map[string]string
	tab.Eval(`Object.fromEntries([...document.querySelectorAll(".live-cell")].map((el) => el.id.slice(5)).map((id) => [id, `+blocks+`(id).map((n) => n.innerText).join("\n")]))`, &m)
	return m
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// Message is what the page says at a parameter's control.
func (tab *Tab) Message(name string) string {
	tab.t.Helper()
	var s string
	tab.Eval(`document.getElementById(`+quote("live-msg-"+name)+`).textContent`, &s)
	return s
}
