// Package scoring holds the scoring rules of duplicate bridge: the score of
// a contract under Law 77 and the scores a board can produce, matchpoints on
// the WBF and ACBL scales with the Neuberg adjustment for boards played fewer
// times, the matchpointing of a whole pairs session, instant matchpoints from
// result frequencies, IMPs (Law 78B) and victory points.
//
// ParseSession and ParseFrequencies read text; their errors are
// *engine.ParseError values naming the file and line.
package scoring
