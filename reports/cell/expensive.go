package cell

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/bridgereport/bridgereport/reports/cache"
	"github.com/bridgereport/bridgereport/reports/disk"
)

// errColdExpensive is wrapped by the error of a refused expensive cell.
var errColdExpensive = errors.New("expensive cell not in the committed results")

// CachedExpensive is cached for a cell that takes minutes: the committed
// results first, then the cell cache, then compute (unless refused).
func (e *Env) CachedExpensive(extra any, result any, compute func() error) error {
	x := e.Expensive
	if x.Dir == "" {
		return e.Cached(extra, result, compute)
	}
	key, err := e.CacheKey(extra)
	if err != nil {
		return err
	}
	dir := filepath.Join(x.Dir, x.Study, "cells")
	if e.CacheUsed != nil {
		// The same entry in the cell cache, when the two folders are one
		// (make studies), is in use: never pruned.
		e.CacheUsed[key+".json"] = true
	}
	miss := func() error {
		if x.Refuse {
			return fmt.Errorf("%w: %s has no %s.json; fill it with go test ./studies -run TestStudies -update",
				errColdExpensive, dir, key)
		}
		return e.Cached(extra, result, compute)
	}
	if x.Write {
		e.FromCache, err = cache.JSON(dir, key+".json", result, miss)
		return err
	}
	path := filepath.Join(dir, key+".json")
	data, err := disk.ReadFile(path, disk.MaxCacheBytes)
	switch {
	case err == nil:
		// A committed entry is checked like a cache entry, but a bad one
		// is an error: it is part of the project, not a cache to refill.
		if err := cache.DecodeEntry(data, result); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		e.FromCache = true
		return nil
	case errors.Is(err, fs.ErrNotExist):
		return miss()
	}
	return fmt.Errorf("expensive results: %w", err)
}
