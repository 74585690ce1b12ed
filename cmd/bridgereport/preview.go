package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/bridgereport/bridgereport/reports/preview"
)

func runPreview(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("preview", "[--port N] [--host ADDR] [--cache DIR] STUDY.yaml|DIR", stderr)
	port := fs.Int("port", 8750, "port to listen on (0 picks a free one)")
	host := fs.String("host", "127.0.0.1", "address to listen on; the default serves this machine only")
	cacheDir := fs.String("cache", "", "keep computed cells here between builds (default a temporary folder)")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	srv, err := preview.New(pos[0], preview.Options{CacheDir: *cacheDir, Log: stderr})
	if err != nil {
		return err
	}
	defer srv.Close()
	if err := srv.Build(ctx); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(*host, strconv.Itoa(*port)))
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "preview of %s: http://%s/ (saving a study reloads the page; Ctrl-C stops)\n", pos[0], ln.Addr())
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	watched := make(chan error, 1)
	go func() { watched <- srv.Watch(ctx) }()
	select {
	case <-ctx.Done():
	case err = <-served:
	case err = <-watched:
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	hs.Shutdown(shutdown)
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}
