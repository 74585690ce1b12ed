package study

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
)

// cached fills result from the cache when an earlier run computed it with the
// same engine version, cell and inputs; otherwise it runs compute and stores
// the result. The key is a content hash (never file times) of the engine
// version, the cell kind and definition, the .ASC text of the movements the
// cell uses and extra (settings such as seeds and sample counts).
func (e *runEnv) cached(extra any, result any, compute func() error) error {
	if e.cacheDir == "" {
		return compute()
	}
	key, err := e.cacheKey(extra)
	if err != nil {
		return err
	}
	e.cacheUsed[key+".json"] = true
	e.fromCache, err = cacheJSON(e.cacheDir, key+".json", result, compute)
	return err
}

// cacheJSON fills result from the JSON file dir/name when there is one;
// otherwise it runs compute and stores result there. It reports whether
// result came from the file.
func cacheJSON(dir, name string, result any, compute func() error) (bool, error) {
	path := filepath.Join(dir, name)
	if data, err := reports.ReadFile(path, reports.MaxCacheBytes); err == nil && json.Unmarshal(data, result) == nil {
		return true, nil
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false, fmt.Errorf("cache: %w", err)
	}
	if err := compute(); err != nil {
		return false, err
	}
	data, err := json.Marshal(result)
	if err != nil {
		return false, fmt.Errorf("cache: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return false, fmt.Errorf("cache: %w", err)
	}
	return false, reports.WriteFileAtomic(path, data)
}

func (e *runEnv) cacheKey(extra any) (string, error) {
	h := sha256.New()
	cell, err := json.Marshal(e.cell.body)
	if err != nil {
		return "", err
	}
	more, err := json.Marshal(extra)
	if err != nil {
		return "", err
	}
	fmt.Fprintf(h, "bridgereport %s\n%s\n%s\n%s\n", engine.Version, e.cell.Kind(), cell, more)
	for _, name := range e.cell.body.movements() {
		m, err := e.movement(name)
		if err != nil {
			return "", err
		}
		var asc strings.Builder
		if err := movement.WriteASC(&asc, m); err != nil {
			return "", err
		}
		fmt.Fprintf(h, "movement %s\n%s", name, asc.String())
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// pruneCache deletes the cached cell results of a study that its last run did
// not use: results of cells since edited or removed.
func pruneCache(dir string, used map[string]bool) error {
	old, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return err
	}
	for _, p := range old {
		if !used[filepath.Base(p)] {
			if err := os.Remove(p); err != nil {
				return fmt.Errorf("cache: %w", err)
			}
		}
	}
	return nil
}
