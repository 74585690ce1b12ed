// Package engine is the domain of bridgereport and, beside it, the file
// formats the domain's values are read from and written to.
//
// The domain is pure computation on plain values, with no files, no
// printing, no flags, no network and no global random state; callers pass
// seeds and contexts. It is split by vocabulary, one package each, so that
// names need no prefix:
//
//   - [github.com/bridgereport/bridgereport/engine/movement]: movements,
//     the generators, specs, arrow switches and absent pairs, board
//     numbers and half rounds, and the balance of a movement (Qf and its
//     relatives, vacancy quality).
//   - [github.com/bridgereport/bridgereport/engine/movement/rounds]: the
//     rounds of meetings known without them (a results file that gives
//     no rounds), by edge colouring.
//   - [github.com/bridgereport/bridgereport/engine/optimize]: the
//     arrow-switch optimiser (annealing, exhaustive proof, objective,
//     constraints).
//   - [github.com/bridgereport/bridgereport/engine/luck]: the luck models
//     (Bussemaker, one and two strong pairs) and pair strengths.
//   - [github.com/bridgereport/bridgereport/engine/scoring]: Law 77
//     scores, matchpoints and Neuberg, sessions and the Session of a
//     results file, instant matchpoints, IMPs and VPs.
//   - [github.com/bridgereport/bridgereport/engine/session]: a club's
//     session analysed: the method its file used, Neuberg's rounding, the
//     movement played, luck and instant matchpoints.
//   - [github.com/bridgereport/bridgereport/engine/season]: a club's
//     season of sessions taken together.
//   - [github.com/bridgereport/bridgereport/engine/catalogue]: the
//     movements for N pairs, ranked, and the recommendation.
//   - [github.com/bridgereport/bridgereport/engine/handicap]: a league's
//     handicaps (Form-L and the old system) and the binomial checks of their
//     fairness.
//   - [github.com/bridgereport/bridgereport/engine/budget]: how long a
//     computation will take, and the refusal of work beyond a limit.
//   - [github.com/bridgereport/bridgereport/engine/published]: computed
//     figures against figures as the sources print them.
//
// The formats tier, engine/formats, reads and writes the files: it imports
// the domain, and the domain never imports it (reports/layers_test.go
// says so, and that the domain imports no file-format library):
//
//   - [github.com/bridgereport/bridgereport/engine/formats/asc]: the .ASC
//     movement file of balans and the movement library;
//     [github.com/bridgereport/bridgereport/engine/formats/asc/asctest]
//     reads the library for tests.
//   - [github.com/bridgereport/bridgereport/engine/formats/bridgemate]:
//     the Bridgemate Data Connector's movement records, and
//     [github.com/bridgereport/bridgereport/engine/formats/bridgemate/send],
//     which posts them over HTTP.
//   - [github.com/bridgereport/bridgereport/engine/formats/bridgescorer]:
//     the bridgescorer program's movement file (YAML).
//   - [github.com/bridgereport/bridgereport/engine/formats/results]: a
//     club's results file told by its content and read by one of
//     [github.com/bridgereport/bridgereport/engine/formats/usebio] (USEBIO
//     XML), [github.com/bridgereport/bridgereport/engine/formats/pbn]
//     (PBN), [github.com/bridgereport/bridgereport/engine/formats/nzscorer]
//     (New Zealand's Scorer XML) and
//     [github.com/bridgereport/bridgereport/engine/formats/acbl]
//     (ACBLscore's recaps and game files), which read through
//     [github.com/bridgereport/bridgereport/engine/formats/textfile].
//   - [github.com/bridgereport/bridgereport/engine/formats/sessioncsv]:
//     the session CSV and the frequency list of the session and instant
//     cells.
//   - [github.com/bridgereport/bridgereport/engine/formats/exactpart]: the
//     part files of a sharded exact luck enumeration.
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
// This package itself holds only what they share: the Version that
// identifies the engine's results, ParseError, the error of every input
// file the engine reads (movements, sessions, frequencies, fixers), and
// Clip, which quotes a token of one in a message.
package engine
