package charts

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bridgereport/bridgereport/reports"
)

// Chart data is data. go-echarts writes a chart's option into a <script>
// without escaping "</script>", and turns any string wrapped in __f__ into
// live JavaScript; labels come from studies and, soon, from results files
// typed by directors. So go-echarts only builds the option object here: it is
// marshalled by encoding/json, which escapes <, >, & and U+2028/U+2029, and
// nothing ever turns a string of it into code. The browser and goja both
// receive it as JSON.

// optionJSON is what go-echarts' charts give: the option as a Go value.
type optionJSON interface {
	Validate()
	JSON() map[string]any
}

// chartOption is the echarts option of a chart as HTML-safe JSON.
func chartOption(c *reports.Chart) (string, error) {
	if err := validate(c); err != nil {
		return "", err
	}
	rd, err := chartRenderer(c)
	if err != nil {
		return "", err
	}
	oj, ok := rd.(optionJSON)
	if !ok {
		return "", fmt.Errorf("chart %s: %T gives no option", c.ID, rd)
	}
	oj.Validate()
	var option any = oj.JSON()
	if longLegend(c) && len(c.Series) > 1 {
		option = narrowLegend(option)
	}
	// json.Marshal escapes <, >, & and U+2028/9 as \u003c ... so the option
	// can stand inside a <script> element.
	b, err := json.Marshal(option)
	if err != nil {
		return "", fmt.Errorf("chart %s: %w", c.ID, err)
	}
	return string(b), nil
}

// narrowLegend gives a chart whose legend is a column of long names
// beside the grid (longLegend) a media query: in a chart narrower than a
// tablet the column would be cut at the edge (a phone showed "Olive Pratt
// & Pe…"), so there the legend is one scrolling line under the grid, which
// takes the width. Echarts applies it as the chart is drawn and each time
// it is resized, in the page, a live page and the SVGs alike.
func narrowLegend(option any) any {
	return map[string]any{
		"baseOption": option,
		"media": []any{
			// Without a query: what a chart wider again goes back to.
			map[string]any{"option": map[string]any{
				"legend": map[string]any{"orient": "vertical", "type": "plain", "left": legendColumnLeft, "top": "middle"},
				"grid":   map[string]any{"right": gridBesideLegend, "bottom": 60},
			}},
			map[string]any{
				"query": map[string]any{"maxWidth": narrowChart},
				"option": map[string]any{
					"legend": map[string]any{"orient": "horizontal", "type": "scroll", "left": "center", "top": "bottom"},
					"grid":   map[string]any{"right": "5%", "bottom": 85},
				},
			},
		},
	}
}

// narrowChart is the widest chart, in pixels, that puts a long legend under
// its grid.
const narrowChart = 599

// ChartElement is the element a chart draws in and the script that draws
// it; the id is chartDOMID's, letters, digits and underscores only.
func ChartElement(c *reports.Chart) (element, script string, err error) {
	option, err := chartOption(c)
	if err != nil {
		return "", "", err
	}
	id := chartDOMID(c.ID)
	element = fmt.Sprintf(`<div class="container"><div class="item" id="%s" style="width:100%%;height:%s;"></div></div>`, id, chartHeight(c))
	script = fmt.Sprintf(`(function () {
"use strict";
var chart = echarts.init(document.getElementById("%s"), "white", {renderer: "canvas"});
chart.setOption(%s);
window.addEventListener("resize", function () { chart.resize(); });
})();`, id, option)
	return element, script, nil
}

// ChartOption is the DOM id of the element a chart draws in (ChartElement's)
// and its echarts option as HTML-safe JSON, for a page whose script draws
// it.
func ChartOption(c *reports.Chart) (id, option string, err error) {
	option, err = chartOption(c)
	return chartDOMID(c.ID), option, err
}

// ScriptHash is the CSP source that allows one inline script: the SHA-256
// of its text, exactly as it stands between <script> and </script>.
func ScriptHash(js string) string {
	sum := sha256.Sum256([]byte(js))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// ContentSecurityPolicy allows the page's own inline scripts, by hash, and
// nothing else: no other script, no plug-in, no fetch, no form, no frame.
// Styles stay inline (the page's own sheet and echarts' tooltips).
func ContentSecurityPolicy(scriptHashes []string) string {
	return "default-src 'none'; script-src " + strings.Join(scriptHashes, " ") +
		"; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"
}

// MaxLabel is the longest label a chart takes, in characters: a label
// longer than a line of text is a mistake, not a name.
const MaxLabel = 200

// validate checks what a chart shows before it is drawn: labels are text of
// a sane length without control characters, colours are CSS colours, label
// places are those echarts knows.
func validate(c *reports.Chart) error {
	check := func(what, s string) error {
		if !utf8.ValidString(s) {
			return fmt.Errorf("chart %s: %s %q: not UTF-8 text", c.ID, what, s)
		}
		if n := utf8.RuneCountInString(s); n > MaxLabel {
			return fmt.Errorf("chart %s: %s is %d characters long, more than the %d a label may have", c.ID, what, n, MaxLabel)
		}
		for _, r := range s {
			if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
				return fmt.Errorf("chart %s: %s %q: contains the control character %U", c.ID, what, s, r)
			}
		}
		return nil
	}
	labels := []struct{ what, s string }{{"x axis name", c.XName}, {"y axis name", c.YName}, {"value name", c.ValueName}}
	for _, l := range c.XLabels {
		labels = append(labels, struct{ what, s string }{"x label", l})
	}
	for _, l := range c.YLabels {
		labels = append(labels, struct{ what, s string }{"y label", l})
	}
	for _, s := range c.Series {
		labels = append(labels, struct{ what, s string }{"series name", s.Name})
		if err := checkColor(c.ID, s.Color); err != nil {
			return err
		}
		for _, g := range s.Gaps {
			if g < 0 || g >= len(s.Values) {
				return fmt.Errorf("chart %s: series %q: gap %d: want an index of its %d values", c.ID, s.Name, g, len(s.Values))
			}
		}
	}
	for _, p := range c.Points {
		labels = append(labels, struct{ what, s string }{"point label", p.Label})
		if err := checkColor(c.ID, p.Color); err != nil {
			return err
		}
		if p.Place != "" && !labelPlaces[p.Place] {
			return fmt.Errorf("chart %s: label place %q: want right, left, top or bottom", c.ID, p.Place)
		}
	}
	if c.Box != "" && c.Box != reports.BoxMeanSD {
		return fmt.Errorf("chart %s: box %q: want %q or none (quartiles)", c.ID, c.Box, reports.BoxMeanSD)
	}
	for _, l := range labels {
		if err := check(l.what, l.s); err != nil {
			return err
		}
	}
	return nil
}

var labelPlaces = map[string]bool{"right": true, "left": true, "top": true, "bottom": true, "inside": true}

// cssColor is the colour syntax a chart takes: #rgb, #rgba, #rrggbb,
// #rrggbbaa, rgb()/rgba()/hsl()/hsla() of numbers, or a colour keyword.
var cssColor = regexp.MustCompile(`^(?:#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|(?:rgba?|hsla?)\(\s*[0-9.]+%?\s*(?:,\s*[0-9.]+%?\s*){2,3}\)|[a-zA-Z]{3,20})$`)

// CheckColor says whether s is a colour a chart takes.
func CheckColor(s string) error {
	if s == "" || cssColor.MatchString(s) {
		return nil
	}
	return fmt.Errorf("colour %q: want #rgb, #rrggbb, rgb(r, g, b), rgba(r, g, b, a) or a colour name", s)
}

func checkColor(id, s string) error {
	if err := CheckColor(s); err != nil {
		return fmt.Errorf("chart %s: %w", id, err)
	}
	return nil
}
