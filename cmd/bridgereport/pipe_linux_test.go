//go:build linux

package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// pipeFull tells whether the pipe that r reads holds as much as it can
// (less a page: a writer blocks once what it writes no longer fits), so that
// its writer is blocked; known says whether this system can tell.
func pipeFull(r *os.File) (full, known bool) {
	fd := int(r.Fd())
	size, err := unix.FcntlInt(uintptr(fd), unix.F_GETPIPE_SZ, 0)
	if err != nil {
		return false, false
	}
	queued, err := unix.IoctlGetInt(fd, unix.TIOCINQ) // FIONREAD
	if err != nil {
		return false, false
	}
	return queued >= size-4096, true
}
