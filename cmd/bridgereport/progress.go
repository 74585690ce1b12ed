package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/bridgereport/bridgereport/engine/optimize"
)

// progress is the program's one progress printer: a status line on stderr
// that overwrites itself, drawn once a run has lasted a second and at most
// ten times a second. It draws nothing when stderr is not a terminal or the
// output is --json. optimize and simulate call it with their counts; run
// can hand it to study.RunOptions.Progress, as the io.Writer of the study's
// progress lines, each of which replaces the last.
type progress struct {
	w     io.Writer
	label string // what runs: simulate, optimize
	on    bool
	start time.Time
	last  time.Time
	drawn bool
	line  []byte // a progress line written in part
}

func newProgress(stderr io.Writer, label string, asJSON bool) *progress {
	return &progress{w: stderr, label: label, on: !asJSON && isTerminal(stderr), start: time.Now()}
}

// show draws the status line, when it is time to.
func (p *progress) show(format string, args ...any) {
	now := time.Now()
	if !p.on || now.Sub(p.start) < time.Second || now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last, p.drawn = now, true
	fmt.Fprintf(p.w, "\r"+format, args...)
}

// count draws a bar of work done out of a total; its signature is that of
// the engine's progress callbacks (luck.Settings.Progress).
func (p *progress) count(done, total int64) {
	const width = 30
	frac := float64(done) / float64(total)
	n := int(frac * width)
	left := ""
	if done > 0 {
		rest := time.Duration(float64(time.Since(p.start)) * float64(total-done) / float64(done))
		left = fmt.Sprintf(", about %s left", rest.Round(time.Second))
	}
	p.show("%s [%s%s] %3.0f%%  %d of %d%s\033[K", p.label, strings.Repeat("#", n), strings.Repeat(".", width-n), 100*frac, done, total, left)
}

// search draws the state of an optimisation.
func (p *progress) search(s optimize.Progress) {
	what := "iterations"
	if s.Exhaustive {
		what = "orientations"
	}
	done := fmt.Sprintf("%.1fM", float64(s.Iterations)/1e6)
	if s.Budget < 1<<50 {
		done += fmt.Sprintf("/%.1fM", float64(s.Budget)/1e6)
	}
	p.show("%s: %s %s, best Qf %.2f, %s\033[K", p.label, done, what, s.BestQf, s.Elapsed.Round(time.Second))
}

// Write takes progress lines (a study run's) and shows the last complete
// one.
func (p *progress) Write(b []byte) (int, error) {
	p.line = append(p.line, b...)
	if i := bytes.LastIndexByte(p.line, '\n'); i >= 0 {
		complete := p.line[:i]
		if j := bytes.LastIndexByte(complete, '\n'); j >= 0 {
			complete = complete[j+1:]
		}
		p.show("%s\033[K", strings.TrimSpace(string(complete)))
		p.line = append(p.line[:0], p.line[i+1:]...)
	}
	return len(b), nil
}

// done clears the status line, if one was drawn.
func (p *progress) done() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\033[K")
		p.drawn = false
	}
}
