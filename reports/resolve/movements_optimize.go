package resolve

import (
	"io"
	"sync"
)

// MovementCache keeps optimised movements between runs, beside the cells'
// results; the zero value caches nothing.
type MovementCache struct {
	Dir      string          // "" when caching is off
	Used     map[string]bool // files this run read or wrote, for pruning
	Progress io.Writer       // nil: no progress
	mu       sync.Mutex      // guards used and progress: searches run at once
}
