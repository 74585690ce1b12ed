// Package league reads a league file (divisions, teams and their average
// VPs, match outcomes, new teams' matches) for the handicap and fairness
// cells, checking every entry at its line, and converts it for
// engine/handicap.
package league
