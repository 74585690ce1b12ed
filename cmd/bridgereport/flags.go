package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
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
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args and wants exactly nargs positional arguments. Flags
// may come before or after the positional arguments.
//
// A mistake gets its message and one line that points at the help, not the
// whole usage (which would push the message off the screen); -h prints the
// usage. A string flag given an empty value (an empty -o) is a mistake: an
// empty file or folder name means nothing.
func parseFlags(fs *flag.FlagSet, args []string, nargs int) ([]string, error) {
	full := fs.Usage
	fs.Usage = func() {} // the flag package calls it after its own message
	defer func() { fs.Usage = full }()
	hint := fmt.Sprintf("bridgereport %s -h shows its flags and arguments", fs.Name())
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				full()
				return nil, errHelp
			}
			fmt.Fprintln(fs.Output(), hint)
			return nil, &usageError{msg: fmt.Sprintf("%s: %v", fs.Name(), err), shown: true}
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
	var empty []string
	fs.Visit(func(f *flag.Flag) {
		if g, ok := f.Value.(flag.Getter); ok {
			if s, ok := g.Get().(string); ok && s == "" {
				empty = append(empty, "-"+f.Name)
			}
		}
	})
	if len(empty) > 0 {
		return nil, &usageError{msg: fmt.Sprintf("%s: %s '': an empty value; give a name, or leave the flag out\n%s", fs.Name(), empty[0], hint)}
	}
	if nargs >= 0 && len(pos) != nargs {
		return nil, &usageError{msg: fmt.Sprintf("%s: want %d argument(s), got %d\n%s", fs.Name(), nargs, len(pos), hint)}
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

// isTerminal reports whether w is a character device such as a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
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
