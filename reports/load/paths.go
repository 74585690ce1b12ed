package load

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// InputPath resolves a file a study names: a relative name is taken from the
// study's folder, an absolute one as it is. Unless allowOutside, the file
// must lie inside the study's folder tree (symbolic links followed), so that
// a shared study cannot read /etc/passwd or ~/.ssh into a published report.
func InputPath(dir, file string, allowOutside bool) (string, error) {
	path := file
	if dir != "" && !filepath.IsAbs(file) {
		path = filepath.Join(dir, file)
	}
	if allowOutside || dir == "" {
		// No study folder: a subcommand's file, named on its command line.
		return path, nil
	}
	root, err := filepath.Abs(cmpDir(dir))
	if err != nil {
		return "", err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		abs = r
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", fmt.Errorf("file %s: outside the study's folder %s (a study reads only files in its own folder tree; pass --allow-outside to allow it)", file, cmpDir(dir))
	}
	return path, nil
}

func cmpDir(dir string) string {
	if dir == "" {
		return "."
	}
	return dir
}

// IsFile says whether name, taken from dir, is an existing file: a movement
// spec may name one.
func IsFile(dir, name string) bool {
	path := name
	if dir != "" && !filepath.IsAbs(name) {
		path = filepath.Join(dir, name)
	}
	_, err := os.Stat(path)
	return err == nil
}

// Shown is how a path is shown to the user: relative to dir (the working
// folder when dir is "") when it lies under it, else absolute. It never
// fails: a path that cannot be made relative is shown whole.
func Shown(dir, path string) string {
	base, err := filepath.Abs(cmpDir(dir))
	if err != nil {
		return path
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	rel, err := filepath.Rel(base, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return abs
	}
	return rel
}
