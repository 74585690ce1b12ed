// Package study is the study language of bridgereport and everything that
// runs it. A study is a YAML file of prose and analysis cells over named
// movements (the README and docs/cells.md describe it); this package reads it,
// checks it and runs it into a reports.Report:
//
//   - the study format: decoding with line numbers, declared parameters and
//     their ${name} values, StudyError (study.go, batch.go), and the JSON
//     Schema generated from the same Go types (schema.go);
//   - the registry of cell kinds and the cells themselves, one kind's
//     fields, run and tables in its cells_*.go file (cells.go);
//   - the checks of published figures and errata that every cell uses;
//   - the cache of cell results and optimised movements, keyed by content
//     (cache.go, movements_optimize.go);
//   - movement resolution: a file, the embedded library, or a one-line spec
//     (movements.go, library.go), and the league format read by the handicap
//     cell and command (league.go);
//   - Run, which runs a study's cells in order (run.go), and Command, which
//     runs one cell as a subcommand of cmd/bridgereport (command.go).
package study
