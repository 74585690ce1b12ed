//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package disk

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lockDir takes the lock of a folder for this run, creating the folder, or
// says that another run holds it. The lock is an advisory flock on the
// folder itself, so it adds no file; it goes with the process, so a killed
// run leaves no lock behind. release gives it back.
func lockDir(dir, what string) (release func(), err error) {
	if err := writable(dir, what); err != nil {
		return nil, err
	}
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%s %s is in use by another bridgereport run: wait for it to finish, or give another folder", what, dir)
		}
		return nil, fmt.Errorf("locking %s: %w", dir, err)
	}
	return func() { f.Close() }, nil
}
