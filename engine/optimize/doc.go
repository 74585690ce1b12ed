// Package optimize re-orients the tables of a movement for the best balance
// by arrow switches (DOMAIN.md §3, seed 004, the program "balans"). Search
// ranks orientations by Qf (minimal SS), then vacancy quality, then d4,
// under constraints that fix rounds, tables, pairs or the first positions.
// Small searches are exhaustive and proven optimal; larger ones are annealed
// with a temperature that cycles. SwitchState keeps the score matrix while
// tables are switched, so that one switch costs O(P).
package optimize
