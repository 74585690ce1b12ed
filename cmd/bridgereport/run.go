package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"path/filepath"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/study"
)

func runStudies(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("run", "[-o OUTDIR] [--cache DIR] [-p name=value]... [--no-cache] STUDY.yaml|DIR...", stderr)
	outDir := fs.String("o", "out", "output folder; each study writes OUTDIR/<study>/")
	cacheDir := fs.String("cache", "", "keep computed cells and drawn figures here (default OUTDIR/.cache); a folder to commit, so that CI re-runs are fast")
	noCache := fs.Bool("no-cache", false, "recompute every cell and redraw every figure")
	allowOutside := fs.Bool("allow-outside", false, "let studies read files outside their own folder tree")
	params := study.Values{}
	fs.Var(params, "p", "set a declared study parameter (repeatable)")
	pos, err := parseFlags(fs, args, -1)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		fs.Usage()
		return &usageError{msg: "run: name at least one study file or folder"}
	}
	paths, err := study.Paths(pos)
	if err != nil {
		return err
	}
	if err := study.DistinctOutputs(paths); err != nil {
		return &usageError{msg: "run: " + err.Error()}
	}
	overrides, unused := study.Overrides(paths, params)
	if len(unused) > 0 {
		return &usageError{msg: fmt.Sprintf("run: -p %s: no study declares this parameter", unused[0])}
	}
	renderer := reports.NewRenderer()
	status := newProgress(stderr, "run", false)
	defer status.done()
	opt := study.RunOptions{Progress: status, AllowOutside: *allowOutside}
	if !*noCache {
		opt.CacheDir = cmp.Or(*cacheDir, filepath.Join(*outDir, ".cache"))
		renderer.CacheDir = opt.CacheDir
	}
	release, err := lockOutputs(*outDir, opt.CacheDir)
	if err != nil {
		return err
	}
	defer release()
	// With one study, a broken one is the error; with several, every study
	// runs, the broken ones are listed, and the exit status says so.
	many := len(paths) > 1
	var written []*reports.Report
	var broken []reports.Broken
	failedChecks := 0
	err = study.RunBatch(ctx, paths, overrides, opt, renderer, *outDir, !many, func(o study.Outcome) {
		status.done()
		if o.Err != nil {
			fmt.Fprintf(stderr, "bridgereport: %v\n", o.Err)
			broken = append(broken, reports.Broken{Source: o.Path, Error: o.Err.Error()})
			return
		}
		rep := o.Report
		_, _, failed := rep.Tally()
		failedChecks += failed
		fmt.Fprintln(stdout, o.Summary(opt.CacheDir != ""))
		for _, c := range rep.Checks {
			if c.Status == reports.StatusFail {
				fmt.Fprintf(stderr, "  FAIL %s: published %s, computed %s %s\n", c.Name, c.Published, c.Computed, c.Reason)
			}
		}
		written = append(written, rep)
	})
	if err != nil {
		return err
	}
	if many {
		if err := renderer.WriteIndex(*outDir, engine.Version, written, broken); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "index: %s\n", filepath.Join(*outDir, "index.html"))
	}
	switch {
	case len(broken) > 0:
		fmt.Fprintf(stderr, "bridgereport: %d of %d studies could not run\n", len(broken), len(paths))
		return errReported
	case failedChecks > 0:
		fmt.Fprintf(stderr, "bridgereport: %d published figure(s) failed to reproduce\n", failedChecks)
		return errReported
	}
	return nil
}
