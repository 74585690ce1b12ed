package disk

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"syscall"
)

// LockOutputs takes the locks of OUTDIR and of the cache folder (when it is
// elsewhere) for this run, so that a second run into the same folders stops
// with a clear message instead of mixing its files with ours, and then
// removes the temporary files a killed run left there.
func LockOutputs(outDir, cacheDir string) (release func(), err error) {
	var releases []func()
	// The folders the lock makes; release removes those left empty (a
	// study that does not parse writes nothing): bad input changes nothing.
	made := missingDirs(outDir, cacheDir)
	release = func() {
		for _, r := range releases {
			r()
		}
		removeEmpty(made)
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
			if errors.Is(pe.Err, syscall.ENOTDIR) { // the folder, or one on its way, is a file
				err = fmt.Errorf("%s is a file, not a folder", pe.Path)
			}
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

// missingDirs lists the folders that creating dirs would make: each dir
// that does not exist and its missing parents, deepest first. LockOutputs
// takes it before it creates OUTDIR and the cache folder.
func missingDirs(dirs ...string) []string {
	var made []string
	seen := map[string]bool{}
	for _, dir := range dirs {
		if dir == "" {
			continue
		}
		for d := filepath.Clean(dir); !seen[d]; {
			if _, err := os.Lstat(d); !errors.Is(err, fs.ErrNotExist) {
				break // there, or not ours to judge
			}
			seen[d] = true
			made = append(made, d)
			parent := filepath.Dir(d)
			if parent == d {
				break
			}
			d = parent
		}
	}
	// Deepest first, whichever dir each came from: a folder's name is
	// longer than its parent's.
	slices.SortStableFunc(made, func(a, b string) int { return len(b) - len(a) })
	return made
}

// removeEmpty removes the folders of made (missingDirs') that are empty,
// deepest first. os.Remove refuses a folder that holds anything, so what a
// run wrote, or another process put there meanwhile, is never lost.
func removeEmpty(made []string) {
	for _, d := range made {
		os.Remove(d)
	}
}
