// Package study is the study language of bridgereport and its runs. A study
// is a YAML file of prose and analysis cells over named movements (the README
// and docs/cells.md describe it); this package decodes it (parameters and
// their ${name} values, the cells by kind, figure entries at their lines),
// checks it (references, prose lint), generates its JSON Schema, and runs it
// into a reports.Report (Run, RunBatch). Its prose's references and
// citations resolve at the end of a run (Finish, with the study's
// bibliography), or, for studies run together as a site or a sweep
// (SitePaths, RunSweep), once all of them have run. Command runs one kind
// as a subcommand of cmd/bridgereport.
//
// The packages below it, each with one job, are load (decoding with lines),
// check (published figures), cache, league, resolve (movements), cell (the
// contract of a kind) and kinds (the kinds and their table); a test in
// reports (TestLayers) keeps every import pointing down.
package study
