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

// overflowScript opens every <details> (as a reader may) and lists every
// piece of text that ends beyond the window's right edge without a box of
// its own (or an ancestor's) to scroll it: text the reader cannot reach,
// or that makes the whole page scroll sideways.
const overflowScript = `(function () {
  document.querySelectorAll("details").forEach(function (d) { d.open = true; });
  var w = window.innerWidth, out = [];
  function scrolls(el) {
    for (var p = el; p && p !== document.body; p = p.parentElement) {
      var s = getComputedStyle(p);
      if (/(hidden|clip)/.test(s.overflowX)) return true; // cut on purpose (a hash, with an ellipsis)
      if (/(auto|scroll)/.test(s.overflowX) && p.scrollWidth > p.clientWidth) return true;
    }
    return false;
  }
  var walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), n;
  while ((n = walk.nextNode())) {
    if (!n.textContent.trim() || !n.parentElement || n.parentElement.closest("script,style")) continue;
    var r = document.createRange(); r.selectNodeContents(n);
    var rs = r.getClientRects();
    for (var i = 0; i < rs.length; i++) {
      if (rs[i].width > 0 && rs[i].right > w + 1 && !scrolls(n.parentElement)) {
        out.push(n.parentElement.tagName.toLowerCase() + ": " + n.textContent.trim().slice(0, 50) + " (to " + Math.round(rs[i].right) + " px)");
        break;
      }
    }
  }
  return {inner: w, page: document.documentElement.scrollWidth, overflow: out};
})()`

// TestReportOnAPhone: at 390 px (and at 1280) a report's text either wraps
// or scrolls in a box of its own: a movement spec or URL with no space in
// it (in prose, in code, in the references), a Markdown table in prose, the
// Parameters table and a long line of the study definition. Before, each
// of these ran off the right edge: the page scrolled sideways on a phone
// (catalogue, perfect, ranking, tonight, mitchell14) and tonight's
// Parameters table was cut off even at 1280 px.
func TestReportOnAPhone(t *testing.T) {
	t.Parallel()
	spec := "howell:13,rounds=10,switch=r2t1+r3t7+r4t4+r5t5.7+r6t3.4+r7t5.6+r8t1.3.4+r9t5.6+r10t1"
	url := "https://www.example.org/documents/media/bridgemovementsthemaths.pdf"
	prose := "Recommended: " + spec + " in a paragraph, and `" + spec + "` in code.\n\n" +
		"| row | published Qf | ours | short by | construction of the movement |\n|---|---|---|---|---|\n" +
		"| 14 pairs, 36 rounds, 6 sessions | 99.52 | 99.45 | 0.07 | Howell cycles, optimised |\n"
	r := &reports.Report{Name: "p", Title: "Phone", Sections: []reports.Section{{ID: "s", Blocks: []reports.Block{
		{Prose: prose},
		{References: &reports.References{Entries: []reports.Reference{{Key: "k", Number: 1, Text: "A. Author (1979). A title. <" + url + ">"}}}},
	}}}, Provenance: reports.Provenance{SourceName: "p.yaml",
		Source:     []byte("movement: \"" + spec + spec + "\"\n"),
		Parameters: []reports.Param{{Name: "movement", Type: "string", Value: spec, Doc: "the movement to play: paste the Spec the recommendation prints"}}}}
	var page bytes.Buffer
	if err := testRenderer(t).HTML(&page, r); err != nil {
		t.Fatal(err)
	}
	for _, wide := range []int{390, 1280} {
		var got struct {
			Inner, Page int
			Overflow    []string
		}
		tab := browsertest.OpenHTML(t, page.String(), browser.View{Width: wide, Height: 900, HideScrollbars: true, Budget: 5 * time.Second})
		if err := tab.Eval(overflowScript, &got); err != nil {
			t.Fatalf("measuring the page: %v", err)
		}
		if got.Inner != wide {
			t.Fatalf("the window is %d px wide, want %d", got.Inner, wide)
		}
		if got.Page > got.Inner {
			t.Errorf("at %d px the page is %d px wide", wide, got.Page)
		}
		for _, o := range got.Overflow {
			t.Errorf("at %d px text runs off the page: %s", wide, o)
		}
	}
}
