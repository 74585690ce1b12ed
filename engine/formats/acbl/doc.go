// Package acbl reads what ACBLscore, the scoring program of most North
// American clubs, writes: its text reports as clubs post them (ReadRecap:
// the header, each section's ranking with strats and masterpoints, and the
// board-by-board results, either as "RESULTS OF BOARD n" travellers or as
// a recap grid per pair) and its binary game files (ReadGame: .ACA, .ACE,
// one a session, as Matthew Kidd's "ACBLscore Game Files Decoded"
// describes them). Both give a *scoring.Session on ACBLscore's scale, one
// matchpoint a result beaten; the file's percentages, strats and
// masterpoint awards are kept as printed, never recomputed here.
//
// Both read only the io.Reader they are given, at most
// textfile.MaxBytes. What a club's file gets wrong (a report printed twice,
// NUL bytes, a file cut off mid-board, a line that does not read) is a
// warning naming the line or record, and the rest is read; an error, an
// *engine.ParseError naming the line or record, only when nothing usable
// is left.
package acbl
