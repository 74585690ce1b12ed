package disk

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
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
	return WriteFilesAtomic(File{Path: path, Data: data})
}

// File is a file to write: its name and its contents.
type File struct {
	Path string
	Data []byte
}

// WriteFilesAtomic writes each file to a temporary file beside it, and
// only when every one is written renames them over their names: a command
// that writes two files (a movement and its cards) leaves neither when
// one of them cannot be written. A name that is a folder is refused as
// such (a rename over it says "file exists").
func WriteFilesAtomic(files ...File) error {
	tmps := make([]string, len(files))
	defer func() {
		for _, tmp := range tmps {
			if tmp != "" {
				os.Remove(tmp)
			}
		}
	}()
	for i, file := range files {
		if info, err := os.Stat(file.Path); err == nil && info.IsDir() {
			return &fs.PathError{Op: "write", Path: file.Path, Err: syscall.EISDIR}
		}
		if err := notRegular(file.Path); err != nil {
			return err
		}
		tmp, err := writeTemp(file.Path, file.Data)
		if dir := filepath.Dir(file.Path); errors.Is(err, fs.ErrNotExist) {
			return &RefusedError{Path: file.Path, Reason: "its folder " + dir + " does not exist"}
		}
		if err != nil {
			return finalName(file.Path, err)
		}
		tmps[i] = tmp
	}
	for i, file := range files {
		if err := os.Rename(tmps[i], file.Path); err != nil {
			return finalName(file.Path, err)
		}
		tmps[i] = ""
	}
	return nil
}

// writeTemp writes data to a new temporary file beside path and returns
// its name; on an error it leaves no file.
func writeTemp(path string, data []byte) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return "", err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err != nil {
		os.Remove(tmp)
		return "", err
	}
	return tmp, nil
}

// CheckWritable says whether WriteFileAtomic can write path, before a
// command spends minutes on what it would write there: path must not be a
// folder, and its folder must exist and take a new file.
func CheckWritable(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return &RefusedError{Path: path, Reason: "is a folder, not a file"}
	}
	if err := notRegular(path); err != nil {
		return err
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &RefusedError{Path: path, Reason: "its folder " + dir + " does not exist"}
	case err != nil:
		return &RefusedError{Path: path, Reason: "its folder " + dir + ": " + bare(err).Error()}
	case !fi.IsDir():
		return &RefusedError{Path: path, Reason: dir + " is not a folder"}
	}
	f, err := os.CreateTemp(dir, TmpPrefix+"probe-")
	if err != nil {
		return &RefusedError{Path: path, Reason: "its folder " + dir + " cannot be written: " + bare(err).Error()}
	}
	f.Close()
	return os.Remove(f.Name())
}

// notRegular refuses a path that is there but is not a regular file nor a
// folder: the output is renamed over its name, which would replace a
// named pipe or a device (as root, /dev/null itself), not write into it.
func notRegular(path string) error {
	fi, err := os.Stat(path)
	if err != nil || fi.IsDir() || fi.Mode().IsRegular() {
		return nil
	}
	return &RefusedError{Path: path, Reason: "is " + fileKind(fi.Mode()) + ", not a regular file: the output is written beside it and renamed over it, which would replace it"}
}

// bare is err without the path a *fs.PathError names.
func bare(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
