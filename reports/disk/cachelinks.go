package disk

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// A cache folder is often committed with the project (the README
// recommends it), so a cloned repository can carry a symbolic link inside
// it: followed, it would send the cache's writes, and the pruning's
// deletes, to wherever it points. The cache follows no link below its root
// (the root itself is the user's choice and may be one): a folder reached
// through a link is skipped, and said so.

// LinkError is a symbolic link met inside a cache.
type LinkError struct {
	Link   string // the link, as a path under the cache root
	Target string // where it points, as read
}

func (e *LinkError) Error() string {
	return fmt.Sprintf("cache: %s is a symbolic link (to %s): not followed; that part of the cache is skipped", e.Link, e.Target)
}

// NoLinks checks that path, at or below root, is reached from root
// without a symbolic link; a part that does not exist yet is fine (the
// cache creates plain folders). It returns a *LinkError for the first
// link, and an error when path is not below root.
func NoLinks(root, path string) error {
	rel, err := filepath.Rel(root, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("cache: %s is not inside the cache folder %s", path, root)
	}
	if rel == "." {
		return nil
	}
	at := root
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		at = filepath.Join(at, part)
		fi, err := os.Lstat(at)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("cache: %w", err)
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			target, _ := os.Readlink(at)
			return &LinkError{Link: at, Target: target}
		}
	}
	return nil
}

// IsRegular says whether path is a plain file, not a link to one.
func IsRegular(path string) bool {
	fi, err := os.Lstat(path)
	return err == nil && fi.Mode().IsRegular()
}
