package charts

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/templates"
)

// svgRenderer compiles the embedded chart library.
func svgRenderer(t testing.TB) *SVGRenderer {
	t.Helper()
	return NewSVGRenderer(templates.Echarts)
}

var svgCharts = []*reports.Chart{
	{ID: "bar", Kind: "bar", XName: "movement", YName: "qf", XLabels: []string{"no switch", "round 2", "rounds 2+3"},
		Series: []reports.Series{{Name: "qf", Values: []float64{46.94, 92, 49.64}}}},
	{ID: "heat map", Kind: "heatmap", XName: "pair", YName: "pair", XLabels: []string{"1", "2", "3", "4"}, YLabels: []string{"1", "2", "3", "4"},
		Grid: grid([][]float64{{6, 7, 0, 0}, {7, 6, 0, 0}, {0, 0, 6, 7}, {0, 0, 7, 6}})},
	{ID: "box", Kind: "boxplot", XName: "tables", YName: "qf", XLabels: []string{"5", "7"},
		Boxes: [][5]float64{{30, 40, 46, 60, 80}, {20, 35, 47, 50, 90}}},
}

// grid turns a full matrix into heatmap cells.
func grid(rows [][]float64) [][]*float64 {
	out := make([][]*float64, len(rows))
	for i, row := range rows {
		for j := range row {
			out[i] = append(out[i], &row[j])
		}
	}
	return out
}

// dataMarks counts the shapes echarts draws for data items.
var dataMarks = regexp.MustCompile(`ecmeta_ssr_type="chart"`)

func TestRenderSVG(t *testing.T) {
	r := svgRenderer(t)
	cases := []struct {
		chart *reports.Chart
		marks int // shapes drawn for data: bars, heatmap cells, boxes
	}{
		{svgCharts[0], 3},
		{svgCharts[1], 16},
		{svgCharts[2], 2},
	}
	for _, c := range cases {
		t.Run(c.chart.Kind, func(t *testing.T) {
			start := time.Now()
			svg, err := r.Chart(c.chart)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d bytes in %v", c.chart.Kind, len(svg), time.Since(start))
			root, texts := parseSVG(t, svg)
			w, h := svgSize(c.chart)
			if root.Name.Local != "svg" || attr(root, "width") != fmt.Sprint(w) || attr(root, "height") != fmt.Sprint(h) {
				t.Errorf("root = <%s width=%q height=%q>, want <svg width=%d height=%d>", root.Name.Local, attr(root, "width"), attr(root, "height"), w, h)
			}
			if n := len(dataMarks.FindAll(svg, -1)); n != c.marks {
				t.Errorf("%d data shapes, want %d", n, c.marks)
			}
			for _, want := range append(c.chart.XLabels, c.chart.XName, c.chart.YName) {
				if !texts[want] {
					t.Errorf("no text %q in the SVG", want)
				}
			}
		})
	}
}

// parseSVG decodes a whole SVG document and returns its root element and
// the set of its texts.
func parseSVG(t *testing.T, svg []byte) (xml.StartElement, map[string]bool) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	var root xml.StartElement
	texts := map[string]bool{}
	inText := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if root.Name.Local == "" {
				root = tok.Copy()
			}
			inText = tok.Name.Local == "text"
		case xml.CharData:
			if inText {
				texts[strings.TrimSpace(string(tok))] = true
			}
		case xml.EndElement:
			inText = false
		}
	}
	return root, texts
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func TestRenderSVGIsDeterministic(t *testing.T) {
	r := svgRenderer(t)
	render := func(procs int) [][]byte {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		var out [][]byte
		for _, c := range svgCharts {
			svg, err := r.Chart(c)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, svg)
		}
		return out
	}
	a, b := render(1), render(4)
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			t.Errorf("chart %s: two renders differ", svgCharts[i].ID)
		}
	}
}

func TestRenderSVGRefusesBrokenOptions(t *testing.T) {
	r := svgRenderer(t)
	cases := []struct{ name, option, want string }{
		{"syntax error", `{"series": [`, "option:"},
		{"not an object", `42`, "not an object"},
		{"unknown axis type", `{"xAxis": {"type": "nosuch"}, "yAxis": {}, "series": [{"type": "bar", "data": [1]}]}`, "xAxis.nosuch"},
		{"bars without axes", `{"series": [{"type": "bar", "data": [1]}]}`, "TypeError"},
		// The option is JSON: a getter is a syntax error, never code that runs.
		{"code in the option", `{get series() { for (;;) {} }}`, "option:"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := *r
			if strings.HasPrefix(c.name, "endless") {
				r.Timeout = time.Second
			}
			_, err := r.Render(c.option, 400, 300)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want one mentioning %q", err, c.want)
			}
		})
	}

	// Through Chart, the error names the chart.
	bad := &reports.Chart{ID: "odd", Kind: "pie"}
	if _, err := r.Chart(bad); err == nil || !strings.Contains(err.Error(), "chart odd") {
		t.Errorf("err = %v, want one naming chart odd", err)
	}
}

func BenchmarkRenderSVG(b *testing.B) {
	r := svgRenderer(b)
	for _, c := range svgCharts {
		b.Run(c.Kind, func(b *testing.B) {
			for b.Loop() {
				if _, err := r.Chart(c); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestRenderSVGPoints draws a numeric line chart with labelled points, as
// the fairness cell makes, and finds the labels in the SVG.
func TestRenderSVGPoints(t *testing.T) {
	r := svgRenderer(t)
	c := &reports.Chart{ID: "points", Kind: "line", XNumeric: true, XName: "matches", YName: "wins",
		XLabels: []string{"10", "20", "30"},
		Series:  []reports.Series{{Name: "expected", Values: []float64{5, 10, 15}, Color: "#222"}},
		Points:  []reports.ChartPoint{{X: 20, Y: 7, Label: "7 of 20", Color: "red"}, {X: 30, Y: 16, Label: "16 of 30"}}}
	svg, err := r.Chart(c)
	if err != nil {
		t.Fatal(err)
	}
	_, texts := parseSVG(t, svg)
	for _, want := range []string{"7 of 20", "16 of 30", "matches", "wins"} {
		if !texts[want] {
			t.Errorf("no text %q in the SVG", want)
		}
	}

	// Points need numbers on the x axis.
	bad := *c
	bad.XNumeric = false
	if _, err := r.Chart(&bad); err == nil || !strings.Contains(err.Error(), "numeric x axis") {
		t.Errorf("err = %v, want one about the x axis", err)
	}
}

// TestRenderSVGLogAxis draws a line chart over a log x axis: the powers of
// ten between the first and the last x are tick labels, evenly spaced, and
// the axis does not run on to the next power.
func TestRenderSVGLogAxis(t *testing.T) {
	r := svgRenderer(t)
	c := &reports.Chart{ID: "log", Kind: "line", XNumeric: true, XLog: true, XName: "iterations", YName: "Qf",
		XLabels: []string{"100", "200", "500", "1000", "10000", "50000"},
		Series:  []reports.Series{{Name: "fast", Values: []float64{80, 85, 90, 92, 94, 95}}}}
	svg, err := r.Chart(c)
	if err != nil {
		t.Fatal(err)
	}
	_, texts := parseSVG(t, svg)
	for _, want := range []string{"100", "1,000", "10,000", "iterations"} {
		if !texts[want] {
			t.Errorf("no text %q in the SVG", want)
		}
	}
	if texts["100,000"] {
		t.Error("the log axis runs on to 100,000, past the last x")
	}
	for _, bad := range []*reports.Chart{
		{ID: "cat", Kind: "line", XLog: true, XLabels: []string{"1", "2"}},
		{ID: "zero", Kind: "line", XNumeric: true, XLog: true, XLabels: []string{"0", "2"}},
	} {
		if _, err := r.Chart(bad); err == nil {
			t.Errorf("chart %s: no error", bad.ID)
		}
	}
}

// TestRenderSVGGaps: a value that is no data draws no bar, and a line
// breaks there instead of dropping to 0.
func TestRenderSVGGaps(t *testing.T) {
	r := svgRenderer(t)
	bar := *svgCharts[0]
	bar.Series = []reports.Series{{Name: "qf", Values: []float64{46.94, 0, 49.64}, Gaps: []int{1}}}
	svg, err := r.Chart(&bar)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(dataMarks.FindAllIndex(svg, -1)); n != 2 {
		t.Errorf("%d bars drawn for 2 values and a gap", n)
	}
	line := &reports.Chart{ID: "line", Kind: "line", XName: "pairs", YName: "Qd", XLabels: []string{"27", "28", "29", "30"},
		Series: []reports.Series{{Name: "recommended", Values: []float64{60, 61, 0, 62}, Gaps: []int{2}}}}
	opt, err := chartOption(line)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(opt, `[{"value":60},{"value":61},{"value":"-"},{"value":62}]`) {
		t.Errorf("the line's data is not 60, 61, a gap, 62: %s", opt)
	}
	svg, err = r.Chart(line)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(dataMarks.FindAllIndex(svg, -1)); n != 3 {
		t.Errorf("%d points drawn for 3 values and a gap", n)
	}
	line.Series[0].Gaps = []int{4}
	if _, err := chartOption(line); err == nil || !strings.Contains(err.Error(), "gap 4") {
		t.Errorf("err = %v, want one about gap 4", err)
	}
}

// TestRenderSVGPointsAboveLines: the points and their labels are drawn
// after the lines, so a line passes under a label's white backing, not
// across its text. At echarts' default z, the same for every series, the
// lines came last.
func TestRenderSVGPointsAboveLines(t *testing.T) {
	c := &reports.Chart{ID: "points", Kind: "line", XNumeric: true, XName: "matches", YName: "wins",
		XLabels: []string{"10", "20", "30"},
		Series:  []reports.Series{{Name: "expected", Values: []float64{5, 10, 15}, Color: "#123456"}},
		Points:  []reports.ChartPoint{{X: 20, Y: 10, Label: "10 of 20", Color: "#d62728"}}}
	option, err := chartOption(c)
	if err != nil {
		t.Fatal(err)
	}
	var o struct {
		Series []struct {
			Type string
			Z    *int
		}
	}
	if err := json.Unmarshal([]byte(option), &o); err != nil {
		t.Fatal(err)
	}
	z := func(v *int) int { // echarts' default
		if v == nil {
			return 2
		}
		return *v
	}
	for _, p := range o.Series {
		for _, l := range o.Series {
			if p.Type == "scatter" && l.Type == "line" && z(p.Z) <= z(l.Z) {
				t.Errorf("the points' z is %d, the lines' %d: the lines are drawn over them", z(p.Z), z(l.Z))
			}
		}
	}

	svg, err := svgRenderer(t).Chart(c)
	if err != nil {
		t.Fatal(err)
	}
	// The order of the SVG's elements is the order they are painted in.
	line, symbol, label := -1, -1, -1
	d := xml.NewDecoder(bytes.NewReader(svg))
	inText := false
	for i := 0; ; i++ {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			inText = tok.Name.Local == "text"
			switch {
			case tok.Name.Local == "path" && attr(tok, "stroke") == "#123456" && attr(tok, "ecmeta_ssr_type") == "":
				line = i
			case attr(tok, "ecmeta_ssr_type") == "chart" && attr(tok, "fill") == "#d62728":
				symbol = i
			}
		case xml.CharData:
			if inText && strings.TrimSpace(string(tok)) == "10 of 20" {
				label = i
			}
		}
	}
	if line < 0 || symbol < 0 || label < 0 {
		t.Fatalf("line, point or label not found in the SVG (%d, %d, %d)", line, symbol, label)
	}
	if symbol < line || label < line {
		t.Errorf("the line is drawn after the point (element %d, %d) or its label (%d)", line, symbol, label)
	}
}

// TestRenderSVGHeatmapLabels: a heatmap's cell labels show one decimal in
// every cell when any cell needs one (56.0 beside 56.2, not 56), and whole
// numbers when all are whole; the data, which the tooltip shows, keeps the
// number rounded to one decimal.
func TestRenderSVGHeatmapLabels(t *testing.T) {
	r := svgRenderer(t)
	cases := []struct {
		grid      [][]float64
		data      []float64 // the cells' values in the option
		want, not []string  // texts of the SVG
	}{
		{[][]float64{{56, 56.24}, {1, 7.0001}}, []float64{56, 56.2, 1, 7}, []string{"56.0", "56.2", "1.0", "7.0"}, []string{"7"}},
		{[][]float64{{6, 7}, {1, 8.04}}, []float64{6, 7, 1, 8}, []string{"6", "7", "8"}, []string{"6.0", "7.0", "8.0"}},
	}
	for _, tc := range cases {
		c := &reports.Chart{ID: "heat", Kind: "heatmap", XName: "entrant", YName: "place",
			XLabels: []string{"a", "b"}, YLabels: []string{"c", "d"}, Grid: grid(tc.grid)}
		option, err := chartOption(c)
		if err != nil {
			t.Fatal(err)
		}
		var o struct {
			Series []struct {
				Data []struct{ Value [3]float64 }
			}
		}
		if err := json.Unmarshal([]byte(option), &o); err != nil {
			t.Fatal(err)
		}
		var data []float64
		for _, d := range o.Series[0].Data {
			data = append(data, d.Value[2])
		}
		if fmt.Sprint(data) != fmt.Sprint(tc.data) {
			t.Errorf("%v: the cells' values are %v, want %v", tc.grid, data, tc.data)
		}
		svg, err := r.Chart(c)
		if err != nil {
			t.Fatal(err)
		}
		_, texts := parseSVG(t, svg)
		for _, s := range tc.want {
			if !texts[s] {
				t.Errorf("%v: no label %q in the SVG", tc.grid, s)
			}
		}
		for _, s := range tc.not {
			if texts[s] {
				t.Errorf("%v: a label %q in the SVG", tc.grid, s)
			}
		}
	}
}
