package study

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/reports"
)

// Values are parameter values given as name=value, as a flag.Value.
type Values map[string]string

func (v Values) String() string { return fmt.Sprint(map[string]string(v)) }

// Set takes one name=value.
func (v Values) Set(s string) error {
	name, value, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return fmt.Errorf("%q: want name=value", s)
	}
	if old, dup := v[name]; dup {
		return fmt.Errorf("%s is given twice (%s and %s): give each parameter once", name, old, value)
	}
	v[name] = value
	return nil
}

// Paths expands folders to their *.yaml studies, in name order; files stay.
func Paths(args []string) ([]string, error) {
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

// DistinctOutputs refuses two studies that would write the same output
// folder (one file name in two folders), naming both.
func DistinctOutputs(paths []string) error {
	seen := map[string]string{}
	for _, p := range paths {
		name := NameOf(p)
		if err := reports.CheckName(name); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		if other, dup := seen[name]; dup && filepath.Clean(other) != filepath.Clean(p) {
			return fmt.Errorf("%s and %s would both write OUTDIR/%s: rename one, or run them separately with different -o", other, p, name)
		}
		seen[name] = p
	}
	return nil
}

// Overrides hands each study the parameter values it declares when several
// run at once; a single study gets them all, so that a typo is its error.
// unused lists the values no study declares.
func Overrides(paths []string, values map[string]string) (each []map[string]string, unused []string) {
	used := map[string]bool{}
	for _, p := range paths {
		if len(paths) == 1 {
			each = append(each, values)
			return each, nil
		}
		out := map[string]string{}
		if s, err := LoadStudy(p, nil); err == nil { // a broken study reports itself when it runs
			for _, param := range s.Parameters {
				if v, ok := values[param.Name]; ok {
					out[param.Name], used[param.Name] = v, true
				}
			}
		}
		each = append(each, out)
	}
	for name := range values {
		if !used[name] {
			unused = append(unused, name)
		}
	}
	slices.Sort(unused)
	return each, unused
}

// Outcome is one study of a batch: its report and where it went, or why not.
type Outcome struct {
	Path    string
	Report  *reports.Report
	Written reports.Written
	Err     error
}

// RunBatch loads, runs and writes every study into outDir, each reported to
// done as it finishes; a broken study does not stop the others. It stops at
// the first failure when stopAtFirst is set, or when ctx ends.
func RunBatch(ctx context.Context, paths []string, overrides []map[string]string, opt RunOptions, renderer *reports.Renderer, outDir string, stopAtFirst bool, done func(Outcome)) error {
	for i, p := range paths {
		o := Outcome{Path: p}
		var s *Study
		if s, o.Err = LoadStudy(p, overrides[i]); o.Err == nil {
			if o.Report, o.Err = Run(ctx, s, opt); o.Err == nil {
				o.Written, o.Err = renderer.Write(outDir, o.Report)
			}
		}
		if o.Err != nil && (stopAtFirst || ctx.Err() != nil) {
			return o.Err
		}
		done(o)
	}
	return nil
}

// Summary is the line a run prints for a study: its checks, what came from
// the cache (when caching), and where the report is.
func (o Outcome) Summary(caching bool) string {
	r, w := o.Report, o.Written
	ok, errata, failed := r.Tally()
	line := fmt.Sprintf("%s: %d ok, %d errata, %d failed", o.Path, ok, errata, failed)
	if len(r.Checks) == 0 {
		line = o.Path + ": no published figures to check"
	}
	if caching {
		cells, recomputed := 0, 0
		for _, s := range r.Sections {
			if s.FromCache {
				cells++
			}
			if s.CacheRecomputed {
				recomputed++
			}
		}
		line += fmt.Sprintf(" (from the cache: %d cells, %d of %d figures", cells, w.FiguresCached, w.Figures)
		if recomputed > 0 {
			line += fmt.Sprintf("; %d invalid cache entries recomputed", recomputed)
		}
		line += ")"
	}
	return fmt.Sprintf("%s -> %s", line, filepath.Join(w.Dir, "index.html"))
}

// BatchOptions are the settings of a run of several studies, as the run
// command takes them.
type BatchOptions struct {
	RunOptions
	OutDir  string
	Browser string // headless Chromium that prints each report to index.pdf; "" for none
	// Quiet leaves out the line per study on stdout (the summary is JSON).
	Quiet bool
	// StopAtFirst stops at a study that could not run, which is then the
	// error.
	StopAtFirst bool
	JUnit       string // a JUnit XML file to write, with a test case per published figure
}

// RunAll runs the studies at paths into opt.OutDir, as the run command
// does: it locks the output folders, writes each report (and its PDF), a
// line per study on stdout and each failed figure on stderr, with several
// studies an index page, the JUnit file when asked, and unless Quiet the
// totals when there are several studies or a failed figure. Its summary
// counts what ran, failed and broke.
func RunAll(ctx context.Context, paths []string, overrides []map[string]string, opt BatchOptions, stdout, stderr io.Writer) (*reports.RunSummary, error) {
	renderer := reports.NewRenderer()
	renderer.CacheDir = opt.CacheDir
	status := reports.NewProgress(stderr, "run", opt.Quiet)
	defer status.Done()
	opt.Progress = status
	release, err := reports.LockOutputs(opt.OutDir, opt.CacheDir)
	if err != nil {
		return nil, err
	}
	defer release()
	many := len(paths) > 1
	if many {
		renderer.IndexLink = "../index.html"
	}
	var written []*reports.Report
	var broken []reports.Broken
	sum := &reports.RunSummary{}
	last := time.Now()
	err = RunBatch(ctx, paths, overrides, opt.RunOptions, renderer, opt.OutDir, opt.StopAtFirst, func(o Outcome) {
		status.Done()
		now := time.Now()
		st := sum.Add(o.Path, NameOf(o.Path), o.Report, o.Written.Dir, o.Err, now.Sub(last).Seconds())
		last = now
		if o.Err == nil && opt.Browser != "" {
			var file string
			if file, o.Err = reports.PrintPDF(ctx, opt.Browser, o.Written.Dir); o.Err == nil {
				st.Outputs = append(st.Outputs, file)
			} else {
				st.Error = o.Err.Error()
				sum.Totals.Broken++
			}
		}
		if o.Err != nil {
			fmt.Fprintf(stderr, "bridgereport: %v\n", o.Err)
			broken = append(broken, reports.Broken{Source: o.Path, Error: o.Err.Error()})
			return
		}
		rep := o.Report
		for _, w := range rep.Warnings {
			fmt.Fprintln(stderr, w)
		}
		if !opt.Quiet {
			fmt.Fprintln(stdout, o.Summary(opt.CacheDir != ""))
		}
		for _, c := range rep.Checks {
			if c.Status == reports.StatusFail {
				fmt.Fprintln(stderr, strings.TrimSpace(fmt.Sprintf("%s:%d: FAIL %s: published %s, computed %s %s", o.Path, c.Line, c.Name, c.Published, c.Computed, c.Reason)))
			}
		}
		written = append(written, rep)
	})
	if err != nil {
		return nil, err
	}
	if many {
		if err := renderer.WriteIndex(opt.OutDir, engine.Version, written, broken); err != nil {
			return nil, err
		}
		if !opt.Quiet {
			fmt.Fprintf(stdout, "index: %s\n", filepath.Join(opt.OutDir, "index.html"))
		}
	}
	if opt.JUnit != "" {
		if err := sum.WriteJUnit(opt.JUnit); err != nil {
			return nil, err
		}
	}
	if !opt.Quiet && (many || sum.Totals.Failed > 0) {
		fmt.Fprintln(stdout, sum.Totals.Line())
	}
	return sum, nil
}
