// Package kinds holds the cell kinds of the study language, one file each
// (its settings, its run and its presenter), and Registry, the table that
// names them. A study and a subcommand run the same kinds: what a command
// prints with --json is the Result the kind's cell carries in results.json.
package kinds
