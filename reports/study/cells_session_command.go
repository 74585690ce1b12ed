package study

import (
	"bufio"
	"fmt"
	"io"

	"github.com/bridgereport/bridgereport/engine/scoring"
	"github.com/bridgereport/bridgereport/reports"
)

// ScoreUsage is the help of the score command.
const ScoreUsage = `[--expected N] [--scale wbf|acbl] [--round total|board|none] [--json] FILE

Matchpoints a pairs session (the CSV board,ns,ew,score), Neuberg-adjusting
boards played fewer times. --json prints one object: file, expected, scale,
rounding, step, pairs and boards.

FILE may also be a club's results file, USEBIO XML (.xml) or PBN (.pbn), told
by its extension or its first bytes: its figures are recomputed and checked,
its scoring method named, Neuberg's rounding measured, the movement played
reconstructed with its balance, and the luck model run on it. --json prints
session.Analysis: pairs, method, disagreements, neuberg, movement, luck,
instant.

flags:`

// writeSessionText writes a matchpointed session: the ranking, then every
// board with its raw and Neuberg-adjusted matchpoints.
func writeSessionText(w io.Writer, name string, s *scoring.SessionScore) error {
	bw := bufio.NewWriter(w)
	set := s.Settings
	fmt.Fprintf(bw, "Session %s: %d boards, %d pairs, %d results expected a board\n",
		name, len(s.Boards), len(s.Pairs), set.Expected)
	fmt.Fprintf(bw, "%s scale (%s a board); boards played fewer times are Neuberg-adjusted; %s\n\n",
		set.Scale, topWords(set.Scale, set.Expected), roundingWords(set))

	fmt.Fprintf(bw, "%4s  %5s  %6s  %9s  %7s  %7s  %9s  %7s  %7s\n",
		"Rank", "Pair", "Boards", "MP", "Top", "Percent", "Raw MP", "Raw top", "Raw %")
	prev := 0
	for _, p := range s.Pairs {
		rank := fmt.Sprint(p.Rank)
		if p.Rank == prev {
			rank = "="
		}
		prev = p.Rank
		fmt.Fprintf(bw, "%4s  %5d  %6d  %9s  %7s  %7.2f  %9s  %7s  %7.2f\n",
			rank, p.Pair, p.Boards, formatTotal(p.MP, set), formatMP(p.Top), p.Percent,
			formatMP(p.RawMP), formatMP(p.RawTop), p.RawPercent)
	}

	for _, b := range s.Boards {
		played := len(b.Results)
		fmt.Fprintf(bw, "\nBoard %d: played %d times, top %s", b.Board, played, formatMP(b.Top))
		if played < set.Expected {
			fmt.Fprintf(bw, "; Neuberg to %d results, top %s", set.Expected, formatMP(set.Scale.Top(set.Expected)))
		}
		fmt.Fprintln(bw)
		fmt.Fprintf(bw, "  %5s  %5s  %6s  %6s  %6s  %8s  %8s\n", "NS", "EW", "Score", "NS MP", "EW MP", "NS adj", "EW adj")
		for _, r := range b.Results {
			fmt.Fprintf(bw, "  %5d  %5d  %6s  %6s  %6s  %8s  %8s\n", r.NS, r.EW, signed(r.Score),
				formatMP(r.NSMP), formatMP(r.EWMP), formatBoard(r.NSAdjusted, set), formatBoard(r.EWAdjusted, set))
		}
	}
	return bw.Flush()
}

// topWords describes the full-board top.
func topWords(s scoring.Scale, expected int) string {
	if s == scoring.ScaleACBL {
		return fmt.Sprintf("1 per result beaten, top %s", formatMP(s.Top(expected)))
	}
	return fmt.Sprintf("2 per result beaten, top %s", formatMP(s.Top(expected)))
}

func roundingWords(set scoring.SessionSettings) string {
	switch set.Round {
	case scoring.RoundEachBoard:
		return fmt.Sprintf("each board rounded to %v", set.Step)
	case scoring.RoundNone:
		return "nothing rounded"
	}
	return fmt.Sprintf("totals rounded to %v", set.Step)
}

// formatTotal shows a total at the rounding step, or to four decimals when
// nothing is rounded.
func formatTotal(x float64, set scoring.SessionSettings) string {
	if set.Round == scoring.RoundNone {
		return fmt.Sprintf("%.4f", x)
	}
	return fmt.Sprintf("%.*f", decimals(set.Step), x)
}

// formatBoard shows an adjusted board score: at the step when boards are
// rounded, otherwise to four decimals.
func formatBoard(x float64, set scoring.SessionSettings) string {
	if set.Round == scoring.RoundEachBoard {
		return fmt.Sprintf("%.*f", decimals(set.Step), x)
	}
	return fmt.Sprintf("%.4f", x)
}

// scoreView is the --json object of the score command.
type scoreView struct {
	File     string           `json:"file"`
	Expected int              `json:"expected"`
	Scale    string           `json:"scale"`
	Rounding string           `json:"rounding"`
	Step     float64          `json:"step"`
	Pairs    []scorePairView  `json:"pairs"`
	Boards   []scoreBoardView `json:"boards"`
}

// scorePairView: mp is the Neuberg-adjusted total under the rounding
// policy, top the full-board top summed over the pair's boards.
type scorePairView struct {
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

type scoreBoardView struct {
	Board   int               `json:"board"`
	Played  int               `json:"played"`
	Top     float64           `json:"top"`      // raw top
	FullTop float64           `json:"full_top"` // top after Neuberg
	Results []scoreResultView `json:"results"`
}

type scoreResultView struct {
	NS         int     `json:"ns"`
	EW         int     `json:"ew"`
	Score      int     `json:"score"`
	NSMP       float64 `json:"ns_mp"`
	EWMP       float64 `json:"ew_mp"`
	NSAdjusted float64 `json:"ns_adjusted"`
	EWAdjusted float64 `json:"ew_adjusted"`
}

func viewSession(file string, s *scoring.SessionScore) scoreView {
	set := s.Settings
	out := scoreView{File: file, Expected: set.Expected, Scale: set.Scale.String(), Rounding: set.Round.String(), Step: set.Step}
	for _, p := range s.Pairs {
		out.Pairs = append(out.Pairs, scorePairView{Rank: p.Rank, Pair: p.Pair, Boards: p.Boards, MP: p.MP, Top: p.Top,
			Percent: p.Percent, RawMP: p.RawMP, RawTop: p.RawTop, RawPercent: p.RawPercent})
	}
	for _, b := range s.Boards {
		bv := scoreBoardView{Board: b.Board, Played: len(b.Results), Top: b.Top, FullTop: set.Scale.Top(set.Expected)}
		for _, r := range b.Results {
			bv.Results = append(bv.Results, scoreResultView{NS: r.NS, EW: r.EW, Score: r.Score,
				NSMP: r.NSMP, EWMP: r.EWMP, NSAdjusted: r.NSAdjusted, EWAdjusted: r.EWAdjusted})
		}
		out.Boards = append(out.Boards, bv)
	}
	return out
}

// runCommand presents the score command: the ranking, then every board.
func (c *SessionCell) runCommand(s *scoring.SessionScore) (*cellOutput, error) {
	block, err := layout(func(w io.Writer) error { return writeSessionText(w, c.File, s) })
	if err != nil {
		return nil, err
	}
	return &cellOutput{Blocks: []reports.Block{block}, Result: viewSession(c.File, s)}, nil
}
