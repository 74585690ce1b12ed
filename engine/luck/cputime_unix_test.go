//go:build unix

package luck

import "syscall"

// cpuTime is the process's user and system time in nanoseconds: on a
// shared machine the wall time of a benchmark says little, the CPU time
// what the code costs.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
