package kinds

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/formats/sessioncsv"
	"github.com/bridgereport/bridgereport/engine/scoring"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/check"
	"github.com/bridgereport/bridgereport/reports/load"
)

// InstantCell builds the instant-matchpoint table of a board from the
// frequencies of its NS scores (seed 003). Absent settings are seed 003's:
// nobody vulnerable, the ACBL scale, ties reported. Its figures are the
// Result's by json path: its own (top, results, played_top, and rows, ties,
// played and dropped: how many), and each part by its label:
// rows/<row>/mp and rows/<row>/percent (a row is +420, +420..+450,
// above +450, below -50), played/<score>/mp (the board as played), and
// dropped/<low>..<high>/mp for each gap between neighbouring listed scores
// that is left out because no legal score lies inside it: what it would
// earn, the results below it. Ties are the runs of rows left with equal
// percents after the remedy. The instant command runs it.
type InstantCell struct {
	cell.Common `yaml:",inline"`
	// File is a frequency file (a `score count` line per score, relative
	// to the study), read as the instant command reads it, instead of
	// Results.
	File  string                `yaml:"file"`
	Vul   scoring.Vulnerability `yaml:"vul"`   // none, ns, ew or both
	Scale scoring.Scale         `yaml:"scale"` // acbl (default) or wbf
	Ties  scoring.TieRemedy     `yaml:"ties"`  // report, merge or nudge
	// Results are [NS score, count] pairs.
	Results [][2]int `yaml:"results"`
}

// Instant is the instant kind.
var Instant = register(Kind{Name: "instant", New: func() cell.Body { return new(InstantCell) }, Results: []any{&InstantResult{}}})

// InstantResult is an instant-matchpoint table; the instant command's
// --json.
type InstantResult struct {
	File          string                `json:"file"`
	Vulnerability scoring.Vulnerability `json:"vulnerability"`
	Scale         scoring.Scale         `json:"scale"`
	TieRemedy     scoring.TieRemedy     `json:"tie_remedy"`
	// Results is the number of actual results; Top the top once the
	// imaginary result is added.
	Results int     `json:"results"`
	Top     float64 `json:"top"`
	// Rows run from the best NS score down.
	Rows []InstantRow `json:"rows"`
	// Ties are the runs of rows left with equal percents.
	Ties []InstantTie `json:"ties"`
	// Played is the board as played, each listed score matchpointed on
	// the board's own top, PlayedTop.
	Played    []InstantPlayed `json:"played"`
	PlayedTop float64         `json:"played_top"`
	// Dropped are the gaps between neighbouring listed scores with no
	// legal score inside, left out of the table.
	Dropped []InstantDropped `json:"dropped"`
}

// InstantRow is a row of the table: a result (kind result, with its
// score) or a gap between results (kind gap: low and high are its
// exclusive bounds, null at an open end; lowest and highest the legal
// scores it covers at its ends). Nudge, when not 0, is the ±1 that kept
// the percent unique.
type InstantRow struct {
	Kind    string  `json:"kind"`
	Score   int     `json:"score"`
	Low     *int    `json:"low"`
	High    *int    `json:"high"`
	Lowest  int     `json:"lowest"`
	Highest int     `json:"highest"`
	Count   int     `json:"count"`
	MP      float64 `json:"mp"`
	Percent int     `json:"percent"`
	Exact   float64 `json:"exact_percent"`
	Nudge   int     `json:"nudge,omitempty"`
}

// MarshalJSON writes a result row without the keys of a gap, and a gap
// without the score.
func (r InstantRow) MarshalJSON() ([]byte, error) {
	if r.Kind == "result" {
		return json.Marshal(instantResultRow{r.Kind, r.Score, r.Count, r.MP, r.Percent, r.Exact, r.Nudge})
	}
	return json.Marshal(instantGapRow{r.Kind, r.Low, r.High, r.Lowest, r.Highest, r.Count, r.MP, r.Percent, r.Exact, r.Nudge})
}

// ResultSchema says that a row is written as one of its two shapes.
func (InstantRow) ResultSchema() map[string]any {
	result := load.ResultSchema(reflect.TypeFor[instantResultRow]())
	gap := load.ResultSchema(reflect.TypeFor[instantGapRow]())
	result["properties"].(map[string]any)["kind"] = map[string]any{"const": "result"}
	gap["properties"].(map[string]any)["kind"] = map[string]any{"type": "string", "not": map[string]any{"const": "result"}}
	return map[string]any{"oneOf": []any{result, gap}}
}

// instantResultRow is how a row of kind result is written.
type instantResultRow struct {
	Kind    string  `json:"kind"`
	Score   int     `json:"score"`
	Count   int     `json:"count"`
	MP      float64 `json:"mp"`
	Percent int     `json:"percent"`
	Exact   float64 `json:"exact_percent"`
	Nudge   int     `json:"nudge,omitempty"`
}

// instantGapRow is how a row of kind gap is written.
type instantGapRow struct {
	Kind    string  `json:"kind"`
	Low     *int    `json:"low"`
	High    *int    `json:"high"`
	Lowest  int     `json:"lowest"`
	Highest int     `json:"highest"`
	Count   int     `json:"count"`
	MP      float64 `json:"mp"`
	Percent int     `json:"percent"`
	Exact   float64 `json:"exact_percent"`
	Nudge   int     `json:"nudge,omitempty"`
}

// InstantTie is a run of rows (indices into rows) with an equal percent.
type InstantTie struct {
	Percent int   `json:"percent"`
	Rows    []int `json:"rows"`
}

// InstantPlayed is a listed score of the board as played.
type InstantPlayed struct {
	Score int     `json:"score"`
	Count int     `json:"count"`
	MP    float64 `json:"mp"`
}

// InstantDropped is a gap between the listed scores low and high with no
// legal score inside, and the matchpoints it would earn as the imaginary
// result: the results below it (two a result on the WBF scale).
type InstantDropped struct {
	Low  int     `json:"low"`
	High int     `json:"high"`
	MP   float64 `json:"mp"`
}

func (c *InstantCell) Movements() []string { return nil }

func (c *InstantCell) Run(env *cell.Env) (*cell.Output, error) {
	res, err := c.compute(env)
	if err != nil {
		return nil, err
	}
	figs, err := res.figures()
	if err != nil {
		return nil, err
	}
	return c.Output(env, figs, res.blocks(env.ID, c.Caption), res)
}

// frequencies reads the file, or checks the inline results.
func (c *InstantCell) frequencies(env *cell.Env) ([]scoring.Frequency, error) {
	if c.File != "" {
		if len(c.Results) > 0 {
			return nil, fmt.Errorf("file: give the results in a file or inline, not both")
		}
		data, err := env.ReadText(c.File)
		if err != nil {
			return nil, err
		}
		return sessioncsv.ReadFrequencies(c.File, bytes.NewReader(data), c.Vul)
	}
	if len(c.Results) == 0 {
		return nil, fmt.Errorf("results: give [score, count] pairs")
	}
	var freqs []scoring.Frequency
	for _, r := range c.Results {
		if r[1] < 1 {
			return nil, fmt.Errorf("results: score %d has count %d", r[0], r[1])
		}
		if !scoring.IsLegalScore(r[0], c.Vul) {
			return nil, fmt.Errorf("results: %s is not a legal NS score with %s vulnerable", cell.Signed(r[0]), c.Vul)
		}
		freqs = append(freqs, scoring.Frequency{Score: r[0], Count: r[1]})
	}
	return freqs, nil
}

func (c *InstantCell) compute(env *cell.Env) (*InstantResult, error) {
	freqs, err := c.frequencies(env)
	if err != nil {
		return nil, err
	}
	set := scoring.InstantSettings{Vul: c.Vul, Scale: c.Scale, Ties: c.Ties}
	t, err := scoring.InstantMatchpoints(freqs, set)
	if err != nil {
		if c.File != "" {
			return nil, fmt.Errorf("%s: %w", c.File, err)
		}
		return nil, err
	}
	res := &InstantResult{
		File: c.File, Vulnerability: t.Settings.Vul, Scale: t.Settings.Scale, TieRemedy: t.Settings.Ties,
		Results: t.Results, Top: t.Top, Rows: []InstantRow{}, Ties: []InstantTie{},
		Played: []InstantPlayed{}, Dropped: droppedGaps(freqs, t.Settings.Vul, t.Settings.Scale),
	}
	for _, r := range t.Rows {
		row := InstantRow{Kind: r.Kind.String(), Score: r.Score, Lowest: r.Lowest, Highest: r.Highest,
			Count: r.Count, MP: r.MP, Percent: r.Percent, Exact: r.Exact, Nudge: r.Nudge}
		if r.Kind == scoring.GapRow && !r.LowOpen {
			row.Low = &r.Low
		}
		if r.Kind == scoring.GapRow && !r.HighOpen {
			row.High = &r.High
		}
		res.Rows = append(res.Rows, row)
	}
	for _, run := range t.Ties {
		res.Ties = append(res.Ties, InstantTie{Percent: t.Rows[run[0]].Percent, Rows: run})
	}

	// The board as played, matchpointed on its own top from the counts:
	// a count may be a billion, too many results to list one by one.
	res.PlayedTop = t.Settings.Scale.Top(t.Results)
	per := t.Settings.Scale.Top(2) // matchpoints for beating one result
	for _, f := range freqs {
		beaten := 0
		for _, g := range freqs {
			if g.Score < f.Score {
				beaten += g.Count
			}
		}
		mp := per * (float64(beaten) + float64(f.Count-1)/2)
		res.Played = append(res.Played, InstantPlayed{Score: f.Score, Count: f.Count, MP: mp})
	}
	return res, nil
}

func droppedGaps(freqs []scoring.Frequency, vul scoring.Vulnerability, scale scoring.Scale) []InstantDropped {
	sorted := slices.Clone(freqs)
	slices.SortFunc(sorted, func(a, b scoring.Frequency) int { return b.Score - a.Score })
	below := 0
	for _, f := range sorted {
		below += f.Count
	}
	per := scale.Top(2) // matchpoints for beating one result
	out := []InstantDropped{}
	for i := 0; i+1 < len(sorted); i++ {
		below -= sorted[i].Count
		hi, lo := sorted[i].Score, sorted[i+1].Score
		legal := false
		for s := lo + 10; s < hi && !legal; s += 10 {
			legal = scoring.IsLegalScore(s, vul)
		}
		if !legal && hi-lo > 10 {
			out = append(out, InstantDropped{Low: lo, High: hi, MP: per * float64(below)})
		}
	}
	return out
}

// figures are the cell's figures: the Result's own, and each row, played
// score and left-out gap by its label, by json path.
func (r *InstantResult) figures() (map[string]float64, error) {
	figs, err := check.Own(r)
	if err != nil {
		return nil, err
	}
	for _, row := range r.Rows {
		if err := check.AddPaths(figs, "rows/"+row.label()+"/", row); err != nil {
			return nil, err
		}
	}
	for _, p := range r.Played {
		if err := check.AddPaths(figs, "played/"+cell.Signed(p.Score)+"/", p); err != nil {
			return nil, err
		}
	}
	for _, d := range r.Dropped {
		if err := check.AddPaths(figs, "dropped/"+d.label()+"/", d); err != nil {
			return nil, err
		}
	}
	return figs, nil
}

// blocks presents the result: the board as played, the table as seed 003
// prints it, and its chart.
func (r *InstantResult) blocks(id, caption string) []reports.Block {
	raw := &reports.Table{ID: id + "-played", Caption: fmt.Sprintf("The board as played: %d results matchpointed on a top of %s.", r.Results, cell.FmtNum(r.PlayedTop)),
		Columns: []reports.Column{{Name: "NS score"}, {Name: "frequency"}, {Name: "matchpoints", Decimals: 1}}}
	for _, p := range r.Played {
		raw.Rows = append(raw.Rows, []any{cell.Signed(p.Score), p.Count, p.MP})
	}

	caption = cell.CaptionOr(caption, "Instant matchpoints")
	table := &reports.Preformatted{ID: id, Caption: cell.Extend(caption, " ", fmt.Sprintf("(one imaginary result added: top %s).", cell.FmtNum(r.Top))), Text: r.text()}
	chart := &reports.Chart{ID: id + "-chart", Caption: cell.Extend(caption, ": ", "matchpoints against the NS score (gaps at their legal extremes)."),
		Kind: "line", XName: "NS score", YName: "matchpoints", Series: []reports.Series{{Name: "matchpoints"}}}
	var points [][2]float64 // score, mp, from low to high
	for _, row := range r.Rows {
		points = append(points, [2]float64{float64(row.Highest), row.MP}, [2]float64{float64(row.Lowest), row.MP})
	}
	slices.SortStableFunc(points, func(a, b [2]float64) int { return int(a[0] - b[0]) })
	for _, p := range slices.Compact(points) {
		chart.XLabels = append(chart.XLabels, cell.Signed(int(p[0])))
		chart.Series[0].Values = append(chart.Series[0].Values, p[1])
	}
	blocks := []reports.Block{{Table: raw}, {Pre: table}, {Chart: chart}}
	if len(r.Dropped) > 0 {
		var words []string
		for _, d := range r.Dropped {
			words = append(words, fmt.Sprintf("%s (it would earn %s)", d.label(), cell.FmtNum(d.MP)))
		}
		blocks = append(blocks, reports.Block{Prose: "Gaps left out, with no legal score inside: " + strings.Join(words, "; ") + "."})
	}
	if len(r.Ties) > 0 {
		var runs []string
		for _, run := range r.Ties {
			var labels []string
			for _, i := range run.Rows {
				labels = append(labels, r.Rows[i].label())
			}
			runs = append(runs, strings.Join(labels, " = "))
		}
		blocks = append(blocks, reports.Block{Prose: "Rows with equal matchpoint percentages: " + strings.Join(runs, "; ") + "."})
	}
	return blocks
}

// label names a row in the figures and tables: a result by its score, a
// gap by its bounds.
func (r InstantRow) label() string {
	switch {
	case r.Kind == "result":
		return cell.Signed(r.Score)
	case r.High == nil:
		return "above " + cell.Signed(*r.Low)
	case r.Low == nil:
		return "below " + cell.Signed(*r.High)
	}
	return cell.Signed(*r.Low) + ".." + cell.Signed(*r.High)
}

// textLabel names a row in the text layout: its score, or the legal
// scores a gap covers.
func (r InstantRow) textLabel() string {
	switch {
	case r.Kind == "result":
		return cell.Signed(r.Score)
	case r.Lowest == r.Highest:
		return cell.Signed(r.Lowest) + " (gap)"
	case r.High == nil:
		return cell.Signed(r.Lowest) + " or more"
	case r.Low == nil:
		return cell.Signed(r.Highest) + " or less"
	}
	return cell.Signed(r.Lowest) + " to " + cell.Signed(r.Highest)
}

func (d InstantDropped) label() string { return cell.Signed(d.Low) + ".." + cell.Signed(d.High) }

// text is the table as seed 003 prints it, the instant cell's one layout
// of it in every printer: NS score, frequency, matchpoints and percent,
// best score first. A gap row shows the legal scores it covers instead of
// the seed's "…".
func (r *InstantResult) text() string {
	var b strings.Builder
	r.write(&b)
	return b.String()
}

func (r *InstantResult) write(w io.Writer) {
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	fmt.Fprintf(bw, "%s: %s vulnerable, %d results, %s scale; top %s with the imaginary result\n\n",
		cmp.Or(r.File, "The results given"), vulnerableWho(r.Vulnerability), r.Results, r.Scale, cell.FormatMP(r.Top))

	labels := make([]string, len(r.Rows))
	width := len("N-S score")
	for i, row := range r.Rows {
		labels[i] = row.textLabel()
		width = max(width, len(labels[i]))
	}
	fmt.Fprintf(bw, "%-*s  %9s  %8s  %7s\n", width, "N-S score", "Frequency", "MP", "Percent")
	nudged := false
	for i, row := range r.Rows {
		count := ""
		if row.Count > 0 {
			count = strconv.Itoa(row.Count)
		}
		mark := ""
		if row.Nudge != 0 {
			mark, nudged = fmt.Sprintf(" (%+d)", row.Nudge), true
		}
		fmt.Fprintf(bw, "%-*s  %9s  %8s  %7d%s\n", width, labels[i], count, cell.FormatMP(row.MP), row.Percent, mark)
	}
	if nudged {
		fmt.Fprintln(bw, "\n(+1) and (-1) mark percents moved by one to keep them unique.")
	}

}

func vulnerableWho(v scoring.Vulnerability) string {
	switch v {
	case scoring.VulNS:
		return "NS"
	case scoring.VulEW:
		return "EW"
	case scoring.VulBoth:
		return "Both"
	}
	return "Nobody"
}
