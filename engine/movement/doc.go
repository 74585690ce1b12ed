// Package movement holds movements and their balance (seed 004): the
// schedule of who plays which board group at which table in each round, the
// generators (Mitchell, RelayMitchell, StayMitchell, CrissCrossMitchell,
// SkipMitchell, WebMitchell, Blackpool, RoverMitchell, AppendixMitchell,
// HesitationMitchell, Howell, CompleteHowell, ShortHowell, Perfect),
// one-line movement specs (ParseSpec, Spec.Build), arrow switches, absent
// pairs and half tables (WithoutPair, BestPhantom, HalfTable), board
// numbers, set sizes and half rounds for the programs that take a round's
// boards as one range (BoardNumbers, SetSizes, HalveRounds), the facts a
// director weighs (Describe), and the balance of a movement: the score
// matrix, S, SS, Qf, Qc, sd, skewness, d4, Qo and the vacancy figures Qf1,
// Qf1av and Qf1max, for a whole movement or per session (SessionBalances).
// The files movements are read from and written to are the formats tier's
// (engine/formats/asc, bridgemate, bridgescorer); the rounds of meetings
// known without them are found by the subpackage rounds.
//
// A round in which a table plays two board groups (a split table) holds
// the same two pairs at two table positions of the round, each with its
// own board group, as the .ASC format writes it; Tables then counts twice
// as many positions as the round seats. Each entry is one play of its
// group for the balance. Check allows a pair to sit twice in a round only
// that way.
package movement
