// Package handicap sets and tests a league's handicaps (seed 002): the Form-L system and the old system it replaced, handicaps for new
// teams, the outcomes of handicapped matches, and the binomial tails and
// bands that say whether those outcomes look like coin flips.
package handicap
