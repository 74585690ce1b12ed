package disk

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// CheckName says whether a report name can be a folder of OUTDIR: one path
// element, not empty, not starting with a dot (".", "..", hidden folders and
// the run's own temporary files all start with one).
func CheckName(name string) error {
	switch {
	case name == "":
		return fmt.Errorf("the study's name (its file name without .yaml) is empty")
	case strings.HasPrefix(name, "."):
		return fmt.Errorf("the study's name %q starts with a dot: rename the file", name)
	case strings.ContainsAny(name, `/\`) || filepath.Base(name) != name:
		return fmt.Errorf("the study's name %q is not a plain file name", name)
	}
	return nil
}

// TmpPrefix starts the name of every temporary file or folder a run writes
// beside its final one; RemoveStale deletes what a killed run left.
const TmpPrefix = ".tmp-"

// RemoveStale deletes the temporary files and folders that a killed run left
// under dir (OUTDIR or the cache folder): names starting with ".tmp-"
// (report folders being written) or with "." and holding ".tmp-"
// (WriteFileAtomic's). Call it only while holding dir's lock, when no other
// run can be writing them. It looks three levels down, no further.
func RemoveStale(dir string) error {
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		// What a run writes lies at most three levels down
		// (.cache/<study>/cells/entry): a run into ".", say, need not walk
		// the whole tree.
		if rel, err := filepath.Rel(dir, p); err == nil && d.IsDir() && strings.Count(rel, string(filepath.Separator)) >= 3 {
			return fs.SkipDir
		}
		name := d.Name()
		if p != dir && (strings.HasPrefix(name, TmpPrefix) || strings.HasPrefix(name, ".") && strings.Contains(name, TmpPrefix)) {
			if err := os.RemoveAll(p); err != nil {
				return err
			}
			if d.IsDir() {
				return fs.SkipDir
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("removing stale temporary files: %w", err)
	}
	return nil
}

// ReplaceDir puts the folder tmp in the place of dir: the old dir, if any,
// is moved aside and removed. Between the two renames dir is missing for an
// instant, but never half-written.
func ReplaceDir(tmp, dir string) error {
	old := ""
	if _, err := os.Lstat(dir); err == nil {
		f, err := os.MkdirTemp(filepath.Dir(dir), TmpPrefix+"old-"+filepath.Base(dir)+"-")
		if err != nil {
			return err
		}
		old = filepath.Join(f, "report")
		if err := os.Rename(dir, old); err != nil {
			os.Remove(f)
			return err
		}
		defer os.RemoveAll(f)
	}
	if err := os.Rename(tmp, dir); err != nil {
		if old != "" {
			os.Rename(old, dir) // put the old report back
		}
		return err
	}
	return nil
}
