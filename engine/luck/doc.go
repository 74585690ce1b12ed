// Package luck holds the models of luck and strength in a pairs event
// (seeds 000 and 004): the percentages of pairs of given
// strengths in a movement, the "one strong pair" and "two strong pairs"
// models, and the Bussemaker model of rank probabilities under random pair
// numbering, which enumerates the numberings or samples them in fixed-size
// chunks so that results do not depend on GOMAXPROCS. Fields too large to
// enumerate one by one (the 14! numberings of a 14-pair Mitchell) are
// enumerated exactly one numbering per orbit of the movement's whole
// automorphism group (Automorphisms, orbits.go), with the strength
// reversal, and for two-sided fields board totals computed in registers
// (AVX2, with the place codes counted by pairs of lanes, or AVX-512 with
// the counts in the same pass).
package luck
