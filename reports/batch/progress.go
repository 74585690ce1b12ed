package batch

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/bridgereport/bridgereport/engine/budget"
)

// Progress is the program's one progress printer: a status line on stderr
// that overwrites itself, drawn once a run has lasted a second and at most
// ten times a second. It draws nothing when stderr is not a terminal or the
// output is --json. optimize and simulate call it with their counts; run
// can hand it to study.RunOptions.Progress, as the io.Writer of the study's
// progress lines, each of which replaces the last.
type Progress struct {
	// Width is the terminal's width in columns (0: 80); the line is cut
	// to one column less, since a line that wraps is not redrawn in place.
	Width int
	w     io.Writer
	label string // what runs: simulate, optimize
	on    bool
	start time.Time
	last  time.Time
	drawn bool
	line  []byte // a progress line written in part
}

// NewProgress returns the progress line of label on stderr; it draws
// nothing for --json output or when stderr is not a terminal.
func NewProgress(stderr io.Writer, label string, asJSON bool) *Progress {
	return &Progress{w: stderr, label: label, on: !asJSON && isTerminal(stderr), start: time.Now()}
}

// show draws the status line, when it is time to.
func (p *Progress) show(format string, args ...any) {
	now := time.Now()
	if !p.on || now.Sub(p.start) < time.Second || now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last, p.drawn = now, true
	line := []rune(fmt.Sprintf(format, args...))
	width := p.Width
	if width <= 0 {
		width = 80
	}
	if len(line) > width-1 {
		line = line[:width-1]
	}
	fmt.Fprintf(p.w, "\r%s\033[K", string(line))
}

// count says a count of work briefly: whole up to a million, then with a
// unit prefix (221 G), so that the line fits a terminal.
func count(n int64) string {
	if n < 1e6 {
		return fmt.Sprint(n)
	}
	return budget.Count(float64(n))
}

// Count draws a bar of work done out of a total (0: unknown); its signature is that of
// the engine's Progress callbacks (luck.Settings.Progress).
func (p *Progress) Count(done, total int64) {
	if total <= 0 { // no total: what is done, and for how long
		p.show("%s: %s done, %s", p.label, count(done), time.Since(p.start).Round(time.Second))
		return
	}
	const width = 20
	frac := float64(done) / float64(total)
	n := int(frac * width)
	left := ""
	if done > 0 {
		rest := time.Duration(float64(time.Since(p.start)) * float64(total-done) / float64(done))
		unit := time.Second
		if rest > time.Hour {
			unit = time.Minute
		}
		left = fmt.Sprintf(", about %s left", rest.Round(unit))
	}
	p.show("%s [%s%s] %3.0f%%  %s of %s%s", p.label, strings.Repeat("#", n), strings.Repeat(".", width-n), 100*frac, count(done), count(total), left)
}

// Write takes Progress lines (a study run's) and shows the last complete
// one.
func (p *Progress) Write(b []byte) (int, error) {
	p.line = append(p.line, b...)
	if i := bytes.LastIndexByte(p.line, '\n'); i >= 0 {
		complete := p.line[:i]
		if j := bytes.LastIndexByte(complete, '\n'); j >= 0 {
			complete = complete[j+1:]
		}
		p.show("%s", strings.TrimSpace(string(complete)))
		p.line = append(p.line[:0], p.line[i+1:]...)
	}
	return len(b), nil
}

// Done clears the status line, if one was drawn.
func (p *Progress) Done() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\033[K")
		p.drawn = false
	}
}

// isTerminal reports whether w is a character device such as a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(interface{ Stat() (os.FileInfo, error) }) // an *os.File, or a writer over one
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
