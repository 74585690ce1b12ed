// Package engine is the domain of bridgereport: pure computation on plain
// values, with no files, no printing, no flags and no global random state.
// Callers pass seeds and contexts. It is split by vocabulary, one package
// each, so that names need no prefix:
//
//   - [github.com/bridgereport/bridgereport/engine/movement]: movements, the
//     .ASC file format, the generators, arrow switches and absent pairs, and
//     the balance of a movement (Qf and its relatives, vacancy quality).
//   - [github.com/bridgereport/bridgereport/engine/optimize]: the arrow-switch
//     optimiser (annealing, exhaustive proof, objective, constraints).
//   - [github.com/bridgereport/bridgereport/engine/luck]: the luck models
//     (Bussemaker, one and two strong pairs) and pair strengths.
//   - [github.com/bridgereport/bridgereport/engine/scoring]: Law 77 scores,
//     matchpoints and Neuberg, sessions, instant matchpoints, IMPs and VPs.
//   - [github.com/bridgereport/bridgereport/engine/handicap]: a league's
//     handicaps (Form-L and the old system) and the binomial checks of their
//     fairness.
//
// Comments cite the five source documents the definitions come from as
// seeds 000 to 004:
//
//   - seed 000: the Bussemaker model (Pieter Bussemaker, WEKOwijzer-58, NBB;
//     description revised May 2017): rank probabilities of pairs of known
//     strength under random pair numbering, and Qd;
//   - seed 001: the Neuberg formula for boards played fewer times than
//     others, and its criticism;
//   - seed 002: the Rugby and District Bridge League's handicap calculation
//     (2015-16): the Form-L system, the old system and the binomial checks
//     of fairness;
//   - seed 003: Richard Pavlicek's article on instant matchpoints (8UA6):
//     matchpoints from result frequencies, with a result imagined in each
//     gap;
//   - seed 004: "The Balance", on movement balance: the score matrix, Qf and
//     its relatives, vacancy quality, arrow switching and the optimiser
//     balans, and the one strong pair model.
//
// optimize and luck build on movement; the others stand alone. This package
// itself holds only what they share: the Version that identifies the
// engine's results, and ParseError, the error of every input file the
// engine reads (movements, sessions, frequencies, fixers).
package engine
