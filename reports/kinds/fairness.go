package kinds

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/bridgereport/bridgereport/engine/handicap"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/charts"
	"github.com/bridgereport/bridgereport/reports/check"
	"github.com/bridgereport/bridgereport/reports/league"
	"github.com/bridgereport/bridgereport/reports/load"
)

// FairnessCell judges outcomes as coin tosses: if handicaps are fair, the
// lower-ranked team wins each match with probability ½ (seed 002, Figures 1
// and 2). It tabulates each outcome's tails and band, and draws the band
// edges against the number of matches with each outcome marked.
//
//	# a cell of a study
//	- fairness:
//	    id: figure1
//	    bands: [0.5, 0.9, 0.98]      # the default
//	    max_matches: 100             # default: past the largest outcome
//	    outcomes:
//	      - label: "34 of 87"
//	        wins: 34
//	        matches: 87
//	        counts: "wins of the lower-ranked team, 2013-14 divisional matches"
//	        color: green             # of the marker; default from the palette
//	        published: {bands/90/inside: "0", bands/98/inside: "1"}
//
// An outcome's figures are p_at_most and p_at_least (P(X ≤ wins), P(X ≥
// wins)), expected (matches/2), from_expected (wins − matches/2), losses,
// and for each band of mass m% bands/m/inside (1 when the band holds the
// wins, 0 when not), bands/m/low and bands/m/high (the band's edges).
// Checks are named <id>/<label>/<figure>.
type FairnessCell struct {
	cell.Common `yaml:",inline"`
	// Bands are the masses of the bands, each between 0 and 1.
	Bands []float64 `yaml:"bands"`
	// MaxMatches is the right end of the chart.
	MaxMatches int `yaml:"max_matches"`
	// Outcomes are the observed results, each wins out of matches.
	Outcomes []FairnessOutcome `yaml:"outcomes"`
	node     *yaml.Node
}

// Fairness is the fairness kind.
var Fairness = register(Kind{Name: "fairness", New: func() cell.Body { return new(FairnessCell) }, Results: []any{&FairnessResult{}}, Figures: FairnessJudged{}, Per: "outcomes"})

// FairnessOutcome is k wins in n matches.
type FairnessOutcome struct {
	// Label names the outcome in the table and on the chart.
	Label string `yaml:"label"`
	// Wins counted (by the lower-ranked team, say).
	Wins *int `yaml:"wins"`
	// Matches played, of which Wins were won.
	Matches *int `yaml:"matches"`
	// Counts says briefly whose wins are counted, in which matches; it
	// goes into the table's caption.
	Counts string `yaml:"counts"`
	// Color of the outcome's mark on the chart (a CSS colour).
	Color string `yaml:"color"`
	// Published figures of this outcome, by figure name, as printed.
	Published map[string]string `yaml:"published"`
	// Errata: published figures of this outcome known to be wrong, with the reason.
	Errata map[string]string `yaml:"errata"`
}

// UnmarshalYAML keeps the cell's node, which gives the lines of its
// outcomes.
func (c *FairnessCell) UnmarshalYAML(n *yaml.Node) error {
	type plain FairnessCell
	if err := load.StrictDecode(n, (*plain)(c)); err != nil {
		return err
	}
	c.node = n
	return nil
}

func (c *FairnessCell) Movements() []string { return nil }

// bandColors are the seed's: blue, green and orange from the narrowest band
// out.
var bandColors = []string{"#3b6fd4", "#2e9e44", "#f08a00"}

// maxChartMatches bounds the chart: a point per number of matches.
const maxChartMatches = 10_000

// FairnessResult is each outcome judged against the bands of a fair coin,
// and the bands' edges for 1 to max_matches matches.
type FairnessResult struct {
	// Bands are the masses, narrowest first; Percents name them (0.98 is
	// "98").
	Bands      []float64        `json:"bands"`
	Percents   []string         `json:"percents"`
	MaxMatches int              `json:"max_matches"`
	Outcomes   []FairnessJudged `json:"outcomes"`
	// Edges[j][n-1] is band j for n matches.
	Edges [][]FairnessEdge `json:"edges"`
}

// FairnessJudged is an outcome: its tails, how far it lies from the
// expected wins and, for each band by its percent, the band's edges and
// whether they hold the wins. Counts and color are the outcome's own, for
// the caption and the chart.
type FairnessJudged struct {
	Label        string                  `json:"label"`
	Wins         int                     `json:"wins"`
	Matches      int                     `json:"matches"`
	Losses       int                     `json:"losses"`
	Expected     float64                 `json:"expected"`      // matches/2
	FromExpected float64                 `json:"from_expected"` // wins − matches/2
	PAtMost      float64                 `json:"p_at_most"`
	PAtLeast     float64                 `json:"p_at_least"`
	Bands        map[string]FairnessBand `json:"bands"`
	Counts       string                  `json:"counts,omitempty"`
	Color        string                  `json:"color,omitempty"`
}

// FairnessBand is a band of an outcome's number of matches: its edges,
// and whether they hold the wins.
type FairnessBand struct {
	FairnessEdge
	Inside bool `json:"inside"`
}

// FairnessEdge is a band's edges, low to high wins.
type FairnessEdge struct {
	Low  int `json:"low"`
	High int `json:"high"`
}

func (c *FairnessCell) Run(env *cell.Env) (*cell.Output, error) {
	res, err := c.compute()
	if err != nil {
		return nil, err
	}
	out := &cell.Output{Blocks: res.blocks(env.ID, c.Caption), Result: res}
	for i, o := range res.Outcomes {
		figs, err := check.Paths(o)
		if err != nil {
			return nil, err
		}
		checks, err := check.Figures(env.ID+"/"+o.Label+"/", figs, c.Outcomes[i].Published, c.Outcomes[i].Errata)
		if err != nil {
			return nil, &load.EntryError{Line: load.NodeLine(c.node, "outcomes", i), Err: fmt.Errorf("outcomes[%d] (%s): %w", i, o.Label, err)}
		}
		out.Checks = append(out.Checks, checks...)
	}
	return out, nil
}

func (c *FairnessCell) compute() (*FairnessResult, error) {
	if len(c.Published) > 0 {
		return nil, fmt.Errorf("published: give published figures beside their outcome")
	}
	bands := slices.Clone(c.Bands)
	if len(bands) == 0 {
		bands = slices.Clone(handicap.SeedBands)
	}
	slices.Sort(bands)
	for i, m := range bands {
		if !(m > 0 && m < 1) {
			return nil, fmt.Errorf("bands: %v: a band's mass is between 0 and 1, e.g. 0.9", m)
		}
		if i > 0 && m == bands[i-1] {
			return nil, fmt.Errorf("bands: %v is given twice", m)
		}
	}
	if len(c.Outcomes) == 0 {
		return nil, fmt.Errorf("outcomes: give at least one {label, wins, matches}")
	}
	most := 0
	labels := map[string]bool{}
	if c.node == nil { // built in Go, not decoded
		c.node = new(yaml.Node)
	}
	check := &league.Checker{Root: c.node}
	for i, o := range c.Outcomes {
		op := []any{"outcomes", i}
		switch {
		case o.Label == "":
			check.Fail(load.At(op, "label"), "missing (it names the checks)")
		case labels[o.Label]:
			check.Fail(load.At(op, "label"), "%q is used twice", o.Label)
		}
		if err := charts.CheckColor(o.Color); err != nil {
			check.Fail(load.At(op, "color"), "%v", err)
		}
		check.Outcome(op, o.Wins, o.Matches)
		if check.Err != nil {
			return nil, load.Inline(check.Err)
		}
		labels[o.Label] = true
		most = max(most, *o.Matches)
	}
	maxN := c.MaxMatches
	if maxN == 0 {
		maxN = (most/20 + 1) * 20 // room to the right of the last marker
	}
	if maxN < most || maxN > maxChartMatches {
		return nil, fmt.Errorf("max_matches: %d: must be between the largest outcome's %d matches and %d", maxN, most, maxChartMatches)
	}

	res := &FairnessResult{Bands: bands, MaxMatches: maxN}
	for _, m := range bands {
		res.Percents = append(res.Percents, cell.FmtNum(math.Round(m*100*1e6)/1e6))
		var edges []FairnessEdge
		for _, b := range handicap.FairBands(maxN, m) {
			edges = append(edges, FairnessEdge{b.Lo, b.Hi})
		}
		res.Edges = append(res.Edges, edges)
	}
	for _, o := range c.Outcomes {
		k, n := *o.Wins, *o.Matches
		j := FairnessJudged{Label: o.Label, Wins: k, Matches: n, Losses: n - k, Expected: float64(n) / 2, FromExpected: float64(k) - float64(n)/2,
			Counts: o.Counts, Color: o.Color, Bands: map[string]FairnessBand{}}
		j.PAtMost, j.PAtLeast = handicap.BinomialTails(n, k)
		for i, m := range bands {
			b := handicap.FairBand(n, m)
			j.Bands[res.Percents[i]] = FairnessBand{FairnessEdge{b.Lo, b.Hi}, b.Lo <= k && k <= b.Hi}
		}
		res.Outcomes = append(res.Outcomes, j)
	}
	return res, nil
}

// blocks presents the outcomes as a table, and the bands' edges against
// the number of matches as a chart with each outcome marked.
func (r *FairnessResult) blocks(id, caption string) []reports.Block {
	caption = cell.CaptionOr(caption, "Outcomes against the bands of fair handicaps")
	t := &reports.Table{ID: id, Caption: caption, Columns: []reports.Column{
		{Name: "outcome"}, {Name: "wins"}, {Name: "matches"},
		{Name: "P(X ≤ wins)", Decimals: 4}, {Name: "P(X ≥ wins)", Decimals: 4}}}
	for _, p := range r.Percents {
		t.Columns = append(t.Columns, reports.Column{Name: p + " % band"})
	}
	t.Columns = append(t.Columns, reports.Column{Name: "in band"})

	var counted []string // what each outcome counts, for the caption
	chart := &reports.Chart{ID: id + "-chart", Kind: "line", XNumeric: true, XName: "matches", YName: "wins",
		Caption: cell.Extend(caption, ": ", "the edges of the "+strings.Join(r.Percents, ", ")+" % bands of a fair coin against the number of matches, each outcome marked.")}
	for _, o := range r.Outcomes {
		k, n := o.Wins, o.Matches
		row := []any{o.Label, k, n, o.PAtMost, o.PAtLeast}
		holding := ""
		for _, p := range r.Percents {
			b := o.Bands[p]
			row = append(row, fmt.Sprintf("%d–%d", b.Low, b.High))
			if b.Inside {
				holding = cmp.Or(holding, p+" %")
			}
		}
		row = append(row, cmp.Or(holding, "none"))
		t.Rows = append(t.Rows, row)
		// Labels go above the markers on or over the middle line and below
		// the others, away from the crowd of lines near it.
		place := "bottom"
		if 2*k >= n {
			place = "top"
		}
		chart.Points = append(chart.Points, reports.ChartPoint{X: float64(n), Y: float64(k), Label: o.Label, Color: o.Color, Place: place})
		if o.Counts != "" {
			counted = append(counted, o.Label+" ("+o.Counts+")")
		}
	}

	// The lines: the expected count, then each band's edges, narrowest
	// band first.
	expected := reports.Series{Name: "expected", Color: "#222"}
	edges := make([]reports.Series, 2*len(r.Bands))
	for j, p := range r.Percents {
		color := ""
		if len(r.Bands) <= len(bandColors) {
			color = bandColors[j]
		}
		edges[2*j] = reports.Series{Name: p + " % low", Color: color}
		edges[2*j+1] = reports.Series{Name: p + " % high", Color: color}
	}
	for n := 1; n <= r.MaxMatches; n++ {
		chart.XLabels = append(chart.XLabels, strconv.Itoa(n))
		expected.Values = append(expected.Values, float64(n)/2)
		for j := range r.Bands {
			b := r.Edges[j][n-1]
			edges[2*j].Values = append(edges[2*j].Values, float64(b.Low))
			edges[2*j+1].Values = append(edges[2*j+1].Values, float64(b.High))
		}
	}
	chart.Series = append([]reports.Series{expected}, edges...)
	if len(counted) > 0 {
		t.Caption = cell.Extend(t.Caption, ". ", "The wins counted: "+strings.Join(counted, "; ")+".")
	}
	return []reports.Block{{Table: t}, {Chart: chart}}
}
