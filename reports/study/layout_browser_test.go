package study

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bridgereport/bridgereport/reports"
)

// measureScript sends, once the page has laid out, the window's width, the
// page's scroll width and, for every table's scroll box, its id, its
// scroll width, client width and laid-out width to the parent page.
const measureScript = `<script>window.addEventListener("load", function () {
  var rows = [];
  document.querySelectorAll(".scroll").forEach(function (d) {
    if (!d.querySelector("table")) return;
    rows.push([d.id || "-", d.scrollWidth, d.clientWidth, Math.round(d.getBoundingClientRect().width)].join(","));
  });
  parent.postMessage(window.innerWidth + "|" + document.documentElement.scrollWidth + "|" + rows.join(";"), "*");
});</script>`

// framePage shows the page in a frame as wide as the window being tested
// (headless Chromium will not make a window narrower than 500 px) and
// writes what the page measured into <pre id="measure">.
const framePage = `<!DOCTYPE html><html><head><style>body{margin:0} iframe{border:0;display:block}</style></head><body>
<iframe src="page.html" width="WIDTH" height="900"></iframe>
<script>window.addEventListener("message", function (e) {
  var pre = document.createElement("pre"); pre.id = "measure"; pre.textContent = e.data; document.body.appendChild(pre);
});</script></body></html>`

// tableBox is the measure of one table's scroll box.
type tableBox struct {
	id                    string
	scroll, client, width int
}

// layoutIn opens a page in headless Chromium in a viewport wide pixels wide
// and returns the viewport's width, the page's scroll width and every
// table's box.
func layoutIn(t *testing.T, browser, page string, wide int) (inner, pageWidth int, boxes []tableBox) {
	t.Helper()
	dir := t.TempDir()
	// The last </body>: the inlined chart library holds the string too.
	i := strings.LastIndex(page, "</body>")
	if i < 0 {
		t.Fatal("no </body> in the page")
	}
	html := page[:i] + measureScript + "\n" + page[i:]
	// The page's Content-Security-Policy allows its own scripts only; the
	// probe is the test's, so the copy measured goes without it (the
	// policy has its own test, in reports).
	html = regexp.MustCompile(`<meta http-equiv="Content-Security-Policy"[^>]*>`).ReplaceAllString(html, "")
	if err := os.WriteFile(filepath.Join(dir, "page.html"), []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	frame := strings.Replace(framePage, "WIDTH", strconv.Itoa(wide), 1)
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(frame), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu",
		"--disable-background-networking", "--no-first-run", "--disable-component-update", "--disable-sync",
		"--hide-scrollbars", "--user-data-dir="+t.TempDir(), "--window-size="+strconv.Itoa(max(wide, 800)+100)+",1000",
		"--virtual-time-budget=5000", "--dump-dom", "file://"+filepath.Join(dir, "index.html"))
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	m := regexp.MustCompile(`<pre id="measure">(\d+)\|(\d+)\|([^<]*)</pre>`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("no measurements in the page")
	}
	inner, _ = strconv.Atoi(m[1])
	pageWidth, _ = strconv.Atoi(m[2])
	if inner != wide {
		t.Fatalf("the frame is %d px wide, want %d", inner, wide)
	}
	for _, row := range strings.Split(m[3], ";") {
		f := strings.Split(row, ",")
		if len(f) != 4 {
			continue
		}
		b := tableBox{id: f[0]}
		b.scroll, _ = strconv.Atoi(f[1])
		b.client, _ = strconv.Atoi(f[2])
		b.width, _ = strconv.Atoi(f[3])
		boxes = append(boxes, b)
	}
	return inner, pageWidth, boxes
}

// checkTablesFit: in a window 1280 px wide no table scrolls unless it is
// wider than the window (its box then takes the window's width, less the
// page's margins), and the page itself never scrolls sideways.
func checkTablesFit(t *testing.T, browser, page string) {
	t.Helper()
	inner, pageWidth, boxes := layoutIn(t, browser, page, 1280)
	if pageWidth > inner {
		t.Errorf("the page is %d px wide in a %d px window", pageWidth, inner)
	}
	for _, b := range boxes {
		if b.scroll > b.client && b.width < inner-48 {
			t.Errorf("table %s scrolls (%d px in a %d px box) though the window has %d px", b.id, b.scroll, b.client, inner)
		}
	}
}

// TestWideTablesInChromium: a report with a narrow, a wide and a very wide
// table, in a 1280 px window.
func TestWideTablesInChromium(t *testing.T) {
	browser := chromium(t)
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
	checkTablesFit(t, browser, page.String())
	// The widest table does scroll, and the test sees it.
	_, _, boxes := layoutIn(t, browser, page.String(), 1280)
	for _, b := range boxes {
		if b.id == "table-widest" && b.scroll <= b.client {
			t.Errorf("a 40-column table does not scroll at 1280 px: %+v", b)
		}
		if b.id == "table-wide" && b.width <= 960 {
			t.Errorf("the 12-column table is held to the text column: %+v", b)
		}
	}
}

// TestStudyTablesFitInChromium opens every study's report at 1280 px.
func TestStudyTablesFitInChromium(t *testing.T) {
	browser := chromium(t)
	if testing.Short() {
		t.Skip("runs every study")
	}
	for _, name := range studyNames(t) {
		t.Run(name, func(t *testing.T) {
			var page bytes.Buffer
			if err := testRenderer(t).HTML(&page, studyResult(t, name)); err != nil {
				t.Fatal(err)
			}
			checkTablesFit(t, browser, page.String())
		})
	}
}

// TestIndexOnAPhone: at 390 px the index of studies shows every column:
// neither its table nor the page scrolls sideways.
func TestIndexOnAPhone(t *testing.T) {
	browser := chromium(t)
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
	inner, pageWidth, boxes := layoutIn(t, browser, page.String(), 390)
	if pageWidth > inner {
		t.Errorf("the index is %d px wide in a %d px window", pageWidth, inner)
	}
	if len(boxes) != 1 {
		t.Fatalf("%d tables in the index, want 1", len(boxes))
	}
	if b := boxes[0]; b.scroll > b.client {
		t.Errorf("the index table scrolls at 390 px: %d px in a %d px box", b.scroll, b.client)
	}
}
