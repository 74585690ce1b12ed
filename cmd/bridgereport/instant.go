package main

import (
	"context"
	"fmt"
	"io"

	"github.com/bridgereport/bridgereport/engine/scoring"
	"github.com/bridgereport/bridgereport/reports"
)

// instantJSON is the --json contract of `bridgereport instant`.
type instantJSON struct {
	File          string         `json:"file"`
	Vulnerability string         `json:"vulnerability"`
	Scale         string         `json:"scale"`
	TieRemedy     string         `json:"tie_remedy"`
	Results       int            `json:"results"`
	Top           float64        `json:"top"`
	Rows          []any          `json:"rows"` // instantResultJSON or instantGapJSON
	Ties          []instantTieJS `json:"ties"`
}

type instantResultJSON struct {
	Kind    string  `json:"kind"`
	Score   int     `json:"score"`
	Count   int     `json:"count"`
	MP      float64 `json:"mp"`
	Percent int     `json:"percent"`
	Exact   float64 `json:"exact_percent"`
	Nudge   int     `json:"nudge,omitempty"`
}

// instantGapJSON is a gap: low and high are exclusive, null at open ends;
// lowest and highest are the legal scores it covers at its ends.
type instantGapJSON struct {
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

type instantTieJS struct {
	Percent int   `json:"percent"`
	Rows    []int `json:"rows"` // indices into rows
}

func runInstant(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("instant", "[--vul none|ns|ew|both] [--scale acbl|wbf] [--ties report|merge|nudge] [--json] FILE", stderr)
	set := scoring.InstantSettings{Scale: scoring.ScaleACBL} // seed 003 uses the ACBL scale
	fs.Func("vul", "vulnerability of the board: none, ns, ew or both (default none)", func(s string) (err error) {
		set.Vul, err = scoring.ParseVulnerability(s)
		return err
	})
	fs.Func("scale", "matchpoint scale: acbl (1 per result beaten) or wbf (2) (default acbl)", func(s string) (err error) {
		set.Scale, err = scoring.ParseScale(s)
		return err
	})
	fs.Func("ties", "rows with equal percents: report, merge (into one gap) or nudge (±1) (default report)", func(s string) (err error) {
		set.Ties, err = scoring.ParseTieRemedy(s)
		return err
	})
	asJSON := fs.Bool("json", false, "write one JSON object instead of the table")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	name := pos[0]
	freqs, err := parseFile(name, func(name string, r io.Reader) ([]scoring.Frequency, error) {
		return scoring.ParseFrequencies(name, r, set.Vul)
	})
	if err != nil {
		return err
	}
	t, err := scoring.InstantMatchpoints(freqs, set)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if !*asJSON {
		return reports.WriteInstantText(stdout, name, t)
	}
	out := instantJSON{
		File: name, Vulnerability: set.Vul.String(), Scale: set.Scale.String(), TieRemedy: set.Ties.String(),
		Results: t.Results, Top: t.Top, Rows: []any{}, Ties: []instantTieJS{},
	}
	for _, r := range t.Rows {
		if r.Kind == scoring.ResultRow {
			out.Rows = append(out.Rows, instantResultJSON{Kind: "result", Score: r.Score, Count: r.Count,
				MP: r.MP, Percent: r.Percent, Exact: r.Exact, Nudge: r.Nudge})
			continue
		}
		g := instantGapJSON{Kind: "gap", Lowest: r.Lowest, Highest: r.Highest, Count: r.Count,
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
		out.Ties = append(out.Ties, instantTieJS{Percent: t.Rows[run[0]].Percent, Rows: run})
	}
	return writeJSON(stdout, out)
}
