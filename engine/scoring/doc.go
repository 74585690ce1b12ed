// Package scoring holds the scoring rules of duplicate bridge: the score of
// a contract under Law 77 and the scores a board can produce, matchpoints on
// the WBF and ACBL scales with the Neuberg adjustment for boards played fewer
// times, the matchpointing of a whole pairs session, instant matchpoints from
// result frequencies, IMPs (Law 78B) and victory points.
//
// ParseSession and ParseFrequencies read text; ReadUSEBIO and ReadPBN read
// the results files clubs publish (USEBIO XML, PBN) into a Session that
// keeps the file's own figures beside the travellers. Their errors are
// *engine.ParseError values naming the file and line. Nothing here opens a file or
// the network: each reads the io.Reader it is given, up to a stated limit.
package scoring
