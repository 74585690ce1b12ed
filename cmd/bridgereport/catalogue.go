package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"

	"github.com/bridgereport/bridgereport/engine/catalogue"
	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/render"
	"github.com/bridgereport/bridgereport/reports/study"
)

func runCatalogue(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("catalogue", stderr)
	body := &kinds.CatalogueCell{}
	pairs := fs.Int("pairs", 0, "the number of pairs, 6 to 60")
	var boards kinds.IntRange
	fs.TextVar(&boards, "boards", kinds.IntRange{catalogue.DefaultMinBoards, catalogue.DefaultMaxBoards}, "the session's boards, MIN-MAX")
	fs.Float64Var(&body.Hours, "hours", 0, "the session's length in hours (2.5): gives the boards")
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
	// The kind checks the values; here only what a flag cannot say in
	// YAML: an explicit 0 where 0 means the default there.
	atLeastOne := map[string]string{"pick": "a rank", "late": "a round", "leave": "a round", "extra": "a round", "minutes-per-board": "a number of minutes", "max-copies": "a number of copies"}
	var err error
	fs.Visit(func(f *flag.Flag) {
		if v, _ := strconv.Atoi(f.Value.String()); atLeastOne[f.Name] != "" && v < 1 && err == nil {
			err = fmt.Errorf("--%s %d: want %s, 1 or more", f.Name, v, atLeastOne[f.Name])
		}
		if f.Name == "boards" {
			body.Boards = boards
		}
	})
	if err != nil {
		return err
	}
	body.Pairs = kinds.IntRange{*pairs, *pairs}
	r, result, err := study.Answer[[]*kinds.CatalogueAnswer](ctx, &study.Command{Cell: body})
	if err != nil {
		return err
	}
	a := result[0]
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
		return render.WriteJSON(stdout, c)
	}
	_, err = fmt.Fprintln(stdout, c.Spec)
	return err
}
