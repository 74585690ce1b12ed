//go:build !unix

package main

// windowWidth is 0 where the terminal's width is not asked for: tables
// fit COLUMNS, or print whole.
func windowWidth(fd uintptr) int { return 0 }
