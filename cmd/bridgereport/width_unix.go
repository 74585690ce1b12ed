//go:build unix

package main

import "golang.org/x/sys/unix"

// windowWidth is the width in columns of the terminal fd is, or 0 when fd
// is no terminal (the ioctl fails on a pipe or a file).
func windowWidth(fd uintptr) int {
	ws, err := unix.IoctlGetWinsize(int(fd), unix.TIOCGWINSZ)
	if err != nil {
		return 0
	}
	return int(ws.Col)
}
