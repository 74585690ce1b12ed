package main

import (
	"context"
	"fmt"
	"io"

	"github.com/bridgereport/bridgereport/engine/scoring"
	"github.com/bridgereport/bridgereport/reports"
)

// scoreJSON is the --json contract of `bridgereport score`.
type scoreJSON struct {
	File     string           `json:"file"`
	Expected int              `json:"expected"`
	Scale    string           `json:"scale"`
	Rounding string           `json:"rounding"`
	Step     float64          `json:"step"`
	Pairs    []scorePairJSON  `json:"pairs"`
	Boards   []scoreBoardJSON `json:"boards"`
}

// scorePairJSON: mp is the Neuberg-adjusted total under the rounding policy,
// top the full-board top summed over the pair's boards.
type scorePairJSON struct {
	Rank       int     `json:"rank"`
	Pair       int     `json:"pair"`
	Boards     int     `json:"boards"`
	MP         float64 `json:"mp"`
	Top        float64 `json:"top"`
	Percent    float64 `json:"percent"`
	RawMP      float64 `json:"raw_mp"`
	RawTop     float64 `json:"raw_top"`
	RawPercent float64 `json:"raw_percent"`
}

type scoreBoardJSON struct {
	Board   int               `json:"board"`
	Played  int               `json:"played"`
	Top     float64           `json:"top"`      // raw top
	FullTop float64           `json:"full_top"` // top after Neuberg
	Results []scoreResultJSON `json:"results"`
}

type scoreResultJSON struct {
	NS         int     `json:"ns"`
	EW         int     `json:"ew"`
	Score      int     `json:"score"`
	NSMP       float64 `json:"ns_mp"`
	EWMP       float64 `json:"ew_mp"`
	NSAdjusted float64 `json:"ns_adjusted"`
	EWAdjusted float64 `json:"ew_adjusted"`
}

func runScore(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("score", "[--expected N] [--scale wbf|acbl] [--round total|board|none] [--json] FILE.csv", stderr)
	var set scoring.SessionSettings
	fs.IntVar(&set.Expected, "expected", 0, "results each board should have; 0 means the most any board has")
	fs.Func("scale", "matchpoint scale: wbf (2 per result beaten) or acbl (1) (default wbf)", func(s string) (err error) {
		set.Scale, err = scoring.ParseScale(s)
		return err
	})
	fs.Func("round", "round the totals, each board, or none, to 0.1 (default total)", func(s string) (err error) {
		set.Round, err = scoring.ParseRoundPolicy(s)
		return err
	})
	asJSON := fs.Bool("json", false, "write one JSON object instead of the tables")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	if set.Expected < 0 {
		return &usageError{fmt.Sprintf("score: --expected %d: want 0 (automatic) or more", set.Expected)}
	}
	name := pos[0]
	results, err := parseFile(name, scoring.ParseSession)
	if err != nil {
		return err
	}
	s, err := scoring.ScoreSession(results, set)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if !*asJSON {
		return reports.WriteSessionText(stdout, name, s)
	}
	set = s.Settings
	out := scoreJSON{File: name, Expected: set.Expected, Scale: set.Scale.String(), Rounding: set.Round.String(), Step: set.Step}
	for _, p := range s.Pairs {
		out.Pairs = append(out.Pairs, scorePairJSON{Rank: p.Rank, Pair: p.Pair, Boards: p.Boards, MP: p.MP, Top: p.Top,
			Percent: p.Percent, RawMP: p.RawMP, RawTop: p.RawTop, RawPercent: p.RawPercent})
	}
	for _, b := range s.Boards {
		bj := scoreBoardJSON{Board: b.Board, Played: len(b.Results), Top: b.Top, FullTop: set.Scale.Top(set.Expected)}
		for _, r := range b.Results {
			bj.Results = append(bj.Results, scoreResultJSON{NS: r.NS, EW: r.EW, Score: r.Score,
				NSMP: r.NSMP, EWMP: r.EWMP, NSAdjusted: r.NSAdjusted, EWAdjusted: r.EWAdjusted})
		}
		out.Boards = append(out.Boards, bj)
	}
	return writeJSON(stdout, out)
}
