// Package session analyses a real pairs session read from a club's results
// file (engine/formats/results): it recomputes every traveller's
// matchpoints and every pair's percentage and says which scoring method the
// file used and where the file cannot be reproduced; it measures what
// Neuberg and its rounding did to the ranking; it reconstructs the movement
// that was played from the travellers (the rounds, when the file gives
// none, by movement/rounds) and gives its balance; it runs the
// Bussemaker luck model on that movement with strengths estimated from the
// session; and it builds instant-matchpoint tables from the session's own
// frequencies.
//
// It is a package of its own, not part of scoring, because it joins three
// vocabularies: scoring (the session, matchpoints, instant matchpoints),
// movement (the reconstructed movement and its balance) and luck (the
// Bussemaker model, which imports movement). scoring stays a leaf that the
// others do not need.
package session
