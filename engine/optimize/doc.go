// Package optimize re-orients the tables of a movement for the best balance
// by arrow switches (seed 004, the program "balans"). Search
// ranks orientations by Qf (minimal SS), then the vacancy quality (by
// default balans's score 2·Qf1max + Qf1av; Settings.Vacancy and Weights,
// which may also leave it out), then d4, under constraints that fix rounds, tables, pairs, board groups,
// the first positions or a file of fixers, or free only one round, table,
// pair or board group. Settings carries every option of balans's help text
// that concerns the search, each field naming its balans option.
// Small searches are exhaustive and proven optimal; larger ones are annealed
// with a temperature that cycles (or cools slowly), or searched greedily as
// early balans did; Settings.Checkpoints records how the best Qf grows with
// the iterations. SwitchState keeps the score matrix while
// tables are switched, so that one switch costs O(P).
package optimize
