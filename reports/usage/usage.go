package usage

import (
	"fmt"
	"io"
	"strings"
)

// WriteUsage writes the usage of command name: the synopsis (the first
// line of help), a word on MOVEMENT when the synopsis takes one, the rest
// of help, what --json prints (the command's sections) and then the flags,
// which flags writes.
func WriteUsage(w io.Writer, name, help string, json []JSONSection, flags func()) {
	first, rest, _ := strings.Cut(strings.TrimRight(help, "\n"), "\n")
	fmt.Fprintf(w, "usage: bridgereport %s %s\n", name, first)
	if strings.Contains(first, "MOVEMENT") {
		fmt.Fprintln(w, "MOVEMENT is a movement file (.ASC), a library movement (bridgereport movements lists them) or a spec such as mitchell:7 or howell:16,rounds=12.")
	}
	if rest != "" {
		fmt.Fprintln(w, rest)
	}
	keys := JSONUsage(json)
	fmt.Fprint(w, keys)
	if rest != "" || keys != "" {
		fmt.Fprintln(w, "\nflags:")
	}
	flags()
}
