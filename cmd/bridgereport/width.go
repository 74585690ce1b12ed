package main

import (
	"flag"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/reports/study"
)

// lookupEnv reads the environment; tests replace it, to give COLUMNS
// without depending on the shell that runs them.
var lookupEnv = os.LookupEnv

// wideFlag adds --wide to a command whose text has tables.
func wideFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("wide", false, "print every table whole, however wide (without it, tables fit COLUMNS or the terminal's width)")
}

// output is how a command prints: its Result as JSON, or its report as
// text fitted to the terminal's width, unless wide.
func output(stdout io.Writer, asJSON, wide bool) study.Output {
	out := study.Output{JSON: asJSON}
	if !asJSON && !wide {
		out.Width = terminalWidth(stdout)
	}
	return out
}

// terminalWidth is the width in columns that text written to w is fitted
// to: COLUMNS when it is a positive number (a user sets it for a pipe, a
// shell may export it), else the width of the terminal w writes to, else
// 0: a pipe or a file gets every table whole, as scripts expect.
func terminalWidth(w io.Writer) int {
	if s, ok := lookupEnv("COLUMNS"); ok {
		if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil && n > 0 {
			return n
		}
	}
	if f, ok := w.(interface{ Fd() uintptr }); ok {
		return windowWidth(f.Fd())
	}
	return 0
}
