//go:build unix

package disk

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A named pipe is not replaced by a file renamed over it: writing to it,
// and checking it beforehand, are refused, and it stays a pipe.
func TestWriteFileAtomicOverAPipe(t *testing.T) {
	pipe := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(pipe, 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	for name, err := range map[string]error{
		"WriteFileAtomic": WriteFileAtomic(pipe, []byte("x")),
		"CheckWritable":   CheckWritable(pipe),
	} {
		if err == nil || !strings.Contains(err.Error(), pipe+": is a named pipe, not a regular file") {
			t.Errorf("%s: error %v", name, err)
		}
	}
	if fi, err := os.Stat(pipe); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe was replaced: %v %v", fi.Mode(), err)
	}
}
