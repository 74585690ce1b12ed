package livetest_test

import (
	"os"
	"path/filepath"
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
