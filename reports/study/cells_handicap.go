package study

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/reports"

	"gopkg.in/yaml.v3"

	"github.com/bridgereport/bridgereport/engine/handicap"
)

// HandicapCell sets a league's handicaps by the Form-L system and by the
// old one of 6 IMPs a place, from last season's divisional average VPs
// (seed 002, Table 1). The divisions have the shape of the file of
// `bridgereport handicap`:
//
//   - handicap:
//     id: table1
//     settings: {factor: 2.75, overlap_low: 2, overlap_high: 3, round_to: 1, old_per_place: 6}
//     divisions:                  # top first
//   - name: "1"
//     published: {range: "10.7"}
//     teams:
//   - {team: Eroes, avg_vp: 14.0, published: {old: "0", expected: "0", merged: "0", imps: "0"}}
//
// A team's figures are old (the old system's IMPs), expected and merged (the
// expected VP difference within its division and on the merged scale) and
// imps (the Form-L handicap); a division's is range (top minus bottom
// average). Checks are named <id>/<team>/<figure> and <id>/range/<division>.
type HandicapCell struct {
	Common    `yaml:",inline"`
	Settings  HandicapSettings   `yaml:"settings"`
	Divisions []HandicapDivision `yaml:"divisions"`
}

// HandicapSettings are the parameters of both systems; zero or absent means
// the seed's value.
type HandicapSettings struct {
	Factor      float64 `yaml:"factor"`        // handicap IMPs per merged VP difference (2.75)
	OverlapLow  int     `yaml:"overlap_low"`   // the top of a lower division goes midway between
	OverlapHigh int     `yaml:"overlap_high"`  // these ranks from the bottom of the one above (2, 3)
	RoundTo     float64 `yaml:"round_to"`      // Form-L IMPs are rounded to this step (1)
	OldPerPlace float64 `yaml:"old_per_place"` // the old system's IMPs per place (6)
}

// HandicapDivision is one division, with its published range.
type HandicapDivision struct {
	Name      string            `yaml:"name"`
	Teams     []HandicapTeam    `yaml:"teams"`
	Published map[string]string `yaml:"published"`
	Errata    map[string]string `yaml:"errata"`
	line      int
}

// HandicapTeam is a team with its average and its published figures.
type HandicapTeam struct {
	Team      string            `yaml:"team"`
	AvgVP     *float64          `yaml:"avg_vp"`
	Published map[string]string `yaml:"published"`
	Errata    map[string]string `yaml:"errata"`
	line      int
}

// UnmarshalYAML keeps the line of the division for errors.
func (d *HandicapDivision) UnmarshalYAML(n *yaml.Node) error {
	type plain HandicapDivision
	if err := strictDecode(n, (*plain)(d)); err != nil {
		return err
	}
	d.line = n.Line
	return nil
}

// UnmarshalYAML keeps the line of the team for errors.
func (t *HandicapTeam) UnmarshalYAML(n *yaml.Node) error {
	type plain HandicapTeam
	if err := strictDecode(n, (*plain)(t)); err != nil {
		return err
	}
	t.line = n.Line
	return nil
}

func (c *HandicapCell) movements() []string { return nil }

// league checks the input and converts it for the engine.
func (c *HandicapCell) league() ([]handicap.Division, handicap.Settings, error) {
	st := c.Settings
	var set handicap.Settings
	for _, f := range []struct {
		key string
		v   float64
	}{{"factor", st.Factor}, {"overlap_low", float64(st.OverlapLow)}, {"overlap_high", float64(st.OverlapHigh)},
		{"round_to", st.RoundTo}, {"old_per_place", st.OldPerPlace}} {
		if f.v < 0 || math.IsNaN(f.v) || math.IsInf(f.v, 0) {
			return nil, set, fmt.Errorf("settings: %s: must be a finite number, not negative (0 or absent means the default)", f.key)
		}
	}
	set.FormL = handicap.FormLSettings{Factor: st.Factor, OverlapLow: st.OverlapLow, OverlapHigh: st.OverlapHigh, RoundTo: st.RoundTo}
	set.Old = handicap.OldSettings{PerPlace: st.OldPerPlace}
	if len(c.Divisions) == 0 {
		return nil, set, fmt.Errorf("divisions: give the divisions, top first")
	}
	if len(c.Published) > 0 {
		return nil, set, fmt.Errorf("published: give published figures beside their team or division")
	}
	need := set.FormL.MinTeamsAbove()
	var divs []handicap.Division
	for d, div := range c.Divisions {
		at := func(format string, args ...any) error {
			return &entryError{div.line, fmt.Errorf("divisions[%d]: "+format, append([]any{d}, args...)...)}
		}
		if div.Name == "" {
			return nil, set, at("name: missing")
		}
		if d+1 < len(c.Divisions) && len(div.Teams) < need {
			return nil, set, at("%d team(s): a division with another below it needs %d (the overlap rule takes two ranks from its bottom)", len(div.Teams), need)
		}
		ed := handicap.Division{Name: div.Name}
		for i, t := range div.Teams {
			if t.Team == "" || t.AvgVP == nil {
				return nil, set, &entryError{t.line, fmt.Errorf("divisions[%d].teams[%d]: want {team: name, avg_vp: number}", d, i)}
			}
			ed.Teams = append(ed.Teams, handicap.Team{Name: t.Team, AvgVP: *t.AvgVP})
		}
		divs = append(divs, ed)
	}
	return divs, set, nil
}

func (c *HandicapCell) run(env *runEnv) (*cellOutput, error) {
	divs, set, err := c.league()
	if err != nil {
		return nil, err
	}
	r, err := handicap.LeagueHandicaps(env.ctx, handicap.League{Divisions: divs}, set)
	if err != nil {
		return nil, fmt.Errorf("divisions: %w", err)
	}
	res := set.Resolved()
	avgDecimals := 1
	for _, t := range r.FormL {
		avgDecimals = max(avgDecimals, decimals(t.AvgVP))
	}
	caption := captionOr(c.Caption, "Handicaps by the old system and by Form-L")
	t := &reports.Table{ID: env.cell.ID, Caption: caption, Columns: []reports.Column{
		{Name: "division"}, {Name: "team"}, {Name: "average VPs", Decimals: avgDecimals},
		{Name: "old system IMPs", Decimals: decimals(res.Old.PerPlace)},
		{Name: "expected VP diff", Decimals: 2}, {Name: "merged VP diff", Decimals: 2},
		{Name: "Form-L IMPs", Decimals: decimals(res.FormL.RoundTo)},
	}}
	chart := &reports.Chart{ID: env.cell.ID + "-chart", Caption: extend(caption, ": ", "handicap IMPs of each team, strongest first."),
		Kind: "bar", XName: "team", YName: "handicap IMPs", SlantXLabels: true,
		Series: []reports.Series{{Name: "old system"}, {Name: "Form-L"}}}

	// The engine ranks each division's teams; the published figures are
	// looked up by name.
	byName := map[string]HandicapTeam{}
	for _, div := range c.Divisions {
		for _, tm := range div.Teams {
			byName[tm.Team] = tm
		}
	}
	out := &cellOutput{}
	i := 0
	for d, div := range c.Divisions {
		for range div.Teams {
			f, o := r.FormL[i], r.Old[i]
			i++
			t.Rows = append(t.Rows, []any{f.Division, f.Team, f.AvgVP, o.IMPs, f.ExpectedVPDiff, f.MergedVPDiff, f.IMPs})
			chart.XLabels = append(chart.XLabels, f.Team)
			chart.Series[0].Values = append(chart.Series[0].Values, o.IMPs)
			chart.Series[1].Values = append(chart.Series[1].Values, f.IMPs)
			tm := byName[f.Team]
			figs := map[string]float64{"old": o.IMPs, "expected": f.ExpectedVPDiff, "merged": f.MergedVPDiff, "imps": f.IMPs}
			checks, err := checkFigures(env.cell.ID+"/"+f.Team+"/", figs, tm.Published, tm.Errata)
			if err != nil {
				return nil, &entryError{tm.line, fmt.Errorf("team %s: %w", f.Team, err)}
			}
			out.Checks = append(out.Checks, checks...)
		}
		t.Rows = append(t.Rows, []any{div.Name, "range", r.Ranges[d], nil, nil, nil, nil})
		checks, err := checkFigures("", map[string]float64{"range": r.Ranges[d]}, div.Published, div.Errata)
		if err != nil {
			return nil, &entryError{div.line, fmt.Errorf("division %s: %w", div.Name, err)}
		}
		for j := range checks {
			checks[j].Name = env.cell.ID + "/range/" + div.Name
		}
		out.Checks = append(out.Checks, checks...)
	}
	out.Blocks = []reports.Block{{Table: t}, {Chart: chart}}
	return out, nil
}

// FairnessCell judges outcomes as coin tosses: if handicaps are fair, the
// lower-ranked team wins each match with probability ½ (seed 002, Figures 1
// and 2). It tabulates each outcome's tails and band, and draws the band
// edges against the number of matches with each outcome marked.
//
//   - fairness:
//     id: figure1
//     bands: [0.5, 0.9, 0.98]      # the default
//     max_matches: 100             # default: past the largest outcome
//     outcomes:
//   - label: "34 of 87"
//     wins: 34
//     matches: 87
//     counts: "wins of the lower-ranked team, 2013-14 divisional matches"
//     color: green             # of the marker; default from the palette
//     published: {inside_90: "0", inside_98: "1"}
//
// An outcome's figures are p_at_most and p_at_least (P(X ≤ wins), P(X ≥
// wins)), expected (matches/2), from_expected (wins − matches/2), losses,
// and for each band of mass m% inside_m (1 when the band holds the wins, 0
// when not), low_m and high_m (the band's edges). Checks are named
// <id>/<label>/<figure>.
type FairnessCell struct {
	Common `yaml:",inline"`
	// Bands are the masses of the bands, each between 0 and 1.
	Bands []float64 `yaml:"bands"`
	// MaxMatches is the right end of the chart.
	MaxMatches int               `yaml:"max_matches"`
	Outcomes   []FairnessOutcome `yaml:"outcomes"`
}

// FairnessOutcome is k wins in n matches.
type FairnessOutcome struct {
	Label   string `yaml:"label"`
	Wins    *int   `yaml:"wins"`
	Matches *int   `yaml:"matches"`
	// Counts says briefly whose wins are counted, in which matches; it
	// goes into the table's caption.
	Counts    string            `yaml:"counts"`
	Color     string            `yaml:"color"`
	Published map[string]string `yaml:"published"`
	Errata    map[string]string `yaml:"errata"`
	line      int
}

// UnmarshalYAML keeps the line of the outcome for errors.
func (o *FairnessOutcome) UnmarshalYAML(n *yaml.Node) error {
	type plain FairnessOutcome
	if err := strictDecode(n, (*plain)(o)); err != nil {
		return err
	}
	o.line = n.Line
	return nil
}

func (c *FairnessCell) movements() []string { return nil }

// bandColors are the seed's: blue, green and orange from the narrowest band
// out.
var bandColors = []string{"#3b6fd4", "#2e9e44", "#f08a00"}

// maxChartMatches bounds the chart: a point per number of matches.
const maxChartMatches = 10_000

func (c *FairnessCell) run(env *runEnv) (*cellOutput, error) {
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
	for i, o := range c.Outcomes {
		at := func(format string, args ...any) error {
			return &entryError{o.line, fmt.Errorf("outcomes[%d]: "+format, append([]any{i}, args...)...)}
		}
		switch {
		case o.Label == "":
			return nil, at("label: missing (it names the checks)")
		case labels[o.Label]:
			return nil, at("label %q is used twice", o.Label)
		case o.Wins == nil || o.Matches == nil:
			return nil, at("want wins and matches")
		case *o.Matches < 1 || *o.Matches > handicap.MaxBinomialN:
			return nil, at("matches: %d: must be between 1 and %d", *o.Matches, handicap.MaxBinomialN)
		case *o.Wins < 0 || *o.Wins > *o.Matches:
			return nil, at("wins: %d wins in %d matches: must be between 0 and the number of matches", *o.Wins, *o.Matches)
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

	pct := make([]string, len(bands)) // 0.98 → "98"
	for i, m := range bands {
		pct[i] = strconv.FormatFloat(math.Round(m*100*1e6)/1e6, 'f', -1, 64)
	}
	caption := captionOr(c.Caption, "Outcomes against the bands of fair handicaps")
	t := &reports.Table{ID: env.cell.ID, Caption: caption, Columns: []reports.Column{
		{Name: "outcome"}, {Name: "wins"}, {Name: "matches"},
		{Name: "P(X ≤ wins)", Decimals: 4}, {Name: "P(X ≥ wins)", Decimals: 4}}}
	for _, p := range pct {
		t.Columns = append(t.Columns, reports.Column{Name: p + " % band"})
	}
	t.Columns = append(t.Columns, reports.Column{Name: "in band"})

	out := &cellOutput{}
	var counted []string // what each outcome counts, for the caption
	chart := &reports.Chart{ID: env.cell.ID + "-chart", Kind: "line", XNumeric: true, XName: "matches", YName: "wins",
		Caption: extend(caption, ": ", "the edges of the "+strings.Join(pct, ", ")+" % bands of a fair coin against the number of matches, each outcome marked.")}
	for i, o := range c.Outcomes {
		k, n := *o.Wins, *o.Matches
		atMost, atLeast := handicap.BinomialTails(n, k)
		figs := map[string]float64{
			"p_at_most": atMost, "p_at_least": atLeast, "losses": float64(n - k),
			"expected": float64(n) / 2, "from_expected": float64(k) - float64(n)/2,
		}
		row := []any{o.Label, k, n, atMost, atLeast}
		holding := ""
		for j, m := range bands {
			b := handicap.FairBand(n, m)
			row = append(row, fmt.Sprintf("%d–%d", b.Lo, b.Hi))
			figs["low_"+pct[j]], figs["high_"+pct[j]] = float64(b.Lo), float64(b.Hi)
			figs["inside_"+pct[j]] = 0
			if b.Contains(k) {
				figs["inside_"+pct[j]] = 1
				holding = cmp.Or(holding, pct[j]+" %")
			}
		}
		row = append(row, cmp.Or(holding, "none"))
		t.Rows = append(t.Rows, row)
		checks, err := checkFigures(env.cell.ID+"/"+o.Label+"/", figs, o.Published, o.Errata)
		if err != nil {
			return nil, &entryError{o.line, fmt.Errorf("outcomes[%d] (%s): %w", i, o.Label, err)}
		}
		out.Checks = append(out.Checks, checks...)
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
	edges := make([]reports.Series, 2*len(bands))
	for j, p := range pct {
		color := ""
		if len(bands) <= len(bandColors) {
			color = bandColors[j]
		}
		edges[2*j] = reports.Series{Name: p + " % low", Color: color}
		edges[2*j+1] = reports.Series{Name: p + " % high", Color: color}
	}
	for n := 1; n <= maxN; n++ {
		chart.XLabels = append(chart.XLabels, strconv.Itoa(n))
		expected.Values = append(expected.Values, float64(n)/2)
		for j, m := range bands {
			b := handicap.FairBand(n, m)
			edges[2*j].Values = append(edges[2*j].Values, float64(b.Lo))
			edges[2*j+1].Values = append(edges[2*j+1].Values, float64(b.Hi))
		}
	}
	chart.Series = append([]reports.Series{expected}, edges...)
	if len(counted) > 0 {
		t.Caption = extend(t.Caption, ". ", "The wins counted: "+strings.Join(counted, "; ")+".")
	}
	out.Blocks = []reports.Block{{Table: t}, {Chart: chart}}
	return out, nil
}
