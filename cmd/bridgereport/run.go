package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/study"
)

// paramFlags collects repeated -p name=value.
type paramFlags map[string]string

func (p paramFlags) String() string { return fmt.Sprint(map[string]string(p)) }

func (p paramFlags) Set(s string) error {
	name, value, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return fmt.Errorf("%q: want name=value", s)
	}
	p[name] = value
	return nil
}

func runStudies(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("run", "[-o OUTDIR] [--cache DIR] [-p name=value]... [--no-cache] STUDY.yaml|DIR...", stderr)
	outDir := fs.String("o", "out", "output folder; each study writes OUTDIR/<study>/")
	cacheDir := fs.String("cache", "", "keep computed cells and drawn figures here (default OUTDIR/.cache); a folder to commit, so that CI re-runs are fast")
	noCache := fs.Bool("no-cache", false, "recompute every cell and redraw every figure")
	params := paramFlags{}
	fs.Var(params, "p", "set a declared study parameter (repeatable)")
	pos, err := parseFlags(fs, args, -1)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		fs.Usage()
		return &usageError{"run: name at least one study file or folder"}
	}
	paths, err := studyPaths(pos)
	if err != nil {
		return err
	}
	if err := distinctOutputs(paths); err != nil {
		return err
	}
	// With one study, a broken one is the error; with several, every study
	// runs, the broken ones are listed, and the exit status says so.
	many := len(paths) > 1
	used := map[string]bool{}
	overrides := make([]map[string]string, len(paths))
	for i, p := range paths {
		overrides[i] = declaredOnly(p, params, many, used)
	}
	for name := range params {
		if !used[name] {
			return &usageError{fmt.Sprintf("run: -p %s: no study declares this parameter", name)}
		}
	}

	renderer := reports.NewRenderer()
	opt := study.RunOptions{Progress: stderr}
	if !*noCache {
		opt.CacheDir = cmp.Or(*cacheDir, filepath.Join(*outDir, ".cache"))
		renderer.CacheDir = opt.CacheDir
	}
	var written []*reports.Report
	var broken []reports.Broken
	failedChecks := 0
	for i, p := range paths {
		rep, w, err := runOne(ctx, p, overrides[i], opt, renderer, *outDir)
		if err != nil {
			if !many || ctx.Err() != nil {
				return err
			}
			fmt.Fprintf(stderr, "bridgereport: %v\n", err)
			broken = append(broken, reports.Broken{Source: p, Error: err.Error()})
			continue
		}
		ok, errata, failed := rep.Tally()
		failedChecks += failed
		line := fmt.Sprintf("%s: %d ok, %d errata, %d failed", p, ok, errata, failed)
		if len(rep.Checks) == 0 {
			line = p + ": no published figures to check"
		}
		if opt.CacheDir != "" {
			line += fmt.Sprintf(" (from the cache: %d cells, %d of %d figures)", fromCache(rep), w.FiguresCached, w.Figures)
		}
		fmt.Fprintf(stdout, "%s -> %s\n", line, filepath.Join(w.Dir, "index.html"))
		for _, c := range rep.Checks {
			if c.Status == reports.StatusFail {
				fmt.Fprintf(stderr, "  FAIL %s: published %s, computed %s %s\n", c.Name, c.Published, c.Computed, c.Reason)
			}
		}
		written = append(written, rep)
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

// runOne loads, runs and writes one study.
func runOne(ctx context.Context, path string, overrides map[string]string, opt study.RunOptions, renderer *reports.Renderer, outDir string) (*reports.Report, reports.Written, error) {
	s, err := study.LoadStudy(path, overrides)
	if err != nil {
		return nil, reports.Written{}, err
	}
	rep, err := study.Run(ctx, s, opt)
	if err != nil {
		return nil, reports.Written{}, err
	}
	w, err := renderer.Write(outDir, rep)
	return rep, w, err
}

// fromCache counts the cells of a report whose results came from the cache.
func fromCache(r *reports.Report) int {
	n := 0
	for _, s := range r.Sections {
		if s.FromCache {
			n++
		}
	}
	return n
}

// distinctOutputs refuses two studies that would write the same output
// folder (same file name in different folders).
func distinctOutputs(paths []string) error {
	seen := map[string]string{}
	for _, p := range paths {
		name := study.NameOf(p)
		if other, dup := seen[name]; dup && filepath.Clean(other) != filepath.Clean(p) {
			return &usageError{fmt.Sprintf("run: %s and %s would both write OUTDIR/%s: rename one, or run them separately with different -o", other, p, name)}
		}
		seen[name] = p
	}
	return nil
}

// declaredOnly hands a study the overrides it declares when several studies
// run at once; a single study gets them all, so a typo is an error.
func declaredOnly(path string, params paramFlags, many bool, used map[string]bool) map[string]string {
	if !many {
		for name := range params {
			used[name] = true
		}
		return params
	}
	s, err := study.LoadStudy(path, nil)
	if err != nil {
		return nil // the real load reports it
	}
	out := map[string]string{}
	for _, p := range s.Parameters {
		if v, ok := params[p.Name]; ok {
			out[p.Name] = v
			used[p.Name] = true
		}
	}
	return out
}

// studyPaths expands folders to their *.yaml files, in name order.
func studyPaths(args []string) ([]string, error) {
	var paths []string
	for _, a := range args {
		info, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			paths = append(paths, a)
			continue
		}
		matches, err := filepath.Glob(filepath.Join(a, "*.yaml"))
		if err != nil {
			return nil, err
		}
		if len(matches) == 0 {
			return nil, fmt.Errorf("%s: no *.yaml studies in this folder", a)
		}
		slices.Sort(matches)
		paths = append(paths, matches...)
	}
	return paths, nil
}
