// Command bridgereport turns YAML studies into reproducible analysis reports
// about duplicate bridge movements, scoring and handicaps, and answers one-off
// questions through its subcommands, listed in the commands table (main.go)
// and by bridgereport help. Each subcommand is flags, one cell kind run
// through study.Command, and an exit status.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/reports/batch"
	"github.com/bridgereport/bridgereport/reports/diff"
	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/render"
	"github.com/bridgereport/bridgereport/reports/usage"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		// Every phase watches ctx and stops within a moment; what cannot
		// (a write blocked on a pipe nobody reads) is cut short here. Files
		// are written whole or not at all, so nothing is left half-written.
		<-ctx.Done()
		time.Sleep(interruptGrace)
		fmt.Fprintln(os.Stderr, "bridgereport: interrupted")
		os.Exit(130)
	}()
	out := &interruptible{ctx: ctx, w: os.Stdout}
	os.Exit(exitCode(Run(ctx, os.Args[1:], out, &interruptible{ctx: ctx, w: os.Stderr}), os.Stderr))
}

// interruptGrace is how long an interrupted run has to stop by itself.
const interruptGrace = 1500 * time.Millisecond

// interruptible is a writer that stops writing once ctx is done: a long
// text stops printing at Ctrl-C, and the printer returns the error.
type interruptible struct {
	ctx context.Context
	w   *os.File
}

func (w *interruptible) Write(p []byte) (int, error) {
	if err := w.ctx.Err(); err != nil {
		return 0, err
	}
	return w.w.Write(p)
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
			fmt.Fprintln(stderr, "bridgereport:", err)
		}
		return exitBad
	}
	fmt.Fprintln(stderr, "bridgereport:", err)
	return exitBad
}

// command is one subcommand: its name and summary (the help), the function
// that owns its flags and arguments, and the shapes of its --json (its
// usage and docs/json.md are written from these).
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
	json    []usage.JSONSection
}

// commands lists the subcommands in the order the help shows them. It is
// set in init, since the usage of each command is written from it.
var commands []command

func init() {
	commands = []command{
		{"run", "run studies and write their reports", runStudies, []usage.JSONSection{{Result: batch.RunSummary{}, About: "The run: one entry per study, in the order they ran (`error` is set, and the checks and outputs empty, when a study could not run; a failure is at the line of its `published:` entry), and the totals."}}},
		{"balance", "balance figures of a movement (like balans -c)", runBalance, []usage.JSONSection{{Result: kinds.Check.Results[0], About: "The check report of one movement (floats unrounded; `matrix` has null on the diagonal)."}}},
		{"optimize", "re-orient tables for the best balance (like balans)", runOptimize, []usage.JSONSection{{Result: kinds.Optimize.Results[0], About: "The optimize cell's result: one optimisation by arrow switches per row, here the one movement; `movement` is the optimised movement in .ASC form; `absent` only when set; `verdict` says whether the result is proven optimal, and why. Changed when optimize began to run the optimize cell: the object, its keys unchanged, is now `rows[0]`, with the row's `label` added."}}},
		{"simulate", "scoring models: one or two strong pairs, Bussemaker", runSimulate, []usage.JSONSection{
			{When: "--model one-strong", Result: kinds.OneStrong.Results[0], About: "The one_strong cell's result: each pair's percentage when one pair tops every board (floats unrounded), in the one column of the movement, with the other pairs' deviation from their ideal share. Changed when simulate began to run the one_strong cell: the object was {model, strong, percent, movement}; `strong` is kept, `percent` and `movement` are now `columns[0].percent` and `columns[0].movement`, and `model` is gone (the flag says it)."},
			{When: "--model two-strong", Result: kinds.TwoStrong.Results[0], About: "The two_strong cell's result: the spread of the weak pairs' percentages over every choice of the two strong pairs, in the one row of the movement. Changed when simulate began to run the two_strong cell: the keys of the object are now those of `rows[0]`, unchanged, with the row's `name` added."},
			{When: "--model bussemaker", Result: kinds.Bussemaker.Results[0], About: "The Bussemaker model: per strength the spread of percentages, and the probability (percent) of each place; `extreme_sd` and `beyond_3sd` (the entrants furthest from their mean, in standard deviations) came with the bussemaker cell, and `ranks_reproduced` is set only when a study gives a printed rank table."}}},
		{"instant", "instant-matchpoint table of a board from result frequencies", runInstant, []usage.JSONSection{{Result: kinds.Instant.Results[0], About: "The instant-matchpoint table of a board: the results as played and every row of the table; a row of `kind` result carries `score` and `count`, a row of `kind` gap `low`, `high`, `lowest` and `highest` instead; `ties` index rows."}}},
		{"score", "matchpoint a pairs session, Neuberg-adjusting short boards", runScore, []usage.JSONSection{
			{When: "FILE.csv", Result: kinds.Session.Results[0], About: "A session matchpointed, Neuberg-adjusting boards played fewer times; `expected`, `scale`, `rounding` and `step` are the settings in force."},
			{When: "a results FILE (.xml, .pbn, ACBLscore's .txt, .htm or .ACA)", Result: kinds.Session.Results[1], About: "A club's results file (USEBIO, PBN, NZ Scorer's XML, an ACBLscore report or game file) analysed: every pair's percentage as the file prints it and recomputed, the scoring method identified, every disagreement, Neuberg's rounding, the movement played with its balance, the luck model on it, and instant matchpoints from the field. `warnings` (the file's own mistakes) and `disagreements` list the first 10 of each kind, and `warning_counts` and `disagreement_counts` count every one by kind: a file whose mistake repeats on every line is reported once, with its count (before, every one was listed); `movement[].matrix` is null, and the luck model left out with a note, for a field of more than 100 pairs. `club`, `file_movement`, `file_top`, `file_average` are what the file's header states, and a pair's `strat`, `strat_ranks`, `masterpoints` and `handicap_file` what the file awards it (ACBLscore, Scorer), when it does; `method_detail.scale` is `acbl` when the file's matchpoints are 1 a result beaten."},
			{When: "FILE... or DIR (a season)", Result: kinds.Season.Results[0], About: "A club's season: each session's date, method, disagreements and movements (Qf, Qd, the better arrow switches in words), each pair's probability of finishing first and in the top three from a seeded bootstrap over the boards, every partnership's season average with its standard error and 95 % interval (best N of M with --best-of), and the season's fairness (NS against EW, stationary against moving, Neuberg's rank changes)."}}},
		{"handicap", "Form-L and old handicaps of a league, and their fairness", runHandicap, []usage.JSONSection{{Result: kinds.Handicap.Results[0], About: "A league's handicaps by Form-L and the old system, and the binomial fairness of outcomes; `new_teams` and `matches` are null when the league has none; `settings` are the values in force."}}},
		{"new", "write a small working study to start from, and the study schema", runNew, nil},
		{"schema", "print the JSON Schema of the study format (for editors)", runSchema, nil},
		{"preview", "serve a study or folder as live reports that follow your edits", runPreview, nil},
		{"diff", "compare two runs' results.json figure by figure (drift detection)", runDiff, []usage.JSONSection{{Result: diff.DiffResult{}, About: "The studies compared and every change; `mirrors` names the table whose change a figure's change repeats."}}},
		{"movements", "list the movement library, with published and computed Qf", runMovements, []usage.JSONSection{{Result: kinds.Library.Results[0], About: "The movement library, one object per movement; `published_qf` and `published_qo` are null when the file has none."}}},
		{"catalogue", "the candidate movements for N pairs, ranked, with a recommendation", runCatalogue, []usage.JSONSection{{Result: kinds.Catalogue.Results[0], About: "The catalogue cell's result for the one field size: its candidates, in rank order; `recommended` is null when every candidate breaks a bound; a candidate's `absent` is the phantom's pair number in `asc` (the movement in .ASC form, every seat filled), or null, and for an odd field its figures are those with that pair absent; `excluded` is the bound a candidate breaks, or \"\"; `change` is the --late or --leave plan, or null; `plans` the --leave or --extra plans, ranked, or null. Changed when catalogue began to run the catalogue cell: the object, its keys unchanged, is now the one element of an array (--pick --json still prints the one candidate)."}}},
		{"movement", "the guide of a movement: table cards, pair cards, the .ASC file", runGuide, []usage.JSONSection{{Result: kinds.Guide.Results[0], About: "The guide of a movement: table cards and pair cards; a `next` is {table, direction}, or null after the last round or before a sit-out; `boards_next` is a table number or null; a pair card's round has `sits_out` instead of table, direction, opponent and boards."}}},
		{"version", "print the versions of bridgereport, its engine and echarts", runVersion, []usage.JSONSection{{Result: render.Versions{}, About: "The versions of this binary; `commit` only when the binary knows it."}}},
	}
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
	fs := newFlagSet("version", stderr)
	asJSON := fs.Bool("json", false, "print the versions as JSON")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	if *asJSON {
		return render.WriteJSON(stdout, render.CurrentVersions(engine.Version))
	}
	return render.WriteVersions(stdout, engine.Version)
}
