//go:build amd64 && !purego

package luck

// asmBoardKernels are the assembly kernels this processor runs.
func asmBoardKernels() (ks []namedBoardKernel) {
	if !useRegKernel {
		return nil
	}
	ks = append(ks, namedBoardKernel{"AVX2", boardTotalsAVX2})
	if useAVX512 {
		ks = append(ks, namedBoardKernel{"AVX-512", boardTotalsAVX512})
	}
	return ks
}
