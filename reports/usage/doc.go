// Package usage writes what the commands say about themselves: a command's
// usage (its help text, flags and the keys of its --json), the JSON-key
// reference of docs/json.md and the versioned JSON Schemas of docs/schema,
// all from the Result types the commands print; and it finds what a new
// schema would break for scripts written against an old one (Breaks).
package usage
