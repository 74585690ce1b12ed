package main

import (
	"context"
	"io"

	"github.com/bridgereport/bridgereport/reports/diff"
)

func runDiff(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("diff", stderr)
	asJSON := fs.Bool("json", false, "write one JSON object instead of a line per change")
	pos, err := parseFlags(fs, args, 2)
	if err != nil {
		return err
	}
	studies, changes, err := diff.DiffPaths(pos[0], pos[1])
	if err != nil {
		return err
	}
	if err := diff.PrintDiff(stdout, studies, changes, *asJSON); err != nil {
		return err
	}
	if len(changes) > 0 {
		return errFailed
	}
	return nil
}
