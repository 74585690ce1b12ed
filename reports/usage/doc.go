// Package usage writes what the commands say about themselves: a command's
// usage (its help text, flags and the keys of its --json) and the JSON-key
// reference of docs/json.md, both from the Result types the commands print.
package usage
