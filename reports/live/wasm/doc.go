// Command wasm is the engine that a page with interactive parameters
// carries: reports/live built for GOOS=js GOARCH=wasm (make wasm writes it,
// compressed, to templates/wasm). It runs in the page's Web Worker: the
// worker's script calls bridgereportStart with the page's study once, then
// bridgereportRun with each request, and the engine answers with
// postMessage, one JSON message at a time (live.Message). The page stops a
// computation by ending the worker: the engine never waits for the page.
package main
