package disk

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// Stat and ReadFile say what is wrong with a path in words, the path
// first, and stay fs.ErrNotExist for a caller that asks.
func TestStatSaysWhatIsWrong(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "club.yaml")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		filepath.Join(dir, "nosuch.yaml"): ": no such file or folder",
		filepath.Join(file, "x"):          ": no such file or folder: a part of the path is a file",
	} {
		_, err := Stat(path)
		if err == nil || err.Error() != path+want {
			t.Errorf("Stat(%s) = %v, want %q", path, err, path+want)
		}
		if _, rerr := ReadFile(path, 10); rerr == nil || rerr.Error() != err.Error() {
			t.Errorf("ReadFile(%s) = %v, want Stat's %v", path, rerr, err)
		}
		if WithoutPath(err, path).Error() != want[2:] {
			t.Errorf("WithoutPath: %v", WithoutPath(err, path))
		}
	}
	if _, err := Stat(filepath.Join(dir, "nosuch")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("not fs.ErrNotExist: %v", err)
	}
}
