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

// The next two lanes of src (BX or DX: codes, a byte each), counted in
// rows row and row+1 of the place counts (DI), read from its low byte and
// the byte above (BL and BH): three ALU operations for two lanes. The codes
// come from the register, not from a copy on the stack, whose bytes read
// back wait for the vector's store; the totals are read from memory
// (TOTAL), written long before: a load and no arithmetic.
#define CODE2(src, lo, hi, row) \
	MOVBLZX lo, AX                  \
	INCL    ((row)*1024)(DI)(AX*4)  \
	MOVBLZX hi, AX                  \
	INCL    ((row+1)*1024)(DI)(AX*4) \
	SHRQ    $16, src

#define CODES8(src, lo, hi, row) \
	CODE2(src, lo, hi, row)   \
	CODE2(src, lo, hi, row+2) \
	CODE2(src, lo, hi, row+4) \
	CODE2(src, lo, hi, row+6)

#define CODES7(src, lo, hi, row) \
	CODE2(src, lo, hi, row)   \
	CODE2(src, lo, hi, row+2) \
	CODE2(src, lo, hi, row+4) \
	MOVBLZX lo, AX            \
	INCL    ((row+6)*1024)(DI)(AX*4)

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

// One numbering of the two, its codes in X1 and its totals at SI+at.
#define NUMBERING(totals, codes, at) \
	VMOVQ   X1, BX         \
	VPEXTRQ $1, X1, DX     \
	totals(at)             \
	totals(at+8)           \
	codes(BX, BL, BH, 0)   \
	codes(DX, DL, DH, 8)

// The loop of countTotalsAVX2 over pairs of numberings, for sides of 8
// (TOTALS8, CODES8) or of 7 (TOTALS7, CODES7, the pad lanes not counted).
#define COUNTLOOP(totals, codes) \
	MOVQ totals_base+0(FP), SI \
	MOVQ totals_len+8(FP), CX  \
	SHRQ $2, CX                \
	JZ   done                  \
	MOVQ pad+24(FP), AX        \
	VMOVQ AX, X14              \
	VPBROADCASTQ X14, Y14      \
	MOVQ hist+32(FP), R12      \
	MOVQ place+40(FP), DI      \
pair:                          \
	VMOVDQU (SI), Y0           \
	VPOR    Y14, Y0, Y0        \
	CODES                      \
	NUMBERING(totals, codes, 0) \
	VEXTRACTI128 $1, Y1, X1    \
	NUMBERING(totals, codes, 16) \
	ADDQ $32, SI               \
	DECQ CX                    \
	JNZ  pair                  \
done:                          \
	VZEROUPPER                 \
	RET

// func countTotalsAVX2(totals []uint64, pad uint64, hist *laneHist, place *lanePlace)
TEXT ·countTotalsAVX2(SB), NOSPLIT, $0-48
	COUNTLOOP(TOTALS8, CODES8)

// countTotalsAVX2n7 is countTotalsAVX2 for sides of 7: the pad lanes are
// not counted.
// func countTotalsAVX2n7(totals []uint64, pad uint64, hist *laneHist, place *lanePlace)
TEXT ·countTotalsAVX2n7(SB), NOSPLIT, $0-48
	COUNTLOOP(TOTALS7, CODES7)
