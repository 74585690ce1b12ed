//go:build !amd64 || purego

package luck

// asmBoardKernels: none without the assembly.
func asmBoardKernels() []namedBoardKernel { return nil }
