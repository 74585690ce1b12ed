//go:build amd64 && !purego

#include "textflag.h"

// Offsets in regKernel (TestRegKernelLayout checks them).
#define MU0 0
#define MU1 32
#define DIR0 64
#define DIR1 96
#define PB0 128
#define PB1 160
#define ROT 192
#define BACK 320
#define SY 416
#define SX 432
#define ACTL 464
#define BASE 480
#define SIGN 496
#define HALF 512

// One distance k: each board's bytes S (Y1: boards 0-3, Y2: 4-7) against
// the bytes k further on in their word; the sign of each difference is
// added (Y3, Y4), and subtracted from the byte k further on, for which it
// is the comparison at distance n−k.
#define STEP(rot, back) \
	VMOVDQU  rot(R8), Y10     \
	VPSHUFB  Y10, Y1, Y5      \
	VPCMPGTB Y5, Y1, Y6       \
	VPCMPGTB Y1, Y5, Y7       \
	VPSUBB   Y6, Y7, Y7       \
	VPADDB   Y7, Y3, Y3       \
	VPSHUFB  back(R8), Y7, Y7 \
	VPSUBB   Y7, Y3, Y3       \
	VPSHUFB  Y10, Y2, Y5      \
	VPCMPGTB Y5, Y2, Y6       \
	VPCMPGTB Y2, Y5, Y7       \
	VPSUBB   Y6, Y7, Y7       \
	VPADDB   Y7, Y4, Y4       \
	VPSHUFB  back(R8), Y7, Y7 \
	VPSUBB   Y7, Y4, Y4

// func boardTotalsAVX2(k *regKernel, sigmas, totals []uint64)
TEXT ·boardTotalsAVX2(SB), NOSPLIT, $0-56
	MOVQ k+0(FP), R8
	MOVQ sigmas_base+8(FP), SI
	MOVQ sigmas_len+16(FP), CX
	MOVQ totals_base+32(FP), DI
	SHRQ $1, CX
	JZ   done
	MOVQ HALF(R8), R9
	VMOVDQU DIR0(R8), Y15
	VMOVDQU DIR1(R8), Y14
	VMOVDQU SX(R8), Y11
	VMOVDQU SY(R8), X9
	VMOVDQU ACTL(R8), X13
	VMOVDQU BASE(R8), X8
	VMOVDQU SIGN(R8), X12

numbering:
	// τ[j] = the strength of the Y entrant at B index j, in every word;
	// S = (τ at the A pair's opponent − the A pair's strength), NS's sign.
	VMOVQ        (SI), X0
	VPSHUFB      X0, X9, X0
	VPBROADCASTQ X0, Y0
	VPSHUFB      MU0(R8), Y0, Y1
	VPSHUFB      MU1(R8), Y0, Y2
	VPSUBB       Y11, Y1, Y1
	VPSUBB       Y11, Y2, Y2
	VPSIGNB      Y15, Y1, Y1
	VPSIGNB      Y14, Y2, Y2
	VPXOR        Y3, Y3, Y3
	VPXOR        Y4, Y4, Y4
	STEP(ROT, BACK)
	STEP(ROT+32, BACK+32)
	STEP(ROT+64, BACK+64)
	TESTQ R9, R9
	JZ    sums

	// n even: the distance n/2 compares each byte with its opposite once.
	VMOVDQU  ROT+96(R8), Y10
	VPSHUFB  Y10, Y1, Y5
	VPCMPGTB Y5, Y1, Y6
	VPCMPGTB Y1, Y5, Y7
	VPSUBB   Y6, Y7, Y7
	VPADDB   Y7, Y3, Y3
	VPSHUFB  Y10, Y2, Y5
	VPCMPGTB Y5, Y2, Y6
	VPCMPGTB Y2, Y5, Y7
	VPSUBB   Y6, Y7, Y7
	VPADDB   Y7, Y4, Y4

sums:
	// A's matchpoints less n−1 (v), in A order and shuffled into B order;
	// summed over the boards: [ΣA | ΣB], then G(n−1) + ΣA, G(n−1) − ΣB.
	VPSIGNB      Y15, Y3, Y3
	VPSIGNB      Y14, Y4, Y4
	VPSHUFB      PB0(R8), Y3, Y5
	VPSHUFB      PB1(R8), Y4, Y6
	VPADDB       Y4, Y3, Y3
	VPADDB       Y6, Y5, Y5
	VPUNPCKLQDQ  Y5, Y3, Y6
	VPUNPCKHQDQ  Y5, Y3, Y7
	VPADDB       Y7, Y6, Y6
	VEXTRACTI128 $1, Y6, X7
	VPADDB       X7, X6, X6
	VPSIGNB      X12, X6, X6
	VPADDB       X8, X6, X6

	// Into the X and Y entrants' order.
	VPINSRQ $1, 8(SI), X13, X7
	VPSHUFB X7, X6, X6
	VMOVDQU X6, (DI)
	ADDQ    $16, SI
	ADDQ    $16, DI
	DECQ    CX
	JNZ     numbering

done:
	VZEROUPPER
	RET

// One distance k in AVX-512, as STEP: the sign of each byte's difference
// with the byte k further on in its board (Z5), a saturating difference
// clamped to −1…1 (no masks, no compare port), is added (SIGN512), and
// subtracted from that byte.
#define SIGN512 \
	VPSUBSB Z5, Z1, Z6  \
	VPMINSB Z23, Z6, Z6 \
	VPMAXSB Z25, Z6, Z6 \
	VPADDB  Z6, Z3, Z3

#define STEP512(rot, back) \
	VPSHUFB rot, Z1, Z5  \
	SIGN512              \
	VPSHUFB back, Z6, Z6 \
	VPSUBB  Z6, Z3, Z3

// The kernel's prologue: the movement's and the arrangement's bytes in
// registers, 1 and −1 in every byte.
#define PROLOGUE512 \
	MOVQ k+0(FP), R8                    \
	MOVQ sigmas_base+8(FP), SI          \
	MOVQ sigmas_len+16(FP), CX          \
	MOVQ totals_base+32(FP), DI         \
	VMOVDQU64       DIR0(R8), Z15       \
	VPMOVB2M        Z15, K1             \
	VPTESTMB        Z15, Z15, K2        \
	VMOVDQU64       MU0(R8), Z14        \
	VMOVDQU64       PB0(R8), Z13        \
	VBROADCASTI64X4 SX(R8), Z11         \
	VBROADCASTI64X4 ROT(R8), Z16        \
	VBROADCASTI64X4 ROT+32(R8), Z17     \
	VBROADCASTI64X4 ROT+64(R8), Z18     \
	VBROADCASTI64X4 ROT+96(R8), Z19     \
	VBROADCASTI64X4 BACK(R8), Z20       \
	VBROADCASTI64X4 BACK+32(R8), Z21    \
	VBROADCASTI64X4 BACK+64(R8), Z22    \
	MOVQ            HALF(R8), R9        \
	VPXORQ          Z24, Z24, Z24       \
	VPTERNLOGD      $0xff, Z25, Z25, Z25 \
	VPABSB          Z25, Z23            \
	VMOVDQU         SY(R8), X9          \
	VMOVDQU         ACTL(R8), X10       \
	VMOVDQU         BASE(R8), X8        \
	VMOVDQU         SIGN(R8), X12

// S of one numbering in Z1: the opponent's strength (τ at μ) less the A
// pair's, 0 where no table, negated where A sits EW.
#define SCORES512 \
	VMOVQ        (SI), X0        \
	VPSHUFB      X0, X9, X0      \
	VPBROADCASTQ X0, Z0          \
	VPSHUFB      Z14, Z0, Z1     \
	VPSUBB.Z     Z11, Z1, K2, Z1 \
	VPSUBB       Z1, Z24, K1, Z1 \
	VPXORQ       Z3, Z3, Z3

// The totals of one numbering from its signs in Z3, as boardTotalsAVX2:
// turned back where A sits EW, B order, the sums over the boards, base
// and sign, into the X and Y entrants' order.
#define TOTALS512 \
	VPSUBB        Z3, Z24, K1, Z3     \
	VPSHUFB       Z13, Z3, Z5         \
	VPUNPCKLQDQ   Z5, Z3, Z6          \
	VPUNPCKHQDQ   Z5, Z3, Z7          \
	VPADDB        Z7, Z6, Z6          \
	VEXTRACTI64X4 $1, Z6, Y7          \
	VPADDB        Y7, Y6, Y6          \
	VEXTRACTI128  $1, Y6, X7          \
	VPADDB        X7, X6, X6          \
	VPSIGNB       X12, X6, X6         \
	VPADDB        X8, X6, X6          \
	VPINSRQ       $1, 8(SI), X10, X7  \
	VPSHUFB       X7, X6, X6          \
	VMOVDQU       X6, (DI)            \
	ADDQ          $16, SI             \
	ADDQ          $16, DI

// func boardTotalsAVX512(k *regKernel, sigmas, totals []uint64)
//
// boardTotalsAVX2 with the eight boards of a numbering in one register.
TEXT ·boardTotalsAVX512(SB), NOSPLIT, $0-56
	PROLOGUE512
	SHRQ $1, CX
	JZ   done512

numbering512:
	SCORES512
	STEP512(Z16, Z20)
	STEP512(Z17, Z21)
	STEP512(Z18, Z22)
	TESTQ R9, R9
	JZ    sums512

	// n even: the distance n/2, each pair of bytes once.
	VPSHUFB Z19, Z1, Z5
	SIGN512

sums512:
	TOTALS512
	DECQ CX
	JNZ  numbering512

done512:
	VZEROUPPER
	RET
