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

// Every byte's count of the bytes of its lane above it in Y1, equal to it
// in Y2.
#define COUNTS \
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
	ROT(15)

// Every byte's code in Y1: above<<4 | equal, the bytes of its lane above
// and equal to it.
#define CODES \
	COUNTS             \
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

// Every byte's code in Y1 with the equal first: equal<<4 | above. Most
// lanes tie with none, so the pair counts that are used most lie together.
#define CODESEA \
	COUNTS             \
	VPSLLW  $4, Y2, Y2 \
	VPOR    Y2, Y1, Y1

// One word of codes (lane 2r's low, lane 2r+1's high), counted in row r of
// the pair counts (DI) from the low 16 bits of src.
#define PAIR(src, r) \
	MOVWLZX src, AX                 \
	INCL    ((r)*262144)(DI)(AX*4)  \
	SHRQ    $16, src

#define PAIRS4(src, r) \
	PAIR(src, r)   \
	PAIR(src, r+1) \
	PAIR(src, r+2) \
	PAIR(src, r+3)

// The codes of one numbering of the two (X1): X lanes in rows 0…3, Y lanes
// in rows 4…7.
#define PAIRS \
	VMOVQ   X1, BX     \
	VPEXTRQ $1, X1, DX \
	PAIRS4(BX, 0)      \
	PAIRS4(DX, 4)

// func countPairsAVX2(totals []uint64, pad uint64, pairs *lanePairs, regs *momentRegs)
//
// countTotalsAVX2 for sides of 7 and 8 with half the counts in memory:
// the place codes of two neighbouring lanes counted together, one count a
// pair of lanes, and each lane's totals summed in registers (the least,
// the greatest, the sum and the sum of squares) where countTotalsAVX2
// counts each total in memory. Two numberings at a time (an even number,
// at most 2·regBatch of them, so that the 16-bit sums cannot wrap); the
// sums start from regs and are left there.
TEXT ·countPairsAVX2(SB), NOSPLIT, $0-48
	MOVQ totals_base+0(FP), SI
	MOVQ totals_len+8(FP), CX
	MOVQ pairs+32(FP), DI
	MOVQ regs+40(FP), R8
	MOVQ pad+24(FP), AX
	VMOVQ AX, X7
	VPBROADCASTQ X7, Y7
	VMOVDQU 0(R8), Y8    // least: bytes [numbering 0's lanes | numbering 1's]
	VMOVDQU 32(R8), Y9   // greatest
	VMOVDQU 64(R8), Y10  // sums, words: lanes 0…7 of each numbering
	VMOVDQU 96(R8), Y11  // lanes 8…15
	VMOVDQU 128(R8), Y12 // sums of squares, dwords: lanes 0…3 of each
	VMOVDQU 160(R8), Y13 // lanes 4…7
	VMOVDQU 192(R8), Y14 // lanes 8…11
	VMOVDQU 224(R8), Y15 // lanes 12…15
	VPXOR   Y6, Y6, Y6
	SHRQ $2, CX
	JZ   donep

pairloop:
	VMOVDQU    (SI), Y0
	VPMINUB    Y0, Y8, Y8
	VPMAXUB    Y0, Y9, Y9
	VPUNPCKLBW Y6, Y0, Y3
	VPUNPCKHBW Y6, Y0, Y4
	VPADDW     Y3, Y10, Y10
	VPADDW     Y4, Y11, Y11
	VPMULLW    Y3, Y3, Y3
	VPMULLW    Y4, Y4, Y4
	VPUNPCKLWD Y6, Y3, Y5
	VPUNPCKHWD Y6, Y3, Y3
	VPADDD     Y5, Y12, Y12
	VPADDD     Y3, Y13, Y13
	VPUNPCKLWD Y6, Y4, Y5
	VPUNPCKHWD Y6, Y4, Y4
	VPADDD     Y5, Y14, Y14
	VPADDD     Y4, Y15, Y15
	VPOR       Y7, Y0, Y0
	CODESEA
	PAIRS
	VEXTRACTI128 $1, Y1, X1
	PAIRS
	ADDQ $32, SI
	DECQ CX
	JNZ  pairloop

donep:
	VMOVDQU Y8, 0(R8)
	VMOVDQU Y9, 32(R8)
	VMOVDQU Y10, 64(R8)
	VMOVDQU Y11, 96(R8)
	VMOVDQU Y12, 128(R8)
	VMOVDQU Y13, 160(R8)
	VMOVDQU Y14, 192(R8)
	VMOVDQU Y15, 224(R8)
	VZEROUPPER
	RET
