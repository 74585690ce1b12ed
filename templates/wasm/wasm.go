//go:build !js

// Package wasm holds the engine that a page with interactive parameters
// carries: reports/live/wasm built for GOOS=js GOARCH=wasm and compressed
// with gzip (engine.wasm.gz), and the Go runtime's wasm_exec.js of the same
// toolchain, which starts it. Both are made by make wasm, as echarts is
// vendored by make echarts: go build cannot run a second build, and a clone
// needs only Go to install the binary. SOURCE says what they were built
// from; TestEngineIsCurrent (reports/live) fails when the sources moved on,
// make wasm-check rebuilds and compares byte for byte.
//
// The engine is not built into itself: for GOOS=js the package is empty
// (wasm_js.go).
package wasm

import _ "embed"

// Engine is the page's engine, gzip-compressed (the page decompresses it
// with the browser's DecompressionStream).
//
//go:embed engine.wasm.gz
var Engine []byte

// Exec is the Go runtime's wasm_exec.js for the engine's toolchain.
//
//go:embed wasm_exec.js
var Exec string

// Source is SOURCE: the toolchain and the hash of the sources the engine
// was built from.
//
//go:embed SOURCE
var Source string
