// Package reports turns engine results into what people read: the text
// reports of `bridgereport balance` and `bridgereport handicap`, and the
// studies, which it decodes, runs and renders as HTML (interactive charts),
// Markdown and results.json.
package reports
