// Package load decodes the YAML of studies and of the files they name, keeping
// every line: strict decoding that refuses unknown keys (StrictDecode), the
// errors that say file:line (StudyError, InputError, EntryError, LineError),
// YAML syntax errors placed at the real mistake, the check that an input is
// text, paths kept inside the study's folder (InputPath), and the walk of Go
// types that the JSON Schemas are generated from: the study's (TypeSchema)
// and the --json outputs' (ResultSchema).
//
// It is the bottom of the study packages: it imports only reports and the
// engine.
package load
