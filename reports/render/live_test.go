package render

import (
	"bytes"
	"encoding/json"
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/charts"
)

// liveReport is a report of two cells, the second of which the page
// recomputes; its study's source tries to close the data's script element.
func liveReport(live bool) *reports.Report {
	lo, hi := 3.0, 15.0
	r := &reports.Report{Name: "live", Title: "Live",
		Provenance: reports.Provenance{Version: "test", SourceName: "live.yaml", Source: []byte("title: Live\n"),
			Parameters: []reports.Param{{Name: "tables", Type: "int", Value: "7", Doc: "tables", Interactive: live, Min: &lo, Max: &hi}}},
		Sections: []reports.Section{
			{ID: "fixed", Kind: "balance", Blocks: []reports.Block{{Table: &reports.Table{ID: "fixed", Caption: "Fixed", Columns: []reports.Column{{Name: "movement"}, {Name: "qf", Decimals: 2}}, Rows: [][]any{{"howell", 100.0}}, Number: 1}}}},
			{ID: "qf", Kind: "balance", Blocks: []reports.Block{
				{Table: &reports.Table{ID: "qf", Caption: "Qf", Columns: []reports.Column{{Name: "movement"}, {Name: "qf", Decimals: 2}}, Rows: [][]any{{"mitchell", 46.9387}}, Number: 2}},
				{Chart: &reports.Chart{ID: "qf-chart", Caption: "Qf", Kind: "bar", XName: "movement", YName: "qf", XLabels: []string{"mitchell"}, Series: []reports.Series{{Name: "qf", Values: []float64{46.9387}}}, Number: 1}},
			}},
		},
	}
	if live {
		r.Live = &reports.Live{Study: "live.yaml", Source: "title: Live </script><script>alert(1)</script>\n", Values: map[string]string{"tables": "7"},
			Cells: []reports.LiveCell{{ID: "qf", Index: 1, Kind: "balance", Params: []string{"tables"}, Tables: 1}}, Static: []string{"structure", "season"}}
	}
	return r
}

var (
	cspMeta      = regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]*)">`)
	inlineScript = regexp.MustCompile(`(?s)<script>(.*?)</script>`)
	dataScript   = regexp.MustCompile(`(?s)<script type="application/json" id="live-data">(.*?)</script>`)
)

// TestLivePage: a page with interactive parameters has their controls
// above the first cell that uses one, that cell's blocks between two
// markers, its data as JSON that no text of the study can close, and a
// policy that lets its own scripts run, compile WebAssembly and start a
// worker from a blob: address, and nothing more: no 'unsafe-eval'. A page
// without carries none of it.
func TestLivePage(t *testing.T) {
	var frozen, live bytes.Buffer
	rd := NewRenderer()
	if err := rd.HTML(&frozen, liveReport(false)); err != nil {
		t.Fatal(err)
	}
	if err := rd.HTML(&live, liveReport(true)); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"live-bar", "live-cell", "live-data", "wasm-unsafe-eval", "worker-src"} {
		if strings.Contains(frozen.String(), s) {
			t.Errorf("a page without interactive parameters has %q", s)
		}
	}
	page := live.String()
	csp := html.UnescapeString(cspMeta.FindStringSubmatch(page)[1])
	if !strings.Contains(csp, " 'wasm-unsafe-eval';") || !strings.HasSuffix(csp, "; worker-src blob:") || strings.Contains(csp, "'unsafe-eval'") {
		t.Errorf("policy %q: want 'wasm-unsafe-eval' and worker-src blob:, never 'unsafe-eval'", csp)
	}
	frozenCSP := html.UnescapeString(cspMeta.FindStringSubmatch(frozen.String())[1])
	if rest := strings.TrimSuffix(csp, "; worker-src blob:"); len(strings.Fields(rest)) != len(strings.Fields(frozenCSP))+2 {
		t.Errorf("the live page's policy adds more than its script's hash, 'wasm-unsafe-eval' and worker-src blob::\n%s\n%s", frozenCSP, csp)
	}
	for _, m := range inlineScript.FindAllStringSubmatch(page, -1) {
		if !strings.Contains(csp, charts.ScriptHash(m[1])) {
			t.Errorf("an inline script the policy does not allow: %.60q", m[1])
		}
	}
	if n := strings.Count(page, "<script"); n != 4 {
		t.Errorf("%d script elements, want 4 (the chart library, the chart, the data, the page's script): the study's text closed one", n)
	}
	data := dataScript.FindStringSubmatch(page)
	if data == nil {
		t.Fatal("no live-data element")
	}
	var got struct {
		reports.Live
		Engine, Worker string
	}
	if err := json.Unmarshal([]byte(data[1]), &got); err != nil {
		t.Fatal(err)
	}
	if got.Source != liveReport(true).Live.Source || len(got.Cells) != 1 || got.Engine == "" || !strings.Contains(got.Worker, "bridgereportReady") {
		t.Errorf("live data: %+v", got.Live)
	}
	bar, fixed, open := strings.Index(page, `id="live-bar"`), strings.Index(page, `id="table-fixed"`), strings.Index(page, `<div class="live-cell" id="live-qf" hidden></div>`)
	if !(fixed < bar && bar < open) {
		t.Errorf("the controls (at %d) stand after the fixed cell (%d) and before the live one (%d)", bar, fixed, open)
	}
	for _, want := range []string{`<input type="number" id="live-param-tables" name="tables" value="7" data-published="7" min="3" max="15" step="1">`, `<small>tables</small>`,
		"Cells of kinds that do not run in the browser (structure, season) keep the figures the page was made with."} {
		if !strings.Contains(page, want) {
			t.Errorf("the page has no %s", want)
		}
	}
	// Between the cell's markers stands what Section prints for its blocks,
	// with a script a chart.
	sec, drawn, err := Section(liveReport(true).Sections[1].Blocks)
	if err != nil {
		t.Fatal(err)
	}
	start := open + len(`<div class="live-cell" id="live-qf" hidden></div>`+"\n")
	inPage := regexp.MustCompile(`(?s)<script>.*?</script>\n`).ReplaceAllString(page[start:], "")
	if !strings.HasPrefix(inPage, sec+`<div class="live-end" hidden></div>`+"\n") {
		t.Errorf("the cell's element holds\n%s\nSection prints\n%s", inPage[:min(len(inPage), len(sec)+100)], sec)
	}
	if len(drawn) != 1 || drawn[0].ID != "chart_qf_chart" || !json.Valid(drawn[0].Option) {
		t.Errorf("Section's charts: %+v", drawn)
	}
}
