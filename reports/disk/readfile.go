package disk

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// Limits of what the readers take: a file larger than its limit is refused
// with an error that names the limit, rather than read into memory whole.
const (
	// MaxStudyBytes caps a study file.
	MaxStudyBytes = 4 << 20
	// MaxInputBytes caps an input a study or a command reads: a movement,
	// a session, an instant or score CSV, a league, a fixers file.
	MaxInputBytes = 16 << 20
	// MaxCacheBytes caps one cache entry or results.json.
	MaxCacheBytes = 64 << 20
)

// A RefusedError is ReadFile's refusal of a file it will not read (not a
// regular file, or over the limit): the file and why. A caller that names
// the file itself shows Reason alone, as it shows a *fs.PathError's Err.
type RefusedError struct {
	Path, Reason string
}

func (e *RefusedError) Error() string { return e.Path + ": " + e.Reason }

// WithoutPath is err without the name of path, for a caller that names the
// file itself ("study: u.yaml: permission denied", not "study: u.yaml:
// open u.yaml: permission denied"): the Err of a *fs.PathError or the
// Reason of a *RefusedError of that path; any other error as it is.
func WithoutPath(err error, path string) error {
	var se *statError
	if errors.As(err, &se) && se.err.Path == path {
		return errors.New(se.reason())
	}
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == path {
		return pe.Err
	}
	var re *RefusedError
	if errors.As(err, &re) && re.Path == path {
		return errors.New(re.Reason)
	}
	return err
}

// ReadFile reads a regular file of at most limit bytes. A FIFO, a device
// (/dev/zero) or a directory is refused before it is opened, so that
// reading can neither hang nor run out of memory.
func ReadFile(path string, limit int64) ([]byte, error) {
	fi, err := Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &RefusedError{path, fmt.Sprintf("not a regular file (%s)", fileKind(fi.Mode()))}
	}
	if fi.Size() > limit {
		return nil, &RefusedError{path, fmt.Sprintf("%d bytes, more than the limit of %s", fi.Size(), byteSize(limit))}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &RefusedError{path, "more than the limit of " + byteSize(limit)}
	}
	return data, nil
}

func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeCharDevice != 0:
		return "a character device"
	case m&os.ModeDevice != 0:
		return "a device"
	case m&os.ModeSocket != 0:
		return "a socket"
	}
	return "not a plain file"
}

func byteSize(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Stat is os.Stat for a path the user named: its error says what is wrong
// with the path in the tool's words, "x.yaml: no such file or folder", not
// Go's "stat x.yaml: no such file or directory". It wraps os.Stat's error,
// so errors.Is(err, fs.ErrNotExist) still holds.
func Stat(path string) (fs.FileInfo, error) {
	fi, err := os.Stat(path)
	var pe *fs.PathError
	if err != nil && errors.As(err, &pe) {
		return nil, &statError{pe}
	}
	return fi, err
}

// statError is Stat's error: the path and what is wrong with it.
type statError struct{ err *fs.PathError }

func (e *statError) Error() string { return e.err.Path + ": " + e.reason() }

// reason is what is wrong with the path, without it.
func (e *statError) reason() string {
	switch {
	case errors.Is(e.err, fs.ErrNotExist):
		return "no such file or folder"
	case errors.Is(e.err, syscall.ENOTDIR): // x.yaml/y: a file on the way
		return "no such file or folder: a part of the path is a file"
	}
	return e.err.Err.Error()
}

func (e *statError) Unwrap() error { return e.err }
