package charts

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
)

// hostileChart is a line chart with points, and a bar chart, whose every
// label is s.
func hostileCharts(s string) []*reports.Chart {
	return []*reports.Chart{
		{ID: "bar", Kind: "bar", XName: s, YName: s, XLabels: []string{s, "b"},
			Series: []reports.Series{{Name: s, Values: []float64{1, 2}}}},
		{ID: "line", Kind: "line", XNumeric: true, XName: s, XLabels: []string{"1", "2"},
			Series: []reports.Series{{Name: s, Values: []float64{1, 2}}},
			Points: []reports.ChartPoint{{X: 1, Y: 1, Label: s, Color: "#d62728"}}},
		{ID: "heat", Kind: "heatmap", ValueName: s, XLabels: []string{s}, YLabels: []string{s}, Grid: [][]*float64{{new(float64)}}},
		{ID: "box", Kind: "boxplot", XLabels: []string{s}, YName: s, Boxes: [][5]float64{{1, 2, 3, 4, 5}}},
	}
}

// checkOption checks that a chart's option is HTML-safe JSON in which every
// label came through as the same string.
func checkOption(t *testing.T, c *reports.Chart, label string) {
	t.Helper()
	element, script, err := ChartElement(c)
	if err != nil {
		return // refused: nothing drawn
	}
	option, _ := chartOption(c)
	for _, bad := range []string{"<", ">", "&", "\u2028", "\u2029"} {
		if strings.Contains(option, bad) || strings.Contains(script, bad) {
			t.Fatalf("chart %s: %q in the script for label %q", c.ID, bad, label)
		}
	}
	if !elementShape.MatchString(element) {
		t.Fatalf("chart %s: the element is not the fixed shape: %s", c.ID, element)
	}
	var v any
	if err := json.Unmarshal([]byte(option), &v); err != nil {
		t.Fatalf("chart %s: option is not JSON: %v", c.ID, err)
	}
	if label != "" && !containsString(v, label) {
		t.Fatalf("chart %s: the label %q is not a string of the option", c.ID, label)
	}
}

var elementShape = regexp.MustCompile(`^<div class="container"><div class="item" id="chart_[A-Za-z0-9_]+" style="width:100%;height:[0-9]+px;"></div></div>$`)

func containsString(v any, s string) bool {
	switch v := v.(type) {
	case string:
		return v == s
	case []any:
		for _, e := range v {
			if containsString(e, s) {
				return true
			}
		}
	case map[string]any:
		for _, e := range v {
			if containsString(e, s) {
				return true
			}
		}
	}
	return false
}

func TestChartOptionIsData(t *testing.T) {
	for _, label := range []string{
		"</script><script>alert(1)</script>",
		"__f__(function(){for(;;){}})()__f__",
		`"__f__alert(1)__f__"`,
		"<img src=x onerror=alert(1)>",
		"javascript:alert(1)",
		"a & b",
	} {
		for _, c := range hostileCharts(label) {
			t.Run(c.ID+"/"+label, func(t *testing.T) {
				if _, err := chartOption(c); err != nil {
					t.Fatalf("a printable label is refused: %v", err)
				}
				checkOption(t, c, label)
			})
		}
	}
}

func TestChartValidation(t *testing.T) {
	cases := []struct {
		name string
		edit func(*reports.Chart)
		want string
	}{
		{"script colour", func(c *reports.Chart) { c.Points[0].Color = "javascript:alert(1)" }, "colour"},
		{"css injection", func(c *reports.Chart) { c.Series[0].Color = "red;background:url(x)" }, "colour"},
		{"function colour", func(c *reports.Chart) { c.Series[0].Color = "__f__alert(1)__f__" }, "colour"},
		{"place", func(c *reports.Chart) { c.Points[0].Place = "__f__x__f__" }, "label place"},
		{"control character", func(c *reports.Chart) { c.XLabels[0] = "1\u2028" }, "control character"},
		{"long label", func(c *reports.Chart) { c.Series[0].Name = strings.Repeat("x", MaxLabel+1) }, "more than the 200"},
		{"not UTF-8", func(c *reports.Chart) { c.YName = "\xff" }, "UTF-8"},
		{"box", func(c *reports.Chart) { c.Box = "violin" }, `box "violin"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := hostileCharts("ok")[1]
			tc.edit(c)
			_, err := chartOption(c)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want one mentioning %q", err, tc.want)
			}
		})
	}
	for _, ok := range []string{"#222", "#d62728", "#d6272880", "rgb(10, 20, 30)", "rgba(255,255,255,0.85)", "hsl(120, 50%, 50%)", "green", ""} {
		if err := CheckColor(ok); err != nil {
			t.Errorf("CheckColor(%q) = %v", ok, err)
		}
	}
}

// FuzzChartLabels draws charts with arbitrary labels: either the chart is
// refused or its option is HTML-safe JSON holding the label as a string.
func FuzzChartLabels(f *testing.F) {
	for _, s := range []string{"</script>", "__f__x__f__", "<!--", "\u2028", "]]>", "{b}", `\u003c`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, label string) {
		for _, c := range hostileCharts(label) {
			checkOption(t, c, label)
		}
	})
}
