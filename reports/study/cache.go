package study

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
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
	var invalid bool
	e.fromCache, invalid, err = cacheJSONChecked(e.cacheDir, key+".json", result, compute)
	e.cacheInvalid = e.cacheInvalid || invalid
	return err
}

// cacheJSON fills result from the JSON file dir/name when there is a valid
// entry; otherwise it runs compute and stores result there. It reports
// whether result came from the file. An entry that cannot be read back
// exactly (see decodeEntry) is a miss: it is recomputed and replaced, and
// noted in e.recomputed when e is given.
func cacheJSON(dir, name string, result any, compute func() error) (bool, error) {
	hit, _, err := cacheJSONChecked(dir, name, result, compute)
	return hit, err
}

// cacheJSONChecked is cacheJSON that also says whether an entry was there
// but failed its checks.
func cacheJSONChecked(dir, name string, result any, compute func() error) (hit, invalid bool, err error) {
	path := filepath.Join(dir, name)
	data, err := reports.ReadFile(path, reports.MaxCacheBytes)
	switch {
	case err == nil:
		if decodeEntry(data, result) == nil {
			return true, false, nil
		}
		invalid = true
	case errors.Is(err, fs.ErrNotExist):
	default:
		// Unreadable (a FIFO, too large): a miss, replaced below.
		invalid = true
	}
	if err := compute(); err != nil {
		return false, invalid, err
	}
	data, err = encodeEntry(result)
	if err != nil {
		return false, invalid, fmt.Errorf("cache: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return false, invalid, fmt.Errorf("cache: %w", err)
	}
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		if err := os.RemoveAll(path); err != nil {
			return false, invalid, fmt.Errorf("cache: %w", err)
		}
	}
	return false, invalid, reports.WriteFileAtomic(path, data)
}

// cacheSchema is the version of the cache entries' layout; entries of
// another schema are misses.
const cacheSchema = 1

// cacheEntry is one cached result: the schema, the SHA-256 of the content's
// bytes, and the content, the result as encoding/json writes it.
type cacheEntry struct {
	Schema  int             `json:"schema"`
	SHA256  string          `json:"sha256"`
	Content json.RawMessage `json:"content"`
}

func encodeEntry(result any) ([]byte, error) {
	content, err := json.Marshal(result)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(content)
	return json.Marshal(cacheEntry{Schema: cacheSchema, SHA256: hex.EncodeToString(sum[:]), Content: content})
}

// decodeEntry fills result from an entry, or says why it cannot: the entry
// must decode, have this schema, match its checksum, decode into a fresh
// value of result's type and encode back to the very same bytes (so a
// missing, extra or mistyped field is caught, whatever the type). result is
// untouched unless the entry is valid.
func decodeEntry(data []byte, result any) error {
	var e cacheEntry
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil {
		return fmt.Errorf("not a cache entry: %w", err)
	}
	if dec.More() {
		return errors.New("not a cache entry: data after the entry")
	}
	if e.Schema != cacheSchema {
		return fmt.Errorf("schema %d, want %d", e.Schema, cacheSchema)
	}
	sum := sha256.Sum256(e.Content)
	if hex.EncodeToString(sum[:]) != e.SHA256 {
		return errors.New("checksum mismatch: the entry was changed")
	}
	rv := reflect.ValueOf(result)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("cache: result %T is not a pointer", result)
	}
	fresh := reflect.New(rv.Type().Elem())
	if err := json.Unmarshal(e.Content, fresh.Interface()); err != nil {
		return err
	}
	back, err := json.Marshal(fresh.Interface())
	if err != nil || !bytes.Equal(back, e.Content) {
		return errors.New("content does not read back as written")
	}
	if v, ok := fresh.Interface().(interface{ validate() error }); ok {
		if err := v.validate(); err != nil {
			return err
		}
	}
	rv.Elem().Set(fresh.Elem())
	return nil
}

// cacheFormat is part of every cell's cache key: raise it when a cell's
// cached result changes shape, so that no entry of the old shape is read.
const cacheFormat = 2

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
	fmt.Fprintf(h, "bridgereport %s\ncache %d\n%s\n%s\n%s\n", engine.Version, cacheFormat, e.cell.Kind(), cell, more)
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
