//go:build js

package wasm

// The engine in the browser makes no page: it carries no copy of itself.
var (
	Engine []byte
	Exec   string
	Source string
)
