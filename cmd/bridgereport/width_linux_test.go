//go:build linux

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/sys/unix"
)

// openTerminal opens a pseudo-terminal of the given width: the side a
// program writes to, and the side that reads what it wrote.
func openTerminal(t *testing.T, columns uint16) (term, reader *os.File) {
	t.Helper()
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skip("no pseudo-terminal:", err)
	}
	t.Cleanup(func() { ptmx.Close() })
	if err := unix.IoctlSetPointerInt(int(ptmx.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Skip("cannot unlock the pseudo-terminal:", err)
	}
	n, err := unix.IoctlGetInt(int(ptmx.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Skip("no pseudo-terminal number:", err)
	}
	pts, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skip("cannot open the terminal:", err)
	}
	t.Cleanup(func() { pts.Close() })
	if err := unix.IoctlSetWinsize(int(pts.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 24, Col: columns}); err != nil {
		t.Fatal(err)
	}
	return pts, ptmx
}

// TestTerminalWidthOfATerminal: without COLUMNS the width is the
// terminal's, also through the writer main gives the commands; COLUMNS
// wins over it; a pipe has none.
func TestTerminalWidthOfATerminal(t *testing.T) {
	term, _ := openTerminal(t, 93)
	ctx := withEnv(context.Background(), map[string]string{})
	if got := terminalWidth(ctx, term); got != 93 {
		t.Errorf("a terminal of 93 columns: width %d", got)
	}
	if got := terminalWidth(ctx, &interruptible{ctx: context.Background(), w: term}); got != 93 {
		t.Errorf("main's stdout on a terminal of 93 columns: width %d", got)
	}
	ctx = withEnv(context.Background(), map[string]string{"COLUMNS": "120"})
	if got := terminalWidth(ctx, term); got != 120 {
		t.Errorf("COLUMNS=120 on a terminal of 93: width %d", got)
	}
	ctx = withEnv(context.Background(), map[string]string{})
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if got := terminalWidth(ctx, w); got != 0 {
		t.Errorf("a pipe: width %d", got)
	}
}

// TestCatalogueOnATerminal prints catalogue --pairs 29 to a terminal of
// 72 columns, with no COLUMNS: every line fits it.
func TestCatalogueOnATerminal(t *testing.T) {
	term, reader := openTerminal(t, 72)
	ctx := withEnv(context.Background(), map[string]string{})
	read := make(chan string)
	go func() {
		b, _ := io.ReadAll(reader) // ends when the terminal side is closed
		read <- string(b)
	}()
	err := Run(ctx, []string{"catalogue", "--pairs", "29"}, &interruptible{ctx: context.Background(), w: term}, io.Discard)
	term.Close()
	out := <-read
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "Left out to fit 72 columns") {
		t.Errorf("no table was fitted to 72 columns:\n%s", out)
	}
	for _, line := range strings.Split(strings.ReplaceAll(out, "\r\n", "\n"), "\n") {
		if n := utf8.RuneCountInString(line); n > 72 {
			t.Errorf("a line of %d: %q", n, line)
		}
	}
}

// TestSimulateProgressClearedOnATerminal: on a terminal, the progress line
// is cleared before the report or the shard's line is printed; both went
// on at the end of the bar ("… about 0s leftBussemaker model, …").
func TestSimulateProgressClearedOnATerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("runs of a few seconds, for the progress line to show")
	}
	dir := t.TempDir()
	for _, c := range []struct {
		name, after string
		args        []string
	}{
		{"report", "Bussemaker model", []string{"simulate", "--model", "bussemaker", "--samples", "4000000", "mitchell:7"}},
		{"shard", "simulate: shard 0/1", []string{"simulate", "--model", "bussemaker", "--exact", "--shard", "0/1", "-o", filepath.Join(dir, "part.json"), "mitchell:7"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			term, reader := openTerminal(t, 80)
			ctx := withEnv(context.Background(), map[string]string{})
			read := make(chan string)
			go func() {
				b, _ := io.ReadAll(reader)
				read <- string(b)
			}()
			w := &interruptible{ctx: context.Background(), w: term}
			err := Run(ctx, c.args, w, w)
			term.Close()
			out := <-read
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out, "simulate [") {
				t.Skip("the run ended before its progress line showed")
			}
			// What a line shows is what follows its last carriage return
			// (the terminal writes each newline as CR LF).
			for _, line := range strings.Split(strings.ReplaceAll(out, "\r\n", "\n"), "\n") {
				shown := line[strings.LastIndex(line, "\r")+1:]
				if strings.Contains(shown, c.after) && !strings.HasPrefix(strings.TrimPrefix(shown, "\033[K"), c.after) {
					t.Errorf("%q follows other text on its line: %q", c.after, shown)
				}
			}
		})
	}
}
