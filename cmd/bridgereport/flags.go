package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/bridgereport/bridgereport/reports/render"
	"github.com/bridgereport/bridgereport/reports/usage"
)

// newFlagSet returns a flag set that reports errors instead of exiting.
// Its usage is the command's help, then more, then what --json prints (from the
// commands table), then the flags. Asked for (-h, or bridgereport help
// COMMAND) it goes to stdout with exit 0, so that it pages through less;
// after a mistake (run with no study) to stderr.
func newFlagSet(name string, stderr io.Writer, more ...string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		i := slices.IndexFunc(commands, func(c command) bool { return c.name == name })
		usage.WriteUsage(fs.Output(), name, strings.Join(append([]string{commands[i].help}, more...), "\n\n"), commands[i].json, fs.PrintDefaults)
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
				// The usage asked for: Run prints it to stdout.
				var b strings.Builder
				out := fs.Output()
				fs.SetOutput(&b)
				full()
				fs.SetOutput(out)
				return nil, &helpShown{text: b.String()}
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

// helpShown is returned when -h asked for the usage; it is not a
// failure: Run writes the usage to stdout and exits 0.
type helpShown struct{ text string }

func (h *helpShown) Error() string { return "help asked for" }

// fitHelp fits a command's usage to a terminal of width columns. A
// paragraph of the help, or a flag's description, with a line wider than
// the terminal is filled again, the description under the tab it starts
// after; the usage line goes on indented by four; other lines (examples,
// lists) keep their breaks and are filled alone. Width 0 (a pipe, a file)
// leaves the usage as it is.
func fitHelp(text string, width int) string {
	if width <= 0 {
		return text
	}
	const flagIndent = "    \t" // the flag package's, column 8
	wide := func(l string) bool { return utf8.RuneCountInString(strings.ReplaceAll(l, "\t", "    ")) > width }
	fill := func(text string, indent, hang int) string {
		return strings.Repeat(" ", indent) + strings.ReplaceAll(render.Fill(text, max(width-hang, minHelpWidth)), "\n", "\n"+strings.Repeat(" ", hang))
	}
	// kind sorts a line: a flag's description, a line of prose, or
	// another line, filled alone.
	kind := func(l string) int {
		switch {
		case strings.HasPrefix(l, flagIndent):
			return 1
		case l != "" && l[0] != ' ' && !strings.HasPrefix(l, "usage: "):
			return 2
		}
		return 0
	}
	lines := strings.Split(text, "\n")
	var out []string
	for i := 0; i < len(lines); {
		k, j := kind(lines[i]), i+1
		for k != 0 && j < len(lines) && kind(lines[j]) == k {
			j++
		}
		block := lines[i:j]
		switch {
		case !slices.ContainsFunc(block, wide):
			out = append(out, block...)
		case k == 1:
			var words []string
			for _, l := range block {
				words = append(words, strings.TrimPrefix(l, flagIndent))
			}
			out = append(out, flagIndent+strings.ReplaceAll(render.Fill(strings.Join(words, " "), max(width-8, minHelpWidth)), "\n", "\n"+flagIndent))
		case k == 2:
			out = append(out, fill(strings.Join(block, " "), 0, 0))
		default:
			l := lines[i]
			indent := len(l) - len(strings.TrimLeft(l, " "))
			hang := indent
			if strings.HasPrefix(l, "usage: ") {
				hang = 4
			}
			out = append(out, fill(l[indent:], indent, hang))
		}
		i = j
	}
	return strings.Join(out, "\n")
}

// minHelpWidth is the narrowest the help is filled to, however narrow the
// terminal: a word a line reads worse than a terminal's own wrapping.
const minHelpWidth = 20
