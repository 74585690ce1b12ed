package study

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cite"
	"github.com/bridgereport/bridgereport/reports/site"
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
//
// With opt.SiteTitle the studies are a site: every study runs first, then
// the references between them resolve, then each page is written with the
// site's navigation (the index and search index are the caller's:
// site.WriteIndex).
func RunBatch(ctx context.Context, paths []string, overrides []map[string]string, opt RunOptions, renderer *reports.Renderer, outDir string, stopAtFirst bool, done func(Outcome)) error {
	if opt.SiteTitle != "" {
		jobs := make([]job, len(paths))
		for i, p := range paths {
			jobs[i] = job{path: p, overrides: overrides[i]}
		}
		return runSite(ctx, jobs, opt, renderer, outDir, stopAtFirst, done)
	}
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

// job is one page of a site: a study with its parameter values, and, in
// a sweep, the page's own name and title.
type job struct {
	path      string
	label     string // names the page in messages; the path when empty
	overrides map[string]string
	rename    func(*Study)
}

// runSite runs the studies of a site: all of them, then the references
// between them, then the pages.
func runSite(ctx context.Context, jobs []job, opt RunOptions, renderer *reports.Renderer, outDir string, stopAtFirst bool, done func(Outcome)) error {
	outcomes := make([]Outcome, len(jobs))
	var studies []*Study
	var reps []*reports.Report
	var bibs []*cite.Bibliography
	var at []int // the outcome of each report
	siteOpt := opt
	siteOpt.InSite = true
	for i, j := range jobs {
		o := Outcome{Path: cmp.Or(j.label, j.path)}
		var s *Study
		var bib *cite.Bibliography
		if s, o.Err = LoadStudy(j.path, j.overrides); o.Err == nil {
			if j.rename != nil {
				j.rename(s)
			}
			if o.Report, o.Err = Run(ctx, s, siteOpt); o.Err == nil {
				bib, _, o.Err = s.LoadBibliography(opt.AllowOutside)
			}
		}
		if o.Err != nil && (stopAtFirst || ctx.Err() != nil) {
			return o.Err
		}
		outcomes[i] = o
		if o.Err == nil {
			if bib == nil {
				bib = opt.SiteBibliography
			}
			studies, reps, bibs, at = append(studies, s), append(reps, o.Report), append(bibs, bib), append(at, i)
		}
	}
	var pages []*reports.Report
	for j, err := range Finish(studies, reps, bibs) {
		if o := &outcomes[at[j]]; err != nil {
			o.Err = err
			if stopAtFirst {
				return err
			}
		} else {
			pages = append(pages, o.Report)
		}
	}
	site.Navigate(opt.SiteTitle, pages)
	for i := range outcomes {
		o := &outcomes[i]
		if o.Err == nil {
			o.Written, o.Err = renderer.Write(outDir, o.Report)
		}
		if o.Err != nil && (stopAtFirst || ctx.Err() != nil) {
			return o.Err
		}
		done(*o)
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
