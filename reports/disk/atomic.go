package disk

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// finalName restates an error of writing path through a temporary file as
// an error about path itself: users never see a temporary name.
func finalName(path string, err error) error {
	if err == nil {
		return nil
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: "write", Path: path, Err: pe.Err}
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return &fs.PathError{Op: "write", Path: path, Err: le.Err}
	}
	return &fs.PathError{Op: "write", Path: path, Err: err}
}

// WriteFileAtomic writes data to a temporary file beside path and renames it
// over path.
func WriteFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return finalName(path, err)
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	cerr := f.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(tmp, 0o644)
	}
	if werr == nil {
		werr = os.Rename(tmp, path)
	}
	if werr != nil {
		os.Remove(tmp)
	}
	return finalName(path, werr)
}
