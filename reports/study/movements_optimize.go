package study

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/engine/optimize"
)

// movementCache keeps optimised movements between runs, beside the cells'
// results; the zero value caches nothing.
type movementCache struct {
	dir      string          // "" when caching is off
	used     map[string]bool // files this run read or wrote, for pruning
	progress io.Writer       // nil: no progress
	mu       sync.Mutex      // guards used and progress: searches run at once
}

// optimizeMovement re-orients m by arrow switches with the options of a
// study movement. The result is keyed, as a cell's, by the engine version,
// the options, the fixers' text and the movement's .ASC text.
func (s *Study) optimizeMovement(ctx context.Context, m *movement.Movement, o *OptimizeOptions, cache *movementCache) (*movement.Movement, error) {
	set, fixers, err := o.Settings(func(name string) ([]byte, error) {
		path, err := inputPath(s.Dir, name, s.allowOutside)
		if err != nil {
			return nil, err
		}
		return ReadText(path)
	})
	if err != nil {
		return nil, fmt.Errorf("optimize: %w", err)
	}
	if err := set.Validate(m); err != nil {
		return nil, err
	}
	var asc strings.Builder
	if err := movement.WriteASC(&asc, m); err != nil {
		return nil, err
	}
	opts, err := json.Marshal(o)
	if err != nil {
		return nil, err
	}
	h := sha256.New()
	fmt.Fprintf(h, "bridgereport %s\nmovement optimize\n%s\n%s\n%s", engine.Version, opts, fixers, asc.String())
	var fresh *movement.Movement
	var kept struct{ ASC string }
	search := func() error {
		res, err := optimize.Search(ctx, m, set)
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err // interrupted: a partial search is no result
		}
		if cache.progress != nil {
			cache.mu.Lock()
			fmt.Fprintf(cache.progress, "  optimised movement: Qf %.2f -> %.2f\n", res.Before.Qf, res.After.Qf)
			cache.mu.Unlock()
		}
		fresh = res.Movement
		asc.Reset()
		if err := movement.WriteASC(&asc, fresh); err != nil {
			return err
		}
		kept.ASC = asc.String()
		return nil
	}
	if cache.dir == "" {
		return fresh, search()
	}
	name := "movement-" + hex.EncodeToString(h.Sum(nil)) + ".json"
	cache.mu.Lock()
	cache.used[name] = true
	cache.mu.Unlock()
	hit, err := cacheJSON(cache.dir, name, &kept, search)
	if err != nil || !hit {
		return fresh, err
	}
	pm, err := movement.ParseASC(name, strings.NewReader(kept.ASC))
	if err != nil {
		return nil, fmt.Errorf("cache: %s: %w", name, err)
	}
	return pm.Movement, nil
}
