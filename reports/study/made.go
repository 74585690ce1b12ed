package study

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// missingDirs lists the folders that creating dirs would make: each dir
// that does not exist and its missing parents, deepest first. RunAll takes
// it before the lock creates OUTDIR and the cache folder, and hands it to
// removeEmpty when it ends, so that bad input, which writes nothing, leaves
// no folder behind.
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
