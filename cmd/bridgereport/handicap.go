package main

import (
	"context"
	"io"

	"github.com/bridgereport/bridgereport/reports/study"
)

func runHandicap(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("handicap", study.HandicapUsage, stderr)
	asJSON := fs.Bool("json", false, "write one JSON object instead of the text report")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	cmd := &study.Command{Kind: "handicap", Cell: &study.HandicapCell{File: pos[0]}}
	return runCell(ctx, cmd, stdout, *asJSON)
}
