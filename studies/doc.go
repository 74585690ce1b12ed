// Package studies is the project's studies: the YAML files beside this one,
// their golden results (golden/), the committed results of their expensive
// cells (cache/) and the bibliography they cite. The package has no code;
// its tests run every study and compare it with its golden results, open
// every report in headless Chromium (charts drawn, tables fit, hostile
// input inert) and check the committed cache. They are a test binary of
// their own so that go test ./... runs the long studies beside the other
// packages' tests; go test -short leaves the long studies out.
package studies
