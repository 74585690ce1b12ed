package main

import (
	"context"
	"flag"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/reports/study"
)

// envKey carries an environment in a context (withEnv): a caller of Run
// may give the command an environment of its own, as the tests do, so that
// commands run side by side with different COLUMNS and none sees the
// shell's that runs the tests.
type envKey struct{}

// withEnv gives the commands run with ctx env instead of the process's.
func withEnv(ctx context.Context, env map[string]string) context.Context {
	return context.WithValue(ctx, envKey{}, env)
}

// lookupEnv reads the environment of ctx (withEnv), else the process's.
func lookupEnv(ctx context.Context, name string) (string, bool) {
	if env, ok := ctx.Value(envKey{}).(map[string]string); ok {
		v, ok := env[name]
		return v, ok
	}
	return os.LookupEnv(name)
}

// wideFlag adds --wide to a command whose text has tables.
func wideFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("wide", false, "print every table whole, however wide (without it, tables fit COLUMNS or the terminal's width)")
}

// output is how a command prints: its Result as JSON, or its report as
// text fitted to the terminal's width, unless wide.
func output(ctx context.Context, stdout io.Writer, asJSON, wide bool) study.Output {
	out := study.Output{JSON: asJSON}
	if !asJSON && !wide {
		out.Width = terminalWidth(ctx, stdout)
	}
	return out
}

// terminalWidth is the width in columns that text written to w is fitted
// to: COLUMNS when it is a positive number (a user sets it for a pipe, a
// shell may export it), else the width of the terminal w writes to, else
// 0: a pipe or a file gets every table whole, as scripts expect.
func terminalWidth(ctx context.Context, w io.Writer) int {
	if s, ok := lookupEnv(ctx, "COLUMNS"); ok {
		if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil && n > 0 {
			return n
		}
	}
	if f, ok := w.(interface{ Fd() uintptr }); ok {
		return windowWidth(f.Fd())
	}
	return 0
}
