package disk

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Two files written together: when the second cannot be written (its
// folder is missing), the first is not left behind, and a file it would
// have replaced keeps its contents.
func TestWriteFilesAtomicAllOrNone(t *testing.T) {
	dir := t.TempDir()
	kept := filepath.Join(dir, "kept.asc")
	if err := os.WriteFile(kept, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	fresh := filepath.Join(dir, "fresh.asc")
	missing := filepath.Join(dir, "no such folder", "cards.html")
	err := WriteFilesAtomic(File{fresh, []byte("new")}, File{kept, []byte("new")}, File{missing, []byte("page")})
	if err == nil || !strings.Contains(err.Error(), missing) {
		t.Fatalf("error %v, want one naming %s", err, missing)
	}
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Errorf("%s was written: %v", fresh, err)
	}
	if b, _ := os.ReadFile(kept); string(b) != "old" {
		t.Errorf("%s was replaced: %q", kept, b)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// A name that is a folder is refused as a folder, not "file exists".
func TestWriteFileAtomicOverAFolder(t *testing.T) {
	folder := filepath.Join(t.TempDir(), "m.asc")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	err := WriteFileAtomic(folder, []byte("x"))
	if err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Fatalf("error %v, want %s: is a directory", err, folder)
	}
	if info, err := os.Stat(folder); err != nil || !info.IsDir() {
		t.Errorf("the folder is gone: %v", err)
	}
}
