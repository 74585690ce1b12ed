package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"path/filepath"

	"github.com/bridgereport/bridgereport/reports/batch"
	"github.com/bridgereport/bridgereport/reports/browser"
	"github.com/bridgereport/bridgereport/reports/render"
	"github.com/bridgereport/bridgereport/reports/study"
	"github.com/bridgereport/bridgereport/reports/usage"
)

func runStudies(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("run", stderr)
	outDir := fs.String("o", "out", "output folder; each study writes OUTDIR/<study>/")
	cacheDir := fs.String("cache", "", "keep computed cells and drawn figures here (default OUTDIR/.cache); a folder to commit, so that CI re-runs are fast")
	noCache := fs.Bool("no-cache", false, "recompute every cell and redraw every figure")
	allowOutside := fs.Bool("allow-outside", false, "let studies read files outside their own folder tree")
	asJSON := fs.Bool("json", false, "print a JSON summary of the run instead of a line per study")
	junit := fs.String("junit", "", "write a JUnit XML `FILE` with a test case per published figure")
	pdf := fs.Bool("pdf", false, "also print each report to OUTDIR/<study>/index.pdf through headless Chromium")
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
	opt := study.BatchOptions{RunOptions: study.RunOptions{AllowOutside: *allowOutside}, OutDir: *outDir, Quiet: *asJSON, JUnit: *junit,
		Width: terminalWidth(ctx, stdout)}
	paths, overrides, err := study.PlanRun(pos, params, &opt)
	if err != nil {
		return err
	}
	opt.StopAtFirst = opt.Site == nil && !*asJSON && *junit == "" // one study: a broken one is the error, unless a summary is wanted
	if *pdf {
		if opt.Browser, err = browser.Find(); err != nil {
			return fmt.Errorf("run --pdf: %w, or leave out --pdf", err)
		}
	}
	if !*noCache {
		opt.CacheDir = cmp.Or(*cacheDir, filepath.Join(*outDir, ".cache"))
	}
	sum, err := study.RunAll(ctx, paths, overrides, opt, stdout, stderr)
	if err == nil && *asJSON {
		err = render.WriteJSON(stdout, sum)
	}
	if err != nil {
		return err
	}
	figures := batch.Count(sum.Totals.Failed, "published figure", "published figures")
	switch t := sum.Totals; {
	case t.Broken > 0:
		fmt.Fprintln(stderr, opt.Fit(fmt.Sprintf("bridgereport: %d of %d studies could not run; %s failed to reproduce", t.Broken, t.Studies, figures)))
		return errReported
	case t.Failed > 0:
		fmt.Fprintln(stderr, opt.Fit("bridgereport: "+figures+" failed to reproduce"))
		return errFailed
	}
	return nil
}

var _ = addCommand(command{
	name: "run", for_: forEveryone, summary: "run studies and write their reports", run: runStudies,
	json:   []usage.JSONSection{{Result: batch.RunSummary{}, About: "The run: one entry per study, in the order they ran (`error` is set, and the checks and outputs empty, when a study could not run; a failure is at the line of its `published:` entry), and the totals."}},
	schema: 1,
	help: `[-o OUTDIR] [--cache DIR] [-p name=value]... [--no-cache] [--allow-outside] [--json] [--junit FILE] [--pdf] STUDY.yaml|DIR...

The exit status is 0 when every study ran and every published figure
reproduced, 1 when a published figure failed, 2 when a study could not
run (bad input). --junit writes a JUnit XML file with a test case per
published figure. --pdf also prints each report to index.pdf beside its
index.html, through headless Chromium (chromium, chromium-browser or
google-chrome on the PATH, or BRIDGEREPORT_CHROMIUM).

Several studies (or a folder of them) make a site: every page has a
sidebar of the studies, previous and next links and a search, the index
lists them, and a study may refer to another's tables (@name:tbl-id). A
site.yaml in the folder (or named alone) gives the site's title, its
studies in order and a shared bibliography. With --pdf a site is also
printed whole, with a contents page, to OUTDIR/book/index.pdf. One study
with -p name=FROM..TO[/STEP] (an int parameter) or -p name=a,b,c is a
sweep: a page a value, OUTDIR/<study>-<name>-<value>/, each cached on its
own, and an index of them.`,
})
