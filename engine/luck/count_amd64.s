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

// Byte b of the two numberings: its total (from the totals) counted in
// hist row b%16, its code (above<<4 | equal, stored at codes) in place row
// b%16; a row is 1 KB.
#define COUNT(b) \
	MOVBLZX b(SI), AX                    \
	INCL    (((b)%16)*1024)(R12)(AX*4)     \
	MOVBLZX codes-32+(b)(SP), BX           \
	INCL    (((b)%16)*1024)(DI)(BX*4)

#define COUNT4(b) \
	COUNT(b)   \
	COUNT(b+1) \
	COUNT(b+2) \
	COUNT(b+3)

// func countTotalsAVX2(totals []uint64, pad uint64, hist *laneHist, place *lanePlace)
TEXT ·countTotalsAVX2(SB), NOSPLIT, $32-48
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
	VPXOR   Y1, Y1, Y1
	VPXOR   Y2, Y2, Y2
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
	VPSLLW  $4, Y1, Y1
	VPOR    Y2, Y1, Y1
	VMOVDQU Y1, codes-32(SP)
	COUNT4(0)
	COUNT4(4)
	COUNT4(8)
	COUNT4(12)
	COUNT4(16)
	COUNT4(20)
	COUNT4(24)
	COUNT4(28)
	ADDQ $32, SI
	DECQ CX
	JNZ  pair

done:
	VZEROUPPER
	RET

