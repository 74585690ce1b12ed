package main

import (
	"bytes"
	"context"

	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/templates"
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
	fs := newFlagSet("run", "[-o OUTDIR] [-p name=value]... [--no-cache] STUDY.yaml|DIR...", stderr)
	outDir := fs.String("o", "out", "output folder; each study writes OUTDIR/<study>/")
	noCache := fs.Bool("no-cache", false, "recompute expensive cells instead of reusing OUTDIR/.cache")
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
	// Load every study first: a broken study is refused before anything runs.
	var studies []*reports.Study
	used := map[string]bool{}
	for _, p := range paths {
		s, err := reports.LoadStudy(p, declaredOnly(p, params, len(paths) > 1, used))
		if err != nil {
			return err
		}
		studies = append(studies, s)
	}
	for name := range params {
		if !used[name] {
			return &usageError{fmt.Sprintf("run: -p %s: no study declares this parameter", name)}
		}
	}

	var entries []indexEntry
	failedChecks := 0
	for _, s := range studies {
		opt := reports.RunOptions{Progress: stderr, CacheDir: filepath.Join(*outDir, ".cache")}
		if *noCache {
			opt.CacheDir = ""
		}
		res, err := reports.RunStudy(ctx, s, opt)
		if err != nil {
			return err
		}
		dir, err := reports.WriteStudyOutputs(*outDir, res, templates.Echarts)
		if err != nil {
			return err
		}
		ok, errata, failed := res.Tally()
		failedChecks += failed
		fmt.Fprintf(stdout, "%s: %d ok, %d errata, %d failed -> %s\n", s.Path, ok, errata, failed, filepath.Join(dir, "index.html"))
		for _, c := range res.Checks {
			if c.Status == reports.StatusFail {
				fmt.Fprintf(stderr, "  FAIL %s: published %s, computed %s %s\n", c.Name, c.Published, c.Computed, c.Reason)
			}
		}
		entries = append(entries, indexEntry{Title: s.Title, Summary: s.Summary, Link: s.Name + "/index.html",
			Headline: headline(res), OK: ok, Errata: errata, Failed: failed})
	}
	if len(studies) > 1 {
		if err := writeIndex(*outDir, entries); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "index: %s\n", filepath.Join(*outDir, "index.html"))
	}
	if failedChecks > 0 {
		fmt.Fprintf(stderr, "bridgereport: %d published figure(s) failed to reproduce\n", failedChecks)
		return errReported
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
	s, err := reports.LoadStudy(path, nil)
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

type indexEntry struct {
	Title, Summary, Link, Headline string
	OK, Errata, Failed             int
}

// headline lists a study's headline checks, as figures a reader can scan.
func headline(r *reports.Result) string {
	var parts []string
	for _, c := range r.HeadlineChecks() {
		parts = append(parts, fmt.Sprintf("%s = %s (%s)", c.Name, c.Computed, c.Status))
	}
	return strings.Join(parts, "; ")
}

func writeIndex(outDir string, entries []indexEntry) error {
	var buf bytes.Buffer
	if err := templates.Index.Execute(&buf, map[string]any{"Version": reports.Version, "Studies": entries}); err != nil {
		return err
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	return reports.WriteFileAtomic(filepath.Join(outDir, "index.html"), buf.Bytes())
}
