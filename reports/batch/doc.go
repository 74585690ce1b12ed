// Package batch is what a run of many studies reports besides the reports
// themselves: the progress line on the terminal, the run's summary (its
// --json) and JUnit file for CI, and the PDF of a report printed through
// a headless Chromium.
package batch
