// Package reports is the document of bridgereport: a Report of sections of
// blocks (prose, tables, charts, callouts, references), the checks of
// published figures, the provenance and the navigation of a site, with what
// reading a document needs: the headings of its prose, the code spans a
// pass leaves alone, Markdown escaping, natural order and the nearest name
// to a typo. It knows nothing of bridge or of the study language, and it
// prints nothing: the printers are reports/render (with reports/charts),
// the book passes reports/book, and reports/study decodes and runs studies
// and builds their reports.
package reports
