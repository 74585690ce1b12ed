package render

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/disk"
)

// Written says where a report went and how many of its figures were drawn.
type Written struct {
	Dir           string
	Figures       int // SVG figures
	FiguresCached int // of which taken from the cache
}

// Write writes index.html, index.md with its figures/*.svg and results.json
// of a report into outDir/<report name>/. Every file is rendered in memory
// first, written into a temporary folder, and the folder replaces the old
// report by rename, so a report is never half-written or a mix of two runs,
// and a failed render writes nothing.
func (rd *Renderer) Write(outDir string, r *reports.Report) (Written, error) {
	dir, figures, cached, err := rd.write(outDir, r)
	if err != nil {
		return Written{}, err
	}
	if err := rd.pruneFigures(r.Name); err != nil {
		return Written{}, err
	}
	return Written{Dir: dir, Figures: len(figures), FiguresCached: cached}, nil
}

func (rd *Renderer) write(outDir string, r *reports.Report) (string, map[string][]byte, int, error) {
	fail := func(err error) (string, map[string][]byte, int, error) { return "", nil, 0, err }
	var html, md, js bytes.Buffer
	if err := rd.HTML(&html, r); err != nil {
		return fail(fmt.Errorf("%s: html: %w", r.Name, err))
	}
	figures, cached, err := rd.markdown(&md, r)
	if err != nil {
		return fail(fmt.Errorf("%s: markdown: %w", r.Name, err))
	}
	if err := rd.JSON(&js, r); err != nil {
		return fail(fmt.Errorf("%s: results.json: %w", r.Name, err))
	}
	if err := disk.CheckName(r.Name); err != nil {
		return fail(err)
	}
	// The report is written whole into a temporary folder of outDir, then
	// renamed into place: a killed run leaves the old report or the new,
	// never a mix, and RemoveStale clears what it left.
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return fail(err)
	}
	dir := filepath.Join(outDir, r.Name)
	tmp, err := os.MkdirTemp(outDir, disk.TmpPrefix+r.Name+"-")
	if err != nil {
		return fail(err)
	}
	defer os.RemoveAll(tmp) // gone after the rename; on failure, cleared
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fail(err)
	}
	if len(figures) > 0 {
		if err := os.MkdirAll(filepath.Join(tmp, "figures"), 0o755); err != nil {
			return fail(err)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(figures)) {
		if err := os.WriteFile(filepath.Join(tmp, filepath.FromSlash(name)), figures[name], 0o644); err != nil {
			return fail(err)
		}
	}
	for _, f := range []struct {
		name string
		data []byte
	}{{"index.html", html.Bytes()}, {"index.md", md.Bytes()}, {"results.json", js.Bytes()}} {
		if err := os.WriteFile(filepath.Join(tmp, f.name), f.data, 0o644); err != nil {
			return fail(err)
		}
	}
	if err := disk.ReplaceDir(tmp, dir); err != nil {
		return fail(err)
	}
	return dir, figures, cached, nil
}
