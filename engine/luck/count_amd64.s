//go:build amd64 && !purego

#include "textflag.h"

// The totals of one numbering are one vector T of 16 bytes: X entrants in
// lanes 0..n-1, Y entrants in lanes 8..8+n-1, the other lanes -128. Each
// rotation R of T by k lanes compares every lane with the one k further
// on: GT counts the lanes above, EQ the lanes equal.
#define ROT(k) \
	VPALIGNR $k, X0, X0, X3 \
	VPCMPGTB X0, X3, X4     \
	VPSUBB   X4, X1, X1     \
	VPCMPEQB X0, X3, X5     \
	VPSUBB   X5, X2, X2

// A lane's counters: hist at (lane<<8 | total), place at (lane<<8 |
// above<<4 | equal), 4 bytes each. DX is lane<<8.
#define COUNT(src, base) \
	MOVBQZX src, AX       \
	SHRQ    $8, src       \
	ORQ     DX, AX        \
	INCL    (base)(AX*4)

// func countTotalsAVX(totals []uint64, n8 int, pad uint64, hist *laneHist, place *lanePlace)
TEXT ·countTotalsAVX(SB), NOSPLIT, $0-56
	MOVQ totals_base+0(FP), SI
	MOVQ totals_len+8(FP), CX
	SHRQ $1, CX
	MOVQ n8+24(FP), R8
	MOVQ pad+32(FP), AX
	VMOVQ AX, X14
	VPUNPCKLQDQ X14, X14, X14
	MOVQ hist+40(FP), R12
	MOVQ place+48(FP), DI
	LEAQ (R12)(R8*4), R13 // the Y lanes' rows
	LEAQ (DI)(R8*4), BX

numbering:
	MOVQ (SI), R8 // X totals
	MOVQ 8(SI), R9 // Y totals
	VMOVQ R8, X0
	VPINSRQ $1, R9, X0, X0
	VPOR X14, X0, X0
	VPXOR X1, X1, X1
	VPXOR X2, X2, X2
	ROT(1)
	ROT(2)
	ROT(3)
	ROT(4)
	ROT(5)
	ROT(6)
	ROT(7)
	ROT(8)
	ROT(9)
	ROT(10)
	ROT(11)
	ROT(12)
	ROT(13)
	ROT(14)
	ROT(15)
	VPSLLW $4, X1, X1
	VPOR X2, X1, X1
	VMOVQ X1, R10
	VPEXTRQ $1, X1, R11
	XORQ DX, DX

lane:
	COUNT(R10, DI)
	COUNT(R11, BX)
	COUNT(R8, R12)
	COUNT(R9, R13)
	ADDQ $256, DX
	CMPQ DX, n8+24(FP)
	JLT lane

	ADDQ $16, SI
	DECQ CX
	JNZ numbering
	VZEROUPPER
	RET
