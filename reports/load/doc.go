// Package load decodes the YAML of studies and of the files they name, keeping
// every line: strict decoding that refuses unknown keys (StrictDecode), the
// errors that say file:line (StudyError, InputError, EntryError, LineError),
// YAML syntax errors placed at the real mistake, the check that an input is
// text, paths kept inside the study's folder (InputPath), and the walk of Go
// types that the study's JSON Schema is generated from (TypeSchema).
//
// It is the bottom of the study packages: it imports only reports and the
// engine.
package load
