package disk

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// LockOutputs takes the locks of OUTDIR and of the cache folder (when it is
// elsewhere) for this run, so that a second run into the same folders stops
// with a clear message instead of mixing its files with ours, and then
// removes the temporary files a killed run left there.
func LockOutputs(outDir, cacheDir string) (release func(), err error) {
	var releases []func()
	release = func() {
		for _, r := range releases {
			r()
		}
	}
	dirs := []struct{ dir, what string }{{outDir, "OUTDIR"}}
	if cacheDir != "" && !within(cacheDir, outDir) {
		dirs = append(dirs, struct{ dir, what string }{cacheDir, "cache folder"})
	}
	for _, d := range dirs {
		r, err := lockDir(d.dir, d.what)
		if err != nil {
			release()
			return nil, err
		}
		releases = append(releases, r)
		if err := RemoveStale(d.dir); err != nil {
			release()
			return nil, err
		}
	}
	return release, nil
}

// within says whether path is dir or below it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !filepath.IsAbs(rel) && (len(rel) < 3 || rel[:3] != ".."+string(filepath.Separator))
}

// writable creates dir when it is missing and proves that a file can be
// written in it, before a run does any work: a folder that cannot be
// written is refused at once, by its own name.
func writable(dir, what string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = fmt.Errorf("%s: %w", pe.Path, pe.Err)
		}
		return fmt.Errorf("%s %s cannot be made: %v", what, dir, err)
	}
	f, err := os.CreateTemp(dir, TmpPrefix+"probe-")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("%s %s cannot be written: %v", what, dir, err)
	}
	f.Close()
	return os.Remove(f.Name())
}
