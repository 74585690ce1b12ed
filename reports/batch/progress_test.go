package batch

import (
	"bytes"
	"testing"
	"time"
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
	want := "\rsimulate [###############...............]  50%  50 of 100, about 2s left\033[K\r\033[K"
	if buf.String() != want {
		t.Errorf("bar %q, want %q", buf.String(), want)
	}
}
