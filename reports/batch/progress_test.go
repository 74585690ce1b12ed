package batch

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestSimProgress(t *testing.T) {
	var buf bytes.Buffer
	quiet := NewProgress(&buf, "simulate", false) // a buffer is no terminal
	quiet.Count(1, 2)
	quiet.Done()
	if buf.Len() != 0 {
		t.Errorf("drew on a non-terminal: %q", buf.String())
	}
	b := &Progress{w: &buf, label: "simulate", on: true, start: time.Now().Add(-2 * time.Second)}
	b.Count(50, 100)
	b.Count(60, 100) // within 100 ms of the last: not drawn
	b.Done()
	want := "\rsimulate [##########..........]  50%  50 of 100, about 2s left\033[K\r\033[K"
	if buf.String() != want {
		t.Errorf("bar %q, want %q", buf.String(), want)
	}
}

// TestProgressFitsTheTerminal: an exact run's counts of 10¹³ are said with
// a unit prefix, and a line wider than the terminal is cut one column
// short of it: a line that wraps is not redrawn in place by \r.
func TestProgressFitsTheTerminal(t *testing.T) {
	for _, width := range []int{0, 80, 40} {
		var buf bytes.Buffer
		b := &Progress{Width: width, w: &buf, label: "simulate", on: true, start: time.Now().Add(-2 * time.Second)}
		b.Count(221095526400, 20922789888000)
		line := strings.TrimSuffix(strings.TrimPrefix(buf.String(), "\r"), "\033[K")
		limit := width - 1
		if width == 0 {
			limit = 79
		}
		if n := utf8.RuneCountInString(line); n > limit {
			t.Errorf("width %d: %d columns: %q", width, n, line)
		}
		if want := "simulate [....................]   1%  221 G of 20.9 T, about "; !strings.HasPrefix(want, line) && !strings.HasPrefix(line, want) {
			t.Errorf("width %d: %q, want it to begin %q", width, line, want)
		}
	}
}
