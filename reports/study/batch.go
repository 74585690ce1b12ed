package study

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/batch"
	"github.com/bridgereport/bridgereport/reports/book"
	"github.com/bridgereport/bridgereport/reports/disk"
	"github.com/bridgereport/bridgereport/reports/render"
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
		info, err := disk.Stat(a)
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
		if err := disk.CheckName(name); err != nil {
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
	Written render.Written
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
func RunBatch(ctx context.Context, paths []string, overrides []map[string]string, opt RunOptions, renderer *render.Renderer, outDir string, stopAtFirst bool, done func(Outcome)) error {
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
		// Writing takes no ctx: a signal during it is the run's end.
		o.Err = cmp.Or(o.Err, ctx.Err())
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
func runSite(ctx context.Context, jobs []job, opt RunOptions, renderer *render.Renderer, outDir string, stopAtFirst bool, done func(Outcome)) error {
	outcomes := make([]Outcome, len(jobs))
	var studies []*Study
	var reps []*reports.Report
	var bibs []*book.Bibliography
	var at []int // the outcome of each report
	siteOpt := opt
	siteOpt.InSite = true
	for i, j := range jobs {
		o := Outcome{Path: cmp.Or(j.label, j.path)}
		var s *Study
		var bib *book.Bibliography
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
		if err := ctx.Err(); err != nil {
			return err // no page written after the signal
		}
		if o.Err == nil {
			o.Written, o.Err = renderer.Write(outDir, o.Report)
		}
		o.Err = cmp.Or(o.Err, ctx.Err())
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
	line := o.Path + ": " + reports.TallyText(ok, errata, failed)
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

// PlanRun reads the arguments of a run into opt: the studies (a
// site.yaml's, a folder's, or the files named), each one's parameter
// values, and whether they are a site (several studies, a site.yaml) or a
// sweep. It returns the studies and their values.
func PlanRun(args []string, values Values, opt *BatchOptions) ([]string, []map[string]string, error) {
	st, err := SitePaths(args, opt.AllowOutside)
	if err != nil {
		return nil, nil, err
	}
	if err := DistinctOutputs(st.Paths); err != nil {
		return nil, nil, fmt.Errorf("run: %w", err)
	}
	if opt.Sweep, opt.SweepValues, err = PlanSweep(&st, values); err != nil {
		return nil, nil, err
	}
	overrides, unused := Overrides(st.Paths, opt.SweepValues)
	if len(unused) > 0 {
		return nil, nil, fmt.Errorf("run: -p %s: no study declares this parameter", unused[0])
	}
	if len(st.Paths) > 1 || st.File != "" || opt.Sweep != nil {
		opt.Site = &st
	}
	return st.Paths, overrides, nil
}

// PlanSweep says whether a run of one study (no site.yaml) is a sweep,
// -p name=FROM..TO[/STEP] or name=a,b,c: a page a value, under the
// sweep's title. It returns the other values.
func PlanSweep(st *Site, values Values) (*site.Sweep, Values, error) {
	if len(st.Paths) != 1 || st.File != "" {
		return nil, values, nil
	}
	sweep, values, err := FindSweep(st.Paths[0], values)
	if err != nil || sweep == nil {
		return sweep, values, err
	}
	s, err := LoadStudy(st.Paths[0], nil)
	if err != nil {
		return nil, nil, err
	}
	st.Title = sweep.Title(s.Title)
	return sweep, values, nil
}

// BatchOptions are the settings of a run of several studies, as the run
// command takes them.
type BatchOptions struct {
	RunOptions
	OutDir  string
	Browser string // headless Chromium (browser.Find) that prints each report to index.pdf; "" for none
	// Quiet leaves out the line per study on stdout (the summary is JSON).
	Quiet bool
	// StopAtFirst stops at a study that could not run, which is then the
	// error.
	StopAtFirst bool
	JUnit       string // a JUnit XML file to write, with a test case per published figure
	// Width is the terminal's width, which the line per study is filled
	// to, the rest of it indented under it; 0: a line each, however long.
	Width int
	// Site makes the studies a site (several studies, or a site.yaml):
	// its title and bibliography, an index page, and with Browser a book.
	Site *Site
	// Sweep, with SweepValues, runs the one study once a value.
	Sweep       *site.Sweep
	SweepValues Values
}

// RunAll runs the studies at paths into opt.OutDir, as the run command
// does: it locks the output folders, writes each report (and its PDF), a
// line per study on stdout and each failed figure on stderr, with several
// studies an index page, the JUnit file when asked, and unless Quiet the
// totals when there are several studies or a failed figure. Its summary
// counts what ran, failed and broke.
func RunAll(ctx context.Context, paths []string, overrides []map[string]string, opt BatchOptions, stdout, stderr io.Writer) (*batch.RunSummary, error) {
	renderer := render.NewRenderer()
	renderer.CacheDir = opt.CacheDir
	status := batch.NewProgress(stderr, "run", opt.Quiet)
	status.Width = opt.Width
	defer status.Done()
	opt.Progress = status
	release, err := disk.LockOutputs(opt.OutDir, opt.CacheDir)
	if err != nil {
		return nil, err
	}
	defer release()
	many := opt.Site != nil || opt.Sweep != nil
	if many {
		opt.SiteTitle, opt.SiteBibliography = opt.Site.Title, opt.Site.Bibliography
	}
	// One browser prints every report of the run, and the book.
	printer := batch.NewPrinter(opt.Browser)
	defer printer.Close()
	var written []*reports.Report
	var broken []render.Broken
	sum := &batch.RunSummary{}
	last := time.Now()
	each := func(o Outcome) {
		status.Done()
		now := time.Now()
		st := sum.Add(o.Path, NameOf(o.Path), o.Report, o.Written.Dir, o.Err, now.Sub(last).Seconds())
		last = now
		if o.Err == nil && opt.Browser != "" {
			var file string
			if file, o.Err = printer.PrintPDF(ctx, o.Written.Dir); o.Err == nil {
				st.Outputs = append(st.Outputs, file)
			} else {
				st.Error = o.Err.Error()
				sum.Totals.Broken++
			}
		}
		if o.Err != nil {
			fmt.Fprintf(stderr, "bridgereport: %v\n", o.Err)
			broken = append(broken, render.Broken{Source: o.Path, Error: o.Err.Error()})
			return
		}
		rep := o.Report
		for _, w := range rep.Warnings {
			fmt.Fprintln(stderr, w)
		}
		if !opt.Quiet {
			fmt.Fprintln(stdout, opt.Fit(o.Summary(opt.CacheDir != "")))
		}
		for _, c := range rep.Checks {
			if c.Status == reports.StatusFail {
				fmt.Fprintln(stderr, strings.TrimSpace(fmt.Sprintf("%s:%d: FAIL %s: published %s, computed %s %s", o.Path, c.Line, c.Name, c.Published, c.Computed, c.Reason)))
			}
		}
		written = append(written, rep)
	}
	if opt.Sweep != nil {
		err = RunSweep(ctx, paths[0], *opt.Sweep, opt.SweepValues, opt.RunOptions, renderer, opt.OutDir, each)
	} else {
		err = RunBatch(ctx, paths, overrides, opt.RunOptions, renderer, opt.OutDir, opt.StopAtFirst, each)
	}
	// Links in the figure cache are skipped, never followed: say so.
	for _, w := range renderer.CacheSkipped() {
		fmt.Fprintln(stderr, "bridgereport: warning:", w)
	}
	if err == nil {
		err = ctx.Err() // a signal after the last study's page
	}
	if err != nil {
		return nil, err
	}
	// A site none of whose studies ran has no page to index: the errors
	// on stderr are the whole answer, and nothing is written.
	if many && len(written) > 0 {
		if err := site.WriteIndex(renderer, opt.OutDir, engine.Version, opt.Site.Title, written, broken); err != nil {
			return nil, err
		}
		if !opt.Quiet {
			// A path stays whole, to be copied, even with spaces in it.
			fmt.Fprintf(stdout, "index: %s\n", filepath.Join(opt.OutDir, "index.html"))
		}
		if opt.Browser != "" && len(written) > 0 {
			file, err := printBook(ctx, printer, renderer, opt.OutDir, opt.Site.Title, written)
			if err != nil {
				return nil, err
			}
			if !opt.Quiet {
				fmt.Fprintf(stdout, "book: %s\n", file)
			}
		}
	}
	if opt.JUnit != "" {
		if err := sum.WriteJUnit(opt.JUnit); err != nil {
			return nil, err
		}
	}
	if !opt.Quiet && (many || sum.Totals.Failed > 0) {
		fmt.Fprintln(stdout, opt.Fit(sum.Totals.Line()))
	}
	// A signal while the index or the totals were written: stdout drops
	// what follows it, so the run must not end as if whole.
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return sum, nil
}

// Fit fills a line of the run's text to the terminal's width, the rest
// of it indented under it, as the line per study is; a line as it is
// without a width.
func (opt BatchOptions) Fit(line string) string {
	if opt.Width <= 0 {
		return line
	}
	return render.FillHanging(line, opt.Width, 4)
}

// printBook prints the studies of a site as one PDF with a contents page:
// OUTDIR/book/index.pdf.
func printBook(ctx context.Context, printer *batch.Printer, renderer *render.Renderer, outDir, title string, reps []*reports.Report) (string, error) {
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
	return printer.PrintPDF(ctx, w.Dir)
}
