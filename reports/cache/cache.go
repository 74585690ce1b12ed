package cache

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

	"github.com/bridgereport/bridgereport/reports/disk"
)

// JSON fills result from the JSON file dir/name when there is a valid
// entry; otherwise it runs compute and stores result there. It reports
// whether result came from the file. An entry that cannot be read back
// exactly (see DecodeEntry) is a miss: it is recomputed and replaced, and
// noted in e.recomputed when e is given.
func JSON(dir, name string, result any, compute func() error) (bool, error) {
	hit, _, err := JSONChecked(dir, name, result, compute)
	return hit, err
}

// JSONChecked is JSON that also says whether an entry was there
// but failed its checks.
func JSONChecked(dir, name string, result any, compute func() error) (hit, invalid bool, err error) {
	path := filepath.Join(dir, name)
	data, err := disk.ReadFile(path, disk.MaxCacheBytes)
	if fi, lerr := os.Lstat(path); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
		// An entry that is a link is never read through: a miss, and the
		// link is replaced (not what it points to) below.
		data, err = nil, errors.New("a symbolic link")
	}
	switch {
	case err == nil:
		if DecodeEntry(data, result) == nil {
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
	data, err = EncodeEntry(result)
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
	return false, invalid, disk.WriteFileAtomic(path, data)
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

func EncodeEntry(result any) ([]byte, error) {
	content, err := json.Marshal(result)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(content)
	return json.Marshal(cacheEntry{Schema: cacheSchema, SHA256: hex.EncodeToString(sum[:]), Content: content})
}

// DecodeEntry fills result from an entry, or says why it cannot: the entry
// must decode, have this schema, match its checksum, decode into a fresh
// value of result's type and encode back to the very same bytes (so a
// missing, extra or mistyped field is caught, whatever the type). result is
// untouched unless the entry is valid.
func DecodeEntry(data []byte, result any) error {
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
	if v, ok := fresh.Interface().(interface{ Validate() error }); ok {
		if err := v.Validate(); err != nil {
			return err
		}
	}
	rv.Elem().Set(fresh.Elem())
	return nil
}

// Prune deletes the cached cell results of a study that its last run did
// not use: results of cells since edited or removed. The caller checks that
// dir is reached through no link (reports.NoLinks); an entry that is a
// link is removed itself, never what it points to.
func Prune(dir string, used map[string]bool) error {
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
