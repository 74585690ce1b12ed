package main

import (
	"context"
	"io"
	"strings"

	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/league"
	"github.com/bridgereport/bridgereport/reports/study"
)

func runHandicap(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("handicap", stderr, "FILE.yaml (keys other than divisions are optional):\n\n"+strings.TrimRight(league.LeagueUsage, "\n"))
	asJSON := fs.Bool("json", false, "write one JSON object instead of the text report")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	body := &kinds.HandicapCell{File: pos[0]}
	return (&study.Command{Cell: body}).Print(ctx, stdout, *asJSON)
}
