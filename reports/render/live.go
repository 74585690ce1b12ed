package render

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html/template"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/charts"
	"github.com/bridgereport/bridgereport/templates"
	"github.com/bridgereport/bridgereport/templates/wasm"
)

// htmlLive is what a page with interactive parameters adds: the controls,
// and the data its script reads (the study, the values in force, the live
// cells, the engine and the worker's script), as HTML-safe JSON.
type htmlLive struct {
	Params []htmlLiveParam
	Static string // the kinds of the page that cannot run in the browser
	Data   template.JS
	Script template.JS
}

// htmlLiveParam is the control of an interactive parameter: a select of its
// choices, a text box for a movement spec, or a number box.
type htmlLiveParam struct {
	Name, Type, Value, Doc string
	Choices                []string
	Spec                   bool
	Min, Max, Step         string
}

// liveData is the page's data for its script, in a JSON script element:
// never run, and every <, > and & escaped by encoding/json.
type liveData struct {
	*reports.Live
	// Engine is the gzip-compressed engine in base64; Worker the script
	// of its Web Worker (the Go runtime's wasm_exec.js, then ours).
	Engine string `json:"engine"`
	Worker string `json:"worker"`
}

func livePage(r *reports.Report) (*htmlLive, error) {
	if len(wasm.Engine) == 0 {
		return nil, fmt.Errorf("%s: the study has interactive parameters, and this binary carries no engine for the page (make wasm builds it)", r.Name)
	}
	live := &htmlLive{Script: template.JS(templates.LiveJS), Static: strings.Join(r.Live.Static, ", ")}
	number := func(x *float64) string {
		if x == nil {
			return ""
		}
		return strconv.FormatFloat(*x, 'g', -1, 64)
	}
	for _, p := range r.Provenance.Parameters {
		if !p.Interactive {
			continue
		}
		step := "any"
		if p.Type == "int" {
			step = "1"
		}
		live.Params = append(live.Params, htmlLiveParam{
			Name: p.Name, Type: p.Type, Value: p.Value, Doc: p.Doc, Choices: p.Choices, Spec: p.Spec,
			Min: number(p.Min), Max: number(p.Max), Step: step,
		})
	}
	data, err := json.Marshal(liveData{Live: r.Live, Engine: base64.StdEncoding.EncodeToString(wasm.Engine), Worker: wasm.Exec + "\n" + templates.LiveWorkerJS})
	if err != nil {
		return nil, err
	}
	live.Data = template.JS(data)
	return live, nil
}

// LiveChart is a chart of a recomputed cell: the id of the element it draws
// in, and its echarts option, which the page's script draws (a script of
// the cell's own would not be one the page's Content-Security-Policy lets
// run).
type LiveChart struct {
	ID     string          `json:"id"`
	Option json.RawMessage `json:"option"`
}

// Section prints the blocks of a recomputed cell as the page prints them
// inside the cell's element, its charts apart.
func Section(blocks []reports.Block) (string, []LiveChart, error) {
	var hbs []htmlBlock
	var drawn []LiveChart
	anchors := map[string]int{}
	for _, b := range blocks {
		hb, _, err := htmlBlockOf(b, anchors)
		if err != nil {
			return "", nil, err
		}
		if b.Chart != nil {
			id, option, err := charts.ChartOption(b.Chart)
			if err != nil {
				return "", nil, err
			}
			drawn = append(drawn, LiveChart{ID: id, Option: json.RawMessage(option)})
			hb.Chart.Script = ""
		}
		hbs = append(hbs, hb)
	}
	var buf bytes.Buffer
	if err := templates.Section.Execute(&buf, hbs); err != nil {
		return "", nil, err
	}
	return buf.String(), drawn, nil
}
