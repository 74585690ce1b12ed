package study

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/book"
	"github.com/bridgereport/bridgereport/reports/cache"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/disk"
	"github.com/bridgereport/bridgereport/reports/load"
	"github.com/bridgereport/bridgereport/reports/resolve"
)

// RunOptions tune a study run; the zero value runs quietly.
type RunOptions struct {
	// Progress receives progress lines of long cells; nil for none.
	Progress io.Writer
	// CacheDir keeps the results of expensive cells between runs, under
	// CacheDir/<study>/cells; "" turns the cache off. Results the run does not
	// use are pruned.
	CacheDir string
	// AllowOutside lets a study read files outside its own folder tree;
	// by default a file: that leads out of it is an error.
	AllowOutside bool
	// Expensive tunes the cells whose results take minutes (see Expensive).
	Expensive cache.Expensive
	// InSite leaves the report's references and citations unresolved, for
	// RunBatch to resolve with the other reports of its site (Finish).
	InSite bool
	// SiteTitle, for RunBatch, makes its studies a site of that title: the
	// references between them resolve, and every page has the site's
	// navigation. Empty: each study is a page of its own.
	SiteTitle string
	// SiteBibliography, in a site, is the bibliography of the studies that
	// name none of their own.
	SiteBibliography *book.Bibliography
}

// Run resolves the movements, runs every cell in order and returns the
// study's report. An error in any cell stops the run: nothing half-done is
// returned.
func Run(ctx context.Context, s *Study, opt RunOptions) (*reports.Report, error) {
	cacheDir, cacheUsed := "", map[string]bool{}
	var cacheSkipped error
	if opt.CacheDir != "" {
		cacheDir = filepath.Join(opt.CacheDir, s.Name, "cells")
		// A link inside the cache is not followed: this study then runs
		// without its cell cache, and says so.
		if cacheSkipped = disk.NoLinks(opt.CacheDir, cacheDir); cacheSkipped != nil {
			cacheDir = ""
		}
	}
	s.AllowOutside = opt.AllowOutside
	movements, inputs, warnings, err := s.Resolve(ctx, &resolve.MovementCache{Dir: cacheDir, Used: cacheUsed, Progress: opt.Progress})
	if err != nil {
		return nil, err
	}
	res := &reports.Report{
		Name: s.Name, Title: s.Title, Summary: s.Summary, Headline: s.Headline,
		Provenance: reports.Provenance{Version: engine.Version, SourceName: filepath.Base(s.Path), Source: s.Data, Inputs: inputs},
	}
	res.Provenance.Parameters = s.params()
	res.Live = s.live()
	tables, figures := 0, 0
	for _, c := range s.Cells {
		if res.Live != nil {
			for i := range res.Live.Cells {
				if res.Live.Cells[i].Index == c.Index {
					res.Live.Cells[i].Tables, res.Live.Cells[i].Figures = tables, figures
				}
			}
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		env := cell.NewEnv(ctx, c.ID, c.kind, c.body, movements, warnings)
		env.Values, env.Progress, env.Dir, env.AllowOutside = s.Values, opt.Progress, s.Dir, opt.AllowOutside
		env.CacheDir, env.CacheUsed = cacheDir, cacheUsed
		env.Expensive = opt.Expensive.ForStudy(s.Name)
		if opt.Progress != nil {
			fmt.Fprintf(opt.Progress, "%s: cell %d of %d (%s %s)\n", s.Name, c.Index+1, len(s.Cells), c.Kind(), c.ID)
		}
		start := time.Now()
		out, err := cell.RunCell(c.body, env)
		// Timings go to the progress stream only: the reports stay
		// byte-identical from run to run.
		if took := time.Since(start); opt.Progress != nil && took > 500*time.Millisecond {
			fmt.Fprintf(opt.Progress, "  %s: cell %s took %.1f s\n", s.Name, c.ID, took.Seconds())
		}
		if err != nil {
			line := c.Line
			if ee := (*load.EntryError)(nil); errors.As(err, &ee) {
				line = ee.Line
			}
			return nil, &load.StudyError{File: s.Path, Line: line, Err: fmt.Errorf("cell %d (%s %s): %w", c.Index+1, c.Kind(), c.ID, err)}
		}
		out.Blocks = cell.FlattenCharts(out.Blocks)
		tables, figures = cell.Number(out.Blocks, tables, figures)
		if c.kind == "markdown" && len(out.Blocks) == 1 {
			out.Blocks[0].Line = c.proseLine // references and citations are placed by it
		}
		res.Sections = append(res.Sections, reports.Section{ID: c.ID, Kind: c.kind, Blocks: out.Blocks, Result: out.Result, FromCache: env.FromCache, CacheRecomputed: env.CacheInvalid})
		placeChecks(c, out.Checks)
		if src, ok := c.body.(interface{ GivenSource() string }); ok && src.GivenSource() != "" {
			for i := range out.Checks {
				out.Checks[i].Source = src.GivenSource()
			}
		}
		res.Checks = append(res.Checks, out.Checks...)
	}
	for _, w := range s.LintProse() {
		res.Warnings = append(res.Warnings, w.String())
	}
	if cacheSkipped != nil {
		res.Warnings = append(res.Warnings, fmt.Sprintf("%s: warning: %v", s.Path, cacheSkipped))
	}
	seen := map[string]bool{}
	for _, c := range res.Checks {
		if seen[c.Name] {
			return nil, &load.StudyError{File: s.Path, Err: fmt.Errorf("two checks are named %q", c.Name)}
		}
		seen[c.Name] = true
	}
	for _, h := range s.Headline {
		if !seen[h] {
			return nil, &load.StudyError{File: s.Path, Err: fmt.Errorf("headline: no check is named %q", h)}
		}
	}
	bib, input, err := s.LoadBibliography(opt.AllowOutside)
	if err != nil {
		return nil, err
	}
	if input != nil {
		res.Provenance.Inputs = append(res.Provenance.Inputs, *input)
	}
	if !opt.InSite {
		if err := Finish([]*Study{s}, []*reports.Report{res}, []*book.Bibliography{bib})[0]; err != nil {
			return nil, err
		}
	}
	if cacheDir != "" {
		if err := cache.Prune(cacheDir, cacheUsed); err != nil {
			return nil, err
		}
	}
	return res, nil
}
