package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/bridgereport/bridgereport/reports/batch"
	"github.com/bridgereport/bridgereport/templates/wasm"
)

// liveStudy is the study of issue 40: the Qf of a Mitchell whose number of
// tables the reader sets.
const liveStudy = `title: "Live balance"
parameters:
  - {name: tables, type: int, default: "7", min: 3, max: 15, interactive: true, doc: "tables of the Mitchell"}
movements:
  m:
    mitchell: ${tables}
cells:
  - balance:
      id: qf
      rows:
        - {label: mitchell, movement: m}
`

// livePage runs a study into a page and returns the page's file and the
// study's.
func livePage(t testing.TB, name, study string) (page, path string) {
	t.Helper()
	dir := t.TempDir()
	path = filepath.Join(dir, name+".yaml")
	if err := os.WriteFile(path, []byte(study), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	if err := Run(context.Background(), []string{"run", "-o", filepath.Join(dir, "out"), path}, io.Discard, &stderr); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr.String())
	}
	return filepath.Join(dir, "out", name, "index.html"), path
}

// liveBrowser is one headless Chromium for the live pages' tests, driven
// over the DevTools protocol.
type liveBrowser struct {
	ctx context.Context
}

func startLiveBrowser(t testing.TB) *liveBrowser {
	t.Helper()
	path, err := batch.FindBrowser()
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium is not installed (make test installs it with apt-get)")
		}
		t.Skip("chromium is not installed: apt-get install chromium (make test does it)")
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path), chromedp.Flag("headless", true), chromedp.NoSandbox,
		chromedp.Flag("disable-gpu", true), chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true))
	ctx, cancel := chromedp.NewContext(alloc)
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		cancelAlloc()
		t.Fatalf("starting %s: %v", path, err)
	}
	t.Cleanup(func() { cancel(); cancelAlloc() })
	return &liveBrowser{ctx: ctx}
}

// liveTab is a page open in a tab, with the exceptions its scripts threw.
type liveTab struct {
	t      testing.TB
	ctx    context.Context
	mu     sync.Mutex
	thrown []string
}

// open opens a page's file with a query and waits for its load.
func (b *liveBrowser) open(t testing.TB, file, query string) *liveTab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx)
	t.Cleanup(cancel)
	tab := &liveTab{t: t, ctx: ctx}
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	if err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*runtime.EventExceptionThrown); ok {
			tab.mu.Lock()
			d := e.ExceptionDetails
			text := d.Text
			if d.Exception != nil {
				text += " " + d.Exception.Description
			}
			tab.thrown = append(tab.thrown, text)
			tab.mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	url := "file://" + filepath.ToSlash(file) + query
	tctx, tcancel := context.WithTimeout(ctx, time.Minute)
	defer tcancel()
	if err := chromedp.Do(tctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("%s: %v", url, err)
	}
	return tab
}

// eval evaluates a script in the page and decodes its value into out.
func (tab *liveTab) eval(script string, out any) {
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

// waitFor waits until a script's value is true.
func (tab *liveTab) waitFor(script string) {
	tab.t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		var ok bool
		tab.eval("Boolean("+script+")", &ok)
		if ok {
			return
		}
		if time.Now().After(deadline) {
			var state any
			tab.eval(`({bar: Object.assign({}, document.getElementById("live-bar").dataset), status: document.getElementById("live-progress").textContent, cell: document.getElementById("live-qf") && document.getElementById("live-qf").textContent})`, &state)
			tab.t.Fatalf("waited 90 s for %s; page: %v; exceptions: %v", script, state, tab.exceptions())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (tab *liveTab) exceptions() []string {
	tab.mu.Lock()
	defer tab.mu.Unlock()
	return append([]string(nil), tab.thrown...)
}

// set changes a parameter's control as a reader does.
func (tab *liveTab) set(name, value string) {
	tab.t.Helper()
	var ok bool
	tab.eval(`(() => { const el = document.getElementById("live-param-`+name+`"); el.value = "`+value+`"; el.dispatchEvent(new Event("change")); return true; })()`, &ok)
}

// cells are the texts of the cells of a live cell's tables.
func (tab *liveTab) cells(id string) []string {
	var texts []string
	tab.eval(`[...document.querySelectorAll("#live-`+id+` td")].map((td) => td.textContent)`, &texts)
	return texts
}

// cliQf is the Qf that balance --json prints for a movement, at the two
// decimals the page shows.
func cliQf(t *testing.T, spec string) string {
	t.Helper()
	out, stderr, err := run(t, "balance", "--json", spec)
	if err != nil {
		t.Fatalf("balance --json %s: %v\n%s", spec, err, stderr)
	}
	var b struct {
		Qf float64 `json:"qf"`
	}
	if err := json.Unmarshal([]byte(out), &b); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%.2f", b.Qf)
}

// TestLivePageRecomputesInChromium opens the page of issue 40's study from
// file:// in headless Chromium: it shows mitchell:7's Qf as published, and
// with ?tables=N the Qf of mitchell:N that balance --json prints, at the
// page's two decimals, recomputed by the engine the page carries; a value
// out of bounds shows the study's message at the control and no figure; a
// changed control recomputes the cell and writes the value to the address.
func TestLivePageRecomputesInChromium(t *testing.T) {
	b := startLiveBrowser(t)
	page, study := livePage(t, "live", liveStudy)

	t.Run("published", func(t *testing.T) {
		tab := b.open(t, page, "")
		tab.waitFor(`document.getElementById("live-bar").dataset.state === "idle"`)
		if got, want := tab.cells("qf"), []string{"mitchell", cliQf(t, "mitchell:7")}; strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("published cell: %q, want %q", got, want)
		}
		var done string
		tab.eval(`document.getElementById("live-bar").dataset.done || ""`, &done)
		if done != "" {
			t.Errorf("the published values were recomputed (%s times): the page should show them as published", done)
		}
		if e := tab.exceptions(); len(e) > 0 {
			t.Errorf("script errors: %v", e)
		}
	})
	for _, tables := range []int{9, 5, 15} {
		t.Run(fmt.Sprintf("tables=%d", tables), func(t *testing.T) {
			if testing.Short() && tables != 9 {
				t.Skip("-short: one value")
			}
			tab := b.open(t, page, fmt.Sprintf("?tables=%d", tables))
			tab.waitFor(`document.getElementById("live-bar").dataset.done === "1"`)
			want := []string{"mitchell", cliQf(t, fmt.Sprintf("mitchell:%d", tables))}
			if got := tab.cells("qf"); strings.Join(got, "|") != strings.Join(want, "|") {
				t.Errorf("recomputed cell: %q, want %q (balance --json)", got, want)
			}
			var msg string
			tab.eval(`document.getElementById("live-msg-tables").textContent`, &msg)
			if msg != "" {
				t.Errorf("message at the control: %q", msg)
			}
			if e := tab.exceptions(); len(e) > 0 {
				t.Errorf("script errors: %v", e)
			}
		})
	}
	t.Run("tables=99", func(t *testing.T) {
		tab := b.open(t, page, "?tables=99")
		tab.waitFor(`document.getElementById("live-msg-tables").textContent !== ""`)
		var msg string
		tab.eval(`document.getElementById("live-msg-tables").textContent`, &msg)
		if _, _, err := run(t, "run", "-o", t.TempDir(), "-p", "tables=99", study); err == nil || msg == "" || !strings.Contains(err.Error(), msg) {
			t.Errorf("message %q is not what run -p tables=99 says: %v", msg, err)
		}
		if got := tab.cells("qf"); len(got) > 0 {
			t.Errorf("figures shown for tables=99: %q", got)
		}
	})
	// The policy is the least that works: without either of its two
	// additions the engine does not start, and the page says so.
	t.Run("policy", func(t *testing.T) {
		if testing.Short() {
			t.Skip("-short: the published policy only")
		}
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, cut := range []string{"; worker-src blob:", " &#39;wasm-unsafe-eval&#39;"} {
			if !bytes.Contains(data, []byte(cut)) {
				t.Fatalf("the page's policy has no %q", cut)
			}
			without := filepath.Join(t.TempDir(), "index.html")
			if err := os.WriteFile(without, bytes.Replace(data, []byte(cut), nil, 1), 0o644); err != nil {
				t.Fatal(err)
			}
			tab := b.open(t, without, "?tables=9")
			tab.waitFor(`document.getElementById("live-progress").textContent.startsWith("The engine failed")`)
			if got := tab.cells("qf"); len(got) > 0 {
				t.Errorf("without %q the page shows %q", cut, got)
			}
		}
	})
	t.Run("control", func(t *testing.T) {
		if testing.Short() {
			t.Skip("-short: the address's values only")
		}
		tab := b.open(t, page, "")
		tab.waitFor(`document.getElementById("live-bar").dataset.state === "idle"`)
		tab.set("tables", "11")
		tab.waitFor(`document.getElementById("live-bar").dataset.done === "1"`)
		if got, want := tab.cells("qf"), []string{"mitchell", cliQf(t, "mitchell:11")}; strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("after the control changed to 11: %q, want %q", got, want)
		}
		var search string
		tab.eval(`location.search`, &search)
		if search != "?tables=11" {
			t.Errorf("the address's query is %q, want ?tables=11", search)
		}
		// The idle worker takes the next value; the published one leaves
		// the address clean.
		tab.set("tables", "7")
		tab.waitFor(`document.getElementById("live-bar").dataset.done === "2"`)
		if got, want := tab.cells("qf"), []string{"mitchell", cliQf(t, "mitchell:7")}; strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("back to 7: %q, want %q", got, want)
		}
		tab.eval(`location.search`, &search)
		if search != "" {
			t.Errorf("at the published value the address's query is %q", search)
		}
	})
}

// TestDirectorsPageInChromium opens studies/tonight.yaml's page: the
// catalogue recommends what catalogue --pick 1 prints for other pairs and
// hours, the sampled Bussemaker model gives simulate's Qd for another sample
// count, a long sampling can be cancelled, and a movement spec that is none
// is said at its text box with no figures shown in the cells that use it,
// while the others are recomputed.
func TestDirectorsPageInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the director's page runs the catalogue and a sampled model")
	}
	b := startLiveBrowser(t)
	dir := t.TempDir()
	if _, stderr, err := run(t, "run", "--no-cache", "-o", dir, filepath.Join("..", "..", "studies", "tonight.yaml")); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr)
	}
	page := filepath.Join(dir, "tonight", "index.html")
	text := func(tab *liveTab, id string) string {
		var s string
		tab.eval(`document.getElementById("live-`+id+`").textContent`, &s)
		return s
	}
	const spec = "howell:13,rounds=10,switch=r2t1+r3t7+r4t4+r5t5.7+r6t3.4+r7t5.6+r8t1.3.4+r9t5.6+r10t1"

	t.Run("pairs=16&hours=3", func(t *testing.T) {
		tab := b.open(t, page, "?pairs=16&hours=3")
		tab.waitFor(`document.getElementById("live-bar").dataset.done === "1"`)
		pick, stderr, err := run(t, "catalogue", "--pairs", "16", "--hours", "3", "--pick", "1")
		if err != nil {
			t.Fatalf("catalogue --pick 1: %v\n%s", err, stderr)
		}
		if got := text(tab, "recommendation"); !strings.Contains(got, "Spec: "+strings.TrimSpace(pick)) {
			t.Errorf("the recommendation for 16 pairs and 3 hours does not name %s:\n%s", pick, got)
		}
		if e := tab.exceptions(); len(e) > 0 {
			t.Errorf("script errors: %v", e)
		}
	})
	t.Run("samples=5000", func(t *testing.T) {
		tab := b.open(t, page, "?samples=5000")
		tab.waitFor(`document.getElementById("live-bar").dataset.done === "1"`)
		out, stderr, err := run(t, "simulate", "--model", "bussemaker", "--samples", "5000", "--seed", "1", "--json", spec)
		if err != nil {
			t.Fatalf("simulate: %v\n%s", err, stderr)
		}
		var sim struct {
			Qd float64 `json:"qd"`
		}
		if err := json.Unmarshal([]byte(out), &sim); err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("Qd (the mean probability of finishing in the ideal place) = %.1f;", sim.Qd); !strings.Contains(text(tab, "luck"), want) {
			t.Errorf("the luck cell does not say %q:\n%s", want, text(tab, "luck"))
		}
	})
	t.Run("cancel", func(t *testing.T) {
		tab := b.open(t, page, "?samples=200000")
		tab.waitFor(`document.getElementById("live-progress").textContent.includes("%")`)
		var ok bool
		tab.eval(`(() => { document.getElementById("live-cancel").click(); return true; })()`, &ok)
		tab.waitFor(`document.getElementById("live-bar").dataset.state === "idle"`)
		if got := text(tab, "luck"); !strings.HasPrefix(got, "Cancelled") {
			t.Errorf("the cancelled cell says %q", got)
		}
		var button string
		tab.eval(`document.getElementById("live-cancel").hidden ? "" : document.getElementById("live-cancel").textContent`, &button)
		if button != "Recompute" {
			t.Errorf("after cancel the button says %q, want Recompute", button)
		}
		tab.set("samples", "2000")
		tab.waitFor(`document.getElementById("live-bar").dataset.done === "1"`)
		if got := text(tab, "luck"); !strings.Contains(got, "Qd (the mean probability") {
			t.Errorf("after cancel, 2000 samples: %q", got)
		}
	})
	t.Run("a spec that is none", func(t *testing.T) {
		tab := b.open(t, page, "?movement=howel:13&pairs=10")
		tab.waitFor(`document.getElementById("live-bar").dataset.done === "1"`)
		var msg string
		tab.eval(`document.getElementById("live-msg-movement").textContent`, &msg)
		if !strings.Contains(msg, "movement tonight:") {
			t.Errorf("message at the movement box: %q", msg)
		}
		for _, id := range []string{"balance", "luck", "one-strong", "cards"} {
			if got := tab.cells(id); len(got) > 0 {
				t.Errorf("cell %s shows figures for a movement that is none", id)
			}
		}
		// The cell that does not use it is recomputed all the same.
		if got := text(tab, "recommendation"); !strings.Contains(got, "10 pairs") || len(tab.cells("recommendation")) == 0 {
			t.Errorf("the recommendation for 10 pairs, beside a refused movement: %.200q", got)
		}
	})
}

// BenchmarkLivePage measures the page of issue 40's study: its weight (and
// that of the engine it carries), and the time from the start of its load
// from file:// with ?tables=9 to the first recomputed table, as the page
// itself measures it (performance.now at the engine's first cell: the
// engine decompressed, compiled, started in its worker, the cell computed
// and put in place). Every iteration opens the page in a new tab.
func BenchmarkLivePage(b *testing.B) {
	br := startLiveBrowser(b)
	page, _ := livePage(b, "live", liveStudy)
	info, err := os.Stat(page)
	if err != nil {
		b.Fatal(err)
	}
	// The phases, from the page's performance marks: the script starts
	// once the page is parsed; then the engine is decompressed and
	// compiled (at once, as a stream), its worker started, the first cell
	// computed and shown.
	phases := []string{"script", "compiled", "started", "first-cell"}
	sums := make([]float64, len(phases))
	n := 0
	for b.Loop() {
		tab := br.open(b, page, "?tables=9")
		tab.waitFor(`document.getElementById("live-bar").dataset.firstCell`)
		var at []float64
		tab.eval(`["`+strings.Join(phases, `","`)+`"].map((p) => performance.getEntriesByName("live-" + p)[0].startTime)`, &at)
		for i := range at {
			sums[i] += at[i]
		}
		n++
	}
	b.ReportMetric(sums[len(sums)-1]/float64(n), "ms-to-first-table")
	prev := 0.0
	for i, p := range phases {
		b.ReportMetric((sums[i]-prev)/float64(n), "ms-"+p)
		prev = sums[i]
	}
	b.ReportMetric(float64(info.Size())/1e6, "page-MB")
	b.ReportMetric(float64(len(wasm.Engine))/1e6, "engine-gz-MB")
}

// TestLivePageWeight: a page with interactive parameters, engine and all,
// weighs at most 12 MB.
func TestLivePageWeight(t *testing.T) {
	page, _ := livePage(t, "live", liveStudy)
	info, err := os.Stat(page)
	if err != nil {
		t.Fatal(err)
	}
	if info.Size() > 12e6 {
		t.Errorf("the page weighs %.1f MB, more than 12", float64(info.Size())/1e6)
	}
}

// TestEveryBrowserKindInChromium recomputes, in the browser, every cell of
// a study of the nine kinds that run there (reports/live/testdata), and
// compares each cell's text with the page that run -p made with the same
// values: the engine built for the browser computes what the binary does.
func TestEveryBrowserKindInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the page of every kind runs a catalogue and a sampled model")
	}
	b := startLiveBrowser(t)
	study := filepath.Join("..", "..", "reports", "live", "testdata", "kinds.yaml")
	values := []string{"tables=9", "spec=mitchell:5,switch=2", "samples=500", "hours=3"}
	dir := t.TempDir()
	args := []string{"run", "--no-cache", "-o", filepath.Join(dir, "live"), study}
	if _, stderr, err := run(t, args...); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr)
	}
	args = []string{"run", "--no-cache", "-o", filepath.Join(dir, "p")}
	for _, v := range values {
		args = append(args, "-p", v)
	}
	if _, stderr, err := run(t, append(args, study)...); err != nil {
		t.Fatalf("run -p: %v\n%s", err, stderr)
	}
	query := "?" + strings.Join(values, "&")
	live := b.open(t, filepath.Join(dir, "live", "kinds", "index.html"), query)
	live.waitFor(`document.getElementById("live-bar").dataset.done === "1"`)
	ran := b.open(t, filepath.Join(dir, "p", "kinds", "index.html"), "")
	const texts = `Object.fromEntries([...document.querySelectorAll(".live-cell")].map((el) => [el.id, el.innerText]))`
	var got, want map[string]string
	live.eval(texts, &got)
	ran.eval(texts, &want)
	if len(want) != 9 {
		t.Fatalf("run -p's page has %d live cells, want 9", len(want))
	}
	for id, text := range want {
		if got[id] != text {
			t.Errorf("%s: recomputed in the browser\n%.300s\nrun -p\n%.300s", id, got[id], text)
		}
	}
	if e := live.exceptions(); len(e) > 0 {
		t.Errorf("script errors: %v", e)
	}
}
