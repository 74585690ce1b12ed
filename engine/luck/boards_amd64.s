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
#define MU2 520
#define SXD 584

// The register kernel in AVX2, two numberings at a time: the instructions
// of the two are interleaved, so that the scheduler, which holds less than
// one numbering's vector work, finds independent work near at hand (10%
// faster than one numbering at a time on a Zen 3). Each numbering's bytes
// S are two registers (s1: boards 0-3, s2: 4-7), its sums of signs two
// more (a1, a2); the movement's bytes are read from the kernel (R8).

// S of the numbering at SI+off: the opponent's strength (τ at μ) less the
// A pair's, its sign turned where A sits EW; a1 and a2 cleared.
#define SETUP(off, tau, xtau, s1, s2, a1, a2) \
	VPSHUFB      off(SI), X9, xtau \
	VPBROADCASTQ xtau, tau         \
	VPSHUFB      MU0(R8), tau, s1  \
	VPSHUFB      MU1(R8), tau, s2  \
	VPSUBB       SX(R8), s1, s1    \
	VPSUBB       SX(R8), s2, s2    \
	VPSIGNB      DIR0(R8), s1, s1  \
	VPSIGNB      DIR1(R8), s2, s2  \
	VPXOR        a1, a1, a1        \
	VPXOR        a2, a2, a2

// One distance k: each board's bytes s against the bytes k further on in
// their word; the sign of each difference (a saturating difference, its
// sign that of the ones in Y15) is added to a, and subtracted from the
// byte k further on, for which it is the comparison at distance n−k.
#define STEP(rot, back, s, a, t) \
	VPSHUFB  rot(R8), s, t  \
	VPSUBSB  t, s, t        \
	VPSIGNB  t, Y15, t      \
	VPADDB   t, a, a        \
	VPSHUFB  back(R8), t, t \
	VPSUBB   t, a, a

// n even: the distance n/2 compares each byte with its opposite once.
#define HALFSTEP(s, a, t) \
	VPSHUFB  ROT+96(R8), s, t \
	VPSUBSB  t, s, t          \
	VPSIGNB  t, Y15, t        \
	VPADDB   t, a, a

// One distance of a numbering, for both its registers (s1, s2; a1, a2;
// temps t1, t2): the loop calls it for the two numberings in turn, so
// that their instructions interleave.
#define DIST(rot, back, s1, s2, a1, a2, t1, t2) \
	STEP(rot, back, s1, a1, t1) \
	STEP(rot, back, s2, a2, t2)

// The totals of the numbering whose signs are summed in a1, a2 into xu,
// stored at DI+off: A's matchpoints less n−1 (v), in A order and shuffled
// into B order; summed over the boards: [ΣA | ΣB], then G(n−1) + ΣA,
// G(n−1) − ΣB; into the X and Y entrants' order (σ's second word). t and
// u are temporaries (xt, xu their low halves), xa1 a1's low half.
#define SUMS(off, a1, a2, t, u, xt, xu, xa1) \
	VPSIGNB      DIR0(R8), a1, a1  \
	VPSIGNB      DIR1(R8), a2, a2  \
	VPSHUFB      PB0(R8), a1, t    \
	VPSHUFB      PB1(R8), a2, u    \
	VPADDB       a2, a1, a1        \
	VPADDB       u, t, t           \
	VPUNPCKLQDQ  t, a1, u          \
	VPUNPCKHQDQ  t, a1, a1         \
	VPADDB       a1, u, u          \
	VEXTRACTI128 $1, u, xa1        \
	VPADDB       xa1, xu, xu       \
	VPSIGNB      SIGN(R8), xu, xu  \
	VPADDB       BASE(R8), xu, xu  \
	VPINSRQ      $1, off+8(SI), X13, xt \
	VPSHUFB      xt, xu, xu        \
	VMOVDQU      xu, off(DI)

// func boardTotalsAVX2(k *regKernel, sigmas, totals []uint64)
TEXT ·boardTotalsAVX2(SB), NOSPLIT, $0-56
	MOVQ k+0(FP), R8
	MOVQ sigmas_base+8(FP), SI
	MOVQ sigmas_len+16(FP), CX
	MOVQ totals_base+32(FP), DI
	SHRQ $1, CX
	JZ   done
	MOVQ HALF(R8), R9
	VMOVDQU SY(R8), X9
	VMOVDQU ACTL(R8), X13
	VPCMPEQB Y15, Y15, Y15
	VPABSB   Y15, Y15
	MOVQ CX, DX
	SHRQ $1, CX
	JZ   one

two:
	// Numberings A (Y0-Y5, Y14) and B (Y6-Y8, Y10-Y12), interleaved.
	SETUP(0, Y0, X0, Y1, Y2, Y3, Y4)
	SETUP(16, Y6, X6, Y7, Y8, Y10, Y11)
	DIST(ROT, BACK, Y1, Y2, Y3, Y4, Y5, Y14)
	DIST(ROT, BACK, Y7, Y8, Y10, Y11, Y12, Y0)
	DIST(ROT+32, BACK+32, Y1, Y2, Y3, Y4, Y5, Y14)
	DIST(ROT+32, BACK+32, Y7, Y8, Y10, Y11, Y12, Y0)
	DIST(ROT+64, BACK+64, Y1, Y2, Y3, Y4, Y5, Y14)
	DIST(ROT+64, BACK+64, Y7, Y8, Y10, Y11, Y12, Y0)
	TESTQ R9, R9
	JZ    sums2
	HALFSTEP(Y1, Y3, Y5)
	HALFSTEP(Y7, Y10, Y12)
	HALFSTEP(Y2, Y4, Y14)
	HALFSTEP(Y8, Y11, Y0)

sums2:
	SUMS(0, Y3, Y4, Y5, Y0, X5, X0, X3)
	SUMS(16, Y10, Y11, Y12, Y6, X12, X6, X10)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  two

one:
	// An odd last numbering alone.
	TESTQ $1, DX
	JZ    done
	SETUP(0, Y0, X0, Y1, Y2, Y3, Y4)
	DIST(ROT, BACK, Y1, Y2, Y3, Y4, Y5, Y14)
	DIST(ROT+32, BACK+32, Y1, Y2, Y3, Y4, Y5, Y14)
	DIST(ROT+64, BACK+64, Y1, Y2, Y3, Y4, Y5, Y14)
	TESTQ R9, R9
	JZ    sums1
	HALFSTEP(Y1, Y3, Y5)
	HALFSTEP(Y2, Y4, Y14)

sums1:
	SUMS(0, Y3, Y4, Y5, Y0, X5, X0, X3)

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
	SUMS512                           \
	VMOVDQU       X6, (DI)            \
	ADDQ          $16, SI             \
	ADDQ          $16, DI

// TOTALS512 but the store: the totals in X6.
#define SUMS512 \
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
	VPSHUFB       X7, X6, X6

// func boardTotalsAVX512(k *regKernel, sigmas, totals []uint64)
//
// boardTotalsAVX2 with the eight boards of a numbering in one register.
TEXT ·boardTotalsAVX512(SB), NOSPLIT, $0-56
	PROLOGUE512
	MOVQ totals_base+32(FP), DI
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

// The totals of four numberings are one register Z0, a numbering a
// 128-bit lane (X entrants in bytes 0…7, Y entrants in 8…15, as
// countTotalsAVX2 reads them); each rotation compares every byte with the
// one k further on in its lane, into masks, and adds 16 to above where
// that byte is above, 1 to equal where it is equal: their sum is the code
// above<<4 | equal.
#define ROT512(k, above, equal) \
	VPALIGNR $k, Z0, Z0, Z3          \
	VPCMPGTB Z0, Z3, K3              \
	VPCMPEQB Z0, Z3, K4              \
	VPADDB   Z26, above, K3, above   \
	VPADDB   Z23, equal, K4, equal

// Two pairs of sums, odd and even k, so that each chain of additions is
// half as long.
#define CODES512 \
	VPXORQ  Z1, Z1, Z1     \
	VPXORQ  Z2, Z2, Z2     \
	VPXORQ  Z4, Z4, Z4     \
	VPXORQ  Z31, Z31, Z31  \
	ROT512(1, Z1, Z2)      \
	ROT512(2, Z4, Z31)     \
	ROT512(3, Z1, Z2)      \
	ROT512(4, Z4, Z31)     \
	ROT512(5, Z1, Z2)      \
	ROT512(6, Z4, Z31)     \
	ROT512(7, Z1, Z2)      \
	ROT512(8, Z4, Z31)     \
	ROT512(9, Z1, Z2)      \
	ROT512(10, Z4, Z31)    \
	ROT512(11, Z1, Z2)     \
	ROT512(12, Z4, Z31)    \
	ROT512(13, Z1, Z2)     \
	ROT512(14, Z4, Z31)    \
	ROT512(15, Z1, Z2)     \
	VPADDB  Z2, Z1, Z1     \
	VPADDB  Z31, Z4, Z4    \
	VPADDB  Z4, Z1, Z1

// One lane of a numbering, counted in row row of the joint counts (R12)
// from its word (total<<8 | code), the low 16 bits of src.
#define JOINT(src, row) \
	MOVWLZX src, AX                   \
	INCL    ((row)*131072)(R12)(AX*4) \
	SHRQ    $16, src

#define JOINT4(src, row) \
	JOINT(src, row)   \
	JOINT(src, row+1) \
	JOINT(src, row+2) \
	JOINT(src, row+3)

#define JOINT3(src, row) \
	JOINT(src, row)   \
	JOINT(src, row+1) \
	MOVWLZX src, AX   \
	INCL    ((row+2)*131072)(R12)(AX*4)

// Numbering q (0…3) of the four: the X lanes' words (lane q of Z29) and
// the Y lanes' (of Z30); last counts the high four lanes of each side
// (JOINT4, or JOINT3 without the pad lane of a side of 7).
#define JOINTS(q, last) \
	VEXTRACTI32X4 $q, Z29, X4 \
	VMOVQ   X4, BX           \
	VPEXTRQ $1, X4, DX       \
	JOINT4(BX, 0)            \
	last(DX, 4)              \
	VEXTRACTI32X4 $q, Z30, X4 \
	VMOVQ   X4, BX           \
	VPEXTRQ $1, X4, DX       \
	JOINT4(BX, 8)            \
	last(DX, 12)

// The totals of numbering q of the four into lane q of Z28: every
// distance, the distance n/2 of an even n (HALF512) or not. In a
// register: four stores read back as one load would wait for the stores.
#define BOARDS512(q, half) \
	SCORESJ                    \
	STEP512(Z16, Z20)          \
	STEP512(Z17, Z21)          \
	STEP512(Z18, Z22)          \
	half                       \
	SUMS512                    \
	VINSERTI32X4 $q, X6, Z28, Z28 \
	ADDQ         $16, SI          \
	ADDQ         $16, R13

// S of one numbering in Z1 from its τ and −τ (R13): the shuffle mu2 (Z14)
// brings τ at μ where A sits NS and −τ where EW, less sXd (Z11), the A
// pair's strength turned alike.
#define SCORESJ \
	VBROADCASTI32X4 (R13), Z0 \
	VPSHUFB         Z14, Z0, Z1 \
	VPSUBB          Z11, Z1, Z1 \
	VPXORQ          Z3, Z3, Z3

#define HALF512 \
	VPSHUFB Z19, Z1, Z5 \
	SIGN512

#define NOHALF

// The four numberings' totals (Z28, then Z0), their codes, and the words
// of their lanes (Z29: X lanes, Z30: Y lanes).
#define WORDS512 \
	VPORQ      Z27, Z28, Z0  \
	CODES512                 \
	VPUNPCKLBW Z0, Z1, Z29   \
	VPUNPCKHBW Z0, Z1, Z30

// Four numberings' totals, each followed by the counting of one of the
// four before.
#define NEXT512(half, last) \
	BOARDS512(0, half) \
	JOINTS(0, last)    \
	BOARDS512(1, half) \
	JOINTS(1, last)    \
	BOARDS512(2, half) \
	JOINTS(2, last)    \
	BOARDS512(3, half) \
	JOINTS(3, last)    \
	WORDS512

#define FIRST512(half) \
	BOARDS512(0, half) \
	BOARDS512(1, half) \
	BOARDS512(2, half) \
	BOARDS512(3, half) \
	WORDS512

#define LAST512(last) \
	JOINTS(0, last) \
	JOINTS(1, last) \
	JOINTS(2, last) \
	JOINTS(3, last)

// func boardsJointAVX512(k *regKernel, sigmas []uint64, taus *uint64, n int, joint *laneJoint)
//
// boardTotalsAVX512 and the counts of countTotals, each lane's total and
// place code counted together in joint, for sides of 7 or 8, four
// numberings at a time (a multiple of four of them). One pass, each
// numbering's totals followed by the counting of one of the four before:
// the vector work of the one and the counting in memory of the other go
// on side by side, where in two passes (or one pass in that order) each
// waits on its own.
TEXT ·boardsJointAVX512(SB), NOSPLIT, $0-56
	PROLOGUE512
	VMOVDQU64 MU2(R8), Z14
	VMOVDQU64 SXD(R8), Z11
	MOVQ      taus+32(FP), R13
	SHRQ $3, CX
	JZ   donej
	MOVL $0x10101010, AX
	VPBROADCASTD AX, Z26
	// Sides of 7: the pad lanes (7 and 15) hold −128, below every total.
	MOVQ $0x8000000000000000, AX
	MOVQ n+40(FP), R10
	CMPQ R10, $7
	JE   pad7
	XORQ AX, AX
pad7:
	VPBROADCASTQ AX, Z27
	MOVQ joint+48(FP), R12
	CMPQ R10, $7
	JE   fourj7

	FIRST512(HALF512)
	DECQ CX
	JZ   lastj

fourj:
	NEXT512(HALF512, JOINT4)
	DECQ CX
	JNZ  fourj

lastj:
	LAST512(JOINT4)
	JMP  donej

fourj7:
	FIRST512(NOHALF)
	DECQ CX
	JZ   lastj7

nextj7:
	NEXT512(NOHALF, JOINT3)
	DECQ CX
	JNZ  nextj7

lastj7:
	LAST512(JOINT3)

donej:
	VZEROUPPER
	RET
