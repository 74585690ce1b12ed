package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/templates"
)

func runVersion(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", "", stderr)
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "bridgereport %s\n", engine.Version)
	fmt.Fprintf(stdout, "engine %s (in every cache key)\n", engine.Version)
	fmt.Fprintf(stdout, "echarts %s (embedded)\n", templates.EchartsVersion)
	build := runtime.Version()
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" {
				build += ", commit " + s.Value
			}
		}
	}
	fmt.Fprintf(stdout, "built with %s\n", build)
	return nil
}
