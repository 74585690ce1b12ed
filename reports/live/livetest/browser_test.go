package livetest_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports/browser/browsertest"
	"github.com/bridgereport/bridgereport/reports/live/livetest"
	"github.com/bridgereport/bridgereport/reports/render"
)

func TestMain(m *testing.M) { os.Exit(browsertest.Run(m)) }

// page writes the HTML page of a study run with values (run -p) and
// returns its file.
func page(t *testing.T, path string, values map[string]string) string {
	t.Helper()
	r := runStudy(t, path, values)
	file := filepath.Join(t.TempDir(), "index.html")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := render.NewRenderer().HTML(f, r); err != nil {
		t.Fatal(err)
	}
	return file
}

// query is the address's query of a set of values.
func query(values map[string]string) string {
	var parts []string
	for name, v := range values {
		parts = append(parts, name+"="+v)
	}
	return "?" + strings.Join(parts, "&")
}

// TestBrowserRecomputesAsRunDoes recomputes pages in Chromium, from
// file:// and their address's values, and compares the text of every live
// cell with the page run -p makes with the same values: all nine kinds that
// run in the browser (testdata/kinds.yaml), and the director's page of
// studies/ for other pairs and hours (the catalogue's recommendation) and
// another sample count (the sampled Bussemaker model).
func TestBrowserRecomputesAsRunDoes(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: these pages run a catalogue and sampled models")
	}
	b := livetest.Start(t)
	for _, tc := range []struct {
		name, study string
		values      map[string]string
		cells       int
	}{
		{"every kind", "testdata/kinds.yaml", map[string]string{"tables": "9", "spec": "mitchell:5,switch=2", "samples": "500", "hours": "3"}, 9},
		{"tonight, pairs and hours", "../../../studies/tonight.yaml", map[string]string{"pairs": "16", "hours": "3"}, 1},
		{"tonight, samples", "../../../studies/tonight.yaml", map[string]string{"samples": "5000"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			published := page(t, tc.study, nil)
			tab := b.Open(t, published, query(tc.values))
			tab.Recomputed(1)
			got := tab.Texts()
			want := b.Open(t, page(t, tc.study, tc.values), "").Texts()
			before := b.Open(t, published, "").Texts()
			changed := 0
			for id, text := range want {
				if got[id] != text {
					t.Errorf("%s: recomputed in the browser\n%.300s\nrun -p\n%.300s", id, got[id], text)
				}
				if before[id] != text {
					changed++
				}
			}
			if changed < tc.cells {
				t.Errorf("%d cells changed with the values, want %d", changed, tc.cells)
			}
			if e := tab.Exceptions(); len(e) > 0 {
				t.Errorf("script errors: %v", e)
			}
		})
	}
}

// TestBrowserCancels: a long sampling shows its progress and can be
// cancelled; the cell then says so, and the next value is computed.
func TestBrowserCancels(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a sampling of seconds")
	}
	b := livetest.Start(t)
	tab := b.Open(t, page(t, "../../../studies/tonight.yaml", nil), "?samples=200000")
	// Cancel in the page as soon as the sampling shows its progress, in one
	// evaluation, so that it is still running when the button is pressed.
	tab.WaitFor(`(() => {
		const bar = document.getElementById("live-bar");
		if (bar.dataset.state !== "busy" || !document.getElementById("live-progress").textContent.includes("%")) return false;
		document.getElementById("live-cancel").click();
		return true;
	})()`)
	tab.WaitFor(`document.getElementById("live-bar").dataset.state === "idle"`)
	if got := tab.Text("luck"); !strings.HasPrefix(got, "Cancelled") {
		t.Errorf("the cancelled cell says %q", got)
	}
	var button string
	tab.Eval(`document.getElementById("live-cancel").hidden ? "" : document.getElementById("live-cancel").textContent`, &button)
	if button != "Recompute" {
		t.Errorf("after cancel the button says %q, want Recompute", button)
	}
	tab.Set("samples", "2000")
	tab.Recomputed(1)
	if got := tab.Text("luck"); !strings.Contains(got, "Qd (the mean probability") {
		t.Errorf("after cancel, 2000 samples: %q", got)
	}
}

// TestBrowserRefusesASpec: a movement spec that is none is said at its text
// box, the cells that use it show no figures, and a cell that does not use
// it is recomputed all the same.
func TestBrowserRefusesASpec(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the director's page runs a catalogue")
	}
	b := livetest.Start(t)
	tab := b.Open(t, page(t, "../../../studies/tonight.yaml", nil), "?movement=howel:13&pairs=10")
	tab.Recomputed(1)
	if msg := tab.Message("movement"); !strings.Contains(msg, "movement tonight:") {
		t.Errorf("message at the movement box: %q", msg)
	}
	for _, id := range []string{"balance", "luck", "one-strong", "cards"} {
		if got := tab.Cells(id); len(got) > 0 {
			t.Errorf("cell %s shows figures for a movement that is none", id)
		}
	}
	if got := tab.Text("recommendation"); !strings.Contains(got, "10 pairs") || len(tab.Cells("recommendation")) == 0 {
		t.Errorf("the recommendation for 10 pairs, beside a refused movement: %.200q", got)
	}
}

// pageFacts is a script: the contents list (each entry's text and target;
// the published figures' appendix apart, which the browser does not make),
// the note on that appendix, the Provenance's parameter lines and the
// Parameters table's rows.
const pageFacts = `({
	toc: [...document.querySelectorAll("nav.toc li a")].filter((a) => a.hash !== "#checks").map((a) => a.textContent + " -> " + a.getAttribute("href")),
	checks: document.querySelector("#checks + p.live-note")?.textContent || "",
	params: [...document.querySelectorAll("#provenance + ul li")].filter((li) => li.textContent.startsWith("parameter ")).map((li) => li.textContent),
	rows: [...document.querySelectorAll("table.params tbody tr")].map((tr) => [...tr.cells].slice(0, 3).map((td) => td.textContent).join(" | ")),
})`

type facts struct {
	TOC    []string `json:"toc"`
	Params []string `json:"params"`
	Rows   []string `json:"rows"`
	Checks string   `json:"checks"`
}

// TestBrowserContentsAndProvenance: after a recompute the contents list
// names the recomputed tables as the page run -p makes with the values
// does (captions and anchors), and the Provenance, which a printed page
// keeps without the parameter bar, states the values in use, the reader's
// marked as theirs; set back to the published values, it is as published.
func TestBrowserContentsAndProvenance(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the director's page runs a catalogue and a sampled model")
	}
	b := livetest.Start(t)
	const study = "../../../studies/tonight.yaml"
	values := map[string]string{"pairs": "16", "hours": "3", "samples": "5000"}
	published := page(t, study, nil)
	var want, before, got facts
	b.Open(t, page(t, study, values), "").Eval(pageFacts, &want)
	b.Open(t, published, "").Eval(pageFacts, &before)
	tab := b.Open(t, published, "")
	tab.Set("pairs", "16")
	tab.Set("hours", "3")
	tab.Set("samples", "5000")
	// Each change stops the computation of the one before: the last's
	// ends the work.
	idle := `document.getElementById("live-bar").dataset.state === "idle"`
	tab.WaitFor(idle)
	tab.Eval(pageFacts, &got)
	if !slices.Equal(got.TOC, want.TOC) {
		t.Errorf("contents after the recompute\n%s\nrun -p's\n%s", strings.Join(got.TOC, "\n"), strings.Join(want.TOC, "\n"))
	}
	mark := func(lines []string) []string {
		out := slices.Clone(lines)
		for i, l := range out {
			for name := range values {
				if strings.HasPrefix(l, "parameter "+name+" = ") || strings.HasPrefix(l, name+" | ") {
					out[i] = l + " (set by the reader)"
				}
			}
		}
		return out
	}
	if w := mark(want.Params); !slices.Equal(got.Params, w) {
		t.Errorf("provenance after the recompute\n%s\nwant\n%s", strings.Join(got.Params, "\n"), strings.Join(w, "\n"))
	}
	if w := mark(want.Rows); !slices.Equal(got.Rows, w) {
		t.Errorf("parameters table after the recompute\n%s\nwant\n%s", strings.Join(got.Rows, "\n"), strings.Join(w, "\n"))
	}
	// Back to the published values: the page is the published one again.
	tab.Set("pairs", "13")
	tab.Set("hours", "2.5")
	tab.Set("samples", "20000")
	tab.WaitFor(idle)
	tab.Eval(pageFacts, &got)
	if !slices.Equal(got.TOC, before.TOC) || !slices.Equal(got.Params, before.Params) || !slices.Equal(got.Rows, before.Rows) {
		t.Errorf("set back to the published values:\n%v\npublished:\n%v", got, before)
	}
	if e := tab.Exceptions(); len(e) > 0 {
		t.Errorf("script errors: %v", e)
	}
}

// TestBrowserChecksSayTheirValues: a page published for values whose
// figures were checked (16 pairs: the library's published Qf), recomputed
// for others, says its checks are of the published values.
func TestBrowserChecksSayTheirValues(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the director's page runs a catalogue")
	}
	b := livetest.Start(t)
	tab := b.Open(t, page(t, "../../../studies/tonight.yaml", map[string]string{"pairs": "16"}), "")
	var got facts
	tab.Eval(pageFacts, &got)
	if got.Checks != "" {
		t.Errorf("as published, the checks say %q", got.Checks)
	}
	tab.Set("pairs", "14")
	tab.WaitFor(`document.getElementById("live-bar").dataset.state === "idle"`)
	tab.Eval(pageFacts, &got)
	if want := "checked with the published values (pairs = 16); the page now shows the reader's (pairs = 14)"; !strings.Contains(got.Checks, want) {
		t.Errorf("recomputed, the checks say %q, want %q", got.Checks, want)
	}
	tab.Set("pairs", "16")
	tab.WaitFor(`document.getElementById("live-bar").dataset.state === "idle"`)
	tab.Eval(pageFacts, &got)
	if got.Checks != "" {
		t.Errorf("back to the published values, the checks say %q", got.Checks)
	}
}
