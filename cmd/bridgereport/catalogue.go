package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"

	"github.com/bridgereport/bridgereport/engine/catalogue"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/study"
)

func runCatalogue(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("catalogue", stderr)
	body := &kinds.CatalogueCell{}
	pairs := fs.Int("pairs", 0, "the number of pairs, 6 to 60")
	var boards kinds.IntRange
	fs.TextVar(&boards, "boards", kinds.IntRange{catalogue.DefaultMinBoards, catalogue.DefaultMaxBoards}, "the session's boards, MIN-MAX")
	hours := fs.Float64("hours", 0, "the session's length in hours (2.5): gives the boards")
	fs.IntVar(&body.Minutes, "minutes", 0, "the session's length in minutes: gives the boards")
	fs.IntVar(&body.MinutesPerBoard, "minutes-per-board", kinds.DefaultMinutesPerBoard, "minutes a board takes, the change of round included")
	fs.TextVar(&body.BoardsPerRound, "boards-per-round", kinds.IntRange{catalogue.DefaultMinPerRound, catalogue.DefaultMaxPerRound}, "boards a round, MIN-MAX")
	fs.IntVar(&body.MaxCopies, "max-copies", catalogue.DefaultMaxCopies, "the most copies of each board (more: a barometer or duplicated sets)")
	fs.IntVar(&body.MaxTables, "max-tables", 0, "the most tables the room has (0: no limit)")
	asJSON := fs.Bool("json", false, "write one JSON object instead of the text report")
	fs.IntVar(&body.Late, "late", 0, "a pair arrives after this round: the plan, with the movement's Qf and Qf1 as played")
	fs.IntVar(&body.Leave, "leave", 0, "a pair leaves after this round: the plan, with the movement's Qf and Qf1 as played")
	fs.IntVar(&body.Extra, "extra", 0, "an extra pair joins after this round: the plans, ranked, and the cards of the best")
	pick := fs.Int("pick", 0, "print only the spec of the K-th candidate within the bounds that fits the session (1: the recommendation)")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["hours"] && set["minutes"] {
		return fmt.Errorf("--hours and --minutes both give the session's length: give one")
	}
	if set["hours"] && !(*hours > 0 && *hours <= 24) { // NaN fails this too
		return &usageError{msg: fmt.Sprintf("catalogue: --hours %v: want the session's length, more than 0 and at most 24 hours", *hours)}
	}
	if *hours < 0 || body.Minutes < 0 || body.MinutesPerBoard < 1 || body.MaxCopies < 1 || body.MaxTables < 0 {
		return fmt.Errorf("--hours, --minutes, --minutes-per-board and --max-copies take positive numbers, --max-tables 0 or more")
	}
	for i, v := range []int{*pick, body.Late, body.Leave, body.Extra} {
		if name := []string{"pick", "late", "leave", "extra"}[i]; set[name] && v < 1 {
			return fmt.Errorf("--%s %d: want a %s, 1 or more", name, v, map[bool]string{true: "rank", false: "round"}[name == "pick"])
		}
	}
	body.Pairs = kinds.IntRange{*pairs, *pairs}
	switch {
	case set["hours"] || set["minutes"]:
		if set["boards"] {
			return fmt.Errorf("--boards and --%s both give the session's length: give one", map[bool]string{true: "hours", false: "minutes"}[set["hours"]])
		}
		if set["hours"] {
			body.Minutes = int(math.Round(*hours * 60))
		}
		if body.Minutes < body.MinutesPerBoard {
			return fmt.Errorf("a session of %d minutes at %d minutes a board holds no board", body.Minutes, body.MinutesPerBoard)
		}
	default:
		body.Boards = boards
	}
	r, result, err := (&study.Command{Kind: "catalogue", Cell: body}).Run(ctx)
	if err != nil {
		return err
	}
	a := result.([]*kinds.CatalogueAnswer)[0]
	if *pick == 0 {
		if err := study.Print(stdout, r, result, *asJSON); err != nil {
			return err
		}
		if a.Recommended == nil {
			return fmt.Errorf("%d pairs: no movement is recommended: %s", a.Pairs, a.Reason)
		}
		return nil
	}
	c, err := a.Pick(*pick)
	if err != nil {
		return err
	}
	if *asJSON {
		return reports.WriteJSON(stdout, c)
	}
	_, err = fmt.Fprintln(stdout, c.Spec)
	return err
}
