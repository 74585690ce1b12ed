package engine

// Version identifies the engine in reports and cache keys; change it when a
// computation changes its results.
const Version = "0.1.0"
