// Package engine holds the domain computations of bridgereport: movements and
// their .ASC file format, the balance of a movement (score matrix, Qf and its
// relatives), and the models, optimiser and scoring rules built on them; and
// a league's handicaps (Form-L and the old system) with the binomial checks
// of their fairness.
//
// Everything here is pure computation on plain values: no printing, no flags,
// no global random state. Callers pass seeds and contexts.
package engine
