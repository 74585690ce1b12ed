package cell

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/reports/cache"
)

// Cached fills result from the cache when an earlier run computed it with the
// same engine version, cell and inputs; otherwise it runs compute and stores
// the result. The key is a content hash (never file times) of the engine
// version, the cell kind and definition, the .ASC text of the movements the
// cell uses and extra (settings such as seeds and sample counts).
func (e *Env) Cached(extra any, result any, compute func() error) error {
	if e.CacheDir == "" {
		return compute()
	}
	key, err := e.CacheKey(extra)
	if err != nil {
		return err
	}
	e.CacheUsed[key+".json"] = true
	var invalid bool
	e.FromCache, invalid, err = cache.JSONChecked(e.CacheDir, key+".json", result, compute)
	e.CacheInvalid = e.CacheInvalid || invalid
	return err
}

// cacheFormat is part of every cell's cache key: raise it when a cell's
// cached result changes shape, so that no entry of the old shape is read.
const cacheFormat = 2

func (e *Env) CacheKey(extra any) (string, error) {
	h := sha256.New()
	cell, err := json.Marshal(e.Body)
	if err != nil {
		return "", err
	}
	more, err := json.Marshal(extra)
	if err != nil {
		return "", err
	}
	fmt.Fprintf(h, "bridgereport %s\ncache %d\n%s\n%s\n%s\n", engine.Version, cacheFormat, e.Kind, cell, more)
	for _, name := range e.Body.Movements() {
		m, err := e.Movement(name)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "movement %s\n%s", name, asc.String(m))
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
