// Package movement holds movements and their balance (DOMAIN.md §1 and §2,
// seed 004): the schedule of who plays which board group at which table in
// each round, the .ASC file format of balans (ParseASC, WriteASC), the
// generators (Mitchell, RelayMitchell, SkipMitchell, WebMitchell, Blackpool,
// RoverMitchell, AppendixMitchell, HesitationMitchell, Howell, CompleteHowell, ShortHowell), one-line movement specs
// (ParseSpec, Spec.Build), arrow switches, absent pairs and half tables
// (WithoutPair, BestPhantom, HalfTable), the facts a director weighs
// (Describe), and the balance of a movement: the score matrix, S, SS, Qf, Qc,
// sd, skewness, d4, Qo and the vacancy figures Qf1, Qf1av and Qf1max.
package movement
