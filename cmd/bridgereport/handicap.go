package main

import (
	"context"
	"io"
	"strings"

	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/league"
	"github.com/bridgereport/bridgereport/reports/study"
	"github.com/bridgereport/bridgereport/reports/usage"
)

func runHandicap(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("handicap", stderr, "FILE.yaml (keys other than divisions are optional):\n\n"+strings.TrimRight(league.LeagueUsage, "\n"))
	asJSON := fs.Bool("json", false, "write one JSON object instead of the text report")
	wide := wideFlag(fs)
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	body := &kinds.HandicapCell{File: pos[0]}
	return (&study.Command{Cell: body}).Print(ctx, stdout, output(ctx, stdout, *asJSON, *wide))
}

var _ = addCommand(command{
	name: "handicap", for_: forDirectors, summary: "Form-L and old handicaps of a league, and their fairness", run: runHandicap,
	json:   []usage.JSONSection{{Result: kinds.Handicap.Results[0], About: "A league's handicaps by Form-L and the old system, and the binomial fairness of outcomes; `new_teams` and `matches` are null when the league has none; `settings` are the values in force."}},
	schema: 1,
	help: `[--json] FILE.yaml

Handicaps of a league by the Form-L system and the old one (6 IMPs a place),
from last season's divisional average VPs, with binomial checks of fairness.`,
})
