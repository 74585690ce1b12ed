package study

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/bridgereport/bridgereport/reports"
)

// Expensive says how a run treats the cells whose results take minutes to
// compute (an exact Bussemaker run of a 14-pair field). Their results can
// be kept in a folder committed with the studies, so that the studies'
// tests read them instead of computing them; the key is the cell cache's
// (engine version, cell, movements, settings), so an edit of any of these
// misses. The zero value computes them like any cell.
type Expensive struct {
	// Dir holds committed results under Dir/<study>/cells, read before
	// the cell cache; "" for none.
	Dir string
	// Refuse makes a miss in Dir an error instead of a computation of
	// minutes (the studies' short tests).
	Refuse bool
	// Write stores the results computed on a miss into Dir.
	Write bool
	study string
}

func (x Expensive) forStudy(name string) Expensive {
	x.study = name
	return x
}

// errColdExpensive is wrapped by the error of a refused expensive cell.
var errColdExpensive = errors.New("expensive cell not in the committed results")

// cachedExpensive is cached for a cell that takes minutes: the committed
// results first, then the cell cache, then compute (unless refused).
func (e *runEnv) cachedExpensive(extra any, result any, compute func() error) error {
	x := e.expensive
	if x.Dir == "" {
		return e.cached(extra, result, compute)
	}
	key, err := e.cacheKey(extra)
	if err != nil {
		return err
	}
	dir := filepath.Join(x.Dir, x.study, "cells")
	miss := func() error {
		if x.Refuse {
			return fmt.Errorf("%w: %s has no %s.json; fill it with go test ./reports/study -run TestStudies -update",
				errColdExpensive, dir, key)
		}
		return e.cached(extra, result, compute)
	}
	if x.Write {
		e.fromCache, err = cacheJSON(dir, key+".json", result, miss)
		return err
	}
	path := filepath.Join(dir, key+".json")
	data, err := reports.ReadFile(path, reports.MaxCacheBytes)
	switch {
	case err == nil:
		// A committed entry is checked like a cache entry, but a bad one
		// is an error: it is part of the project, not a cache to refill.
		if err := decodeEntry(data, result); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		e.fromCache = true
		return nil
	case errors.Is(err, fs.ErrNotExist):
		return miss()
	}
	return fmt.Errorf("expensive results: %w", err)
}
