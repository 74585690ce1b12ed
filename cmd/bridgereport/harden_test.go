package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestNonRegularInputsFailFast checks that /dev/zero and a FIFO are refused
// before they are read: neither may hang a run or fill the memory.
func TestNonRegularInputsFailFast(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "b.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFO here:", err)
	}
	fixers := filepath.Join(dir, "f.yaml")
	os.WriteFile(fixers, []byte("file: /dev/zero\n"), 0o644)
	cases := [][]string{
		{"balance", "/dev/zero"},
		{"run", "-o", filepath.Join(dir, "out"), "/dev/zero"},
		{"run", "-o", filepath.Join(dir, "out"), fifo},
		{"diff", "/dev/zero", dir},
		{"optimize", "--fixers", "/dev/zero", "mitchell:5"},
	}
	for _, args := range cases {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			done := make(chan error, 1)
			go func() { _, _, err := run(t, args...); done <- err }()
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), "not a regular file") {
					t.Errorf("err = %v, want one saying it is not a regular file", err)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("still reading after 20 s")
			}
		})
	}
}

// TestBalanceStopsOnCancel runs the largest Mitchell, whose balance takes
// minutes, and cancels it as SIGINT would: the command must return the
// context's error within 2 s.
func TestBalanceStopsOnCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 499-table movement")
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, []string{"balance", "mitchell:499"}, io.Discard, io.Discard) }()
	time.Sleep(2 * time.Second) // well into the work
	cancel()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "interrupted") && !strings.Contains(err.Error(), "canceled") {
			t.Errorf("err = %v, want an interruption", err)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("balance mitchell:499 still running 2 s after the cancel")
	}
}

// TestCostBudgets checks that counts that would run for days are refused
// up front, with an estimate, rather than started.
func TestCostBudgets(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"simulate", "--model", "bussemaker", "--sample", "--samples", "1000000000000", "mitchell:5"}, "1000000000000 samples: more than the 10000000000 one run may draw"},
		{[]string{"optimize", "--iterations", "1000000000000", "mitchell:5"}, "iterations 1000000000000: more than the 10000000000"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			_, _, err := run(t, c.args...)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "about") {
				t.Errorf("err = %v, want %q with an estimate", err, c.want)
			}
		})
	}
}
