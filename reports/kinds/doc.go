// Package kinds holds the cell kinds of the study language, one file each:
// its settings, its run, its presenter and its Kind record, which registers
// it in Kinds, the one table a study decodes cells by and a command finds
// its kind in (by the type of its body). A study and a subcommand run the
// same kinds: what a command prints with --json is the Result the kind's
// cell carries in results.json.
package kinds
