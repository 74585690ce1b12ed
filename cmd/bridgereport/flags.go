package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/bridgereport/bridgereport/reports/resolve"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/study"
)

// newFlagSet returns a flag set that reports errors instead of exiting.
func newFlagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		first, more, _ := strings.Cut(usage, "\n")
		fmt.Fprintf(stderr, "usage: bridgereport %s %s\n", name, first)
		if strings.Contains(first, "MOVEMENT") {
			fmt.Fprintln(stderr, "MOVEMENT is a movement file (.ASC), a library movement (bridgereport movements lists them) or a spec such as mitchell:7 or howell:16,rounds=12.")
		}
		if more != "" {
			fmt.Fprintln(stderr, more)
		}
		fmt.Fprint(stderr, jsonUsage(name))
		if more != "" || jsonUsage(name) != "" {
			fmt.Fprintln(stderr, "\nflags:")
		}
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args and wants exactly nargs positional arguments. Flags
// may come before or after the positional arguments.
func parseFlags(fs *flag.FlagSet, args []string, nargs int) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, errHelp
			}
			return nil, &usageError{msg: fmt.Sprintf("%s: %v", fs.Name(), err), shown: true}
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
	if nargs >= 0 && len(pos) != nargs {
		fs.Usage()
		return nil, &usageError{msg: fmt.Sprintf("%s: want %d argument(s), got %d", fs.Name(), nargs, len(pos))}
	}
	return pos, nil
}

// errHelp is returned after -h printed the usage; it is not a failure.
var errHelp = errors.New("help shown")

// writeJSON writes v as indented JSON followed by a newline.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// emit writes a command's report as text, or its result as JSON.
func emit(stdout io.Writer, r *reports.Report, result any, asJSON bool) error {
	if asJSON {
		return writeJSON(stdout, result)
	}
	return new(reports.Renderer).Text(stdout, r)
}

// runCell runs a one-cell study and prints its report, or its result as JSON.
func runCell(ctx context.Context, cmd *study.Command, stdout io.Writer, asJSON bool) error {
	r, result, err := cmd.Run(ctx)
	if err != nil {
		return err
	}
	return emit(stdout, r, result, asJSON)
}

// readMovement resolves a MOVEMENT argument and writes its warnings to
// stderr.
func readMovement(arg string, stderr io.Writer) (*movement.Parsed, error) {
	pm, _, err := resolve.ResolveMovement(arg, "")
	if err != nil {
		return nil, err
	}
	for _, w := range pm.Warnings {
		fmt.Fprintf(stderr, "warning: %v\n", w)
	}
	return pm, nil
}

// wrap fills text into lines of at most 76 columns, for usage texts.
func wrap(text string) string {
	var b strings.Builder
	col := 0
	for _, w := range strings.Fields(text) {
		if col > 0 && col+1+len(w) > 76 {
			b.WriteByte('\n')
			col = 0
		} else if col > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(w)
		col += len(w)
	}
	return b.String()
}
