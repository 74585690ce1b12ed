package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"strconv"

	"github.com/bridgereport/bridgereport/reports/preview"
)

func runPreview(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("preview", stderr)
	port := fs.Int("port", 8750, "port to listen on (0 picks a free one)")
	host := fs.String("host", "127.0.0.1", "address to listen on; the default serves this machine only")
	cacheDir := fs.String("cache", "", "keep computed cells here between builds (default a temporary folder)")
	allowOutside := fs.Bool("allow-outside", false, "let studies read files outside their own folder tree")
	timeout := fs.Duration("timeout", 0, "stop a build that runs longer than this (default 2m)")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	if *port < 0 || *port > 65535 {
		return &usageError{msg: fmt.Sprintf("preview: --port %d: want 1 to 65535 (0: a free one)", *port)}
	}
	if *timeout < 0 {
		return &usageError{msg: fmt.Sprintf("preview: --timeout %v: want a positive duration such as 30s (0: the default, 2m)", *timeout)}
	}
	return preview.ListenAndServe(ctx, pos[0], net.JoinHostPort(*host, strconv.Itoa(*port)), preview.Options{CacheDir: *cacheDir, Log: stderr, AllowOutside: *allowOutside, BuildTimeout: *timeout}, stdout)
}

var _ = addCommand(command{
	name: "preview", for_: forAuthors, summary: "serve a study or folder as live reports that follow your edits", run: runPreview,
	help: `[--port N] [--host ADDR] [--cache DIR] [--timeout D] [--allow-outside] STUDY.yaml|DIR`,
})
