//go:build amd64 && !purego

#include "textflag.h"

// The totals of two numberings are one vector T of 32 bytes, a numbering a
// 128-bit lane: X entrants in bytes 0..n-1, Y entrants in bytes 8..8+n-1,
// the other bytes -128. Each rotation R of both lanes by k bytes compares
// every byte with the one k further on in its lane: Y1 counts the bytes
// above, Y2 the bytes equal.
#define ROT(k) \
	VPALIGNR $k, Y0, Y0, Y3 \
	VPCMPGTB Y0, Y3, Y4     \
	VPSUBB   Y4, Y1, Y1     \
	VPCMPEQB Y0, Y3, Y5     \
	VPSUBB   Y5, Y2, Y2

// Every byte's code in Y1: above<<4 | equal, the bytes of its lane above
// and equal to it.
#define CODES \
	VPXOR   Y1, Y1, Y1 \
	VPXOR   Y2, Y2, Y2 \
	ROT(1)             \
	ROT(2)             \
	ROT(3)             \
	ROT(4)             \
	ROT(5)             \
	ROT(6)             \
	ROT(7)             \
	ROT(8)             \
	ROT(9)             \
	ROT(10)            \
	ROT(11)            \
	ROT(12)            \
	ROT(13)            \
	ROT(14)            \
	ROT(15)            \
	VPSLLW  $4, Y1, Y1 \
	VPOR    Y2, Y1, Y1

// The next lane of register src (a code, a byte): counted in row row of
// base (a row is 1 KB); src moves on to the lane after. The codes come from
// the register, not from a copy on the stack, whose bytes read back wait
// for the vector's store. The totals are read from memory (TOTAL), written
// long before: a load and no arithmetic.
#define LANE(src, base, row) \
	MOVBLZX src, AX              \
	SHRQ    $8, src              \
	INCL    ((row)*1024)(base)(AX*4)

#define LANES8(src, base, row) \
	LANE(src, base, row)   \
	LANE(src, base, row+1) \
	LANE(src, base, row+2) \
	LANE(src, base, row+3) \
	LANE(src, base, row+4) \
	LANE(src, base, row+5) \
	LANE(src, base, row+6) \
	LANE(src, base, row+7)

#define LANES7(src, base, row) \
	LANE(src, base, row)   \
	LANE(src, base, row+1) \
	LANE(src, base, row+2) \
	LANE(src, base, row+3) \
	LANE(src, base, row+4) \
	LANE(src, base, row+5) \
	LANE(src, base, row+6)

// Byte b of the two numberings' totals (at SI), counted in hist row b%16.
#define TOTAL(b) \
	MOVBLZX b(SI), AX \
	INCL    (((b)%16)*1024)(R12)(AX*4)

#define TOTALS8(b) \
	TOTAL(b)   \
	TOTAL(b+1) \
	TOTAL(b+2) \
	TOTAL(b+3) \
	TOTAL(b+4) \
	TOTAL(b+5) \
	TOTAL(b+6) \
	TOTAL(b+7)

#define TOTALS7(b) \
	TOTAL(b)   \
	TOTAL(b+1) \
	TOTAL(b+2) \
	TOTAL(b+3) \
	TOTAL(b+4) \
	TOTAL(b+5) \
	TOTAL(b+6)

// func countTotalsAVX2(totals []uint64, pad uint64, hist *laneHist, place *lanePlace)
TEXT ·countTotalsAVX2(SB), NOSPLIT, $0-48
	MOVQ totals_base+0(FP), SI
	MOVQ totals_len+8(FP), CX
	SHRQ $2, CX
	JZ   done
	MOVQ pad+24(FP), AX
	VMOVQ AX, X14
	VPBROADCASTQ X14, Y14
	MOVQ hist+32(FP), R12
	MOVQ place+40(FP), DI

pair:
	VMOVDQU (SI), Y0
	VPOR    Y14, Y0, Y0
	CODES
	VMOVQ   X1, R10
	VPEXTRQ $1, X1, R11
	TOTALS8(0)
	TOTALS8(8)
	LANES8(R10, DI, 0)
	LANES8(R11, DI, 8)
	VEXTRACTI128 $1, Y1, X1
	VMOVQ   X1, R10
	VPEXTRQ $1, X1, R11
	TOTALS8(16)
	TOTALS8(24)
	LANES8(R10, DI, 0)
	LANES8(R11, DI, 8)
	ADDQ $32, SI
	DECQ CX
	JNZ  pair

done:
	VZEROUPPER
	RET

// countTotalsAVX2n7 is countTotalsAVX2 for sides of 7: the pad lanes are
// not counted.
// func countTotalsAVX2n7(totals []uint64, pad uint64, hist *laneHist, place *lanePlace)
TEXT ·countTotalsAVX2n7(SB), NOSPLIT, $0-48
	MOVQ totals_base+0(FP), SI
	MOVQ totals_len+8(FP), CX
	SHRQ $2, CX
	JZ   done7
	MOVQ pad+24(FP), AX
	VMOVQ AX, X14
	VPBROADCASTQ X14, Y14
	MOVQ hist+32(FP), R12
	MOVQ place+40(FP), DI

pair7:
	VMOVDQU (SI), Y0
	VPOR    Y14, Y0, Y0
	CODES
	VMOVQ   X1, R10
	VPEXTRQ $1, X1, R11
	TOTALS7(0)
	TOTALS7(8)
	LANES7(R10, DI, 0)
	LANES7(R11, DI, 8)
	VEXTRACTI128 $1, Y1, X1
	VMOVQ   X1, R10
	VPEXTRQ $1, X1, R11
	TOTALS7(16)
	TOTALS7(24)
	LANES7(R10, DI, 0)
	LANES7(R11, DI, 8)
	ADDQ $32, SI
	DECQ CX
	JNZ  pair7

done7:
	VZEROUPPER
	RET
