package main

import (
	"context"
	"io"

	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/study"
	"github.com/bridgereport/bridgereport/reports/usage"
)

func runMovements(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("movements", stderr)
	pairs := fs.Int("pairs", 0, "only movements for this many pairs")
	rounds := fs.Int("rounds", 0, "only movements of this many rounds")
	asJSON := fs.Bool("json", false, "write a JSON array instead of the table")
	wide := wideFlag(fs)
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	return (&study.Command{Cell: &kinds.LibraryCell{Pairs: *pairs, Rounds: *rounds}}).Print(ctx, stdout, output(ctx, stdout, *asJSON, *wide))
}

var _ = addCommand(command{
	name: "movements", for_: forAnalysts, summary: "list the movement library, with published and computed Qf", run: runMovements,
	json:   []usage.JSONSection{{Result: kinds.Library.Results[0], About: "The movement library, one object per movement; `published_qf` and `published_qo` are null when the file has none."}},
	schema: 1,
	help:   `[--pairs N] [--rounds R] [--json]`,
})
