package studies

import (
	"bytes"
	"strconv"
	"testing"
	"time"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/browser"
	"github.com/bridgereport/bridgereport/reports/browser/browsertest"
)

// measureScript measures the page once it has laid out: the window's
// width, the page's scroll width and, for every table's scroll box, its
// id, its scroll width, client width and laid-out width. It runs through
// the DevTools protocol, so the page is measured as published, with its
// Content-Security-Policy.
const measureScript = `(function () {
  var boxes = [];
  document.querySelectorAll(".scroll").forEach(function (d) {
    if (!d.querySelector("table")) return;
    boxes.push({id: d.id || "-", scroll: d.scrollWidth, client: d.clientWidth, width: Math.round(d.getBoundingClientRect().width)});
  });
  return {inner: window.innerWidth, page: document.documentElement.scrollWidth, boxes: boxes};
})()`

// tableBox is the measure of one table's scroll box.
type tableBox struct {
	ID                    string
	Scroll, Client, Width int
}

// layout is a page as laid out in a window: the window's width, the
// page's scroll width and every table's box.
type layout struct {
	Inner     int
	PageWidth int `json:"page"`
	Boxes     []tableBox
}

// layoutIn opens a page in headless Chromium in a viewport wide pixels wide
// (device-metrics emulation, narrower than any window) and measures it.
func layoutIn(t *testing.T, page string, wide int) layout {
	t.Helper()
	return measure(t, browsertest.OpenHTML(t, page, browser.View{Width: wide, Height: 900, HideScrollbars: true, Budget: 5 * time.Second}), wide)
}

// measure measures a page open in a window wide pixels wide.
func measure(t *testing.T, tab *browser.Tab, wide int) layout {
	t.Helper()
	var l layout
	if err := tab.Eval(measureScript, &l); err != nil {
		t.Fatalf("measuring the page: %v", err)
	}
	if l.Inner != wide {
		t.Fatalf("the window is %d px wide, want %d", l.Inner, wide)
	}
	return l
}

// checkTablesFit: in a window 1280 px wide no table scrolls unless it is
// wider than the window (its box then takes the window's width, less the
// page's margins), and the page itself never scrolls sideways.
func checkTablesFit(t *testing.T, l layout) {
	t.Helper()
	if l.PageWidth > l.Inner {
		t.Errorf("the page is %d px wide in a %d px window", l.PageWidth, l.Inner)
	}
	for _, b := range l.Boxes {
		if b.Scroll > b.Client && b.Width < l.Inner-48 {
			t.Errorf("table %s scrolls (%d px in a %d px box) though the window has %d px", b.ID, b.Scroll, b.Client, l.Inner)
		}
	}
}

// TestWideTablesInChromium: a report with a narrow, a wide and a very wide
// table, in a 1280 px window.
func TestWideTablesInChromium(t *testing.T) {
	t.Parallel()
	table := func(id string, cols int) reports.Block {
		tb := &reports.Table{ID: id, Caption: "A table of " + strconv.Itoa(cols) + " columns"}
		row := []any{"movement name"}
		tb.Columns = append(tb.Columns, reports.Column{Name: "movement"})
		for c := 1; c < cols; c++ {
			tb.Columns = append(tb.Columns, reports.Column{Name: "column " + strconv.Itoa(c), Decimals: 2})
			row = append(row, 1234.5678)
		}
		tb.Rows = [][]any{row, row}
		return reports.Block{Table: tb}
	}
	r := &reports.Report{Name: "w", Title: "Wide", Sections: []reports.Section{{ID: "s", Blocks: []reports.Block{
		table("narrow", 3), table("wide", 12), table("widest", 40),
	}}}}
	var page bytes.Buffer
	if err := testRenderer(t).HTML(&page, r); err != nil {
		t.Fatal(err)
	}
	l := layoutIn(t, page.String(), 1280)
	checkTablesFit(t, l)
	// The widest table does scroll, and the test sees it.
	for _, b := range l.Boxes {
		if b.ID == "table-widest" && b.Scroll <= b.Client {
			t.Errorf("a 40-column table does not scroll at 1280 px: %+v", b)
		}
		if b.ID == "table-wide" && b.Width <= 960 {
			t.Errorf("the 12-column table is held to the text column: %+v", b)
		}
	}
}

// TestIndexOnAPhone: at 390 px the index of studies shows every column:
// neither its table nor the page scrolls sideways.
func TestIndexOnAPhone(t *testing.T) {
	t.Parallel()
	var reps []*reports.Report
	for i, title := range []string{"The Bussemaker model: luck in the ranking under random pair numbers", "Short", "Catalogue of movements for every field from 6 to 40 pairs"} {
		reps = append(reps, &reports.Report{Name: "study-with-a-long-file-name-" + strconv.Itoa(i), Title: title,
			Summary:    "A summary long enough to wrap over several lines on a phone, as real ones do.",
			Checks:     []reports.Check{{Name: "optimize-3/14p8rexpandedM_from_outputexample/qf", Computed: "46.94", Status: reports.StatusOK}, {Name: "bussemaker-4/howell8/sd_rank", Computed: "12.3456", Status: reports.StatusFail}},
			Provenance: reports.Provenance{SourceName: "study-with-a-long-file-name-" + strconv.Itoa(i) + ".yaml"}})
	}
	var page bytes.Buffer
	if err := testRenderer(t).Index(&page, "1", reps, nil); err != nil {
		t.Fatal(err)
	}
	l := layoutIn(t, page.String(), 390)
	if l.PageWidth > l.Inner {
		t.Errorf("the index is %d px wide in a %d px window", l.PageWidth, l.Inner)
	}
	if len(l.Boxes) != 1 {
		t.Fatalf("%d tables in the index, want 1", len(l.Boxes))
	}
	if b := l.Boxes[0]; b.Scroll > b.Client {
		t.Errorf("the index table scrolls at 390 px: %d px in a %d px box", b.Scroll, b.Client)
	}
}
