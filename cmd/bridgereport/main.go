// Command bridgereport turns YAML studies into reproducible analysis reports
// about duplicate bridge movements, scoring and handicaps, and answers one-off
// questions through its subcommands (balance, optimize, simulate, instant,
// score, handicap, movements, diff, preview, new, schema, version).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/reports"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(exitCode(Run(ctx, os.Args[1:], os.Stdout, os.Stderr), os.Stderr))
}

// Exit statuses, the same for every command (the README lists them).
const (
	exitOK     = 0 // everything ran, and every published figure reproduced
	exitFailed = 1 // a published figure failed, or diff found drift
	exitBad    = 2 // bad input: a command line, a file or a study that could not run
)

// exitCode writes the error of a run to stderr, unless it was reported
// already, and returns the exit status: exitFailed for a figure that did
// not reproduce or a moved value, exitBad for anything else.
func exitCode(err error, stderr io.Writer) int {
	var u *usageError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errFailed):
		return exitFailed
	case errors.Is(err, errReported):
		return exitBad
	case errors.Is(err, context.Canceled):
		// Ctrl-C or SIGTERM: main's context was cancelled.
		fmt.Fprintln(stderr, "bridgereport: interrupted")
		return 130
	case errors.As(err, &u):
		if !u.shown {
			fmt.Fprintln(stderr, "bridgereport:", err)
		}
		return exitBad
	}
	fmt.Fprintln(stderr, "bridgereport:", err)
	return exitBad
}

// command is one subcommand. run owns its flag set and its arguments.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

// commands lists the subcommands in the order the help shows them.
var commands = []command{
	{"run", "run studies and write their reports", runStudies},
	{"balance", "balance figures of a movement (like balans -c)", runBalance},
	{"optimize", "re-orient tables for the best balance (like balans)", runOptimize},
	{"simulate", "scoring models: one or two strong pairs, Bussemaker", runSimulate},
	{"instant", "instant-matchpoint table of a board from result frequencies", runInstant},
	{"score", "matchpoint a pairs session, Neuberg-adjusting short boards", runScore},
	{"handicap", "Form-L and old handicaps of a league, and their fairness", runHandicap},
	{"new", "write a small working study to start from, and the study schema", runNew},
	{"schema", "print the JSON Schema of the study format (for editors)", runSchema},
	{"preview", "serve a study or folder as live reports that follow your edits", runPreview},
	{"diff", "compare two runs' results.json figure by figure (drift detection)", runDiff},
	{"movements", "list the movement library, with published and computed Qf", runMovements},
	{"catalogue", "the candidate movements for N pairs, ranked, with a recommendation", runCatalogue},
	{"movement", "the guide of a movement: table cards, pair cards, the .ASC file", runGuide},
	{"version", "print the versions of bridgereport, its engine and echarts", runVersion},
}

// Run executes one invocation of the tool; main only maps its error to an
// exit status, so tests call Run directly.
func Run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && (args[0] == "--version" || args[0] == "-version") {
		return runVersion(ctx, nil, stdout, stderr)
	}
	if len(args) == 2 && args[0] == "help" {
		args = []string{args[1], "-h"} // help COMMAND: that command's flags and keys
	}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		printUsage(stdout)
		if len(args) == 0 {
			return &usageError{msg: "no command given"}
		}
		return nil
	}
	for _, c := range commands {
		if c.name == args[0] {
			if err := c.run(ctx, args[1:], stdout, stderr); !errors.Is(err, errHelp) {
				return err
			}
			return nil
		}
	}
	return &usageError{msg: fmt.Sprintf("unknown command %q (see bridgereport help)", args[0])}
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: bridgereport COMMAND [flags] ARGS")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nbridgereport COMMAND -h shows the flags of a command.")
}

// usageError is a mistake in the command line; it exits with exitBad.
// shown says the flag package has printed it already, with the usage.
type usageError struct {
	msg   string
	shown bool
}

func (e *usageError) Error() string { return e.msg }

// errReported means a problem was already written out in full (a study
// that could not run, listed with its error); main only sets the exit
// status, exitBad.
var errReported = errors.New("reported")

// errFailed means the input was good and the answer is no: a published
// figure failed to reproduce, or diff found a moved value. It was written
// out already; the exit status is exitFailed.
var errFailed = errors.New("failed")

// runVersion prints the versions; also bridgereport --version.
func runVersion(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", "[--json]", stderr)
	asJSON := fs.Bool("json", false, `print {"bridgereport", "engine", "echarts", "go", "commit"} as JSON`)
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(stdout, reports.CurrentVersions(engine.Version))
	}
	return reports.WriteVersions(stdout, engine.Version)
}
