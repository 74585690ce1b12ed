// Package disk reads and writes the tool's files safely: inputs read with a
// size limit, files written whole or not at all (a temporary file renamed
// into place), output folders replaced by rename, checked and locked
// against a second run, and no symbolic link followed out of a folder the
// tool owns.
package disk
