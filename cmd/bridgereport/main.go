// Command bridgereport turns YAML studies into reproducible analysis reports
// about duplicate bridge movements, scoring and handicaps, and answers one-off
// questions through its subcommands, listed in the commands table (main.go)
// and by bridgereport help. Each subcommand is flags, one cell kind run
// through study.Command, and an exit status.
package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/bridgereport/bridgereport/reports/render"
	"github.com/bridgereport/bridgereport/reports/usage"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	out := &interruptible{ctx: ctx, w: os.Stdout}
	errw := &interruptible{ctx: ctx, w: os.Stderr}
	go func() {
		// Every phase watches ctx and stops within a moment; what cannot
		// (a write blocked on a pipe nobody reads) is cut short here, at
		// once when a write begun before the signal is still blocked.
		// Files are written whole or not at all, so nothing is left
		// half-written.
		<-ctx.Done()
		at := time.Now()
		for time.Since(at) < interruptGrace && !out.blockedSince(at) && !errw.blockedSince(at) {
			time.Sleep(blockedCheck)
		}
		// Stderr may be the blocked pipe: the message is tried, not waited for.
		go fmt.Fprintln(os.Stderr, "bridgereport: interrupted")
		time.Sleep(blockedCheck)
		os.Exit(130)
	}()
	os.Exit(exitCode(interrupted(ctx, Run(ctx, os.Args[1:], out, errw)), os.Stderr))
}

// interrupted is err, or context.Canceled when ctx was cancelled (Ctrl-C,
// SIGTERM) and the run still ended in an error: a phase that does not
// watch ctx (reading a large file) returns its own error within the
// grace, and Ctrl-C must still exit 130, not 2 with a message about the
// file.
func interrupted(ctx context.Context, err error) error {
	if err != nil && ctx.Err() != nil {
		return context.Canceled
	}
	return err
}

// interruptGrace is how long an interrupted run has to stop by itself;
// blockedCheck how often the write that may hold it is looked at.
const (
	interruptGrace = 1500 * time.Millisecond
	blockedCheck   = 50 * time.Millisecond
)

// interruptible is a writer that stops writing once ctx is done: a long
// text stops printing at Ctrl-C, and the printer returns the error.
type interruptible struct {
	ctx context.Context
	w   *os.File
	// since is when the write under way began (Unix nanoseconds), 0 when
	// none is.
	since atomic.Int64
}

func (w *interruptible) Write(p []byte) (int, error) {
	if err := w.ctx.Err(); err != nil {
		return 0, err
	}
	w.since.Store(time.Now().UnixNano())
	defer w.since.Store(0)
	return w.w.Write(p)
}

// blockedSince says whether a write begun before t has still not returned.
func (w *interruptible) blockedSince(t time.Time) bool {
	s := w.since.Load()
	return s != 0 && s < t.UnixNano()
}

// Stat and Fd are the file's underneath, so that what asks whether it
// writes to a terminal (the progress line, the width of tables) still can.
func (w *interruptible) Stat() (os.FileInfo, error) { return w.w.Stat() }
func (w *interruptible) Fd() uintptr                { return w.w.Fd() }

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
			fmt.Fprintln(stderr, "bridgereport:", render.TerminalBlock(err.Error()))
		}
		return exitBad
	}
	// An error may quote a file or an argument: its escape sequences are
	// removed, as from any text printed.
	fmt.Fprintln(stderr, "bridgereport:", render.TerminalBlock(err.Error()))
	return exitBad
}

// command is one subcommand: its name and summary (the help), who it is
// for (the help groups commands by it), the function that owns its flags and
// arguments, the shapes of its --json with the version of their schema,
// and its usage. Each command's file registers it with addCommand, so a
// command is one file.
type command struct {
	name    string
	for_    audience
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
	json    []usage.JSONSection
	// schema is the version of its --json schema, docs/schema/NAME.schema.json
	// (see TestSchemasAreCommitted); 0 for a command without --json.
	schema int
	// help is the usage: the synopsis on its first line, then what the
	// command does.
	help string
}

// audience is who a command is for, in the order the help lists them.
type audience int

const (
	forEveryone audience = iota
	forAnalysts
	forDirectors
	forAuthors
)

func (a audience) String() string {
	return [...]string{"", "for analysts", "for directors", "for authors"}[a]
}

// commands are the subcommands, by audience, then name.
var commands []command

// addCommand registers a command; a name used twice is a defect.
func addCommand(c command) struct{} {
	if slices.ContainsFunc(commands, func(o command) bool { return o.name == c.name }) {
		panic("bridgereport: command " + c.name + " registered twice")
	}
	commands = append(commands, c)
	slices.SortStableFunc(commands, func(a, b command) int {
		return cmp.Or(cmp.Compare(a.for_, b.for_), cmp.Compare(a.name, b.name))
	})
	return struct{}{}
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
			err := c.run(ctx, args[1:], stdout, stderr)
			if h := (*helpShown)(nil); errors.As(err, &h) {
				_, err = io.WriteString(stdout, fitHelp(h.text, terminalWidth(ctx, stdout)))
			}
			return err
		}
	}
	return &usageError{msg: fmt.Sprintf("unknown command %q (see bridgereport help)", args[0])}
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: bridgereport COMMAND [flags] ARGS")
	last := audience(-1)
	for _, c := range commands {
		if c.for_ != last {
			fmt.Fprintf(w, "\ncommands%s:\n", strings.TrimSuffix(" "+c.for_.String(), " "))
			last = c.for_
		}
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
