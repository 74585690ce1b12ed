// Package season analyses a club's season: the sessions of a folder of
// results files (engine/formats/results), each analysed by
// session.Analyse, taken together. Per session it gives the movement as
// played with its balance (Qf) and its luck quality (Qd, the Bussemaker
// model), and the better movement its arrow switches could have made
// (engine/optimize). Per partnership, matched across the files by the
// players' numbers where the files carry them and by their names
// otherwise, it gives the season's average with its standard error and a
// 95 % interval from the board-by-board variance. It says how sure each
// session's ranking is (each pair's probability of finishing first and in
// the top three, from a bootstrap over the boards) and how fair the season
// was (NS against EW, stationary against moving pairs, the ranks Neuberg
// changed).
//
// Everything random is seeded: the bootstrap draws fixed chunks of
// resamples, chunk c of session s from rand.NewPCG(seed, s<<20|c), and adds
// them up in chunk order, so the result is the same on any GOMAXPROCS.
package season
