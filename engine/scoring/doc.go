// Package scoring holds the scoring rules of duplicate bridge: the score of
// a contract under Law 77 and the scores a board can produce, matchpoints on
// the WBF and ACBL scales with the Neuberg adjustment for boards played fewer
// times, the matchpointing of a whole pairs session, instant matchpoints from
// result frequencies, IMPs (Law 78B) and victory points.
//
// A Session is a results file as clubs publish it, with the file's own
// figures beside the travellers; the readers of those files
// (engine/formats/usebio, engine/formats/pbn) build it with AddLine, Warn
// and Finish, and Finish checks the scores against their contracts. The
// files themselves, results files and the session and frequency files
// alike, are the formats tier's (engine/formats/...): nothing here reads
// or writes one.
package scoring
