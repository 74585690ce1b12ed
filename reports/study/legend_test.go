package study

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/charts"
)

// svgText is one <text> of a drawn figure with its box, estimated from
// its anchor, position, font size and length (an average glyph of 0.6 em
// errs on the wide side for sans-serif).
type svgText struct {
	text                     string
	legend                   bool // a legend item: anchored at its start, 30 px after its icon
	left, right, top, bottom float64
}

var (
	svgTextRE  = regexp.MustCompile(`<text ([^>]*)>([^<]*)</text>`)
	svgAttrRE  = regexp.MustCompile(`([a-z-]+)="([^"]*)"`)
	translate  = regexp.MustCompile(`translate\(([-\d.]+) ([-\d.]+)\)`)
	fontSizeRE = regexp.MustCompile(`font-size:(\d+)px`)
	svgSizeRE  = regexp.MustCompile(`<svg width="(\d+)" height="(\d+)"`)
)

func svgTexts(svg string) []svgText {
	var out []svgText
	for _, m := range svgTextRE.FindAllStringSubmatch(svg, -1) {
		attrs := map[string]string{}
		for _, a := range svgAttrRE.FindAllStringSubmatch(m[1], -1) {
			attrs[a[1]] = a[2]
		}
		var tx, ty float64
		if t := translate.FindStringSubmatch(attrs["transform"]); t != nil {
			tx, _ = strconv.ParseFloat(t[1], 64)
			ty, _ = strconv.ParseFloat(t[2], 64)
		}
		if strings.Contains(attrs["transform"], "rotate") || strings.Contains(attrs["transform"], "matrix") {
			continue // slanted labels: not legends nor axis names
		}
		x, _ := strconv.ParseFloat(attrs["x"], 64)
		y, _ := strconv.ParseFloat(attrs["y"], 64)
		size := 12.0
		if f := fontSizeRE.FindStringSubmatch(attrs["style"]); f != nil {
			size, _ = strconv.ParseFloat(f[1], 64)
		}
		text := strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&quot;", `"`, "&#39;", "'").Replace(m[2])
		w := 0.6 * size * float64(len([]rune(text)))
		t := svgText{text: text, top: ty + y - size/2, bottom: ty + y + size/2}
		switch attrs["text-anchor"] {
		case "middle":
			t.left, t.right = tx+x-w/2, tx+x+w/2
		case "end":
			t.left, t.right = tx+x-w, tx+x
		default:
			t.left, t.right = tx+x, tx+x+w
		}
		if attrs["text-anchor"] == "start" && attrs["x"] == "30" {
			t.legend = true
			t.left = tx // the legend's icon
		}
		out = append(out, t)
	}
	return out
}

func overlap(a, b svgText) bool {
	return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
}

// showsLegend tells whether a chart's echarts option shows a legend.
func showsLegend(t *testing.T, c *reports.Chart) bool {
	t.Helper()
	option, _, _, err := charts.SVGOption(c)
	if err != nil {
		t.Fatalf("%s: %v", c.ID, err)
	}
	var o struct {
		Legend json.RawMessage `json:"legend"`
	}
	if err := json.Unmarshal([]byte(option), &o); err != nil {
		t.Fatalf("%s: %v", c.ID, err)
	}
	var legends []struct {
		Show *bool `json:"show"`
	}
	if len(o.Legend) > 0 && o.Legend[0] == '{' {
		o.Legend = append(append([]byte("["), o.Legend...), ']')
	}
	if len(o.Legend) > 0 {
		if err := json.Unmarshal(o.Legend, &legends); err != nil {
			t.Fatalf("%s: legend %s: %v", c.ID, o.Legend, err)
		}
	}
	for _, l := range legends {
		if l.Show == nil || *l.Show {
			return true
		}
	}
	return false
}

// TestLegendsClearOfAxisNames draws every figure of every study's golden
// results that shows a legend as SVG and checks that each legend item lies inside the canvas
// and clear of the axis names.
func TestLegendsClearOfAxisNames(t *testing.T) {
	if testing.Short() {
		t.Skip("draws every figure")
	}
	files, err := filepath.Glob("../../studies/golden/*.results.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden results: %v", err)
	}
	rd := testRenderer(t)
	var legends atomic.Int64
	// Each study's figures in parallel (each drawing runs a goja VM of its
	// own); the count is read once all are drawn.
	t.Run("studies", func(t *testing.T) {
		for _, f := range files {
			study := strings.TrimSuffix(filepath.Base(f), ".results.json")
			t.Run(study, func(t *testing.T) {
				t.Parallel()
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				var res struct {
					Figures []*reports.Chart `json:"figures"`
				}
				if err := json.Unmarshal(data, &res); err != nil {
					t.Fatal(err)
				}
				for _, c := range res.Figures {
					// A figure whose option shows no legend has none to
					// misplace: only those that show one are drawn.
					if !showsLegend(t, c) {
						continue
					}
					svg, err := rd.SVG(c)
					if err != nil {
						t.Fatalf("%s %s: %v", study, c.ID, err)
					}
					m := svgSizeRE.FindStringSubmatch(string(svg))
					if m == nil {
						t.Fatalf("%s %s: no size", study, c.ID)
					}
					w, _ := strconv.ParseFloat(m[1], 64)
					h, _ := strconv.ParseFloat(m[2], 64)
					texts := svgTexts(string(svg))
					for _, l := range texts {
						if !l.legend {
							continue
						}
						legends.Add(1)
						if l.left < 0 || l.top < 0 || l.right > w || l.bottom > h {
							t.Errorf("%s figure %d (%s): legend %q at [%.0f,%.0f]-[%.0f,%.0f] leaves the %.0f×%.0f canvas", study, c.Number, c.ID, l.text, l.left, l.top, l.right, l.bottom, w, h)
						}
						for _, a := range texts {
							if !a.legend && (a.text == c.XName || a.text == c.YName) && overlap(l, a) {
								t.Errorf("%s figure %d (%s): legend %q overlaps the axis name %q", study, c.Number, c.ID, l.text, a.text)
							}
						}
					}
				}
			})
		}
	})
	if legends.Load() == 0 {
		t.Fatal("no legend found in any figure: the test cannot see legends")
	}
}

// TestLegendCheckSeesACollision: the box estimates find a legend drawn on
// top of the y axis's name, and one cut at the top of the canvas.
func TestLegendCheckSeesACollision(t *testing.T) {
	svg := `<svg width="800" height="400">
<text dominant-baseline="central" text-anchor="middle" style="font-size:12px;font-family:sans-serif;" y="-6" transform="translate(120 50)" fill="#54555a">percent</text>
<text dominant-baseline="central" text-anchor="start" style="font-size:12px;font-family:sans-serif;" x="30" y="7" transform="translate(90 30)" fill="#54555a">percent</text>
<text dominant-baseline="central" text-anchor="start" style="font-size:12px;font-family:sans-serif;" x="30" y="7" transform="translate(300 -10)" fill="#54555a">low</text>
</svg>`
	texts := svgTexts(svg)
	if len(texts) != 3 || texts[0].legend || !texts[1].legend || !texts[2].legend {
		t.Fatalf("texts: %+v", texts)
	}
	if !overlap(texts[1], texts[0]) {
		t.Errorf("the legend on the axis name is not seen: %+v %+v", texts[1], texts[0])
	}
	if texts[2].top >= 0 {
		t.Errorf("the legend above the canvas is not seen: %+v", texts[2])
	}
}
