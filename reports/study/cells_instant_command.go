package study

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/scoring"
	"github.com/bridgereport/bridgereport/reports"
)

// InstantUsage is the help of the instant command.
const InstantUsage = `[--vul none|ns|ew|both] [--scale acbl|wbf] [--ties report|merge|nudge] [--json] FILE

The instant-matchpoint table of a board from FILE, one "score count" line
per NS score. --json prints one object: file, vulnerability, scale,
tie_remedy, results, top, rows and ties.

flags:`

// writeInstantText writes an instant-matchpoint table as seed 003 prints
// it: NS score, frequency, matchpoints and percent, best score first. A
// gap row shows the legal scores it covers instead of the seed's "…".
func writeInstantText(w io.Writer, name string, t *scoring.InstantTable) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "Instant matchpoints: %s\n", name)
	fmt.Fprintf(bw, "%s vulnerable, %d results, %s scale; top %s with the imaginary result\n\n",
		vulnerableWho(t.Settings.Vul), t.Results, t.Settings.Scale, formatMP(t.Top))

	labels := make([]string, len(t.Rows))
	width := len("N-S score")
	for i, r := range t.Rows {
		labels[i] = rowLabel(r)
		width = max(width, len(labels[i]))
	}
	fmt.Fprintf(bw, "%-*s  %9s  %8s  %7s\n", width, "N-S score", "Frequency", "MP", "Percent")
	nudged := false
	for i, r := range t.Rows {
		count := ""
		if r.Count > 0 {
			count = strconv.Itoa(r.Count)
		}
		mark := ""
		if r.Nudge != 0 {
			mark, nudged = fmt.Sprintf(" (%+d)", r.Nudge), true
		}
		fmt.Fprintf(bw, "%-*s  %9s  %8s  %7d%s\n", width, labels[i], count, formatMP(r.MP), r.Percent, mark)
	}
	if nudged {
		fmt.Fprintln(bw, "\n(+1) and (-1) mark percents moved by one to keep them unique.")
	}
	if len(t.Ties) > 0 {
		fmt.Fprintln(bw, "\nRows with equal percents (--ties merge or --ties nudge would separate them):")
		for _, run := range t.Ties {
			names := make([]string, len(run))
			for k, i := range run {
				names[k] = labels[i]
			}
			fmt.Fprintf(bw, "  %d%%: %s\n", t.Rows[run[0]].Percent, strings.Join(names, "; "))
		}
	}
	return bw.Flush()
}

// rowLabel names a row: its score, or the legal scores a gap covers.
func rowLabel(r scoring.InstantRow) string {
	switch {
	case r.Kind == scoring.ResultRow:
		return signed(r.Score)
	case r.Lowest == r.Highest:
		return signed(r.Lowest) + " (gap)"
	case r.HighOpen:
		return signed(r.Lowest) + " or more"
	case r.LowOpen:
		return signed(r.Highest) + " or less"
	}
	return signed(r.Lowest) + " to " + signed(r.Highest)
}

// signed writes a score the way score sheets do: +420, -50, 0.
func signed(s int) string {
	if s > 0 {
		return "+" + strconv.Itoa(s)
	}
	return strconv.Itoa(s)
}

// formatMP writes matchpoints with at most two decimals and no trailing zeros.
func formatMP(x float64) string {
	s := strconv.FormatFloat(x, 'f', 2, 64)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
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

// instantView is the --json object of the instant command.
type instantView struct {
	File          string            `json:"file"`
	Vulnerability string            `json:"vulnerability"`
	Scale         string            `json:"scale"`
	TieRemedy     string            `json:"tie_remedy"`
	Results       int               `json:"results"`
	Top           float64           `json:"top"`
	Rows          []any             `json:"rows"` // instantResultView or instantGapView
	Ties          []instantTiesView `json:"ties"`
}

type instantResultView struct {
	Kind    string  `json:"kind"`
	Score   int     `json:"score"`
	Count   int     `json:"count"`
	MP      float64 `json:"mp"`
	Percent int     `json:"percent"`
	Exact   float64 `json:"exact_percent"`
	Nudge   int     `json:"nudge,omitempty"`
}

// instantGapView is a gap: low and high are exclusive, null at open ends;
// lowest and highest are the legal scores it covers at its ends.
type instantGapView struct {
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

type instantTiesView struct {
	Percent int   `json:"percent"`
	Rows    []int `json:"rows"` // indices into rows
}

func viewInstant(file string, t *scoring.InstantTable) instantView {
	set := t.Settings
	out := instantView{
		File: file, Vulnerability: set.Vul.String(), Scale: set.Scale.String(), TieRemedy: set.Ties.String(),
		Results: t.Results, Top: t.Top, Rows: []any{}, Ties: []instantTiesView{},
	}
	for _, r := range t.Rows {
		if r.Kind == scoring.ResultRow {
			out.Rows = append(out.Rows, instantResultView{Kind: "result", Score: r.Score, Count: r.Count,
				MP: r.MP, Percent: r.Percent, Exact: r.Exact, Nudge: r.Nudge})
			continue
		}
		g := instantGapView{Kind: "gap", Lowest: r.Lowest, Highest: r.Highest, Count: r.Count,
			MP: r.MP, Percent: r.Percent, Exact: r.Exact, Nudge: r.Nudge}
		if !r.LowOpen {
			g.Low = &r.Low
		}
		if !r.HighOpen {
			g.High = &r.High
		}
		out.Rows = append(out.Rows, g)
	}
	for _, run := range t.Ties {
		out.Ties = append(out.Ties, instantTiesView{Percent: t.Rows[run[0]].Percent, Rows: run})
	}
	return out
}

// runCommand presents the instant command: the table as seed 003 prints it.
func (c *InstantCell) runCommand(t *scoring.InstantTable) (*cellOutput, error) {
	block, err := layout("", func(w io.Writer) error { return writeInstantText(w, c.File, t) })
	if err != nil {
		return nil, err
	}
	return &cellOutput{Blocks: []reports.Block{block}, Result: viewInstant(c.File, t)}, nil
}
