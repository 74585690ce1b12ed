// Package cache keeps computed results between runs as content-keyed JSON
// entries that check themselves (a schema number and a SHA-256 of the
// content): JSON computes a result or reads it back, Prune removes the entries
// a run did not use, and Expensive says where the committed results of cells
// that take minutes are kept. It knows nothing of studies or cells.
package cache
