//go:build !unix

package luck

import "time"

// cpuTime is the wall time where the process's CPU time is not read (see
// cputime_unix_test.go): the benchmarks' cpu-ns are then wall-ns.
func cpuTime() int64 { return time.Now().UnixNano() }
