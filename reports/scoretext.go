package reports

import (
	"bufio"
	"fmt"
	"io"

	"github.com/bridgereport/bridgereport/engine/scoring"
)

// WriteSessionText writes a matchpointed session: the ranking, then every
// board with its raw and Neuberg-adjusted matchpoints.
func WriteSessionText(w io.Writer, name string, s *scoring.SessionScore) error {
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
