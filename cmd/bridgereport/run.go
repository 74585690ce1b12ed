package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/site"
	"github.com/bridgereport/bridgereport/reports/study"
)

const runUsage = `[-o OUTDIR] [--cache DIR] [-p name=value]... [--no-cache] [--allow-outside] [--json] [--junit FILE] [--pdf] STUDY.yaml|DIR...

The exit status is 0 when every study ran and every published figure
reproduced, 1 when a published figure failed, 2 when a study could not
run (bad input). --json prints {"studies": [{file, name, title, ok,
errata, failed, failures: [{name, published, computed, reason, file,
line}], outputs, seconds, error, warnings}], "totals": {studies, broken, ok, errata,
failed, seconds}}; --junit writes a JUnit XML file with a test case per
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
own, and an index of them.`

func runStudies(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("run", runUsage, stderr)
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
	st, err := study.SitePaths(pos, *allowOutside)
	if err != nil {
		return err
	}
	paths := st.Paths
	if err := study.DistinctOutputs(paths); err != nil {
		return &usageError{msg: "run: " + err.Error()}
	}
	// One study with -p name=6..40 (or a list) is a sweep: a page a value.
	var sweep *site.Sweep
	if len(paths) == 1 && st.File == "" {
		if sweep, params, err = study.FindSweep(paths[0], params); err != nil {
			return err
		}
		if sweep != nil {
			s, err := study.LoadStudy(paths[0], nil)
			if err != nil {
				return err
			}
			st.Title = sweep.Title(s.Title)
		}
	}
	overrides, unused := study.Overrides(paths, params)
	if len(unused) > 0 {
		return &usageError{msg: fmt.Sprintf("run: -p %s: no study declares this parameter", unused[0])}
	}
	browser := ""
	if *pdf {
		if browser, err = reports.FindBrowser(); err != nil {
			return err
		}
	}
	renderer := reports.NewRenderer()
	status := newProgress(stderr, "run", *asJSON)
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
	// With one study, a broken one is the error, unless a summary is
	// wanted; with several, every study runs, the broken ones are listed,
	// and the exit status says so.
	many := len(paths) > 1 || st.File != "" || sweep != nil
	if many {
		opt.SiteTitle, opt.SiteBibliography = st.Title, st.Bibliography
	}
	summarize := *asJSON || *junit != ""
	var written []*reports.Report
	var broken []reports.Broken
	var sum runSummary
	last := time.Now()
	each := func(o study.Outcome) {
		status.done()
		now := time.Now()
		sum.add(o, now.Sub(last).Seconds())
		last = now
		if o.Err != nil {
			fmt.Fprintf(stderr, "bridgereport: %v\n", o.Err)
			broken = append(broken, reports.Broken{Source: o.Path, Error: o.Err.Error()})
			return
		}
		rep := o.Report
		if browser != "" {
			file, err := reports.PrintPDF(ctx, browser, o.Written.Dir)
			if err != nil {
				o.Err = err
				sum.Studies[len(sum.Studies)-1].Error = err.Error()
				sum.Totals.Broken++
				fmt.Fprintf(stderr, "bridgereport: %v\n", err)
				broken = append(broken, reports.Broken{Source: o.Path, Error: err.Error()})
				return
			}
			st := &sum.Studies[len(sum.Studies)-1]
			st.Outputs = append(st.Outputs, file)
		}
		for _, w := range rep.Warnings {
			fmt.Fprintln(stderr, w)
		}
		if !*asJSON {
			fmt.Fprintln(stdout, o.Summary(opt.CacheDir != ""))
		}
		for _, c := range rep.Checks {
			if c.Status == reports.StatusFail {
				fmt.Fprintln(stderr, strings.TrimSpace(fmt.Sprintf("%s:%d: FAIL %s: published %s, computed %s %s", o.Path, c.Line, c.Name, c.Published, c.Computed, c.Reason)))
			}
		}
		written = append(written, rep)
	}
	if sweep != nil {
		err = study.RunSweep(ctx, paths[0], *sweep, params, opt, renderer, *outDir, each)
	} else {
		err = study.RunBatch(ctx, paths, overrides, opt, renderer, *outDir, !many && !summarize, each)
	}
	for _, w := range renderer.CacheSkipped() {
		fmt.Fprintln(stderr, "bridgereport: warning:", w)
	}
	if err != nil {
		return err
	}
	if many {
		if err := site.WriteIndex(renderer, *outDir, engine.Version, st.Title, written, broken); err != nil {
			return err
		}
		if !*asJSON {
			fmt.Fprintf(stdout, "index: %s\n", filepath.Join(*outDir, "index.html"))
		}
		if browser != "" && len(written) > 0 {
			file, err := printBook(ctx, browser, renderer, *outDir, st.Title, written)
			if err != nil {
				return err
			}
			if !*asJSON {
				fmt.Fprintf(stdout, "book: %s\n", file)
			}
		}
	}
	if *junit != "" {
		if err := writeJUnit(*junit, &sum); err != nil {
			return err
		}
	}
	if *asJSON {
		if err := writeJSON(stdout, sum); err != nil {
			return err
		}
	} else if many || sum.Totals.Failed > 0 {
		fmt.Fprintln(stdout, sum.Totals.line())
	}
	switch t := sum.Totals; {
	case t.Broken > 0:
		fmt.Fprintf(stderr, "bridgereport: %d of %d studies could not run; %s failed to reproduce\n", t.Broken, t.Studies, count(t.Failed, "published figure", "published figures"))
		return errReported
	case t.Failed > 0:
		fmt.Fprintf(stderr, "bridgereport: %s failed to reproduce\n", count(t.Failed, "published figure", "published figures"))
		return errFailed
	}
	return nil
}

// printBook prints the studies of a site as one PDF with a contents page:
// OUTDIR/book/index.pdf.
func printBook(ctx context.Context, browser string, renderer *reports.Renderer, outDir, title string, reps []*reports.Report) (string, error) {
	b, err := site.Book(title, reps)
	if err != nil {
		return "", err
	}
	for _, r := range reps {
		if r.Name == b.Name {
			return "", fmt.Errorf("run: the study %s and the site's book would both write %s: rename the study", r.Provenance.SourceName, filepath.Join(outDir, b.Name))
		}
	}
	w, err := renderer.Write(outDir, b)
	if err != nil {
		return "", err
	}
	return reports.PrintPDF(ctx, browser, w.Dir)
}
