// Package check compares a cell's computed figures with the figures a
// source published, at the precision they were printed with: exact figures
// (Figures), sampled ones within a tolerance (Within), figures to reach or
// beat (Beats) and whole printed tables (PrintedTable). A published figure
// that does not reproduce fails unless an erratum, with its reason, says it
// is wrong; an erratum that no longer holds fails too.
package check
