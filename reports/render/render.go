package render

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/charts"
	"github.com/bridgereport/bridgereport/reports/disk"
	"github.com/bridgereport/bridgereport/templates"
)

// Renderer prints reports: HTML with interactive charts, Markdown with
// static SVG figures, results.json, and the index page of several reports.
// Build it once: it holds the chart library that draws the SVG figures,
// compiled on first use.
type Renderer struct {
	echartsJS string // inlined into every HTML report
	libHash   string // its CSP hash, computed once
	svg       *charts.SVGRenderer
	// CacheDir, when set, keeps each drawn figure under
	// CacheDir/<report>/figures, keyed by a hash of its echarts option, its
	// size and the library; Write prunes the entries a report no longer uses.
	CacheDir string
	// IndexLink, when set, is the address of the index of studies that
	// every report's page links back to ("../index.html" in a folder run).
	IndexLink string
	// Width is the terminal's width in columns, which the Text printer
	// fits its text to (see Text); 0, unknown (a pipe), prints every table
	// whole. The other printers ignore it.
	Width int

	mu      sync.Mutex
	used    map[string]map[string]bool // report name → cache files drawn or reused
	skipped []string                   // parts of the cache not followed (links)
}

// NewRenderer returns a renderer with the embedded chart library.
func NewRenderer() *Renderer {
	return newRenderer(templates.Echarts)
}

func newRenderer(echartsJS string) *Renderer {
	return &Renderer{echartsJS: echartsJS, svg: charts.NewSVGRenderer(echartsJS)}
}

// echartsHash is the CSP hash of the inlined chart library.
func (rd *Renderer) echartsHash() string {
	rd.mu.Lock()
	defer rd.mu.Unlock()
	if rd.libHash == "" {
		rd.libHash = charts.ScriptHash(rd.echartsJS)
	}
	return rd.libHash
}

// SVG draws one chart as the Markdown report's figure shows it.
func (rd *Renderer) SVG(c *reports.Chart) ([]byte, error) { return rd.svg.Chart(c) }

// figure draws a report's chart, or takes it from the cache; fromCache says
// which.
func (rd *Renderer) figure(report string, c *reports.Chart) (svg []byte, fromCache bool, err error) {
	option, w, h, err := charts.SVGOption(c)
	if err != nil {
		return nil, false, err
	}
	if rd.CacheDir == "" {
		svg, err = rd.svg.Draw(c, option, w, h)
		return svg, false, err
	}
	sum := sha256.Sum256([]byte(fmt.Sprintf("echarts %s\n%dx%d\n%s", templates.EchartsVersion, w, h, option)))
	dir := filepath.Join(rd.CacheDir, report, "figures")
	if err := disk.NoLinks(rd.CacheDir, dir); err != nil {
		rd.skip(err)
		svg, err = rd.svg.Draw(c, option, w, h)
		return svg, false, err
	}
	// An entry is named <option hash>.<content hash>.svg: one whose content
	// no longer matches its name, or is not a plain SVG drawing, is a miss,
	// redrawn, and pruned as unused.
	prefix := hex.EncodeToString(sum[:])
	matches, err := filepath.Glob(filepath.Join(dir, prefix+".*.svg"))
	if err != nil {
		return nil, false, fmt.Errorf("figure cache: %w", err)
	}
	for _, p := range matches {
		if !disk.IsRegular(p) {
			continue // a link or a folder: never read through, pruned as unused
		}
		data, err := disk.ReadFile(p, disk.MaxCacheBytes)
		if err == nil && filepath.Base(p) == figureName(prefix, data) && charts.CheckSVG(data) == nil {
			rd.markUsed(report, filepath.Base(p))
			return data, true, nil
		}
	}
	if svg, err = rd.svg.Draw(c, option, w, h); err != nil {
		return nil, false, err
	}
	name := figureName(prefix, svg)
	rd.markUsed(report, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, false, fmt.Errorf("figure cache: %w", err)
	}
	return svg, false, disk.WriteFileAtomic(filepath.Join(dir, name), svg)
}

// figureName names a cached figure after its option's hash and its own.
func figureName(prefix string, svg []byte) string {
	sum := sha256.Sum256(svg)
	return prefix + "." + hex.EncodeToString(sum[:8]) + ".svg"
}

func (rd *Renderer) markUsed(report, name string) {
	rd.mu.Lock()
	defer rd.mu.Unlock()
	if rd.used == nil {
		rd.used = map[string]map[string]bool{}
	}
	if rd.used[report] == nil {
		rd.used[report] = map[string]bool{}
	}
	rd.used[report][name] = true
}

// pruneFigures deletes the cached figures of a report that its last render
// did not use.
func (rd *Renderer) pruneFigures(report string) error {
	if rd.CacheDir == "" {
		return nil
	}
	rd.mu.Lock()
	used := rd.used[report]
	rd.mu.Unlock()
	dir := filepath.Join(rd.CacheDir, report, "figures")
	if err := disk.NoLinks(rd.CacheDir, dir); err != nil {
		rd.skip(err)
		return nil
	}
	old, err := filepath.Glob(filepath.Join(dir, "*.svg"))
	if err != nil {
		return err
	}
	for _, p := range old {
		// os.Remove of a link removes the link, never what it points to.
		if !used[filepath.Base(p)] {
			if err := os.Remove(p); err != nil {
				return fmt.Errorf("figure cache: %w", err)
			}
		}
	}
	return nil
}

// skip notes a part of the figure cache left alone (a link), once.
func (rd *Renderer) skip(err error) {
	rd.mu.Lock()
	defer rd.mu.Unlock()
	msg := err.Error()
	if !slices.Contains(rd.skipped, msg) {
		rd.skipped = append(rd.skipped, msg)
	}
}

// CacheSkipped says which parts of the figure cache were skipped, and
// why (a symbolic link inside it): for the run's warnings.
func (rd *Renderer) CacheSkipped() []string {
	rd.mu.Lock()
	defer rd.mu.Unlock()
	return slices.Clone(rd.skipped)
}
