package main

import (
	"context"
	"io"

	"github.com/bridgereport/bridgereport/reports/study"
)

const handicapUsage = `[--json] FILE.yaml

Handicaps of a league by the Form-L system and the old one (6 IMPs a place),
from last season's divisional average VPs, with binomial checks of fairness.
--json prints one object: file, divisions, teams, new_teams, outcomes,
matches and settings (the values in force).

FILE.yaml (keys other than divisions are optional):

` + study.LeagueUsage + `
flags:`

func runHandicap(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("handicap", handicapUsage, stderr)
	asJSON := fs.Bool("json", false, "write one JSON object instead of the text report")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	cmd := &study.Command{Kind: "handicap", Cell: &study.HandicapCell{File: pos[0]}}
	r, result, err := cmd.Run(ctx)
	if err != nil {
		return err
	}
	return emit(stdout, r, result, *asJSON)
}
