//go:build linux

package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

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

// cpuTime is the CPU time process pid has used, user and system, from
// /proc (in clock ticks, 10 ms here); known says whether it could be read.
func cpuTime(pid int) (d time.Duration, known bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	// The fields after the command's name (in parentheses, which may hold
	// spaces): state is the first, utime and stime the 12th and 13th.
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0, false
	}
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	k, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(u+k) * 10 * time.Millisecond, true
}

// mkfifo makes a named pipe at path.
func mkfifo(path string) error { return unix.Mkfifo(path, 0o644) }
