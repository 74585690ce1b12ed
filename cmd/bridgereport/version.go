package main

import (
	"context"
	"io"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/reports/render"
	"github.com/bridgereport/bridgereport/reports/usage"
)

// runVersion prints the versions; also bridgereport --version.
func runVersion(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", stderr)
	asJSON := fs.Bool("json", false, "print the versions as JSON")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	if *asJSON {
		return render.WriteJSON(stdout, render.CurrentVersions(engine.Version))
	}
	return render.WriteVersions(stdout, engine.Version)
}

var _ = addCommand(command{
	name: "version", for_: forEveryone, summary: "print the versions of bridgereport, its engine and echarts", run: runVersion,
	json:   []usage.JSONSection{{Result: render.Versions{}, About: "The versions of this binary; `commit` only when the binary knows it."}},
	schema: 1,
	help:   `[--json]`,
})
