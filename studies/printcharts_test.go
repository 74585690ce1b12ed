package studies

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/browser"
	"github.com/bridgereport/bridgereport/reports/browser/browsertest"
)

// TestChartsFitThePaper: a page opened in a window 1280 px wide, its
// charts drawn at that width, then laid out for print at the width of A4
// within its margins (186 mm, 703 px): every chart fits the paper, its
// height in proportion. The canvas kept its 928 px and the page was that
// wide, so Chromium shrank every printed page to fit it (the season's
// report printed at 76 %, 8 pages where it has 11).
func TestChartsFitThePaper(t *testing.T) {
	t.Parallel()
	ctx := chartTab(t) // drawn wider than the paper
	media := func(m string) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: m})
			return err
		})
	}
	measure := `(function () {
  var c = document.querySelector("figure canvas"), item = c.closest(".item");
  var cr = c.getBoundingClientRect(), ir = item.getBoundingClientRect();
  return {page: document.documentElement.scrollWidth, canvas: [Math.round(cr.width), Math.round(cr.height)],
    item: Math.round(ir.height), drawn: [c.width, c.height]};
})()`
	type sizes struct {
		Page   int
		Canvas [2]int
		Item   int
		Drawn  [2]int
	}
	if err := chromedp.Do(ctx, media("print"), chromedp.EmulateViewport(703, 900)); err != nil {
		t.Fatal(err)
	}
	var paper sizes
	if err := evalInto(ctx, measure, &paper); err != nil {
		t.Fatal(err)
	}
	if paper.Page > 703 || paper.Canvas[0] > 703 {
		t.Errorf("on paper 703 px wide the page is %d px and the chart %d px wide", paper.Page, paper.Canvas[0])
	}
	// Not distorted (scaled as drawn, or drawn again at the new width),
	// and the figure no taller than its chart.
	if want := paper.Canvas[0] * paper.Drawn[1] / paper.Drawn[0]; paper.Canvas[1] < want-2 || paper.Canvas[1] > want+2 {
		t.Errorf("on paper the chart is %v px, want %d px high (drawn %v)", paper.Canvas, want, paper.Drawn)
	}
	if paper.Item > paper.Canvas[1]+2 {
		t.Errorf("on paper the chart's box is %d px high, its chart %d px", paper.Item, paper.Canvas[1])
	}
}

// TestChartsFollowTheWindow: a page opened in a window 1280 px wide, then
// narrowed to a phone's 390 px (a window made narrower, a tablet turned):
// the chart is drawn again at the new width. It kept its 928 px, and the
// page scrolled sideways with the chart cut at the window's edge.
func TestChartsFollowTheWindow(t *testing.T) {
	t.Parallel()
	ctx := chartTab(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 900)); err != nil {
		t.Fatal(err)
	}
	var l struct{ Page, Canvas, Drawn int }
	// The resize event is dispatched at the next frame.
	for range 50 {
		if err := evalInto(ctx, `new Promise(function (ok) { requestAnimationFrame(function () {
  var c = document.querySelector("figure canvas");
  ok({page: document.documentElement.scrollWidth, canvas: Math.round(c.getBoundingClientRect().width), drawn: c.width / devicePixelRatio});
}); })`, &l); err != nil {
			t.Fatal(err)
		}
		if l.Page <= 390 {
			break
		}
	}
	if l.Page > 390 || l.Canvas > 390-16 || l.Drawn > 390-16 {
		t.Errorf("narrowed to 390 px: the page is %d px wide, the chart %d px, drawn at %d px", l.Page, l.Canvas, l.Drawn)
	}
}

// chartTab opens a page of one bar chart in a tab 1280 px wide, its chart
// drawn more than 800 px wide, and gives the tab's context.
func chartTab(t *testing.T) context.Context {
	t.Helper()
	return chartTabOf(t, &reports.Chart{ID: "qf", Number: 1, Caption: "Qf", Kind: "bar", XName: "movement", YName: "qf",
		XLabels: []string{"a", "b", "c"}, Series: []reports.Series{{Name: "qf", Values: []float64{46.94, 90.1, 88.2}}}})
}

// chartTabOf opens a page of one chart in a tab 1280 px wide.
func chartTabOf(t *testing.T, chart *reports.Chart) context.Context {
	t.Helper()
	r := &reports.Report{Name: "c", Title: "Charts", Sections: []reports.Section{{ID: "s", Blocks: []reports.Block{{Chart: chart}}}}}
	var page bytes.Buffer
	if err := testRenderer(t).HTML(&page, r); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "index.html")
	if err := os.WriteFile(file, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := chromedp.NewContext(browsertest.Browser(t).Context())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithTimeout(ctx, time.Minute)
	t.Cleanup(stop)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(browser.FileURL(file))); err != nil {
		t.Fatal(err)
	}
	var w int
	if err := evalInto(ctx, `Math.round(document.querySelector("figure canvas").getBoundingClientRect().width)`, &w); err != nil {
		t.Fatal(err)
	}
	if w < 800 {
		t.Fatalf("at 1280 px the chart is drawn %d px wide: the test needs one wider than the paper and the phone", w)
	}
	return ctx
}

// TestLongLegendGoesUnderOnAPhone: a legend of long names is a column
// beside the chart; in a chart as narrow as a phone's it is one line under
// the chart (the column was cut at the edge: "Olive Pratt & Pe…"), and a
// window wide again puts it back.
func TestLongLegendGoesUnderOnAPhone(t *testing.T) {
	t.Parallel()
	chart := &reports.Chart{ID: "pct", Number: 1, Caption: "Percentages", Kind: "line", XName: "session", YName: "percent",
		XLabels: []string{"1", "2", "3"}}
	for _, name := range []string{"Olive Pratt & Percy Quill", "Kit Larmer & Lena Moss", "Edna Frisk & Fergus Tull", "Gwen Harrow & Hugo Inchley", "Iris Jolley & Jasper Kell"} {
		chart.Series = append(chart.Series, reports.Series{Name: name, Values: []float64{50, 55, 60}})
	}
	ctx := chartTabOf(t, chart)
	legend := func(width int64) string {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900)); err != nil {
			t.Fatal(err)
		}
		var orient string
		for range 50 { // the resize event comes at the next frame
			if err := evalInto(ctx, `new Promise(function (ok) { requestAnimationFrame(function () {
  ok(echarts.getInstanceByDom(document.querySelector("figure .item")).getOption().legend[0].orient);
}); })`, &orient); err != nil {
				t.Fatal(err)
			}
			if (width < 600) == (orient == "horizontal") {
				break
			}
		}
		return orient
	}
	for _, c := range []struct {
		width int64
		want  string
	}{{1280, "vertical"}, {390, "horizontal"}, {1280, "vertical"}} {
		if got := legend(c.width); got != c.want {
			t.Errorf("at %d px the legend is %s, want %s", c.width, got, c.want)
		}
	}
}

// evalInto evaluates a script in the tab of ctx and decodes its value.
func evalInto(ctx context.Context, script string, out any) error {
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](script, chromedp.EvalAwaitPromise))
	if err != nil {
		return err
	}
	return json.Unmarshal(raw, out)
}
