package reports

import (
	"errors"
	"io/fs"
	"os"
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
